"""EQUAL-PARTITIONED MULTISTATE XOR-SAT (EPMX), Ferland 2024, Def 4.2.1
(``001_56c9c94dd1ec088e.wrapped.txt`` L728-737).

Variables have several states; a literal x_{i,s} is true iff x_i is set to s.  A
clause is the XOR of its literals, the formula their conjunction.  Player X owns the
x-variables, Y the y-variables, equally many; on a turn a player sets one of their
unset variables to a state.  When all are set, X wins iff the formula is true.

As a normal-play partizan game, X is Left and Y is Right, and the end of EPMX is one
more move: once every variable is set, Left may "claim" if the formula is true, Right
if it is false, and then nobody can move.  In alternating play from any position with
as many unset x- as y-variables the winner of this game is the winner of EPMX.

Text format: clauses of literals ``x0a`` (player, variable, state letter) joined by
``^`` in parentheses, joined by ``&``; then ``;`` and the variables' states
``x0:ab, x1:ab, y0:abc``; a set variable is ``x0:ab=b``; a finished game ends in
``; over``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple, cast

from grundy.protocol import Citation, Move, ParseError, PartizanRuleset, Player
from grundy.rulesets.drawing import svg_document, text
from grundy.rulesets.registry import register

#: (player "x" or "y", variable, state)
Literal = tuple[str, int, int]
UNSET = -1
STATES = "abcdefghijklmnopqrstuvwxyz"
_LITERAL = re.compile(r"([xy])(\d+)([a-z])")
_DECLARATION = re.compile(r"([xy])(\d+):([a-z]+)(?:=([a-z]))?")


class Epmx(NamedTuple):
    """States per variable, the clauses (sorted literals) and the assignment (a state
    index per variable, ``UNSET`` = -1); ``over`` once the final claim is made."""

    x_states: tuple[int, ...]
    y_states: tuple[int, ...]
    clauses: tuple[tuple[Literal, ...], ...]
    x_set: tuple[int, ...]
    y_set: tuple[int, ...]
    over: bool = False

    def states(self, player: str) -> tuple[int, ...]:
        return self.x_states if player == "x" else self.y_states

    def assignment(self, player: str) -> tuple[int, ...]:
        return self.x_set if player == "x" else self.y_set


def fresh(x_states: Sequence[int], y_states: Sequence[int],
          clauses: Sequence[Sequence[Literal]]) -> Epmx:
    """An EPMX position with nothing set yet (clauses normalised: sorted literals)."""
    return Epmx(tuple(x_states), tuple(y_states), tuple(tuple(sorted(c)) for c in clauses),
                (UNSET,) * len(x_states), (UNSET,) * len(y_states))


def clause_true(position: Epmx, clause: Sequence[Literal]) -> bool:
    """The XOR of the clause's literals under the (complete) assignment."""
    return sum(position.assignment(p)[i] == s for p, i, s in clause) % 2 == 1


def formula_true(position: Epmx) -> bool:
    return all(clause_true(position, clause) for clause in position.clauses)


def x_wins(position: Epmx, x_to_move: bool) -> bool:
    """Direct minimax on EPMX itself (no game theory): does X win with alternating
    turns, ``x_to_move`` first?  The reference the ruleset's solver is checked against."""
    memo: dict[tuple[Epmx, bool], bool] = {}

    def wins(p: Epmx, x_turn: bool) -> bool:
        if (p, x_turn) not in memo:
            player = "x" if x_turn else "y"
            children = [child for _, child in assignments(p, player)]
            if not children:
                if UNSET in p.x_set or UNSET in p.y_set:  # one side ran out first
                    memo[p, x_turn] = not x_turn
                else:
                    memo[p, x_turn] = formula_true(p)
            else:
                results = (wins(child, not x_turn) for child in children)
                memo[p, x_turn] = any(results) if x_turn else all(results)
        return memo[p, x_turn]

    return wins(position, x_to_move)


def assignments(position: Epmx, player: str) -> Iterator[tuple[tuple[int, int], Epmx]]:
    """Every (variable, state) the player may set, with the resulting position."""
    current = position.assignment(player)
    for i, state in enumerate(current):
        if state == UNSET:
            for s in range(position.states(player)[i]):
                changed = (*current[:i], s, *current[i + 1:])
                yield (i, s), (position._replace(x_set=changed) if player == "x"
                               else position._replace(y_set=changed))


def _literal(player: str, variable: int, state: int) -> str:
    return f"{player}{variable}{STATES[state]}"


@register
class EqualPartitionedMultistateXorSat(PartizanRuleset[Epmx]):
    name = "epmx"
    aliases = ("multistate-xor-sat",)
    summary = ("X and Y set their own multistate variables in turn; X wins iff every XOR "
               "clause is true.")
    citation = Citation("001_56c9c94dd1ec088e.wrapped.txt", "L732-737", "Def 4.2.1")
    text_format = ("clauses like (x0a^y1c) joined by &, then '; ' and each variable's states "
                   "x0:ab, y0:abc (a set variable x0:ab=b); '; over' once the game is decided")
    examples = (
        "(x0a^x1a^y0a^y1c)&(x0b^x1a^y0b^y1a)&(x1a^x1b)&(y1a^y1b^y1c); "
        "x0:ab, x1:ab, y0:ab, y1:abc",
        "(x0a^y0a)&(x0b^y0b); x0:ab, y0:ab",
    )

    def parse(self, text: str) -> Epmx:
        formula, _, rest = text.partition(";")
        declarations, _, tail = rest.partition(";")
        if tail.strip() not in ("", "over"):
            raise ParseError(f"{tail.strip()!r} after the variables: only '; over' may follow")
        states: dict[str, dict[int, int]] = {"x": {}, "y": {}}
        values: dict[str, dict[int, int]] = {"x": {}, "y": {}}
        for item in filter(None, (d.strip() for d in declarations.split(","))):
            match = _DECLARATION.fullmatch(item)
            if match is None:
                raise ParseError(f"{item!r} is not a variable declaration: write x0:ab or "
                                 "y1:abc=b")
            player, index, names, value = match.groups()
            states[player][int(index)] = len(names)
            if names != STATES[:len(names)]:
                raise ParseError(f"{item!r}: name the states a, b, c, ... in order")
            if value is not None:
                if value not in names:
                    raise ParseError(f"{item!r}: {value} is not one of its states")
                values[player][int(index)] = STATES.index(value)
        for player in "xy":
            if sorted(states[player]) != list(range(len(states[player]))):
                raise ParseError(f"declare {player}0, {player}1, ... without gaps")
        if len(states["x"]) != len(states["y"]):
            raise ParseError("EPMX needs as many x-variables as y-variables (equal partition)")
        if len(states["x"]) > 8:
            raise ParseError(f"{len(states['x'])} variables per player: at most 8 are allowed")
        clauses = []
        for index, clause in enumerate(filter(None, (c.strip() for c in formula.split("&")))):
            if not (clause.startswith("(") and clause.endswith(")")):
                raise ParseError(f"clause {index} is {clause!r}: write (x0a^y1b) joined by &")
            literals = []
            for item in filter(None, (part.strip() for part in clause[1:-1].split("^"))):
                match = _LITERAL.fullmatch(item)
                if match is None:
                    raise ParseError(f"{item!r} in clause {index} is not a literal: write x0a")
                player, variable, state = match.group(1), int(match.group(2)), match.group(3)
                if states[player].get(variable, 0) <= STATES.index(state):
                    raise ParseError(f"{item!r} in clause {index}: declare {player}{variable} "
                                     f"with state {state}")
                literals.append((player, variable, STATES.index(state)))
            clauses.append(literals)
        position = fresh([states["x"][i] for i in range(len(states["x"]))],
                         [states["y"][i] for i in range(len(states["y"]))], clauses)
        return position._replace(
            x_set=tuple(values["x"].get(i, UNSET) for i in range(len(position.x_set))),
            y_set=tuple(values["y"].get(i, UNSET) for i in range(len(position.y_set))),
            over=tail.strip() == "over")

    def format(self, position: Epmx) -> str:
        clauses = "&".join("(" + "^".join(_literal(*lit) for lit in clause) + ")"
                           for clause in position.clauses)
        declared = []
        for player in "xy":
            for i, count in enumerate(position.states(player)):
                value = position.assignment(player)[i]
                shown = f"={STATES[value]}" if value != UNSET else ""
                declared.append(f"{player}{i}:{STATES[:count]}{shown}")
        return f"{clauses}; {', '.join(declared)}" + ("; over" if position.over else "")

    def format_move(self, move: Move) -> str:
        if move == "claim":
            return "claim"
        player, variable, state = cast(Literal, move)
        return f"{_literal(player, variable, state)}"

    def moves(self, position: Epmx, player: Player) -> Iterator[tuple[Move, Epmx]]:
        """Set one of your unset variables (X = Left, Y = Right); once all are set, the
        winner's claim (Left's if the formula is true, Right's if false)."""
        if position.over:
            return
        side = "x" if player is Player.LEFT else "y"
        if UNSET in position.x_set or UNSET in position.y_set:
            for (i, s), child in assignments(position, side):
                yield (side, i, s), child
        elif formula_true(position) == (player is Player.LEFT):
            yield "claim", position._replace(over=True)

    def data(self, position: Epmx) -> dict[str, Any]:
        return {"formula": self.format(position).split(";")[0], "over": position.over,
                "x": list(position.x_set), "y": list(position.y_set)}

    def render_svg(self, position: Epmx) -> str:
        lines = [f"clause {t}: " + " ⊕ ".join(_literal(*lit) for lit in clause)
                 for t, clause in enumerate(position.clauses)]
        lines += self.format(position).split("; ")[1:]
        body = [text(10 + 3.5 * len(line), 20 + 18 * k, line) for k, line in enumerate(lines)]
        width = 40 + 7 * max((len(line) for line in lines), default=10)
        return svg_document(width, 30 + 18 * len(lines), body, f"EPMX {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Epmx:
        """``size`` // 2 variables per player (at least 1) with 2-3 states, and up to
        ``size`` clauses of 1-4 literals."""
        n = max(1, size // 2)
        x_states = [rng.randint(2, 3) for _ in range(n)]
        y_states = [rng.randint(2, 3) for _ in range(n)]
        every = [("x", i, s) for i, k in enumerate(x_states) for s in range(k)]
        every += [("y", i, s) for i, k in enumerate(y_states) for s in range(k)]
        clauses = [sorted(set(rng.sample(every, rng.randint(1, min(4, len(every))))))
                   for _ in range(rng.randint(1, max(1, size)))]
        return fresh(x_states, y_states, clauses)
