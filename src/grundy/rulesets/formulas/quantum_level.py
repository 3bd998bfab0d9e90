"""QuantumLevel(ℓ, C) of Ferland 2024, Thm 6.4.12: a formula game with echo moves whose
classical play is QBF (PSPACE-complete) and whose width-2 quantum play is complete for
Σℓ (C = Σ) or Πℓ (C = Π) of the polynomial hierarchy.

Seed 001 (``001_56c9c94dd1ec088e.wrapped.txt`` L1293-1324).  The text is garbled in
places; this is the reading the module implements (docs/papers/ferland-thesis.md):

- Variables T1..Tn for True (Left) and F1..Fn for False (Right) with n = x·⌊ℓ/2⌋ ("ℓ 2
  divides n" is ⌊ℓ/2⌋ | n); the group size x = n/⌊ℓ/2⌋ is printed for odd ℓ only but
  serves every ℓ.  Group i of each player is its variables (i−1)x+1..ix.  For odd ℓ
  the starting player (True for Σ, False for Π) has x more variables, T(n+1)..T(n+x)
  or F(n+1)..F(n+x); ℓ = 1 has only these (n = 0).
- Group i (steps 1-4): the two players assign the group's variables alternately,
  starter first, by index (S1, O1, S2, O2, ...).  Then the starter echoes their first
  variable, the other player echoes it too, and so on to the last; the starter echoes
  that last one once more ("one final time").  Then the same for the other player's
  variables, ending with the other player's extra echo, so that the starter begins
  group i+1 (the printed step 4 leaves this half's end open; without it the players
  would not alternate).  Echoing σ = "v = b" is the move σ again: legal only where v
  has the value b.
- The starter's extra group (step 6): the starter assigns each variable and the other
  player echoes it.
- Once every step is played, the player to move (always the starter) may make the
  phantom move ``win`` iff their goal holds: every clause true (True), a clause all
  false (False).

So the classical winner is the QBF in the order of assignment (∃T1 ∀F1 ∃T2 ... for Σ).
Quantum play: assigning ⟨v=0|v=1⟩ costs nothing, the owner's echo fixes the value,
and an owner who echoes in superposition lets the opponent's echo fix it; so the
values are chosen group by group, ∃G_T,1 ∀G_F,1 ∃G_T,2 ... (Σℓ), which
``tests/test_quantum_level.py`` checks on every small formula.  QuantumLevel(ℓ, Σ∪Π)
is this ruleset: C is part of the position.

Text: ``ℓ,C,x:clauses`` with C ``sigma`` or ``pi``, literals t1, ~t1, f1, ~f1 (e.g.
``2,sigma,1:(t1|f1)&(~t1|~f1)``), then optionally ``; t1=1,f1=0,t1=1`` (the moves played,
echoes included) and ``; over`` (after the phantom move).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any, ClassVar, NamedTuple, cast

from grundy.protocol import Citation, Move, ParseError, PartizanRuleset, Player, read_int
from grundy.rulesets.drawing import svg_document, text
from grundy.rulesets.formulas.partition_free_qbf import (
    _ASSIGNMENT,
    named_clause_text,
    parse_named_clauses,
)
from grundy.rulesets.formulas.tqbf import random_clauses
from grundy.rulesets.registry import register

#: Most variables in all (the quantum game has up to 2^variables realizations).
MAX_VARIABLES = 12


class Level(NamedTuple):
    """QuantumLevel(``level``, Σ if ``sigma`` else Π) with groups of ``group`` variables;
    variable i < trues is T(i+1), the rest F1, F2, ...; clauses as (positive, negative)
    bitmasks; ``step`` moves played, setting the ``assigned`` variables to ``values``."""

    level: int
    sigma: bool
    group: int
    clauses: tuple[tuple[int, int], ...]
    step: int = 0
    assigned: int = 0
    values: int = 0
    over: bool = False

    @property
    def trues(self) -> int:
        return self.group * (self.level // 2 + (self.level % 2 and self.sigma))

    @property
    def falses(self) -> int:
        return self.group * (self.level // 2 + (self.level % 2 and not self.sigma))

    def names(self) -> list[str]:
        return ([f"t{i + 1}" for i in range(self.trues)]
                + [f"f{i + 1}" for i in range(self.falses)])

    @property
    def mover(self) -> Player:
        """The starter on even steps: the steps alternate (``schedule``)."""
        starter = Player.LEFT if self.sigma else Player.RIGHT
        return starter if self.step % 2 == 0 else starter.opponent

    def goal(self, player: Player) -> bool:
        """True's: every clause has a true literal; False's: some clause has none."""
        holds = all(pos & self.values or neg & ~self.values for pos, neg in self.clauses)
        return holds == (player is Player.LEFT)


@cache
def schedule(level: int, sigma: bool, group: int) -> tuple[tuple[bool, int], ...]:
    """Every step as (echo?, variable), in order; the starter plays the even steps."""
    trues = Level(level, sigma, group, ()).trues

    def own(starter: bool, k: int) -> int:  # the starter's (or the other's) k-th variable
        return k if starter == sigma else trues + k

    steps: list[tuple[bool, int]] = []
    for g in range(level // 2):
        ks = range(g * group, (g + 1) * group)
        for k in ks:
            steps += [(False, own(True, k)), (False, own(False, k))]
        for starter in (True, False):
            mine = [own(starter, k) for k in ks]
            for v in mine:
                steps += [(True, v), (True, v)]
            steps.append((True, mine[-1]))
    for k in range(level // 2 * group, (level // 2 + level % 2) * group):
        steps += [(False, own(True, k)), (True, own(True, k))]
    return tuple(steps)


@register
class QuantumLevel(PartizanRuleset[Level]):
    name = "quantum-level"
    aliases = ("quantumlevel",)
    summary = ("QuantumLevel(ℓ, C): True (Left) and False assign their variables group by "
               "group, then echo them; the player to move at the end wins iff their goal "
               "holds.  Classically QBF; quantumly Σℓ or Πℓ.")
    citation = Citation("001_56c9c94dd1ec088e.wrapped.txt", "L1293-1324", "Thm 6.4.12")
    text_format = (
        "ℓ,C,x:clauses -- level ℓ ≥ 1, C 'sigma' (True starts) or 'pi' (False starts), "
        "group size x; variables t1.., f1.. (x·⌊ℓ/2⌋ each, x more for the starter if ℓ is "
        "odd) in clauses like (t1|~f1)&(f1); then optionally '; t1=1,f1=0,...' (the moves "
        "played, echoes included) and '; over'"
    )
    examples = ("2,sigma,1:(t1|f1)&(~t1|~f1)", "3,pi,1:(t1|f1)&(~t1|f2)",
                "2,sigma,1:(t1|f1)&(~t1|~f1); t1=1,f1=0,t1=1")
    limits: ClassVar[Mapping[str, int]] = {"variables": MAX_VARIABLES}

    def parse(self, text: str) -> Level:
        head, colon, rest = text.strip().partition(":")
        fields = [part.strip() for part in head.split(",")]
        if not colon or len(fields) != 3 or fields[1] not in ("sigma", "pi"):
            raise ParseError("start with level, sigma or pi, and group size, then a colon, "
                             "like 2,sigma,1:(t1|f1)")
        level, group = read_int(fields[0], "the level"), read_int(fields[2], "the group size")
        if level < 1 or group < 1:
            raise ParseError("the level and the group size are at least 1: 1,sigma,1:(t1)")
        start = Level(level, fields[1] == "sigma", group, ())
        self.check_size("variables", start.trues + start.falses)
        names = start.names()
        formula, *options = (part.strip() for part in rest.split(";"))
        hint = ", ".join(f"{c}1..{c}{k}" for c, k in (("t", start.trues), ("f", start.falses))
                         if k)
        position = start._replace(clauses=parse_named_clauses(
            formula, {name: i for i, name in enumerate(names)}, hint))
        for option in options:
            if option == "over":
                if position.step < len(schedule(level, position.sigma, group)):
                    raise ParseError("'over' comes after every move: play them all first")
                position = position._replace(over=True)
                continue
            for item in filter(None, (part.strip() for part in option.split(","))):
                position = self._play(position, item, names)
        return position

    def _play(self, position: Level, item: str, names: list[str]) -> Level:
        steps = schedule(position.level, position.sigma, position.group)
        if position.over or position.step == len(steps):
            raise ParseError(f"{item!r}: every move is played already")
        echo, v = steps[position.step]
        match = _ASSIGNMENT.fullmatch(item)
        if match is None or item.partition("=")[0] != names[v]:
            raise ParseError(f"{item!r}: the next move is {'an echo of ' * echo}{names[v]}, "
                             f"like {names[v]}=1")
        bit = int(match.group(3))
        if echo and position.values >> v & 1 != bit:
            raise ParseError(f"{item!r}: an echo repeats the value {names[v]} has")
        return position._replace(step=position.step + 1, assigned=position.assigned | 1 << v,
                                 values=position.values | bit << v)

    def format(self, position: Level) -> str:
        names = position.names()
        parts = [f"{position.level},{'sigma' if position.sigma else 'pi'},{position.group}:"
                 + ("&".join(named_clause_text(c, names) for c in position.clauses) or "true")]
        steps = schedule(position.level, position.sigma, position.group)[:position.step]
        if steps:
            parts.append(",".join(f"{names[v]}={position.values >> v & 1}" for _, v in steps))
        return "; ".join(parts + ["over"] * position.over)

    def format_move(self, move: Move) -> str:
        if move == "win":
            return "win"
        name, bit = cast(tuple[str, int], move)
        return f"{name}={bit}"

    def moves(self, position: Level, player: Player) -> Iterator[tuple[Move, Level]]:
        """The step's assignment (either value) or echo (the value it has); after the
        last step, the phantom move iff the mover's goal holds."""
        if position.over or player is not position.mover:
            return
        steps = schedule(position.level, position.sigma, position.group)
        if position.step == len(steps):
            if position.goal(player):
                yield "win", position._replace(over=True)
            return
        echo, v = steps[position.step]
        name = position.names()[v]
        for bit in (position.values >> v & 1,) if echo else (0, 1):
            yield (name, bit), position._replace(
                step=position.step + 1, assigned=position.assigned | 1 << v,
                values=position.values | bit << v)

    def data(self, position: Level) -> dict[str, Any]:
        names = position.names()
        return {"level": position.level, "class": "sigma" if position.sigma else "pi",
                "group": position.group, "step": position.step,
                "formula": "&".join(named_clause_text(c, names) for c in position.clauses),
                "assigned": {names[v]: position.values >> v & 1 for v in range(len(names))
                             if position.assigned >> v & 1}, "over": position.over}

    def render_svg(self, position: Level) -> str:
        label = self.format(position)
        return svg_document(20 + 8 * len(label), 40, [text(10 + 4 * len(label), 20, label)],
                            f"{self.name} {label}")

    def random_position(self, rng: random.Random, size: int) -> Level:
        """Level 1 to 3 (to 4 from ``size`` 4), Σ or Π, groups of one variable, 1 to
        ``size`` clauses of up to 3 literals."""
        start = Level(rng.randint(1, 3 + (size >= 4)), rng.random() < 0.5, 1, ())
        variables = start.trues + start.falses
        return start._replace(clauses=random_clauses(rng, variables, size, fewest_literals=1))
