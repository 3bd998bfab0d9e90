"""Outcome classes (seed 001 Ch. 2; ``001_56c9c94dd1ec088e.wrapped.txt`` L203-213)."""

from __future__ import annotations

from enum import StrEnum


class Outcome(StrEnum):
    """Who wins with perfect play: the Previous or Next player, Left or Right."""

    P = "P"
    N = "N"
    L = "L"
    R = "R"

    @property
    def description(self) -> str:
        return {
            "P": "second player (previous mover) wins",
            "N": "first player (next mover) wins",
            "L": "Left wins whoever starts",
            "R": "Right wins whoever starts",
        }[self.value]
