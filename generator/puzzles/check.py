"""Re-verify a batch: every puzzle's clues match its solution, and line logic solves it in
exactly the recorded number of iterations. Each problem is named; nothing is trusted."""
from __future__ import annotations


from generator import UserError
from generator.formats.batchfile import parse_batch, puzzle_from_json
from generator.solver.batchsolve import solve_many


def check_batch(data: dict, source: str) -> tuple[int, list[tuple[int, str]]]:
    """(number of puzzles, sorted (puzzle index, message) problems) for a batch JSON object."""
    parse_batch({**data, "puzzles": []} if isinstance(data, dict) else data, source)  # header
    raw = data.get("puzzles")
    if not isinstance(raw, list):
        raise UserError(f"{source}: 'puzzles' must be a list")
    problems: list[tuple[int, str]] = []
    good = []
    for i, d in enumerate(raw):
        where = f"{source}: puzzle {i}"
        try:
            if not isinstance(d, dict):
                raise UserError(f"{where}: not an object")
            good.append((i, puzzle_from_json(d, where)))
        except UserError as e:
            problems.append((i, str(e)))
        except (KeyError, TypeError, ValueError, AttributeError):
            problems.append((i, f"{where}: malformed puzzle"))
    statuses, iterations = solve_many([p.clues for _, p in good])
    for (i, p), status, its in zip(good, statuses, iterations):
        where = f"{source}: puzzle {i}"
        if status != "solved":
            problems.append((i, f"{where}: not line-solvable ({status} after {its} iterations)"))
        elif its != p.iterations:
            problems.append((i, f"{where}: records {p.iterations} iterations, the line solver takes {its}"))
    return len(raw), sorted(problems)
