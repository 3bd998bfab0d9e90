"""``grundy values ops`` (operations on a partizan game value) and ``grundy values misere``
(impartial games under misère play: ``form`` for one game, ``quotient`` for a heap game)."""

from __future__ import annotations

import functools

import click

from grundy.cli.common import GAME_SETTINGS, CliError, emit_json, json_option, resolve
from grundy.cli.group import DefaultGroup
from grundy.cli.values import _deadline, _parse, dialect_option, time_option
from grundy.search import Budget
from grundy.search.misere_form import misere_form
from grundy.values import Game, checked
from grundy.values.infinitesimals import AtomicWeightUndefined
from grundy.values.misere import MisereError, MisereGame
from grundy.values.notation import Dialect


def _temper(game: Game) -> str:
    if game.is_even_tempered:
        return "even"
    return "odd" if game.is_odd_tempered else "neither"


def _atomic_weight(game: Game) -> str | None:
    try:
        return str(game.atomic_weight())
    except AtomicWeightUndefined:
        return None


@click.command("ops", context_settings=GAME_SETTINGS)
@click.argument("expression")
@click.option("--heat", metavar="T", help="Also print G heated by T (any game).")
@click.option("--overheat", nargs=2, metavar="S T", help="Also print G overheated from S to T.")
@click.option("--norton", metavar="U", help="Also print the Norton product G.U.")
@click.option("--ordinal", metavar="H", help="Also print the ordinal sum G:H.")
@click.option("--conjunctive", metavar="H", help="Also print the conjunctive sum of G and H.")
@click.option("--selective", metavar="H", help="Also print the selective sum of G and H.")
@click.option("--ish", metavar="H", help="Also say whether G - H is infinitesimal.")
@dialect_option
@time_option
@json_option
def value_ops(expression: str, heat: str | None, overheat: tuple[str, str] | None,
              norton: str | None, ordinal: str | None, conjunctive: str | None,
              selective: str | None, ish: str | None, dialect: Dialect,
              max_seconds: float | None, as_json: bool) -> None:
    """Atomic weight, reduced canonical form, frozen value, temper, incentives and more.

    EXPRESSION is in CGSuite notation, as for `grundy calc`.  Example:
    grundy values ops "{^^|vv}" --ordinal 1  (atomic weight *, ordinal sum ...)
    """
    read = functools.partial(_parse, dialect=dialect)
    with checked(_deadline(max_seconds)):
        game = read(expression)
        result: dict[str, object] = {
            "value": str(game),
            "birthday": game.birthday,
            "atomic_weight": _atomic_weight(game),
            "reduced_canonical_form": str(game.reduced()),
            "frozen": str(game.freeze()),
            "temper": _temper(game),
            "all_small": game.is_all_small,
            "incentives": [str(g) for g in game.incentives()],
            "followers": len(game.followers()),
        }
        if heat is not None:
            result["heated"] = str(game.heat(read(heat)))
        if overheat is not None:
            result["overheated"] = str(game.overheat(read(overheat[0]), read(overheat[1])))
        if norton is not None:
            unit = read(norton)
            if not unit > Game.zero():
                raise CliError(f"the Norton product needs a positive unit U; {unit} is not > 0")
            result["norton_product"] = str(game.norton(unit))
        for key, text, operation in (("ordinal_sum", ordinal, Game.ordinal_sum),
                                     ("conjunctive_sum", conjunctive, Game.conjunctive_sum),
                                     ("selective_sum", selective, Game.selective_sum)):
            if text is not None:
                result[key] = str(operation(game, read(text)))
        if ish is not None:
            result["ish"] = game.ish(read(ish))
    if as_json:
        emit_json({"expression": expression, **result})
        return
    for key, value in result.items():
        if key == "atomic_weight" and value is None:
            value = "not defined (the game is not all-small)"
        elif isinstance(value, list):
            value = ", ".join(value)
        click.echo(f"{key.replace('_', ' ')}: {value}")


misere = DefaultGroup(
    "misere", default="form",
    lazy={"form": "grundy.cli.valueops:misere_form_command",
          "quotient": "grundy.cli.octal:misere_quotient_command"},
    context_settings={"ignore_unknown_options": True},
    help="""Impartial games under misère play: the simplest form and genus of one game
    (`form`, the default: `grundy values misere "*2+*2"`), or the misère quotient of a
    heap game (`quotient`: `grundy values misere quotient 0.77 --to 60`).""")


@click.command("form", context_settings=GAME_SETTINGS)
@click.argument("game", nargs=-1, required=True, metavar="EXPRESSION | RULESET POSITION ...")
@time_option
@json_option
def misere_form_command(game: tuple[str, ...], max_seconds: float | None, as_json: bool) -> None:
    """An impartial game under misère play: simplest form, genus, tame or wild.

    Either an EXPRESSION (nim heaps 0, *, *n and option sets {G, H, ...} joined by +,
    or CGSuite's *[...] lists: *[2] is *2, *[[2],0] the game {{*2},0}) or positions of
    impartial rulesets, as for `grundy value`.  The form is also printed in CGSuite's
    notation (*[2[2]] for *2+*2).
    Examples: grundy values misere "*2+*2"  (simplest form {*2,*3}, genus 0^02, tame);
    grundy values misere "*[[2],1]"; grundy values misere kayles 4
    """
    deadline = _deadline(max_seconds)
    with checked(deadline):
        try:
            if len(game) == 1:
                form = MisereGame.parse(game[0])
            else:
                ruleset, position = resolve(game)
                form = misere_form(ruleset, position, Budget(max_seconds=max_seconds))
        except (MisereError, RecursionError) as error:
            raise CliError(str(error) if isinstance(error, MisereError) else
                           "the game is too deep to compute here: write a smaller game") from None
        plus, terms = form.genus()
        tameness = form.tameness()
    result = {
        "simplest_form": str(form),
        "cgsuite": form.cgsuite(),
        "misere_outcome": "P" if form.is_p else "N",
        "genus": form.genus_text(),
        "normal_nim_value": plus,
        "misere_nim_value": terms[0],
        "class": tameness,
    }
    if as_json:
        emit_json({"game": list(game), **result})
        return
    for key, value in result.items():
        click.echo(f"{key.replace('_', ' ')}: {value}")
