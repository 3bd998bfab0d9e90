"""``grundy calc`` and ``grundy values thermograph``: the algebra of partizan game values."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import click

from grundy.cli.common import GAME_SETTINGS, SECONDS, CliError, emit_json, json_option, saving
from grundy.extras import require
from grundy.search import BudgetExceeded
from grundy.values import Game, NotationError, Thermograph, checked, parse
from grundy.values.notation import Dialect
from grundy.values.thermograph import plot

F = TypeVar("F", bound=Callable[..., object])


def time_option(command: F) -> F:
    return click.option(
        "--max-seconds", type=SECONDS, metavar="S",
        help="Give up after S seconds of calculation (exit status 3).")(command)


def _deadline(max_seconds: float | None) -> Callable[[], None]:
    """The check ``grundy.values.checked`` calls: stop once ``max_seconds`` have passed."""
    if max_seconds is None:
        return lambda: None
    end = time.monotonic() + max_seconds

    def check() -> None:
        if time.monotonic() > end:
            raise BudgetExceeded(f"calculation stopped after {max_seconds:g} s (time budget): "
                                 "raise --max-seconds or write a smaller game")

    return check


def _parse(expression: str, dialect: Dialect = "thesis") -> Game:
    try:
        return parse(expression, dialect)
    except NotationError as error:
        raise CliError(str(error)) from None
    except RecursionError:
        raise CliError("the game is too deep to compute here (Python's recursion limit): "
                       "write a shallower expression") from None


def _walls(thermo: Thermograph) -> list[str]:
    def points(wall: tuple[tuple[object, object], ...]) -> str:
        return "  ".join(f"({t}, {v})" for t, v in wall)

    return [f"left wall (t, value): {points(thermo.left)}",
            f"right wall (t, value): {points(thermo.right)}"]


def dialect_option(command: F) -> F:
    return click.option(
        "--dialect", type=click.Choice(["thesis", "cgsuite"]), default="thesis",
        show_default=True,
        help="How bars and commas nest: Ferland 2024's reading or CGSuite's grammar (they "
             "differ only on {3|0 || 2|-1, *}-style text).")(command)


@click.command(context_settings=GAME_SETTINGS)
@click.argument("expression")
@click.option("--latex", is_flag=True, help="Print the value in LaTeX (\\pm, \\uparrow, \\ast).")
@dialect_option
@time_option
@json_option
def calc(expression: str, latex: bool, dialect: Dialect, max_seconds: float | None,
         as_json: bool) -> None:
    """Print the canonical form of a game written in CGSuite notation.

    Example: grundy calc "{1|0} + ^ + *2".  Terms: 3, 3/4, 2.5, *, *n, ^, v, ^n, vn,
    ^*, v2*, ^[n] and ^<n> (CGSuite's uptimals), 1*, +-x, +-{a,b}, Tiny(x), Miny(x),
    1Tiny(x), {left options | right options} (more bars nest: {4|2 || 3|-2}), joined
    by + and -; CGSuite's methods G.Pow(x) and G.PowTo(x) (^.Pow(3) = ^<3>, ^.PowTo(3) =
    ^[3], ^.PowTo(7/4)), G.Subordinate(B) ((1/8).Subordinate(1) = -3), G.ConwayProduct(H)
    and G.NimProduct(H) (*8.NimProduct(*3) = *4).  Loopy games
    too: pass, on, off, over, under, upon, dud and labels, as in grundy calc "a:{0|{a|-1}}"
    or "on + off" (see grundy values loopy).
    """
    with checked(_deadline(max_seconds)):
        _calc(expression, latex, dialect, as_json)


#: CGSuite writes misère canonical forms *[...] (its misère-theory tutorial)
MISERE_TEXT = re.compile(r"\*\s*\[")


def _calc_misere(expression: str, as_json: bool) -> None:
    """A misère canonical form in CGSuite's notation, with its outcome and genus."""
    from grundy.values.misere import MisereError, MisereGame

    try:
        game = MisereGame.parse(expression)
    except MisereError as error:
        raise CliError(str(error)) from None
    except RecursionError:
        raise CliError("the game is too deep to compute here (Python's recursion limit): "
                       "write a shallower expression") from None
    outcome = "P" if game.is_p else "N"
    if as_json:
        emit_json({"expression": expression, "value": game.cgsuite(),
                   "simplest_form": str(game), "misere_outcome": outcome,
                   "genus": game.cgsuite_genus(), "birthday": game.birthday})
        return
    click.echo(f"{game.cgsuite()}\nmisère {outcome}: genus {game.cgsuite_genus()}, "
               f"simplest form {game}")


def _calc(expression: str, latex: bool, dialect: Dialect, as_json: bool) -> None:
    from grundy.cli.loopy import LOOPY_TEXT

    if LOOPY_TEXT.search(expression):  # pass, on, off, labels...: a loopy game
        _calc_loopy(expression, dialect, as_json)
        return
    if MISERE_TEXT.search(expression):  # *[...]: CGSuite's misère canonical forms
        _calc_misere(expression, as_json)
        return
    game = _parse(expression, dialect)
    outcome = game.outcome()
    if not as_json:
        click.echo(f"{game.latex() if latex else game}\n{outcome.value}: {outcome.description}")
        return
    number = game.number()
    interval = game.confusion_interval()
    emit_json({
        "expression": expression,
        "value": str(game),
        **({"latex": game.latex()} if latex else {}),
        "outcome": outcome.value,
        "is_number": game.is_number,
        "number": None if number is None else str(number),
        "nimber": game.nimber_value(),
        "birthday": game.birthday,
        "left_stop": str(game.left_stop()),
        "right_stop": str(game.right_stop()),
        "mean": str(game.mean()),
        "temperature": str(game.temperature()),
        "confusion_interval": None if interval.empty else str(interval),
        "is_infinitesimal": game.is_infinitesimal,
        "is_all_small": game.is_all_small,
    })


def _calc_loopy(expression: str, dialect: Dialect, as_json: bool) -> None:
    """``grundy calc`` on a loopy game: its value and outcome (``grundy values loopy``)."""
    from grundy.cli.loopy import describe, read_loopy
    from grundy.values.loopy import LoopyError

    try:
        result = describe(read_loopy(expression, dialect))
    except LoopyError as error:
        raise CliError(str(error)) from None
    if as_json:
        emit_json({"expression": expression, **result})
    else:
        click.echo(result["value"])
        if "outcome" in result:
            click.echo(f"{result['outcome']}: {result['outcome_description']}")
        else:
            click.echo(f"onside: {result['onside']}\noffside: {result['offside']}")


@click.command(context_settings=GAME_SETTINGS)
@click.argument("expression")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, writable=True),
              help="Save a picture of the thermograph (SVG drawn by grundy itself; PNG or PDF "
                   "by extension with the plot extra).")
@dialect_option
@time_option
@json_option
def thermograph(expression: str, plot_path: str | None, dialect: Dialect,
                max_seconds: float | None, as_json: bool) -> None:
    """Mean, temperature and the exact walls of a game's thermograph.

    Walls are breakpoints (temperature, value) from t = -1 up to the temperature, where
    both walls reach the mast.  Example: grundy values thermograph "{4|2}" --plot t.png
    """
    with checked(_deadline(max_seconds)):
        game = _parse(expression, dialect)
        thermo = game.thermograph()
    title = f"{game}: mean {thermo.mast}, temperature {thermo.temperature}"
    if plot_path is not None and Path(plot_path).suffix.lower() == ".svg":
        with saving(plot_path):
            Path(plot_path).write_text(thermo.svg(title), encoding="utf-8")
    elif plot_path is not None:
        require("plot", f"a {Path(plot_path).suffix or 'PNG'} thermograph", "matplotlib")
        with saving(plot_path):
            plot(thermo, plot_path, title=title)
    if as_json:
        emit_json({"value": str(game), **thermo.to_json()})
        return
    click.echo(f"{game}\nmean: {thermo.mast}\ntemperature: {thermo.temperature}")
    for line in _walls(thermo):
        click.echo(line)
