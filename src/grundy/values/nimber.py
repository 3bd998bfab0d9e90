"""Nimbers: the values of impartial games (seed 002, ``002_8bc4c30c443a0021.txt`` L57-63)."""

from __future__ import annotations

from collections.abc import Iterable


def mex(values: Iterable[int]) -> int:
    """The minimum excludant: the least natural number not in ``values``."""
    seen = 0
    for value in values:
        seen |= 1 << value
    return (~seen & (seen + 1)).bit_length() - 1


def format_nimber(value: int) -> str:
    """CGSuite notation: ``0``, ``*``, ``*2``, ..."""
    if value < 0:
        raise ValueError(f"a nimber is a natural number, got {value}")
    return "0" if value == 0 else "*" if value == 1 else f"*{value}"


def parse_nimber(text: str) -> int:
    """Inverse of ``format_nimber``; also accepts ``*0`` and ``*1``."""
    text = text.strip()
    if text == "0":
        return 0
    if text == "*":
        return 1
    if text.startswith("*") and text[1:].isdigit():
        return int(text[1:])
    raise ValueError(f"{text!r} is not a nimber: write 0, * or *n")
