"""The Python entry points for sessions and notebooks: any ruleset, the right solver.

``position(ruleset, text)`` parses a position into a ``Position``, which knows its
ruleset: it prints as its text format, draws itself in Jupyter (``_repr_svg_``), and
gives its value, outcome and moves with the right solver for its ruleset (impartial:
the nimber as a Game, ``*n``; partizan: the canonical form).  ``solver(ruleset)``
is that right solver.  Game values render in Jupyter as HTML and thermographs and
the lattice as SVG by themselves.

>>> tw = position("transverse-wave", "(01)(234)(035)")
>>> tw
transverse-wave PPGGGG/GGPPPG/PGGPGP
>>> print(tw.value(), tw.outcome().value)
*4 N
>>> print(position("domineering", "2x4").value())
Miny(2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, overload

from grundy.protocol import ImpartialRuleset, Move, PartizanRuleset, Player, Ruleset
from grundy.rulesets import get
from grundy.search import Budget, Solver
from grundy.search.loopy import ImpartialLoopyRuleset, LoopyRuleset, LoopySolver, LoopyValue
from grundy.search.partizan import PartizanSolver
from grundy.values import Game, Outcome
from grundy.values.loopy import LoopyOutcome

AnySolver = Solver[Any] | PartizanSolver[Any] | LoopySolver[Any]


@overload
def solver(ruleset: LoopyRuleset[Any] | ImpartialLoopyRuleset[Any],  # type: ignore[overload-overlap]
           budget: Budget | None = None) -> LoopySolver[Any]: ...
@overload
def solver(ruleset: ImpartialRuleset[Any], budget: Budget | None = None) -> Solver[Any]: ...
@overload
def solver(ruleset: PartizanRuleset[Any],
           budget: Budget | None = None) -> PartizanSolver[Any]: ...
@overload
def solver(ruleset: Ruleset[Any] | str, budget: Budget | None = None) -> AnySolver: ...
def solver(ruleset: Ruleset[Any] | str, budget: Budget | None = None) -> AnySolver:
    """The solver for a ruleset (or its name): ``LoopySolver`` for rulesets whose
    positions repeat, ``Solver`` for impartial rulesets, ``PartizanSolver`` for partizan
    ones."""
    rules = get(ruleset) if isinstance(ruleset, str) else ruleset
    if rules.loopy:
        return LoopySolver(rules, budget)
    if isinstance(rules, PartizanRuleset):
        return PartizanSolver(rules, budget)
    assert isinstance(rules, ImpartialRuleset)
    return Solver(rules, budget)


@dataclass(frozen=True)
class Position:
    """A position together with its ruleset."""

    ruleset: Ruleset[Any]
    raw: Any
    _solver: list[AnySolver] = field(
        default_factory=list, repr=False, compare=False)

    @property
    def text(self) -> str:
        """The position in its ruleset's text format."""
        return self.ruleset.format(self.raw)

    def __repr__(self) -> str:
        return f"{self.ruleset.name} {self.text}"

    def __str__(self) -> str:
        return self.text

    def _repr_svg_(self) -> str:
        """Jupyter draws the position as the workbench does."""
        return self.ruleset.render_svg(self.raw)

    def solver(self) -> AnySolver:
        """The right solver for this ruleset (one per position, kept for later calls)."""
        if not self._solver:
            self._solver.append(solver(self.ruleset))
        return self._solver[0]

    def _budgeted(self, max_nodes: int | None, max_seconds: float | None) -> AnySolver:
        """The solver, with a fresh budget for one call (its table kept)."""
        found = self.solver()
        found.budget = Budget(max_nodes, max_seconds)
        return found

    def value(self, *, max_nodes: int | None = None,
              max_seconds: float | None = None) -> Game | LoopyValue:
        """The value: the nimber ``*n`` (impartial) or the canonical form (partizan); for
        a ruleset whose positions repeat, the loopy value (``LoopySolver.value``).

        ``max_nodes`` and ``max_seconds`` bound the search as ``grundy value``'s options
        do (None: no limit); ``grundy.search.BudgetExceeded`` when it runs out:

        >>> position("hex", "4").value(max_nodes=1_000)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.search.budget.BudgetExceeded: search stopped after 1,000 positions (node budget)...
        """
        found = self._budgeted(max_nodes, max_seconds)
        if isinstance(found, Solver):
            return Game.nimber(found.grundy(self.raw))
        return found.value(self.raw)

    def outcome(self, *, max_nodes: int | None = None,
                max_seconds: float | None = None) -> Outcome | LoopyOutcome:
        """Who wins with perfect play (P, N, L or R; with draws, for a ruleset whose
        positions repeat), within the same budgets as ``value``."""
        return self._budgeted(max_nodes, max_seconds).outcome(self.raw)

    def moves(self, player: Player | None = None,
              budget: Budget | None = None) -> list[tuple[Move, Position]]:
        """The legal moves and the positions they lead to (partizan: ``player``'s).

        Move generation that searches (a proof-Dictator move looks for a proof) runs
        under ``budget`` (default: the budget of this position's solver) and raises
        BudgetExceeded when it runs out."""
        rules = self.ruleset
        with (budget or self.solver().budget).active():
            if isinstance(rules, PartizanRuleset):
                if player is None:
                    raise TypeError(f"{rules.name} is partizan: say whose moves, "
                                    "player=Player.LEFT or Player.RIGHT")
                legal = list(rules.moves(self.raw, player))
            else:
                assert isinstance(rules, ImpartialRuleset)
                legal = list(rules.moves(self.raw))
        return [(move, Position(rules, child)) for move, child in legal]


def position(ruleset: Ruleset[Any] | str, text: str) -> Position:
    """Parse ``text`` as a position of ``ruleset`` (a ruleset or its name)."""
    rules = get(ruleset) if isinstance(ruleset, str) else ruleset
    return Position(rules, rules.parse(text))
