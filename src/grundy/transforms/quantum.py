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

PARTIZAN quantum play (seed 001 §6.4.4, ``001_56c9c94dd1ec088e.wrapped.txt`` L1396-1433:
Quantum Bigraph Node Kayles and Quantum Snort) is the same with each player's own
classical moves: ``PartizanQuantum`` shares the text, the pictures and the
superposition-and-collapse rule (``superposed_moves``) with the impartial classes.

Text: ``<(1,2)|(2,1)>`` (each realization in R's own format, in parentheses), or a
bare classical position for a 1-wide superposition.  Quantum move labels are
sets of classical labels, written ``<0-1|1-1>``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Iterable, Iterator, Mapping
from itertools import combinations
from typing import Any, ClassVar, cast

from grundy.protocol import (
    Citation,
    ImpartialRuleset,
    Move,
    ParseError,
    PartizanRuleset,
    Player,
    Ruleset,
)
from grundy.rulesets.drawing import svg_document, text
from grundy.rulesets.registry import get, register_family
from grundy.search.budget import active_budget

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


class QuantumMove(frozenset[Move]):
    """A superposition of distinct classical move labels: a set, so the order in which
    the moves are listed does not matter."""


def superposed_moves(
    table: list[dict[Move, Hashable]], width: int | None
) -> Iterator[tuple[Move, Superposition]]:
    """The moves of a superposition whose realizations have the classical moves
    ``table`` (one label -> result map per realization): classical moves, then every
    superposition of 2..width distinct classical moves (``width`` None: any number),
    each feasible in some realization; infeasible pairs collapse (variant D, seed 001
    @139370).  With L classical labels there are sum(C(L, k), k <= width) moves, so
    the active budget's clock (``Budget.check``) is read before each superposed one."""
    labels = list(dict.fromkeys(label for moves in table for label in moves))
    top = len(labels) if width is None else min(width, len(labels))
    for label in labels:
        yield label, superpose(moves[label] for moves in table if label in moves)
    budget = active_budget()  # so many moves: they stop with the search that asks
    for k in range(2, top + 1):
        for chosen in combinations(labels, k):
            if budget is not None:
                budget.check()
            yield QuantumMove(chosen), superpose(
                moves[label] for moves in table for label in chosen if label in moves
            )


class Superposed(Ruleset[Superposition]):
    """What every quantum transform shares: superpositions of ``base`` positions, their
    text, pictures and random positions, and quantum moves of width ≤ ``width``
    (1: demi-quantum, None: unbounded)."""

    #: Most realizations a superposition may have (on top of the base ruleset's limits).
    limits: ClassVar[Mapping[str, int]] = {"realizations": MAX_REALIZATIONS}
    #: Realizations are drawn at size // shrink (quantum moves make trees grow fast).
    shrink = 1

    def __init__(self, base: Ruleset[Any], width: int | None, name: str) -> None:
        if width is not None and width < 1:
            raise ParseError(f"quantum width {width} is too small: use 1 or more (or none)")
        self.base = base
        self.width = width
        self.name = name  # type: ignore[misc]
        self.limits = {**base.limits, **self.limits}  # type: ignore[misc]
        self.summary = (  # type: ignore[misc]
            f"Superpositions of {base.name} positions; a classical move collapses the "
            "realizations where it is infeasible."
            if width == 1 else
            f"Superpositions of {base.name} positions with superposed moves of up to "
            f"{'any number of' if width is None else width} classical moves (variant D)."
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
        if isinstance(move, QuantumMove):
            return "<" + "|".join(sorted(self.base.format_move(m) for m in move)) + ">"
        return self.base.format_move(move)

    @staticmethod
    def move_text(text: str) -> str:
        """A move's text with the classical labels of ``<a|b|...>`` in sorted order."""
        text = text.strip()
        if text.startswith("<") and text.endswith(">"):
            text = "<" + "|".join(sorted(p.strip() for p in text[1:-1].split("|"))) + ">"
        return text

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

    def random_position(self, rng: random.Random, size: int) -> Superposition:
        """1 to 3 random realizations of size ``size // shrink`` (at least 1)."""
        inner = max(1, size // self.shrink)
        return superpose(self.base.random_position(rng, inner) for _ in range(rng.randint(1, 3)))


class DemiQuantum(Superposed, ImpartialRuleset[Superposition]):
    """Superpositions of ``base`` positions with classical moves (collapse on infeasible)."""

    citation = DEMI_QUANTUM_CITATION

    def __init__(self, base: ImpartialRuleset[Any], name: str | None = None,
                 width: int | None = 1) -> None:
        super().__init__(base, width, name or f"demi-quantum({base.name})")

    def moves(self, position: Superposition) -> Iterator[tuple[Move, Superposition]]:
        """Each classical move feasible somewhere, applied where feasible (L318); with
        ``width`` > 1 also the superposed moves (``superposed_moves``)."""
        base = cast(ImpartialRuleset[Any], self.base)
        return superposed_moves([dict(base.moves(b)) for b in position], self.width)

    def parse_move(self, position: Superposition, text: str) -> Move:
        """A classical label, or ``<a|b|...>`` with the classical labels in any order."""
        return super().parse_move(position, self.move_text(text))


class Quantum(DemiQuantum):
    """Superpositions of ``base`` positions with quantum moves of width ≤ ``width``."""

    citation = QUANTUM_CITATION
    shrink = 2

    def __init__(
        self, base: ImpartialRuleset[Any], width: int | None, name: str | None = None
    ) -> None:
        label = "" if width is None else f",{width}"
        super().__init__(base, name or f"quantum({base.name}{label})", width)


class PartizanQuantum(Superposed, PartizanRuleset[Superposition]):
    """Superpositions of partizan ``base`` positions; each player makes quantum moves of
    width ≤ ``width`` from their own classical moves (1: demi-quantum)."""

    citation = QUANTUM_CITATION
    shrink = 2

    def __init__(
        self, base: PartizanRuleset[Any], width: int | None, name: str | None = None
    ) -> None:
        label = "" if width is None else f",{width}"
        super().__init__(base, width, name or f"quantum({base.name}{label})")

    def moves(
        self, position: Superposition, player: Player
    ) -> Iterator[tuple[Move, Superposition]]:
        """``player``'s classical moves in each realization, superposed and collapsed
        as in the impartial transform (``superposed_moves``)."""
        base = cast(PartizanRuleset[Any], self.base)
        return superposed_moves([dict(base.moves(b, player)) for b in position], self.width)

    def parse_move(self, position: Superposition, text: str, player: Player) -> Move:
        """A classical label, or ``<a|b|...>`` with the classical labels in any order."""
        return super().parse_move(position, self.move_text(text), player)


def parse_family(name: str) -> Ruleset[Any] | None:
    """``demi-quantum(R)``, ``quantum(R,w)`` or ``quantum(R)`` (unbounded width)."""
    match = re.fullmatch(r"(demi-quantum|quantum)\((.+?)(?:,(\d+))?\)", name)
    if match is None:
        return None
    family, inner, width = match.groups()
    base = get(inner)
    if family == "demi-quantum" and width is not None:
        raise ParseError(f"demi-quantum takes no width: write demi-quantum({inner})")
    if isinstance(base, PartizanRuleset):
        if family == "demi-quantum":
            return PartizanQuantum(base, 1, f"demi-quantum({base.name})")
        return PartizanQuantum(base, None if width is None else int(width))
    impartial = cast(ImpartialRuleset[Any], base)
    if family == "demi-quantum":
        return DemiQuantum(impartial)
    return Quantum(impartial, None if width is None else int(width))


register_family(parse_family)



def replayed_realizations(
    base: ImpartialRuleset[Any], start: Hashable, history: tuple[Move, ...]
) -> Iterator[Hashable]:
    """The realizations (with repeats) after playing ``history`` (classical labels or
    ``QuantumMove``s) from the classical ``start``, one at a time: a depth-first walk
    that holds one classical position per move played, never the superposition."""
    if not history:
        yield start
        return
    *before, last = history
    labels = last if isinstance(last, QuantumMove) else (last,)
    for realization in replayed_realizations(base, start, tuple(before)):
        for label, child in base.moves(realization):
            if label in labels:
                yield child


def replay_wins(base: ImpartialRuleset[Any], start: Hashable, width: int,
                history: tuple[Move, ...] = ()) -> bool:
    """Whether the player to move wins Quantum-R of ``width`` after ``history`` from a
    classical start, in space polynomial in the game's height and the number of classical
    labels: the algorithm of Ferland 2024, Thm 6.5.4 (``001_56c9c94dd1ec088e.wrapped.txt``
    L1464-1475).  A superposition is only its move history (the game tree is no taller
    than R's, Prop 6.5.3); feasibility is decided by replaying it.  Exponential time."""
    labels = list(dict.fromkeys(
        label for b in replayed_realizations(base, start, history) for label, _ in base.moves(b)))
    moves: list[Move] = [*labels, *(QuantumMove(chosen) for k in range(2, width + 1)
                                   for chosen in combinations(labels, k))]
    return any(not replay_wins(base, start, width, (*history, move)) for move in moves)
