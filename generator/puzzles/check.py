"""Re-verify a batch: every puzzle's clues match its solution, and line logic solves it in
exactly the recorded number of iterations. Each problem is named; nothing is trusted."""
from __future__ import annotations


from generator import UserError
from generator.formats.batchfile import parse_batch, puzzle_from_json
from generator.solver.verdict import line_verdicts


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
    for (i, p), v in zip(good, line_verdicts([p.clues for _, p in good])):
        where = f"{source}: puzzle {i}"
        if not v.solved:
            problems.append((i, f"{where}: not line-solvable ({v.status} after {v.iterations} iterations)"))
        elif v.iterations != p.iterations:
            problems.append((i, f"{where}: records {p.iterations} iterations, the line solver takes {v.iterations}"))
    return len(raw), sorted(problems)
