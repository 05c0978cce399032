"""Reading JSON a user handed us: a malformed, oversized or too deeply nested file is one clear
UserError. The readers themselves live in generator.formats.userfile (with the limits)."""
from generator.formats.userfile import parse_json, read_json  # noqa: F401
