from generator.cli import main

main(prog_name="picross")
