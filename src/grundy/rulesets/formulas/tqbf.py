"""The TQBF GAME (seed 003, ``003_b9b71f74cb16b358.txt`` L137).

A formula ∃x1 ∀x2 ∃x3 ... ∃x(2n+1) f with f in CNF: White assigns x1, Black x2, and
so on in turn; once every variable is assigned, White wins iff f is true.  White
moves first; Black is Left (the project's convention, L490), so White is Right.

As for the other formula games (``pos_cnf``), the winner of the formula gets one
last move (label ``win``) once every variable is set, so normal play gives the same
winner: Right moving first wins exactly when the quantified formula is true.
Theorem 3.7 (L133-152) maps this game to a black-white poset game
(``grundy.reductions.black_white``).

Text format: ``N:`` (the number of variables, odd) then clauses ``(x1|~x2)&(x3)``
('true' for none, ``()`` for an empty clause), then optionally ``; x1=1,x2=0`` (the
variables assigned so far, in order) and ``; over`` (after the final move).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any, NamedTuple, cast

from grundy.protocol import Citation, Move, ParseError, PartizanRuleset, Player
from grundy.rulesets.drawing import svg_document, text
from grundy.rulesets.registry import register

#: Variables allowed in a text (the game tree has 2^(N+1) leaves).
MAX_VARIABLES = 24

_LITERAL = re.compile(r"(~?)x(\d+)")
_ASSIGNMENT = re.compile(r"x(\d+)=([01])")


class Tqbf(NamedTuple):
    """Variables x1..xN; clauses as (positive, negative) bitmasks (bit i is x(i+1));
    ``assigned`` variables x1..x(assigned) set, to the bits of ``values``; over."""

    variables: int
    clauses: tuple[tuple[int, int], ...]
    assigned: int = 0
    values: int = 0
    over: bool = False

    def satisfied(self) -> bool:
        """f under the (complete) assignment."""
        set_ = (1 << self.assigned) - 1
        return all(pos & self.values or neg & set_ & ~self.values for pos, neg in self.clauses)


def clause_text(clause: tuple[int, int]) -> str:
    pos, neg = clause
    literals = [f"{sign}x{i + 1}" for i in range((pos | neg).bit_length())
                for sign, mask in (("", pos), ("~", neg)) if mask >> i & 1]
    return "(" + "|".join(literals) + ")"


def parse_clauses(formula: str, variables: int) -> tuple[tuple[int, int], ...]:
    """CNF text ``(x1|~x2)&(x3)`` over x1..x(variables) as (positive, negative) masks;
    'true' for no clause, ``()`` for an empty clause."""
    if formula == "true":
        return ()
    clauses = []
    for part in formula.split("&"):
        part = part.strip()
        if not (part.startswith("(") and part.endswith(")")):
            raise ParseError(f"clause {part!r} needs parentheses, like (x1|~x2)")
        pos = neg = 0
        for literal in filter(None, (p.strip() for p in part[1:-1].split("|"))):
            match = _LITERAL.fullmatch(literal)
            if match is None or not 1 <= int(match.group(2)) <= variables:
                raise ParseError(f"{literal!r} is not a literal x1..x{variables} or "
                                 f"~x1..~x{variables}")
            bit = 1 << (int(match.group(2)) - 1)
            if match.group(1):
                neg |= bit
            else:
                pos |= bit
        clauses.append((pos, neg))
    return tuple(clauses)


@register
class TqbfGame(PartizanRuleset[Tqbf]):
    name = "tqbf-game"
    aliases = ("tqbf",)
    summary = "White (Right, first) and Black assign x1, x2, ... in turn; White wants f true."
    citation = Citation("003_b9b71f74cb16b358.txt", "L137", "the TQBF game")
    text_format = (
        "N:clauses -- N variables (odd: ∃x1 ∀x2 ... ∃xN), clauses (x1|~x2)&(x3) ('true' for "
        "none, () an empty clause); optionally '; x1=1,x2=0' (assigned so far, in order) "
        "and '; over', e.g. 3:(x1|~x2)&(x2|x3)"
    )
    examples = ("3:(x1|~x2)&(x2|x3)", "1:(x1)&(~x1)", "3:(x1|x2)&(~x1|~x2)&(x3); x1=0")

    def parse(self, text: str) -> Tqbf:
        head, colon, rest = text.strip().partition(":")
        if not colon or not head.strip().isdigit():
            raise ParseError("start with the number of variables and a colon, like 3:(x1|~x2)")
        variables = int(head)
        if variables % 2 == 0 or not 1 <= variables <= MAX_VARIABLES:
            raise ParseError(f"{variables} variables: give an odd number from 1 to "
                             f"{MAX_VARIABLES} (the formula is ∃x1 ∀x2 ... ∃xN)")
        formula, *options = (part.strip() for part in rest.split(";"))
        clauses = parse_clauses(formula, variables)
        assigned, values, over = 0, 0, False
        for option in options:
            if option == "over":
                over = True
                continue
            for item in filter(None, (p.strip() for p in option.split(","))):
                match = _ASSIGNMENT.fullmatch(item)
                if match is None or int(match.group(1)) != assigned + 1:
                    raise ParseError(f"{item!r}: assign the variables in order, like "
                                     f"'; x1=1,x2=0' (next is x{assigned + 1})")
                if assigned == variables:
                    raise ParseError(f"{item!r}: there are only {variables} variables")
                values |= int(match.group(2)) << assigned
                assigned += 1
        if over and assigned < variables:
            raise ParseError("'over' needs every variable assigned: remove it or assign them")
        return Tqbf(variables, clauses, assigned, values, over)

    def format(self, position: Tqbf) -> str:
        formula = "&".join(map(clause_text, position.clauses)) or "true"
        parts = [f"{position.variables}:{formula}"]
        if position.assigned:
            parts.append(",".join(f"x{i + 1}={position.values >> i & 1}"
                                  for i in range(position.assigned)))
        if position.over:
            parts.append("over")
        return "; ".join(parts)

    def format_move(self, move: Move) -> str:
        if move == "win":
            return "win"
        variable, bit = cast(tuple[int, int], move)
        return f"x{variable}={bit}"

    def moves(self, position: Tqbf, player: Player) -> Iterator[tuple[Move, Tqbf]]:
        """White (Right) sets the odd variables, Black (Left) the even ones, in order;
        then the formula's winner has the move ``win``."""
        if position.assigned < position.variables:
            if (position.assigned % 2 == 0) == (player is Player.RIGHT):
                for bit in (0, 1):
                    yield (position.assigned + 1, bit), position._replace(
                        assigned=position.assigned + 1,
                        values=position.values | bit << position.assigned)
        elif not position.over and position.satisfied() == (player is Player.RIGHT):
            yield "win", position._replace(over=True)

    def data(self, position: Tqbf) -> dict[str, Any]:
        return {"variables": position.variables,
                "formula": "&".join(map(clause_text, position.clauses)) or "true",
                "assignment": [position.values >> i & 1 for i in range(position.assigned)],
                "over": position.over}

    def render_svg(self, position: Tqbf) -> str:
        label = self.format(position)
        return svg_document(20 + 8 * len(label), 40, [text(10 + 4 * len(label), 20, label)],
                            f"{self.name} {label}")

    def random_position(self, rng: random.Random, size: int) -> Tqbf:
        """An odd number of variables up to ``size``, 1 to ``size`` clauses of up to 3 literals."""
        variables = max(1, size) | 1
        return Tqbf(variables, random_clauses(rng, variables, size, fewest_literals=0))


def random_clauses(rng: random.Random, variables: int, most: int,
                   fewest_literals: int) -> tuple[tuple[int, int], ...]:
    """1 to ``most`` random clauses over ``variables`` variables, each of
    ``fewest_literals`` to 3 literals, as (positive mask, negative mask) pairs."""
    clauses = []
    for _ in range(rng.randint(1, max(1, most))):
        positive = negative = 0
        for v in rng.sample(range(variables), rng.randint(fewest_literals, min(3, variables))):
            if rng.random() < 0.5:
                positive |= 1 << v
            else:
                negative |= 1 << v
        clauses.append((positive, negative))
    return tuple(clauses)
