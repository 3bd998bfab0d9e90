"""Nimbers: the values of impartial games (seed 002, ``002_8bc4c30c443a0021.txt`` L57-63)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

#: The largest nimber the nim product takes (below the Fermat 2-power 2^64).
MAX_NIM_PRODUCT = 2**64 - 1


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


def nim_product(a: int, b: int) -> int:
    """Conway's nim product a ⊗ b of natural numbers (ONAG ch. 6, "The curious field
    On₂"): the product of the field of nimbers, a ⊗ b = mex{a' ⊗ b ⊕ a ⊗ b' ⊕
    a' ⊗ b' : a' < a, b' < b}.  Below each Fermat 2-power F = 2^(2^k) the nimbers form
    a field, with F ⊗ x = F·x for x < F and F ⊗ F = 3F/2; splitting a = a1·F + a0 and
    b = b1·F + b0 at the largest F ≤ max(a, b) gives

        a ⊗ b = ((a1⊗b1 ⊕ a1⊗b0 ⊕ a0⊗b1)·F) ⊕ a0⊗b0 ⊕ (a1⊗b1) ⊗ (F/2),

    four levels of recursion for 64-bit factors (memoised).  CGSuite's NimProduct and
    ConwayProduct of nimbers.

    >>> [nim_product(8, n) for n in range(1, 17)]
    [8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2, 128]
    """
    if not (0 <= a <= MAX_NIM_PRODUCT and 0 <= b <= MAX_NIM_PRODUCT):
        raise ValueError(f"the nim product takes nimbers from 0 to 2^64 - 1, got {a} and {b}")
    return _nim_product(a, b) if a <= b else _nim_product(b, a)


@lru_cache(maxsize=1 << 16)
def _nim_product(a: int, b: int) -> int:
    if a < 2 or b < 2:
        return a * b
    half = 1
    while b >> (2 * half):
        half *= 2
    # now b < 2^(2·half): F = 2^half is the Fermat 2-power to split at
    mask = (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    high = nim_product(a1, b1)
    low = nim_product(a0, b0)
    middle = nim_product(a1 ^ a0, b1 ^ b0) ^ low
    return (middle << half) ^ low ^ nim_product(high, 1 << (half - 1))
