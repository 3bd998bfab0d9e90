"""The three-oracle model (Ferland 2024, §5.1; seed ``001_56c9c94dd1ec088e.txt``
@120500-122500).

An algorithm in this model never looks inside a position.  It may only ask:

- the **outcome oracle**: the outcome class o(G) of a position G;
- the **value oracle**: a position of the ruleset whose value is a given game value v;
- the **sum oracle**: a position equal to the disjunctive sum G1 + G2.

:class:`Oracles` is that interface; :class:`ValueOracles` backs it with the algebra of
:mod:`grundy.values` (a position *is* its canonical value), :class:`RulesetOracles` with a
ruleset and grundy's solvers, and :class:`Counting` wraps any of them and records every
query, so that an algorithm's cost can be compared with its theorem's bound.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, cast

from grundy.protocol import GrundyError, ImpartialRuleset, PartizanRuleset, Ruleset
from grundy.rulesets import get
from grundy.search import Solver
from grundy.search.partizan import PartizanSolver
from grundy.transforms.sum import Sum
from grundy.values import Game, Outcome

P = TypeVar("P")


class OracleError(GrundyError):
    """An oracle cannot answer (a value outside its ruleset's habitat, a query limit)."""


class Oracles(Protocol[P]):
    """The three oracles over positions of type ``P``."""

    def outcome(self, position: P) -> Outcome:
        """o(G): who wins G with perfect play."""
        ...

    def value(self, value: Game) -> P:
        """A position whose value is ``value``."""
        ...

    def sum(self, first: P, second: P) -> P:
        """A position equal to first + second."""
        ...


class ValueOracles:
    """The oracles over canonical games themselves: o(G) is read off the game.

    >>> oracles = ValueOracles()
    >>> oracles.outcome(oracles.sum(Game.up(), Game.nimber(1)))
    <Outcome.N: 'N'>
    """

    def outcome(self, position: Game) -> Outcome:
        return position.outcome()

    def value(self, value: Game) -> Game:
        return value

    def sum(self, first: Game, second: Game) -> Game:
        return first + second


#: A position of :class:`RulesetOracles`: parts played side by side, each a position of a
#: ruleset or a game value standing for a position of that value.
Part = tuple[Ruleset[Any], Hashable] | Game


class RulesetOracles:
    """The oracles for the positions of any ruleset, answered by grundy's searches.

    A position is a tuple of parts (a sum).  The outcome oracle solves the sum: for an
    impartial ruleset by the Sprague-Grundy search of the whole sum, with the value
    oracle's nimbers played as Nim heaps; for a partizan ruleset by adding the canonical
    values of the parts.  The value oracle of an impartial ruleset knows only nimbers (its
    habitat in this model); a partizan one takes any game value, as the thesis's
    assumption that numbers and multiples of ↑ are in the habitat allows.
    """

    def __init__(self, ruleset: Ruleset[Any]) -> None:
        self.ruleset = ruleset
        self._nim = cast(ImpartialRuleset[Any], get("nim"))
        self._solvers: dict[str, Any] = {}

    def position(self, position: Hashable) -> tuple[Part, ...]:
        """The oracles' form of one position of the ruleset."""
        return ((self.ruleset, position),)

    def outcome(self, position: tuple[Part, ...]) -> Outcome:
        if isinstance(self.ruleset, ImpartialRuleset):
            parts = [self._impartial(part) for part in position]
            ruleset, summed = Sum.of(parts)
            return Solver(ruleset).outcome(summed)
        total = Game.zero()
        for part in position:
            total = total + self._value_of(part)
        return total.outcome()

    def value(self, value: Game) -> tuple[Part, ...]:
        if isinstance(self.ruleset, ImpartialRuleset) and not value.is_nimber:
            raise OracleError(f"an impartial ruleset has no position of value {value}: "
                              "ask for a nimber")
        return (value,)

    def sum(self, first: tuple[Part, ...], second: tuple[Part, ...]) -> tuple[Part, ...]:
        return first + second

    def _impartial(self, part: Part) -> tuple[ImpartialRuleset[Any], Hashable]:
        if isinstance(part, Game):
            nimber = part.nimber_value()
            assert nimber is not None  # value() lets only nimbers through
            return self._nim, (nimber,)
        ruleset, position = part
        assert isinstance(ruleset, ImpartialRuleset)
        return ruleset, position

    def _value_of(self, part: Part) -> Game:
        if isinstance(part, Game):
            return part
        ruleset, position = part
        assert isinstance(ruleset, PartizanRuleset)
        solver = self._solvers.setdefault(ruleset.name, PartizanSolver(ruleset))
        value: Game = solver.value(position)
        return value


@dataclass
class Counting(Generic[P]):
    """Any oracles, with every query counted by kind (``outcome``, ``value``, ``sum``);
    ``limit`` bounds the outcome queries (an :class:`OracleError` past it)."""

    oracles: Oracles[P]
    limit: int | None = None
    queries: Counter[str] = field(default_factory=Counter)

    def outcome(self, position: P) -> Outcome:
        self.queries["outcome"] += 1
        if self.limit is not None and self.queries["outcome"] > self.limit:
            raise OracleError(f"more than {self.limit} outcome queries: raise the limit")
        return self.oracles.outcome(position)

    def value(self, value: Game) -> P:
        self.queries["value"] += 1
        return self.oracles.value(value)

    def sum(self, first: P, second: P) -> P:
        self.queries["sum"] += 1
        return self.oracles.sum(first, second)
