"""No test can hang pytest for ever: every wait on a process a test starts has a bound (a
generous one, for a hang, never for a slow machine). The audit walks every test module, so a
subprocess.run without a timeout added later fails here; the page's waits are bounded by
tests/web/webkit.py (tests/web/test_bounds.py)."""
from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
RUNS = {"run", "check_output", "check_call", "call"}


def unbounded(text: str, name: str) -> list[str]:
    """Where the source `text` waits on a process without a timeout."""
    found = []
    for n in ast.walk(ast.parse(text)):
        if not isinstance(n, ast.Call) or not isinstance(n.func, ast.Attribute):
            continue
        f, kws = n.func, {k.arg for k in n.keywords}
        if "timeout" in kws:
            continue
        if isinstance(f.value, ast.Name) and f.value.id == "subprocess" and f.attr in RUNS:
            found.append(f"{name}:{n.lineno} subprocess.{f.attr} without a timeout")
        elif f.attr == "communicate" and len(n.args) < 2:
            found.append(f"{name}:{n.lineno} {ast.unparse(f)}() without a timeout")
        elif f.attr == "wait" and not n.args and ast.unparse(f.value).split(".")[-1] in ("p", "proc", "process"):
            found.append(f"{name}:{n.lineno} {ast.unparse(f)}() without a timeout")
    return found


def test_every_wait_on_a_process_is_bounded():
    hits = [h for p in sorted(TESTS.rglob("*.py"))
            for h in unbounded(p.read_text(), str(p.relative_to(TESTS)))]
    assert not hits, hits


def test_the_audit_sees_an_unbounded_wait():
    text = ("import subprocess\n"
            "subprocess.run(['x'], capture_output=True)\n"
            "subprocess.run(['x'], timeout=600)\n"
            "p = subprocess.Popen(['x'])\n"
            "p.communicate()\n"
            "p.communicate(timeout=9)\n"
            "self.proc.wait()\n"
            "self.proc.wait(timeout=9)\n"
            "t.wait()\n")
    assert sorted(h.split(" ", 1)[1] for h in unbounded(text, "t")) == [
        "p.communicate() without a timeout", "self.proc.wait() without a timeout",
        "subprocess.run without a timeout"]
