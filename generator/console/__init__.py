"""A headless PICO-8 console for tests and pictures (see console.py for the driver API)."""
from generator.console.console import CartError, Console, Frame, PrintRecord

__all__ = ["CartError", "Console", "Frame", "PrintRecord"]
