"""G_pos(POS CNF) and G*_pos(POS CNF): formula games on positive CNF formulas.

Seed 003 (``003_b9b71f74cb16b358.txt`` L292): players take turns choosing a
variable of the formula; Player 1 sets variables true, Player 2 false; when all
are chosen Player 1 wins iff the formula is true.  G*_pos (L308) reverses the
roles: Player 1 sets variables false and wants the formula false.  Player 1 moves
first and is Left in both rulesets.

To make them normal-play games, the player who won the formula gets one last move
(label ``win``) once every variable is set, so the other player is the first who
cannot move: Left moving first wins exactly when Player 1 wins the formula game.

Text format: Avoid True's clauses ``(x1|x2)&(x2|x3)``, then optionally ``; T=x1``
and ``; F=x2`` (variables already set) and ``; over`` (the final move was made).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar, NamedTuple

from grundy.protocol import Citation, Move, ParseError, PartizanRuleset, Player
from grundy.rulesets.drawing import svg_document, text
from grundy.rulesets.formulas.avoid_true import FORMULA_LIMITS, AvoidTrue
from grundy.rulesets.graphs import vertices
from grundy.rulesets.registry import register

_FORMULA = AvoidTrue()


class PosCnf(NamedTuple):
    """Clauses as bitmasks (bit i is x(i+1)); the variables set true and false; over."""

    clauses: tuple[int, ...]
    true: int
    false: int
    over: bool = False

    @property
    def free(self) -> int:
        variables = 0
        for clause in self.clauses:
            variables |= clause
        return variables & ~(self.true | self.false)

    def satisfied(self) -> bool:
        return all(clause & self.true for clause in self.clauses)


def formula_text(clauses: tuple[int, ...]) -> str:
    return "&".join("(" + "|".join(f"x{v + 1}" for v in vertices(c)) + ")" for c in clauses) \
        or "true"


class FormulaGame(PartizanRuleset[PosCnf]):
    """Player 1 (Left) sets variables to ``player_one_sets`` and wants the formula to
    have that value; Player 2 (Right) sets the other value."""

    limits = FORMULA_LIMITS

    player_one_sets: ClassVar[bool]
    text_format = ("clauses (x1|x2)&(x2|x3) of positive variables, then optionally '; T=x1' "
                   "and '; F=x2' (variables already set) and '; over' (after the final move)")

    def parse(self, text: str) -> PosCnf:
        formula, *options = (part.strip() for part in text.split(";"))
        clauses = _FORMULA.parse(formula).clauses
        sets = {"T": 0, "F": 0}
        over = False
        for option in options:
            name, equals, value = (part.strip() for part in option.partition("="))
            if option == "over":
                over = True
            elif equals and name in sets:
                sets[name] = _FORMULA.parse(f"true; T={value}").true
            else:
                raise ParseError(f"unexpected {option!r}: write '; T=x1,x2', '; F=x3' or '; over'")
        position = PosCnf(clauses, sets["T"], sets["F"], over)
        if position.true & position.false:
            v = (position.true & position.false).bit_length()
            raise ParseError(f"x{v} is set both true and false: list it once")
        if over and position.free:
            raise ParseError("'over' needs every variable set: remove it or set them all")
        return position

    def format(self, position: PosCnf) -> str:
        parts = [formula_text(position.clauses)]
        for name, mask in (("T", position.true), ("F", position.false)):
            if mask:
                parts.append(f"{name}=" + ",".join(f"x{v + 1}" for v in vertices(mask)))
        if position.over:
            parts.append("over")
        return "; ".join(parts)

    def format_move(self, move: Move) -> str:
        return "win" if move == "win" else f"x{int(move) + 1}"  # type: ignore[call-overload]

    def moves(self, position: PosCnf, player: Player) -> Iterator[tuple[Move, PosCnf]]:
        """Set a free variable (label x_i); when none is left, the formula game's winner
        has the final move ``win``."""
        free = position.free
        sets_true = (player is Player.LEFT) == self.player_one_sets
        for v in vertices(free):
            bit = 1 << v
            yield v, (position._replace(true=position.true | bit) if sets_true
                      else position._replace(false=position.false | bit))
        if not free and not position.over:
            player_one_won = position.satisfied() == self.player_one_sets
            if player_one_won == (player is Player.LEFT):
                yield "win", position._replace(over=True)

    def data(self, position: PosCnf) -> dict[str, Any]:
        return {"formula": formula_text(position.clauses),
                "true": [v + 1 for v in vertices(position.true)],
                "false": [v + 1 for v in vertices(position.false)], "over": position.over}

    def render_svg(self, position: PosCnf) -> str:
        label = self.format(position)
        return svg_document(20 + 8 * len(label), 40, [text(10 + 4 * len(label), 20, label)],
                            f"{self.name} {label}")

    def random_position(self, rng: random.Random, size: int) -> PosCnf:
        """A random positive CNF on x1..x(size) with about ``size`` clauses."""
        n = max(1, size)
        clauses = tuple(sorted({sum(1 << v for v in rng.sample(range(n), rng.randint(1, min(3, n))))
                                for _ in range(rng.randint(1, n))}))
        return PosCnf(clauses, 0, 0)


@register
class GPos(FormulaGame):
    name = "g-pos"
    aliases = ("gpos", "pos-cnf")
    summary = "Player 1 (Left, first) sets variables true, Player 2 false; 1 wants it true."
    citation = Citation("003_b9b71f74cb16b358.txt", "L292", "§4")
    examples = ("(x1|x2)&(x1|x3)&(x2|x3|x4)", "(x1)&(x2)")
    player_one_sets = True


@register
class GPosStar(FormulaGame):
    name = "g-pos-star"
    aliases = ("gpos-star",)
    summary = "Player 1 (Left, first) sets variables false, Player 2 true; 1 wants it false."
    citation = Citation("003_b9b71f74cb16b358.txt", "L308", "§4.1")
    examples = ("(x1|x2)&(x1|x3)&(x2|x3|x4)",)
    player_one_sets = False
