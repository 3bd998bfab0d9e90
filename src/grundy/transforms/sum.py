"""Disjunctive sums of positions from different rulesets, as a ruleset of its own.

Seed 002, Def 1 (``002_8bc4c30c443a0021.txt`` L53): a move in a sum is a move in
exactly one component.  Under normal play the engine decomposes a sum and XORs the
components' nimbers (L63); misère play and move listings walk the sum itself.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Hashable, Iterator, Sequence
from typing import Any, cast

from grundy.protocol import (
    Citation,
    ImpartialRuleset,
    Key,
    Move,
    NativeKernel,
    ParseError,
)
from grundy.rulesets.drawing import svg_document
from grundy.rulesets.registry import get

#: One summand: (index of its ruleset in ``Sum.rulesets``, position of that ruleset).
Part = tuple[int, Hashable]
SumPosition = tuple[Part, ...]


class SumKernel:
    """The summands' native kernels: a sum fits when every summand fits its ruleset's
    kernel, and its value is the XOR of theirs (seed 002 L63), under one budget."""

    limit = "sums whose every summand fits its ruleset's native kernel"

    def __init__(self, kernels: Sequence[NativeKernel[Any] | None]) -> None:
        self.kernels = tuple(kernels)

    def fits(self, position: SumPosition) -> bool:
        return all((kernel := self.kernels[i]) is not None and kernel.fits(part)
                   for i, part in position)

    def grundy(
        self, position: SumPosition, max_nodes: int | None, max_seconds: float | None
    ) -> tuple[int | None, int]:
        value, nodes = 0, 0
        deadline = None if max_seconds is None else time.monotonic() + max_seconds
        for i, part in position:
            kernel = self.kernels[i]
            assert kernel is not None
            seconds = None if deadline is None else max(0.0, deadline - time.monotonic())
            nimber, used = kernel.grundy(
                part, None if max_nodes is None else max(0, max_nodes - nodes), seconds)
            nodes += used
            if nimber is None:
                return None, nodes
            value ^= nimber
        return value, nodes

    def memo(self, position: SumPosition) -> None:
        """None: the summands' tables are kept by their own kernels, not stored."""
        return None


class Sum(ImpartialRuleset[SumPosition]):
    """The sum of positions of ``rulesets`` (each summand tagged by its ruleset's index)."""

    name = "sum"
    summary = "Move in exactly one summand."
    citation = Citation("002_8bc4c30c443a0021.txt", "L53", "Def 1")
    text_format = "summands 'ruleset:position' joined by ' + ', e.g. nim:3,5 + tw:(01)(2)"

    def __init__(self, rulesets: Sequence[ImpartialRuleset[Any]]) -> None:
        self.rulesets = tuple(rulesets)

    @classmethod
    def of(cls, parts: Sequence[tuple[ImpartialRuleset[Any], Hashable]]) -> tuple[Sum, SumPosition]:
        """The sum ruleset and position for (ruleset, position) pairs."""
        rulesets: list[ImpartialRuleset[Any]] = []
        for ruleset, _ in parts:
            if ruleset not in rulesets:
                rulesets.append(ruleset)
        position = tuple((rulesets.index(ruleset), p) for ruleset, p in parts)
        kind = LoopySum if any(ruleset.loopy for ruleset in rulesets) else cls
        return kind(rulesets), position

    @classmethod
    def parse_sum(cls, text: str) -> tuple[Sum, SumPosition]:
        """Read ``ruleset:position + ruleset:position ...``."""
        parts = []
        for summand in re.split(r"\s\+\s", text.strip()):
            name, colon, position = summand.partition(":")
            if not colon:
                raise ParseError(f"summand {summand!r} has no ruleset: write nim:3,5 + tw:(01)(2)")
            ruleset = get(name)
            if not isinstance(ruleset, ImpartialRuleset):
                raise ParseError(f"{ruleset.name} is partizan: only impartial games sum to nimbers")
            parts.append((ruleset, ruleset.parse(position)))
        return cls.of(parts)

    def parse(self, text: str) -> SumPosition:
        ruleset, position = self.parse_sum(text)
        return tuple((self.rulesets.index(ruleset.rulesets[i]), p) for i, p in position)

    def format(self, position: SumPosition) -> str:
        return " + ".join(
            f"{self.rulesets[i].name}:{self.rulesets[i].format(part)}" for i, part in position
        )

    def format_move(self, move: Move) -> str:
        summand, ruleset, inner = cast(tuple[int, int, Move], move)
        return f"{summand}:{self.rulesets[ruleset].format_move(inner)}"

    def moves(self, position: SumPosition) -> Iterator[tuple[Move, SumPosition]]:
        """Labels are (summand number, ruleset index, the summand's own move label)."""
        for k, (i, part) in enumerate(position):
            for move, child in self.rulesets[i].moves(part):
                yield (k, i, move), (*position[:k], (i, child), *position[k + 1:])

    def options(self, position: SumPosition) -> Iterator[SumPosition]:
        for k, (i, part) in enumerate(position):
            for child in self.rulesets[i].options(part):
                yield (*position[:k], (i, child), *position[k + 1:])

    def key(self, position: SumPosition) -> Key:
        keys = [(self.rulesets[i].name, self.rulesets[i].key(part)) for i, part in position]
        return tuple(sorted(keys, key=repr))

    def components(self, position: SumPosition) -> Sequence[SumPosition]:
        return [
            ((i, component),)
            for i, part in position
            for component in self.rulesets[i].components(part)
        ]

    def fast_grundy(self, position: SumPosition) -> int | None:
        if len(position) != 1:
            return None
        (i, part), = position
        return self.rulesets[i].fast_grundy(part)

    def native_kernel(self) -> SumKernel | None:
        """The summands' kernels, where any summand's ruleset has one."""
        kernels = [ruleset.native_kernel() for ruleset in self.rulesets]
        return SumKernel(kernels) if any(kernels) else None

    def data(self, position: SumPosition) -> dict[str, Any]:
        return {"summands": [self.rulesets[i].to_json(part) for i, part in position]}

    def render_text(self, position: SumPosition) -> str:
        return "\n+\n".join(self.rulesets[i].render_text(part) for i, part in position)

    def render_svg(self, position: SumPosition) -> str:
        body, y, width = [], 0.0, 0.0
        for i, part in position:
            inner = self.rulesets[i].render_svg(part)
            size = re.search(r'width="([\d.]+)" height="([\d.]+)"', inner)
            w, h = (float(size.group(1)), float(size.group(2))) if size else (200.0, 100.0)
            body.append(f'<g transform="translate(0,{y:g})">{inner}</g>')
            y, width = y + h, max(width, w)
        return svg_document(width, y, body, f"sum {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> SumPosition:
        return tuple(
            (i, ruleset.random_position(rng, size)) for i, ruleset in enumerate(self.rulesets)
        )


class LoopySum(Sum):
    """A sum with a summand whose positions repeat: so are the sum's (it is solved by
    ``grundy.search.loopy.LoopySolver``, never by the short-game searches)."""

    loopy = True
