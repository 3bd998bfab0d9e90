"""Quantum and demi-quantum play of any impartial ruleset with labelled moves.

A *superposition* ⟨b1|…|bs⟩ of classical positions ("realizations") is stored as
the sorted tuple of its distinct realizations, so identical realizations merge by
construction and equal superpositions are equal values.

DEMI-QUANTUM-R (seed 000, ``000_7d67923f02e8dd4e.txt`` L316-318, Def 1): classical
moves only.  A move σ is feasible iff it is feasible in at least one realization;
it removes (collapses) every realization where it is infeasible and applies R to
the others.  1-wide superpositions are classical R.

QUANTUM-R of width w (seed 000 §3.1, L289-298; seed 001 §6.1, ``001_56c9c94dd1ec088e.txt``
@139370; Dorbec-Mhalla variant D): a quantum move ⟨σ1|…|σk⟩ superposes k ≤ w
distinct classical moves.  It is feasible iff *each* σa is feasible in *some*
realization; the result is every σa(br) over the feasible pairs (infeasible pairs
collapse, identical realizations merge).  A 1-wide quantum move is a classical
(demi-quantum) move, so ``Quantum(R, 1)`` is ``DemiQuantum(R)``.

Text: ``<(1,2)|(2,1)>`` (each realization in R's own format, in parentheses), or a
bare classical position for a 1-wide superposition.  Quantum move labels are
sets of classical labels, written ``<0-1|1-1>``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Iterable, Iterator, Mapping
from itertools import combinations
from typing import Any, ClassVar

from grundy.protocol import Citation, ImpartialRuleset, Move, ParseError
from grundy.rulesets.drawing import svg_document, text
from grundy.rulesets.registry import get, register_family

Superposition = tuple[Hashable, ...]

DEMI_QUANTUM_CITATION = Citation("000_7d67923f02e8dd4e.txt", "L316-318", "§3.2, Def 1")
QUANTUM_CITATION = Citation(
    "000_7d67923f02e8dd4e.txt", "L289-298", "§3.1 (variant D)"
)


def superpose(realizations: Iterable[Hashable]) -> Superposition:
    """The superposition of some classical positions: distinct, in sorted order."""
    return tuple(sorted(set(realizations)))  # type: ignore[type-var]


def split_top_level(text: str, separator: str) -> list[str]:
    """Split at ``separator`` outside parentheses."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if char == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


MAX_REALIZATIONS = 16


class DemiQuantum(ImpartialRuleset[Superposition]):
    """Superpositions of ``base`` positions with classical moves (collapse on infeasible)."""

    citation = DEMI_QUANTUM_CITATION
    #: Most realizations a superposition may have (on top of the base ruleset's limits).
    limits: ClassVar[Mapping[str, int]] = {"realizations": MAX_REALIZATIONS}

    def __init__(self, base: ImpartialRuleset[Any], name: str | None = None) -> None:
        self.base = base
        self.name = name or f"demi-quantum({base.name})"  # type: ignore[misc]
        self.limits = {**base.limits, **self.limits}  # type: ignore[misc]
        self.summary = (  # type: ignore[misc]
            f"Superpositions of {base.name} positions; a classical move collapses the "
            "realizations where it is infeasible."
        )
        self.text_format = (  # type: ignore[misc]
            f"realizations in {base.name}'s format, each in parentheses, joined by | inside "
            f"< >, e.g. <({base.examples[0] if base.examples else '...'})|(...)>; "
            "a bare position is 1-wide"
        )

    # -- text ----------------------------------------------------------------
    def parse(self, text: str) -> Superposition:
        text = text.strip()
        if not text.startswith("<"):
            return (self.base.parse(text),)
        if not text.endswith(">"):
            raise ParseError(f"superposition {text!r} does not end with '>': write <(...)|(...)>")
        realizations = []
        parts = split_top_level(text[1:-1], "|")
        self.check_size("realizations", len(parts))
        for index, part in enumerate(parts):
            part = part.strip()
            if not (part.startswith("(") and part.endswith(")")):
                raise ParseError(
                    f"realization {index} is {part!r}: put each realization in parentheses, "
                    "<(...)|(...)>"
                )
            realizations.append(self.base.parse(part[1:-1]))
        return superpose(realizations)

    def format(self, position: Superposition) -> str:
        return "<" + "|".join(f"({self.base.format(b)})" for b in position) + ">"

    def format_move(self, move: Move) -> str:
        return self.base.format_move(move)

    # -- rules ---------------------------------------------------------------
    def realization_moves(self, position: Superposition) -> list[dict[Move, Hashable]]:
        """For each realization, its classical moves (label -> result)."""
        return [dict(self.base.moves(b)) for b in position]

    def moves(self, position: Superposition) -> Iterator[tuple[Move, Superposition]]:
        """Each classical move feasible somewhere, applied where feasible (L318)."""
        table = self.realization_moves(position)
        for label in dict.fromkeys(label for moves in table for label in moves):
            yield label, superpose(moves[label] for moves in table if label in moves)

    # -- rendering -----------------------------------------------------------
    def data(self, position: Superposition) -> dict[str, Any]:
        return {"realizations": [self.base.to_json(b) for b in position]}

    def render_text(self, position: Superposition) -> str:
        pictures = [self.base.render_text(b) for b in position]
        return "\n|\n".join(pictures)

    def render_svg(self, position: Superposition) -> str:
        """The realizations side by side between angle brackets."""
        body, x, height = [], 24.0, 0.0
        for b in position:
            inner = self.base.render_svg(b)
            size = re.search(r'width="([\d.]+)" height="([\d.]+)"', inner)
            w, h = (float(size.group(1)), float(size.group(2))) if size else (200.0, 100.0)
            if x > 24:
                body.append(text(x + 8, h / 2, "|", 28))
                x += 16
            body.append(f'<g transform="translate({x:g},0)">{inner}</g>')
            x, height = x + w, max(height, h)
        body[:0] = [text(12, height / 2, "⟨", 28)]
        body.append(text(x + 12, height / 2, "⟩", 28))
        return svg_document(x + 24, max(height, 40), body, f"{self.name} {self.format(position)}")

    #: Realizations are drawn at size // shrink (quantum moves make trees grow fast).
    shrink = 1

    def random_position(self, rng: random.Random, size: int) -> Superposition:
        """1 to 3 random realizations of size ``size // shrink`` (at least 1)."""
        inner = max(1, size // self.shrink)
        return superpose(self.base.random_position(rng, inner) for _ in range(rng.randint(1, 3)))


class Quantum(DemiQuantum):
    """Superpositions of ``base`` positions with quantum moves of width ≤ ``width``."""

    citation = QUANTUM_CITATION
    shrink = 2

    def __init__(
        self, base: ImpartialRuleset[Any], width: int | None, name: str | None = None
    ) -> None:
        if width is not None and width < 1:
            raise ParseError(f"quantum width {width} is too small: use 1 or more (or none)")
        label = "" if width is None else f",{width}"
        super().__init__(base, name or f"quantum({base.name}{label})")
        self.width = width
        self.summary = (  # type: ignore[misc]
            f"Superpositions of {base.name} positions with superposed moves of up to "
            f"{'any number of' if width is None else width} classical moves (variant D)."
        )

    def format_move(self, move: Move) -> str:
        if isinstance(move, QuantumMove):
            return "<" + "|".join(sorted(self.base.format_move(m) for m in move)) + ">"
        return self.base.format_move(move)

    def parse_move(self, position: Superposition, text: str) -> Move:
        """A classical label, or ``<a|b|...>`` with the classical labels in any order."""
        text = text.strip()
        if text.startswith("<") and text.endswith(">"):
            text = "<" + "|".join(sorted(p.strip() for p in text[1:-1].split("|"))) + ">"
        return super().parse_move(position, text)

    def moves(self, position: Superposition) -> Iterator[tuple[Move, Superposition]]:
        """Classical moves, then every superposition of 2..width distinct classical
        moves, each feasible in some realization (variant D).  With L classical labels
        there are sum(C(L, k), k <= width) moves, exponential when the width is unbounded."""
        table = self.realization_moves(position)
        labels = list(dict.fromkeys(label for moves in table for label in moves))
        top = len(labels) if self.width is None else min(self.width, len(labels))
        for label in labels:
            yield label, superpose(moves[label] for moves in table if label in moves)
        for k in range(2, top + 1):
            for chosen in combinations(labels, k):
                yield QuantumMove(chosen), superpose(
                    moves[label] for moves in table for label in chosen if label in moves
                )


class QuantumMove(frozenset[Move]):
    """A superposition of distinct classical move labels: a set, so the order in which
    the moves are listed does not matter."""


def parse_family(name: str) -> ImpartialRuleset[Any] | None:
    """``demi-quantum(R)``, ``quantum(R,w)`` or ``quantum(R)`` (unbounded width)."""
    match = re.fullmatch(r"(demi-quantum|quantum)\((.+?)(?:,(\d+))?\)", name)
    if match is None:
        return None
    family, inner, width = match.groups()
    base = get(inner)
    if not isinstance(base, ImpartialRuleset):
        raise ParseError(f"{base.name} is partizan: quantum play needs an impartial ruleset")
    if family == "demi-quantum":
        if width is not None:
            raise ParseError(f"demi-quantum takes no width: write demi-quantum({inner})")
        return DemiQuantum(base)
    return Quantum(base, None if width is None else int(width))


register_family(parse_family)

