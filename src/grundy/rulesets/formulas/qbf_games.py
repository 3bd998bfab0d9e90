"""The QBF and QSAT game families of Ferland 2024, §6.4.1, classical and quantum.

Seed 001 (``001_56c9c94dd1ec088e.wrapped.txt`` L1157-1192).  A CNF f over True's
variables T1, T2, ... and False's F1, F2, ...; Player True (Left, first) wants f
true, Player False (Right) wants it false.  In the QBF family the variables are set
in the order T1, F1, T2, F2, ... (∃T1 ∀F1 ∃T2 ...); in the QSAT family (partition
free) each player sets any of their own unset variables.  Case Even: as many T as F
variables; Case Odd: one more T.  The variants differ in how the game ends:

- Phantom-Move: once every variable is set, the player to move has one more move
  (``win``) iff the assignment is a win for them.
- ClauseSelector: once every variable is set (and, in Case Even, True has passed),
  False may select a clause whose literals are all false; then the game is over.
- LiteralSelector: likewise False selects any clause, then True may select a true
  literal of it.
- TKO: a player may not move once the opponent's victory condition holds, nor make
  an assignment that meets it.  True's condition: a true literal in every clause;
  False's: a clause whose literals are all false.
- KO: a player whose assignment meets their own condition may end the game with it.
- Haymaker: a player whose condition holds may, instead of an assignment, end the
  game with a ``blow``.

The quantum rulesets (``quantum-...``) play superpositions of these positions with
quantum moves of width 2 (seed 001 §6.1, variant D): a move ⟨σ1|σ2⟩ is feasible iff
each σ is feasible in some realization; infeasible pairs collapse.

Text: the TQBF game's, ``N:(x1|~x2)&(x3)``, with x(2i−1) = Ti and x(2i) = Fi (N
even is Case Even), then optionally ``; x1=1,x2=0`` (the variables set so far; in
order for QBF), ``; pass`` (True's extra move of the selector games), ``; clause=2``
(LiteralSelector: False's choice) and ``; over``.  A superposition is ``<(...)|(...)>``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from itertools import combinations
from typing import Any, ClassVar, NamedTuple, cast

from grundy.protocol import Citation, Move, ParseError, PartizanRuleset, Player, read_int
from grundy.rulesets.drawing import svg_document, text
from grundy.rulesets.formulas.avoid_true import MAX_CLAUSES
from grundy.rulesets.formulas.tqbf import _ASSIGNMENT, MAX_VARIABLES, clause_text, parse_clauses
from grundy.rulesets.graphs import vertices
from grundy.rulesets.registry import register

SEED = "001_56c9c94dd1ec088e.wrapped.txt"
#: Most realizations of a superposition given as text.
MAX_REALIZATIONS = 64
VARIANTS = ("phantom-move", "clause-selector", "literal-selector", "tko", "ko", "haymaker")
TITLES = dict(zip(VARIANTS, ("Phantom-Move", "ClauseSelector", "LiteralSelector", "TKO", "KO",
                             "Haymaker"), strict=True))
#: True's variables x1, x3, x5, ... (bit i is x(i+1)).
TRUE_OWNS = int("01" * (MAX_VARIABLES // 2 + 1), 2)


class QbfPosition(NamedTuple):
    """Variables x1..xN (bit i is x(i+1)), clauses as (positive, negative) masks, the
    set variables and their values, True's pass, False's chosen clause (-1: none)."""

    variables: int
    clauses: tuple[tuple[int, int], ...]
    assigned: int = 0
    values: int = 0
    passed: bool = False
    chosen: int = -1
    over: bool = False

    @property
    def full(self) -> bool:
        return self.assigned == (1 << self.variables) - 1

    @property
    def mover(self) -> Player:
        """Each move adds one to the count, so its parity says whose turn it is."""
        count = self.assigned.bit_count() + self.passed + (self.chosen >= 0)
        return Player.LEFT if count % 2 == 0 else Player.RIGHT

    def true_literals(self, clause: tuple[int, int]) -> int:
        pos, neg = clause
        return (pos & self.values | neg & ~self.values) & self.assigned

    def true_won(self) -> bool:
        """Every clause has a true literal (True's victory condition)."""
        return all(self.true_literals(c) for c in self.clauses)

    def false_won(self) -> bool:
        """Some clause has only false literals (False's victory condition)."""
        return any(not (c[0] | c[1]) & ~self.assigned and not self.true_literals(c)
                   for c in self.clauses)

    def won(self, player: Player) -> bool:
        return self.true_won() if player is Player.LEFT else self.false_won()


Superposition = tuple[QbfPosition, ...]


class Superposed(tuple[Move, ...]):
    """A quantum move: the classical moves it superposes."""


def superpose(realizations: Iterator[QbfPosition]) -> Superposition:
    return tuple(sorted(set(realizations)))


class QbfGame(PartizanRuleset[Superposition]):
    """One variant of the family; ``ordered`` for QBF, ``width`` 2 for the quantum game."""

    variant: ClassVar[str]
    ordered: ClassVar[bool]
    width: ClassVar[int] = 1
    limits: ClassVar[Mapping[str, int]] = {
        "variables": MAX_VARIABLES, "clauses": MAX_CLAUSES, "realizations": MAX_REALIZATIONS}

    # -- rules -------------------------------------------------------------
    def assignments(self, p: QbfPosition, player: Player) -> Iterator[tuple[Move, QbfPosition]]:
        """Set one of the player's variables (the next one, for QBF) to 0 or 1."""
        free = ~p.assigned & ((1 << p.variables) - 1)
        free &= TRUE_OWNS if player is Player.LEFT else TRUE_OWNS << 1
        if self.ordered:
            free &= 1 << p.assigned.bit_count()
        for v in vertices(free):
            for bit in (0, 1):
                yield (v, bit), p._replace(assigned=p.assigned | 1 << v,
                                           values=p.values | bit << v)

    def classical_moves(self, p: QbfPosition, player: Player) -> Iterator[tuple[Move, QbfPosition]]:
        """The moves of one realization (§6.4.1, L1172-1192)."""
        if p.over or player is not p.mover:
            return
        over = p._replace(over=True)
        opponent = player.opponent
        if self.variant == "tko":
            if not p.won(opponent):
                yield from ((m, q) for m, q in self.assignments(p, player) if not q.won(opponent))
            return
        yield from self.assignments(p, player)
        if self.variant == "haymaker" and p.won(player):
            yield "blow", over
        if self.variant == "ko":
            for move, q in list(self.assignments(p, player)):
                if q.won(player):
                    yield ("ko", *cast(tuple[int, int], move)), q._replace(over=True)
        if self.variant in ("haymaker", "ko") or not p.full:
            return
        if self.variant == "phantom-move":
            if p.won(player):
                yield "win", over
        elif player is Player.LEFT and not p.passed and p.chosen < 0:
            yield "pass", p._replace(passed=True)
        elif self.variant == "clause-selector":
            for i, clause in enumerate(p.clauses):
                if not p.true_literals(clause):
                    yield ("clause", i), over
        elif player is Player.RIGHT:  # literal selector: False picks any clause
            for i in range(len(p.clauses)):
                yield ("clause", i), p._replace(chosen=i)
        else:  # ... and True a true literal in it
            for v in vertices(p.true_literals(p.clauses[p.chosen])):
                yield ("literal", v, p.values >> v & 1), over

    def moves(self, position: Superposition,
              player: Player) -> Iterator[tuple[Move, Superposition]]:
        """Classical moves feasible in some realization, applied where feasible, then
        superpositions of 2..width distinct ones (seed 001 §6.1, L934)."""
        table = [dict(self.classical_moves(p, player)) for p in position]
        labels = list(dict.fromkeys(label for moves in table for label in moves))
        for k in range(1, min(self.width, len(labels)) + 1):
            for chosen in combinations(labels, k):
                yield (chosen[0] if k == 1 else Superposed(chosen)), superpose(
                    moves[label] for moves in table for label in chosen if label in moves)

    # -- text --------------------------------------------------------------
    def parse(self, text: str) -> Superposition:
        text = text.strip()
        if not text.startswith("<"):
            return (self.parse_realization(text),)
        if self.width == 1:
            raise ParseError(f"{self.name} is classical: give one position, or use "
                             f"quantum-{self.name} for superpositions")
        if not text.endswith(">"):
            raise ParseError(f"superposition {text!r} does not end with '>': write <(...)|(...)>")
        parts = text[1:-1].split(")|(")  # never inside a realization: clauses join by &
        self.check_size("realizations", len(parts))
        if not (parts[0].startswith("(") and parts[-1].endswith(")")):
            raise ParseError("put each realization in parentheses: <(2:(x1); x1=1)|(...)>")
        parts[0], parts[-1] = parts[0][1:], parts[-1][:-1]
        return superpose(self.parse_realization(part) for part in parts)

    def parse_realization(self, text: str) -> QbfPosition:
        head, colon, rest = text.strip().partition(":")
        if not colon or not head.strip().isdigit():
            raise ParseError("start with the number of variables and a colon, like 2:(x1|~x2)")
        variables = self.check_size("variables", read_int(head, "the number of variables"))
        if variables < 1:
            raise ParseError("0 variables: give at least x1 (True's first variable)")
        formula, *options = (part.strip() for part in rest.split(";"))
        self.check_size("clauses", formula.count("&") + 1)
        p = QbfPosition(variables, parse_clauses(formula, variables))
        for option in options:
            if option == "over":
                if not (p.full or self.variant in ("ko", "haymaker")):
                    raise ParseError("'over' needs every variable set: remove it or set them")
                p = p._replace(over=True)
            elif option == "pass" and self.variant.endswith("selector") and p.full \
                    and p.mover is Player.LEFT:
                p = p._replace(passed=True)
            elif option.startswith("clause=") and self.variant == "literal-selector" \
                    and p.full and p.mover is Player.RIGHT:
                number = read_int(option[7:], "the clause number")
                if not 1 <= number <= len(p.clauses):
                    raise ParseError(f"{option!r}: clauses are numbered 1 to {len(p.clauses)}")
                p = p._replace(chosen=number - 1)
            elif option in ("pass", "over") or option.startswith("clause="):
                raise ParseError(f"{option!r} does not fit here: {self.name} has it only "
                                 "after every variable is set, on its player's turn")
            else:
                p = self._assign(p, option)
        return p

    def _assign(self, p: QbfPosition, option: str) -> QbfPosition:
        for item in filter(None, (part.strip() for part in option.split(","))):
            match = _ASSIGNMENT.fullmatch(item)
            if match is None:
                raise ParseError(f"{item!r}: write assignments like '; x1=1,x2=0'")
            v = int(match.group(1)) - 1
            if v >= p.variables or p.assigned >> v & 1:
                raise ParseError(f"{item!r}: set each of x1..x{p.variables} at most once")
            if self.ordered and v != p.assigned.bit_count():
                raise ParseError(f"{item!r}: QBF sets the variables in order "
                                 f"(next is x{p.assigned.bit_count() + 1})")
            if p.over or p.passed:
                raise ParseError(f"{item!r}: no assignment comes after 'pass' or 'over'")
            p = p._replace(assigned=p.assigned | 1 << v, values=p.values | int(match.group(2)) << v)
        if not self.ordered and p.assigned.bit_count() > 0:
            trues = (p.assigned & TRUE_OWNS).bit_count()
            if trues - (p.assigned.bit_count() - trues) not in (0, 1):
                raise ParseError("True and False alternate, True first: set as many of "
                                 "x1, x3, ... as of x2, x4, ..., or one more")
        return p

    def format_realization(self, p: QbfPosition) -> str:
        parts = [f"{p.variables}:" + ("&".join(map(clause_text, p.clauses)) or "true")]
        if p.assigned:
            parts.append(",".join(f"x{v + 1}={p.values >> v & 1}" for v in vertices(p.assigned)))
        parts += ["pass"] * p.passed + [f"clause={p.chosen + 1}"] * (p.chosen >= 0)
        return "; ".join(parts + ["over"] * p.over)

    def format(self, position: Superposition) -> str:
        if len(position) == 1:
            return self.format_realization(position[0])
        return "<" + "|".join(f"({self.format_realization(p)})" for p in position) + ">"

    def format_move(self, move: Move) -> str:
        if isinstance(move, Superposed):
            return "<" + "|".join(sorted(map(self.format_move, move))) + ">"
        if isinstance(move, str):
            return move
        kind, *rest = cast(tuple[Any, ...], move)
        if kind == "clause":
            return f"clause={rest[0] + 1}"
        if kind == "literal":
            return f"{'' if rest[1] else '~'}x{rest[0] + 1}"
        if kind == "ko":
            return f"x{rest[0] + 1}={rest[1]}!"
        return f"x{kind + 1}={rest[0]}"

    # -- pictures ----------------------------------------------------------
    def data(self, position: Superposition) -> dict[str, Any]:
        return {"realizations": [{
            "variables": p.variables,
            "formula": "&".join(map(clause_text, p.clauses)) or "true",
            "assignment": {f"x{v + 1}": p.values >> v & 1 for v in vertices(p.assigned)},
            "passed": p.passed, "chosen": p.chosen + 1 if p.chosen >= 0 else None,
            "over": p.over} for p in position]}

    def render_text(self, position: Superposition) -> str:
        return "\n|\n".join(map(self.format_realization, position))

    def render_svg(self, position: Superposition) -> str:
        """One line per realization."""
        lines = [self.format_realization(p) for p in position]
        width = 20 + 8 * max(map(len, lines))
        body = [text(width / 2, 20 + 24 * i, line) for i, line in enumerate(lines)]
        return svg_document(width, 16 + 24 * len(lines), body,
                            f"{self.name} {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Superposition:
        """A classical start: ``size`` variables (at most 4 for the quantum games) and
        1 to ``size`` clauses of up to 3 literals."""
        variables = max(1, min(size, 4 if self.width > 1 else MAX_VARIABLES))
        clauses = []
        for _ in range(rng.randint(1, max(1, size))):
            chosen = rng.sample(range(variables), rng.randint(1, min(3, variables)))
            signs = [rng.random() < 0.5 for _ in chosen]
            clauses.append((sum(1 << v for v, s in zip(chosen, signs, strict=True) if s),
                            sum(1 << v for v, s in zip(chosen, signs, strict=True) if not s)))
        return (QbfPosition(variables, tuple(clauses)),)


_RULES = {
    "phantom-move": "once all are set, the player to move may move iff the assignment wins",
    "clause-selector": "once all are set, False may select an all-false clause",
    "literal-selector": "once all are set, False selects a clause and True a true literal in it",
    "tko": "no move into or after the opponent's victory condition",
    "ko": "an assignment meeting the mover's victory condition may end the game",
    "haymaker": "a player whose victory condition holds may end the game instead of moving",
}


def _family() -> None:
    """Register the 24 rulesets: each variant, QBF and QSAT, classical and quantum."""
    for variant, (order, ordered) in ((v, o) for v in VARIANTS
                                      for o in (("qbf", True), ("qsat", False))):
        for width in (1, 2):
            prefix = "quantum-" if width > 1 else ""
            how = ("in order T1, F1, T2, ..." if ordered else "any of their own")
            attributes = {
                "name": f"{prefix}{variant}-{order}",
                "variant": variant, "ordered": ordered, "width": width,
                "summary": (f"{'Quantum (width 2) ' if width > 1 else ''}{TITLES[variant]} "
                            f"{order.upper()}: True (Left, first) and False set variables, "
                            f"{how}; {_RULES[variant]}."),
                "citation": Citation(SEED, "L1157-1192", "§6.4.1"),
                "text_format": ("N:clauses -- x1, x3, ... are True's (T1, T2, ...), x2, x4, ... "
                                "False's; then optionally '; x1=1,x2=0', '; pass', "
                                "'; clause=2', '; over'"
                                + ("; a superposition <(...)|(...)>" if width > 1 else "")),
                "examples": ("2:(x1|~x2)&(~x1|x2)", "3:(x1|x2)&(~x2|x3)"),
            }
            register(type(f"{variant.title().replace('-', '')}{order.upper()}{width}",
                          (QbfGame,), attributes))


_family()
