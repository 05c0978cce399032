"""Reading JSON a user handed us: a malformed or unreadable file is one clear UserError."""
from __future__ import annotations

import json
from pathlib import Path

from generator import UserError


def parse_json(text: str, name: str):
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise UserError(f"{name}: malformed JSON ({e.msg} at line {e.lineno})") from None


def read_json(path):
    path = Path(path)
    try:
        text = path.read_text()
    except UnicodeDecodeError:
        raise UserError(f"{path}: not a text file") from None
    return parse_json(text, str(path))
