"""``grundy value`` and ``grundy moves`` for partizan rulesets (canonical forms).

``grundy.cli.main``'s ``value`` command hands a game over to ``partizan_value``
when some ruleset in it is partizan; a sum may mix partizan and impartial
positions (an impartial position counts as the nimber of its Grundy value).
"""

from __future__ import annotations

from typing import Any

import click

from grundy.cli import Output, Spinner
from grundy.cli.common import Search, echo_outcome, emit_json
from grundy.protocol import PartizanRuleset, Player
from grundy.rulesets import GrundyError, ImpartialRuleset, Ruleset, get
from grundy.search import Solver
from grundy.search.partizan import PartizanSolver
from grundy.values import Game, Outcome


def is_partizan(game: tuple[str, ...]) -> bool:
    """Does RULESET POSITION ... name a partizan ruleset?  (Unknown names: no, so that
    the impartial path reports them.)"""
    names = game[::2] if len(game) % 2 == 0 else ()
    try:
        return any(isinstance(get(name), PartizanRuleset) for name in names)
    except GrundyError:
        return False


def outcome_only_reason(ruleset: PartizanRuleset[Any]) -> str:
    """Why ``value`` prints an outcome class, not a value, for ``ruleset`` (Hex)."""
    return (f"outcome class: {ruleset.name} is partizan, so its value is a canonical form, "
            "not a nimber, and its forms are too large: it is searched only for who wins")


def partizan_value(game: tuple[str, ...], misere: bool, outcome_only: bool, search: Search,
                   as_json: bool) -> None:
    """Print the canonical form of the sum and its outcome (or only an outcome)."""
    pairs: list[tuple[Ruleset[Any], Any]] = []
    for name, text in zip(game[::2], game[1::2], strict=True):
        ruleset = get(name)
        pairs.append((ruleset, ruleset.parse(text)))
    if misere and len(pairs) != 1:
        raise GrundyError("misère play has no sum rule: give one RULESET POSITION with --misere")
    with search.opened_store() as store, Spinner() as spinner:
        budget = search.budget(spinner)
        ruleset, position = pairs[0]
        if len(pairs) == 1 and isinstance(ruleset, PartizanRuleset) and (
                misere or outcome_only or ruleset.outcomes_only):  # Hex: who wins
            solver = PartizanSolver(ruleset, budget, store, search.engine)
            outcome = (solver.misere_outcome if misere else solver.outcome)(position)
            if misere or outcome_only:
                echo_outcome(ruleset, position, outcome, misere, as_json)
            elif as_json:
                emit_json({**ruleset.to_json(position), "value": None,
                           "outcome": outcome.value, "why": outcome_only_reason(ruleset)})
            else:
                click.echo(f"{outcome.value} ({outcome_only_reason(ruleset)})\n"
                           f"{outcome.value}: {outcome.description}")
            return
        total = Game.zero()
        for ruleset, position in pairs:
            if isinstance(ruleset, PartizanRuleset):
                total += PartizanSolver(ruleset, budget, store, search.engine).value(position)
            else:
                assert isinstance(ruleset, ImpartialRuleset)
                total += Game.nimber(Solver(ruleset, budget, store, search.engine).grundy(position))
    outcome = total.outcome()
    if as_json:
        parts = [ruleset.to_json(position) for ruleset, position in pairs]
        emit_json({**(parts[0] if len(parts) == 1 else {"sum": parts}),
                   "value": str(total), "outcome": outcome.value})
    elif outcome_only:
        click.echo(f"{outcome.value}\nnormal play: {outcome.description}")
    else:
        click.echo(f"{total}\n{outcome.value}: {outcome.description}")


def resolve_partizan(game: tuple[str, ...], why: str) -> tuple[PartizanRuleset[Any], Any]:
    """The one partizan RULESET POSITION pair of ``game`` (sums are refused: ``why``)."""
    if len(game) != 2:
        raise GrundyError(f"give one partizan RULESET POSITION: {why}")
    ruleset = get(game[0])
    assert isinstance(ruleset, PartizanRuleset)
    return ruleset, ruleset.parse(game[1])


def partizan_moves(game: tuple[str, ...], search: Search, as_json: bool) -> None:
    """Each player's moves with the canonical value they lead to (the outcome, for Hex).
    A Left move wins (Left moving first) iff it leads to a position ≥ 0 (outcome P or
    L), a Right move iff ≤ 0 (P or R)."""
    ruleset, position = resolve_partizan(game, "moves in sums are not listed")
    with Spinner() as spinner, search.partizan_solver(ruleset, spinner) as solver:
        value, outcome = solver.value_text(position)
        rows: list[tuple[str, str, str, str, bool]] = []
        for player in Player:
            wins = (Outcome.P, Outcome.L if player is Player.LEFT else Outcome.R)
            for move, child in ruleset.moves(position, player):
                after, after_outcome = solver.value_text(child)
                rows.append((player.value, ruleset.format_move(move), ruleset.format(child),
                             after, after_outcome in wins))
    if as_json:
        fields = ("player", "move", "position", "value", "winning")
        emit_json({**ruleset.to_json(position), "value": value, "outcome": outcome.value,
                   "moves": [dict(zip(fields, row, strict=True)) for row in rows]})
        return
    out = Output()
    out.line(f"{ruleset.name} {ruleset.format(position)}: {value} "
             f"({outcome.value}, {outcome.description})", style="bold")
    if not rows:
        out.line("no legal moves for either player")
        return
    out.table(["player", "move", "position after", "value", ""],
              [[*row[:4], "winning" if row[4] else ""] for row in rows],
              styles=["bold green" if row[4] else "" for row in rows])
