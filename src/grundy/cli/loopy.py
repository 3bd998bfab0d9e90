"""``grundy values loopy``: loopy games written in CGSuite notation, or positions of the
rulesets whose positions repeat (Fox and Geese, Backsliding Toads and Frogs)."""

from __future__ import annotations

import importlib
import re
from typing import Any

import click

from grundy.cli.common import GAME_SETTINGS, NODES, CliError, emit_json, json_option
from grundy.cli.values import _deadline, dialect_option, time_option
from grundy.search import Budget
from grundy.search.loopy import LoopyRuleset, game_graph, loopy_outcome
from grundy.values import checked
from grundy.values.loopy import Loopy, LoopyError, Sides
from grundy.values.loopy_notation import parse_loopy
from grundy.values.notation import Dialect

#: The rulesets whose positions repeat, by name: solved here, not by the short-game
#: search (they are not in the registry's sweep, which expects short games).
LOOPY_RULESETS = {
    "fox-and-geese": "grundy.rulesets.grids.fox_and_geese:FoxAndGeese",
    "backsliding-toads-and-frogs":
        "grundy.rulesets.strips.backsliding_toads_and_frogs:BackslidingToadsAndFrogs",
}

#: Text that only the loopy reader understands: its words, or a label before a brace.
LOOPY_TEXT = re.compile(r"\b(pass|on|off|over|under|upon|dud)\b|[A-Za-z_]\w*\s*:?\s*\{|"
                        r"\d(over|under)\b")


def loopy_ruleset(name: str) -> LoopyRuleset[Any]:
    """The loopy ruleset called ``name`` (CliError naming the choices otherwise)."""
    where = LOOPY_RULESETS.get(name)
    if where is None:
        raise CliError(f"unknown loopy ruleset {name!r}: choose one of "
                       f"{', '.join(LOOPY_RULESETS)}")
    module, attribute = where.split(":")
    ruleset: LoopyRuleset[Any] = getattr(importlib.import_module(module), attribute)()
    return ruleset


def read_loopy(expression: str, dialect: Dialect) -> Loopy:
    try:
        return parse_loopy(expression, dialect)
    except RecursionError:
        raise CliError("the game is too deep to read here: write a shallower expression"
                       ) from None
    except LoopyError as error:
        raise CliError(str(error)) from None


def describe(game: Loopy) -> dict[str, Any]:
    """What ``grundy values loopy`` and ``grundy calc`` print about a loopy game."""
    outcome = game.outcome()
    value: Loopy | Sides = game.canonical() if game.is_stopper() else game.sides()
    result: dict[str, Any] = {"value": str(value), "outcome": outcome.value,
                              "outcome_description": outcome.description,
                              "stopper": game.is_stopper(), "positions": len(game)}
    if isinstance(value, Sides):
        result["onside"], result["offside"] = str(value.onside), str(value.offside)
    else:
        result["stops"] = [str(stop) for stop in value.stops()]
    return result


@click.command("loopy", context_settings=GAME_SETTINGS)
@click.argument("game", nargs=-1, required=True, metavar="EXPRESSION | RULESET POSITION")
@click.option("--compare", metavar="H", help="Also say whether G >= H and G <= H.")
@click.option("--outcome-only", is_flag=True,
              help="For a ruleset's position: only who wins (retrograde analysis, no value).")
@click.option("--max-nodes", type=NODES, metavar="N",
              help="Give up exploring a ruleset's positions after N (exit status 3).")
@dialect_option
@time_option
@json_option
def loopy(game: tuple[str, ...], compare: str | None, outcome_only: bool,
          max_nodes: int | None, dialect: Dialect, max_seconds: float | None,
          as_json: bool) -> None:
    """A loopy game's value (simplest form of a stopper, or onside & offside) and its
    outcome with each player moving first (infinite play is a draw).

    Either an EXPRESSION in CGSuite notation with pass, on, off, over, under, upon, dud
    and labels (a:{0|{a|-1}}), or a RULESET (fox-and-geese,
    backsliding-toads-and-frogs) and a POSITION.  Examples:
    grundy values loopy "on + off"   (dud: on & off, a draw);
    grundy values loopy fox-and-geese "G.G./..../F..." --outcome-only
    """
    with checked(_deadline(max_seconds)):
        try:
            if len(game) == 1:
                subject = game[0]
                found = read_loopy(subject, dialect)
                result = describe(found)
            elif len(game) == 2:
                ruleset = loopy_ruleset(game[0])
                position = ruleset.parse(game[1])
                subject = f"{ruleset.name} {ruleset.format(position)}"
                budget = Budget(max_nodes=max_nodes, max_seconds=max_seconds)
                if outcome_only:
                    outcome = loopy_outcome(ruleset, position, budget)
                    result = {"outcome": outcome.value,
                              "outcome_description": outcome.description}
                    found = None
                else:
                    found = game_graph(ruleset, position, budget).loopy()
                    result = describe(found)
            else:
                raise CliError("give one EXPRESSION, or a RULESET and one POSITION")
            if compare is not None:
                if found is None:
                    raise CliError("--compare needs the value: drop --outcome-only")
                other = read_loopy(compare, dialect)
                result["ge"], result["le"] = found >= other, found <= other
        except LoopyError as error:
            raise CliError(str(error)) from None
    if as_json:
        emit_json({"game": list(game), **result})
        return
    if "value" in result:
        click.echo(result["value"])
    click.echo(f"{result['outcome']}: {result['outcome_description']}")
    for key in ("onside", "offside"):
        if key in result:
            click.echo(f"{key}: {result[key]}")
    if "stops" in result:
        click.echo("stops: {} (Left), {} (Right)".format(*result["stops"]))
    if compare is not None:
        click.echo(f"G >= H: {str(result['ge']).lower()}\nG <= H: {str(result['le']).lower()}")

