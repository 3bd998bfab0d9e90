"""PARTITION-FREE QBF with the phantom move folded into the last assignment (Schaefer's
game as Ferland reads it, seed 001 §6.4.3, ``001_56c9c94dd1ec088e.wrapped.txt``
L1325-1340).

A CNF f over Player True's variables t1..tm and Player False's f1..fm (Case Even).
A move sets one of the mover's own unassigned variables, in any order, to 0 or 1;
the move that assigns the *last* unassigned variable is legal only if it reaches the
mover's goal (True: f true; False: f false).  Normal play.  Player True is Left and
moves first, so with alternating play False makes the last assignment, and True
moving first wins exactly when False cannot: Left moving first wins iff True wins
the formula game.  This is the source of Schaefer's reduction to Avoid True, lifted
to quantum play in Theorem 6.4.13 (``grundy.reductions.quantum_partizan``).

Text format: ``m:`` then clauses of literals t1, ~t1, f1, ~f1 (``(t1|~f1)&(f1)``;
'true' for none, ``()`` an empty clause), then optionally ``; t1=1,f2=0`` (the
variables assigned so far).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple, cast

from grundy.protocol import Citation, Move, ParseError, PartizanRuleset, Player
from grundy.rulesets.drawing import svg_document, text
from grundy.rulesets.registry import register

#: Variables per player (the game tree has about (4m)! leaves).
MAX_PAIRS = 8

_LITERAL = re.compile(r"(~?)([tf])(\d+)")
_ASSIGNMENT = re.compile(r"([tf])(\d+)=([01])")


class Qsat(NamedTuple):
    """``pairs`` = m; variable i < m is t(i+1), m + i is f(i+1); clauses as (positive,
    negative) bitmasks; the ``assigned`` variables have the bits of ``values``."""

    pairs: int
    clauses: tuple[tuple[int, int], ...]
    assigned: int = 0
    values: int = 0

    def variable(self, index: int) -> str:
        return f"t{index + 1}" if index < self.pairs else f"f{index - self.pairs + 1}"

    def satisfied(self) -> bool:
        """f under the (complete) assignment."""
        return all(pos & self.values or neg & ~self.values for pos, neg in self.clauses)


def literal_text(position: Qsat, clause: tuple[int, int]) -> str:
    return named_clause_text(clause, [position.variable(i) for i in range(2 * position.pairs)])


def named_clause_text(clause: tuple[int, int], names: Sequence[str]) -> str:
    """``(t1|~f1)``: a clause over the variables called ``names`` (bit i is names[i])."""
    pos, neg = clause
    return "(" + "|".join(f"{sign}{name}" for i, name in enumerate(names)
                          for sign, mask in (("", pos), ("~", neg)) if mask >> i & 1) + ")"


def parse_named_clauses(formula: str, index: Mapping[str, int],
                        hint: str) -> tuple[tuple[int, int], ...]:
    """CNF text over named variables (``index``: name -> bit), like (t1|~f1)&(f1); 'true'
    for no clause, () an empty clause; ``hint`` names the variables for errors."""
    clauses = []
    for part in [] if formula == "true" else formula.split("&"):
        part = part.strip()
        if not (part.startswith("(") and part.endswith(")")):
            raise ParseError(f"clause {part!r} needs parentheses, like (t1|~f1)")
        pos = neg = 0
        for literal in filter(None, (p.strip() for p in part[1:-1].split("|"))):
            match = _LITERAL.fullmatch(literal)
            if match is None or literal.lstrip("~") not in index:
                raise ParseError(f"{literal!r} is not a literal {hint} or their negations "
                                 "~t1, ~f1")
            bit = 1 << index[literal.lstrip("~")]
            pos, neg = (pos, neg | bit) if match.group(1) else (pos | bit, neg)
        clauses.append((pos, neg))
    return tuple(clauses)


@register
class PartitionFreeQbf(PartizanRuleset[Qsat]):
    name = "partition-free-qbf"
    aliases = ("schaefer-qsat",)
    summary = ("True (Left, first) and False set their own variables in any order; the last "
               "assignment is legal only if it wins the formula for its maker.")
    citation = Citation("001_56c9c94dd1ec088e.wrapped.txt", "L1325-1340", "§6.4.3")
    text_format = (
        "m:clauses -- m variables t1..tm for True (Left) and f1..fm for False (Right); clauses "
        "of literals t1, ~t1, f1, ~f1 like (t1|~f1)&(f1) ('true' for none, () an empty "
        "clause); optionally '; t1=1,f1=0' (variables assigned so far), e.g. 1:(t1|f1)&(~f1)"
    )
    examples = ("1:(t1|f1)&(~t1|~f1)", "2:(t1|f1)&(t2|~f1)&(~t2|f2)", "1:(t1)&(~f1); t1=1")
    limits: ClassVar[Mapping[str, int]] = {"pairs": MAX_PAIRS}

    def parse(self, text: str) -> Qsat:
        head, colon, rest = text.strip().partition(":")
        if not colon or not head.strip().isdigit():
            raise ParseError("start with the number of variables per player and a colon, "
                             "like 1:(t1|f1)")
        pairs = self.check_size("pairs", int(head))
        if pairs < 1:
            raise ParseError("give each player at least one variable: 1:(t1|f1)")
        formula, *options = (part.strip() for part in rest.split(";"))
        index = {f"{kind}{i + 1}": i + offset for kind, offset in (("t", 0), ("f", pairs))
                 for i in range(pairs)}
        clauses = parse_named_clauses(formula, index, f"t1..t{pairs}, f1..f{pairs}")
        assigned = values = 0
        for option in options:
            for item in filter(None, (p.strip() for p in option.split(","))):
                match = _ASSIGNMENT.fullmatch(item)
                name = item.partition("=")[0]
                if match is None or name not in index:
                    raise ParseError(f"{item!r} is not an assignment like t1=1 or f2=0 "
                                     f"(variables t1..t{pairs}, f1..f{pairs})")
                bit = 1 << index[name]
                if assigned & bit:
                    raise ParseError(f"{name} is assigned twice: assign it once")
                assigned |= bit
                values |= bit if match.group(3) == "1" else 0
        return Qsat(pairs, clauses, assigned, values)

    def format(self, position: Qsat) -> str:
        formula = "&".join(literal_text(position, c) for c in position.clauses) or "true"
        text_ = f"{position.pairs}:{formula}"
        if position.assigned:
            text_ += "; " + ",".join(
                f"{position.variable(i)}={position.values >> i & 1}"
                for i in range(2 * position.pairs) if position.assigned >> i & 1)
        return text_

    def format_move(self, move: Move) -> str:
        name, bit = cast(tuple[str, int], move)
        return f"{name}={bit}"

    def moves(self, position: Qsat, player: Player) -> Iterator[tuple[Move, Qsat]]:
        """Set one of the player's unassigned variables; the last one only to win."""
        m = position.pairs
        everything = (1 << 2 * m) - 1
        own = range(m) if player is Player.LEFT else range(m, 2 * m)
        for i in own:
            bit = 1 << i
            if position.assigned & bit:
                continue
            for value in (0, 1):
                child = position._replace(assigned=position.assigned | bit,
                                          values=position.values | bit * value)
                if child.assigned == everything and child.satisfied() != (player is Player.LEFT):
                    continue
                yield (position.variable(i), value), child

    def data(self, position: Qsat) -> dict[str, Any]:
        return {"pairs": position.pairs,
                "formula": "&".join(literal_text(position, c) for c in position.clauses),
                "assigned": {position.variable(i): position.values >> i & 1
                             for i in range(2 * position.pairs) if position.assigned >> i & 1}}

    def render_svg(self, position: Qsat) -> str:
        label = self.format(position)
        return svg_document(20 + 8 * len(label), 40, [text(10 + 4 * len(label), 20, label)],
                            f"{self.name} {label}")

    def random_position(self, rng: random.Random, size: int) -> Qsat:
        """m = 1 or 2 (size ≥ 4), 1 to ``size`` clauses of 1 to 3 literals, nothing set."""
        pairs = 1 + (size >= 4)
        clauses = []
        for _ in range(rng.randint(1, max(1, size))):
            pos = neg = 0
            for v in rng.sample(range(2 * pairs), rng.randint(1, min(3, 2 * pairs))):
                if rng.random() < 0.5:
                    pos |= 1 << v
                else:
                    neg |= 1 << v
            clauses.append((pos, neg))
        return Qsat(pairs, tuple(clauses))
