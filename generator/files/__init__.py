"""The user's files, read and written safely: `userfile` (every file a user hands us read with
its limits, encoding and JSON shape checked, one-line errors naming the file), `pngcheck` (a
PNG's chunks checked before anything decodes it) and `atomic` (outputs checked before the work,
then written to a temporary file and renamed, so nothing is left truncated).

These are not formats: they know no puzzle, batch or cart, only files, sizes and bytes. Every
part of the toolchain that touches a user's file goes through them (the formats, the build, the
console, the commands), so they sit below all of it and import nothing of the project but its
one error type.
"""
