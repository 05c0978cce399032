"""Random puzzles: draw grids, keep those line logic finishes, filter, deduplicate.

Candidates are drawn in chunks of CHUNK grids (SLOW_CHUNK past the batch solver's 16x16, where
each grid goes through linesolve on its own; fewer still for huge sizes, CHUNK_CELLS cells at
most). Chunk k draws from its own generator, seeded by
numpy's SeedSequence(seed, spawn_key=(k,)), and chunks are used strictly in order, so the batch
is the same whatever --jobs is: workers only compute chunks ahead of time. `tried` counts the
candidates up to the one that completed the batch.

Styles:
  noise   each cell filled with probability `density`.
  smooth  uniform noise averaged over each cell's 3x3 neighbourhood, then the round(density*h*w)
          highest cells filled (the requested density exactly), and grids with a solid (all
          filled or all empty) row or column rejected: blobs and shapes more than static, as in
          Simon Tatham's Pattern.
  sprite  mirror-symmetric outlined shapes, like procedural pixel sprites (puzzles/sprites.py).
  lopsided  outlined shapes with no symmetry: a leaning spine, a different reach on each side.
  turned  outlined shapes that look the same after a half turn (no mirror).
  sprites  a mix: each grid mirrored, lopsided or turned, by chance (sprites.MIX's shares).
"""
from __future__ import annotations

import multiprocessing
import os
import signal
from contextlib import closing
from dataclasses import dataclass, field

import numpy as np

from generator import UserError, plural
from generator.formats.batchfile import Batch, puzzle_lines
from generator.formats.record import Puzzle
from generator.puzzles.sprites import DRAW as SPRITE_DRAW, mixed_grids
from generator.solver.batchsolve import FAST_MAX, verify_grids
from generator.solver.grid import check_size
from generator.solver.status import Status

CHUNK = 1024
SLOW_CHUNK = 32
STYLES = ("noise", "smooth", "sprite", "lopsided", "turned", "sprites")
CHUNK_CELLS = 1 << 22     # cells of a chunk, at most: a huge size draws fewer grids at a time
DEFAULT_MAX_TRIES = 2_000_000
MAX_SEED = 2**63 - 1
MAX_COUNT = 1_000_000     # puzzles in one batch: more would not fit the 64 MiB a reader reads

# why a candidate was turned down, in the order the checks run
OK, BLANK, SOLID, NOT_SOLVABLE, TOO_EASY, TOO_HARD, DUPLICATE = range(7)
REASONS = {BLANK: "blank_line", SOLID: "solid_line", NOT_SOLVABLE: "not_line_solvable",
           TOO_EASY: "too_few_iterations", TOO_HARD: "too_many_iterations", DUPLICATE: "duplicate"}


@dataclass(frozen=True)
class Params:
    count: int = 300
    height: int = 15
    width: int = 15
    density: float = 0.6
    seed: int = 1
    style: str = "noise"
    min_iterations: int | None = None
    max_iterations: int | None = None
    no_blank_lines: bool = False
    max_tries: int = DEFAULT_MAX_TRIES

    def check(self) -> "Params":
        if not 1 <= self.count <= MAX_COUNT:
            raise UserError(f"-n must be 1..{MAX_COUNT:,} (puzzles in one batch), not {self.count}")
        if not 0 <= self.seed <= MAX_SEED:
            raise UserError(f"--seed must be 0..{MAX_SEED}, not {self.seed}")
        check_size(self.height, self.width)
        if not 0 < self.density < 1:
            raise UserError(f"density must be between 0 and 1 (exclusive), not {self.density}")
        if self.style not in STYLES:
            raise UserError(f"style must be one of {', '.join(STYLES)}, not {self.style!r}")
        lo, hi = self.min_iterations, self.max_iterations
        if (lo is not None and lo < 0) or (hi is not None and hi < 0):
            raise UserError("iteration limits must not be negative")
        # filters no puzzle can meet would spend every candidate (2M by default) for nothing:
        # line logic takes at least one pass, and learns at least one cell a pass
        if hi is not None and hi < 1:
            raise UserError(f"--max-iterations must be at least 1 (line logic takes a pass on every "
                            f"puzzle), not {hi}")
        if lo is not None and lo > self.height * self.width:
            raise UserError(f"--min-iterations {lo} is more than a {self.width}x{self.height} puzzle "
                            f"can take (a pass learns at least one of its {self.height * self.width} cells)")
        if lo is not None and hi is not None and lo > hi:
            raise UserError(f"--min-iterations {lo} is more than --max-iterations {hi}")
        if self.max_tries < 1:
            raise UserError(f"--max-tries must be at least 1, not {self.max_tries}")
        return self


@dataclass
class ChunkResult:
    reasons: np.ndarray          # int8 per candidate: OK or why it was rejected (before dedup)
    grids: np.ndarray            # bool (accepted, h, w): the OK candidates, in order
    iterations: np.ndarray       # their iteration counts
    lines: list[str] = field(default_factory=list)   # their batch-file JSON lines


@dataclass
class Outcome:
    batch: Batch
    tried: int
    rejected: dict = field(default_factory=dict)


def chunk_rng(seed: int, k: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(k,)))


def smooth_grids(rng: np.random.Generator, b: int, h: int, w: int, density: float) -> np.ndarray:
    """Noise averaged over 3x3 neighbourhoods, the top round(density*h*w) cells filled."""
    noise = rng.random((b, h, w))
    pad = np.pad(noise, ((0, 0), (1, 1), (1, 1)))
    ones = np.pad(np.ones((h, w)), 1)
    total = sum(pad[:, dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3))
    cells = sum(ones[dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3))
    smooth = (total / cells).reshape(b, h * w)
    k = round(density * h * w)
    order = np.argsort(-smooth, axis=1, kind="stable")
    out = np.zeros((b, h * w), dtype=bool)
    np.put_along_axis(out, order[:, :k], True, axis=1)
    return out.reshape(b, h, w)


def chunk_size(p: Params) -> int:
    """Grids a chunk draws: CHUNK for the batch solver's sizes, SLOW_CHUNK past them, fewer for
    sizes so large that SLOW_CHUNK grids would pass CHUNK_CELLS cells (memory stays bounded)."""
    if max(p.height, p.width) <= FAST_MAX:
        return CHUNK
    return max(1, min(SLOW_CHUNK, CHUNK_CELLS // (p.height * p.width)))


def usable_cpus() -> int:
    """The CPUs this process may run on: its affinity where the system has one, else the
    machine's count (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def cap_jobs(jobs: int, say=None) -> int:
    """At most usable_cpus() worker processes: more would only queue for the same CPUs, each a
    copy of the interpreter in memory. `say(line)` hears of a cap, in one line."""
    cpus = usable_cpus()
    if jobs > cpus:
        if say:
            say(f"picross: --jobs {jobs} capped at {cpus}, the CPUs this process may use")
        return cpus
    return jobs


def draw(p: Params, k: int) -> np.ndarray:
    """Chunk k's candidate grids."""
    rng = chunk_rng(p.seed, k)
    if p.style == "smooth":
        return smooth_grids(rng, chunk_size(p), p.height, p.width, p.density)
    if p.style in SPRITE_DRAW:
        return SPRITE_DRAW[p.style](rng, chunk_size(p), p.height, p.width, p.density)
    if p.style == "sprites":
        return mixed_grids(rng, chunk_size(p), p.height, p.width, p.density)
    return rng.random((chunk_size(p), p.height, p.width)) < p.density


def has_solid_line(grids: np.ndarray) -> np.ndarray:
    """Per grid: some row or column is all filled or all empty."""
    return (grids.all(axis=2).any(axis=1) | (~grids).all(axis=2).any(axis=1)
            | grids.all(axis=1).any(axis=1) | (~grids).all(axis=1).any(axis=1))


def run_chunk(p: Params, k: int) -> ChunkResult:
    grids = draw(p, k)
    reasons = np.full(len(grids), OK, dtype=np.int8)
    solid = has_solid_line(grids)
    if p.no_blank_lines:
        reasons[solid] = BLANK
    if p.style == "smooth":
        reasons[solid & (reasons == OK)] = SOLID
    todo = np.flatnonzero(reasons == OK)
    statuses, its = verify_grids(grids[todo])
    iterations = np.zeros(len(grids), dtype=np.int32)
    iterations[todo] = its
    reasons[todo[np.array([s != Status.SOLVED for s in statuses], dtype=bool)]] = NOT_SOLVABLE
    if p.min_iterations is not None:
        reasons[(reasons == OK) & (iterations < p.min_iterations)] = TOO_EASY
    if p.max_iterations is not None:
        reasons[(reasons == OK) & (iterations > p.max_iterations)] = TOO_HARD
    ok = reasons == OK
    # the batch file's lines are written here too, so with --jobs N the workers do that work
    # and the parent only picks lines: it stays out of the way
    return ChunkResult(reasons, grids[ok], iterations[ok], puzzle_lines(grids[ok], iterations[ok]))


def _worker_signals(parent: int | None = None) -> None:
    """A worker leaves Ctrl-C to the parent, and dies at once of SIGTERM (the parent's
    terminate(); the parent's own SIGTERM handler, inherited through fork, is undone), and of
    its parent's end (`parent`: its pid), however that comes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)    # born blocked: see _chunks
    _die_with_parent(parent)


_PR_SET_PDEATHSIG = 1
_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}


def _die_with_parent(parent: int | None) -> None:
    """On Linux, SIGTERM when the process (the thread) that forked this one ends: a parent cut
    short as the pool starts or stops (Ctrl-C, SIGTERM, a kill) can leave a worker blocked on
    the pool's queue lock, which then outlives the command holding its stdout and stderr
    open; this way it cannot. Elsewhere, nothing."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if parent is not None and os.getppid() != parent:      # it ended before the prctl
        os._exit(1)


def _worker(p: Params, first: int, step: int, conn, parent: int) -> None:
    """A worker process: chunks first, first + step, ... sent in order down its own pipe (the
    pipe's buffer is how far it works ahead); an error in a chunk is sent as itself."""
    _worker_signals(parent)
    k = first
    try:
        while True:
            conn.send(run_chunk(p, k))
            k += step
    except Exception as e:      # noqa: BLE001  (re-raised by the parent, in order)
        conn.send(e)


def _start_worker(p: Params, first: int, step: int):
    """One worker process and the read end of its pipe."""
    reader, writer = multiprocessing.Pipe(duplex=False)
    proc = multiprocessing.Process(target=_worker, args=(p, first, step, writer, os.getpid()),
                                   daemon=True)
    proc.start()
    writer.close()
    return proc, reader


def _chunks(p: Params, jobs: int):
    """Chunk results in order 0, 1, 2, ...; with jobs > 1 computed ahead by worker processes,
    worker i computing chunks i, i + jobs, ... into a pipe of its own, and killed (not waited
    for) whenever this generator stops: the batch is done, an error, Ctrl-C, or SIGTERM turned
    into KeyboardInterrupt (generator.startup). Each worker has its own pipe and no lock is
    shared: multiprocessing.Pool's terminate() could deadlock on a queue lock held by a worker
    it had killed, and under load it did."""
    if jobs <= 1:
        k = 0
        while True:
            yield run_chunk(p, k)
            k += 1
    workers = []
    try:
        # Ctrl-C and SIGTERM wait while the workers fork: a child forked under a handler that
        # raises KeyboardInterrupt (generator.startup) could raise it before it is a worker and
        # run on as a copy of this process. Children are born with both blocked and unblock
        # them once their handlers are set (_worker_signals); here they arrive after the forks.
        old = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
        try:
            for i in range(jobs):
                workers.append(_start_worker(p, i, jobs))
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
        k = 0
        while True:
            proc, conn = workers[k % jobs]
            try:
                res = conn.recv()
            except EOFError:
                raise RuntimeError(f"worker process {proc.pid} ended (exit status "
                                   f"{proc.exitcode}) without chunk {k}") from None
            if isinstance(res, BaseException):
                raise res
            yield res
            k += 1
    finally:
        for proc, _ in workers:
            proc.kill()
        for proc, conn in workers:
            proc.join()
            conn.close()


def generate(p: Params, jobs: int = 1, progress=None) -> Outcome:
    """Draw chunks until p.count puzzles are accepted; `progress(n)` hears of n new ones per chunk.
    `jobs` is capped at the usable CPUs (cap_jobs)."""
    p.check()
    jobs = cap_jobs(jobs)
    with closing(_chunks(p, jobs)) as chunks:   # closed on the way out: the workers stop here
        return _collect(p, chunks, progress)


def _collect(p: Params, chunks, progress) -> Outcome:
    """The batch from the chunks in order: accepted, deduplicated, rejections counted."""
    puzzles: list[Puzzle] = []
    seen: set[bytes] = set()
    rejected = dict.fromkeys(REASONS.values(), 0)
    tried = 0
    for res in chunks:
        used = min(len(res.reasons), p.max_tries - tried)   # candidates of this chunk looked at
        ok_at = np.flatnonzero(res.reasons[:used] == OK)
        before = len(puzzles)
        keys = np.packbits(res.grids.reshape(len(res.grids), p.height * p.width), axis=1)
        for i, grid, its, key, line in zip(ok_at, res.grids, res.iterations, keys, res.lines):
            key = key.tobytes()
            if key in seen:
                res.reasons[i] = DUPLICATE
                continue
            seen.add(key)
            puzzles.append(Puzzle.from_grid(grid, iterations=int(its), text=line))
            if len(puzzles) == p.count:
                used = int(i) + 1
                break
        for code, n in zip(*np.unique(res.reasons[:used], return_counts=True)):
            if code != OK:
                rejected[REASONS[code]] += int(n)
        tried += used
        if progress:
            progress(len(puzzles) - before)
        if len(puzzles) == p.count:
            break
        if tried >= p.max_tries:
            raise UserError(f"only {len(puzzles)} of {p.count} puzzles after {plural(tried, 'candidate')} "
                            f"(--max-tries {p.max_tries}); raise it or loosen the filters")
    params = {**vars(p), "chunk": chunk_size(p), "tried": tried, "accepted": len(puzzles), "rejected": rejected}
    return Outcome(Batch(puzzles, params), tried, rejected)
