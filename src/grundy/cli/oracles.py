"""``grundy values oracle``: Ferland's algorithms in the three-oracle model, with their query
counts."""

from __future__ import annotations

from typing import Any

import click

from grundy.cli.common import GAME_SETTINGS, emit_json, json_option
from grundy.oracles import (
    Counting,
    RulesetOracles,
    ValueOracles,
    WinningWay,
    identify_nimber,
    locate,
)
from grundy.protocol import ImpartialRuleset
from grundy.rulesets import get
from grundy.values import parse


@click.command(context_settings=GAME_SETTINGS)
@click.argument("ruleset")
@click.argument("position")
@click.option("--limit", type=click.IntRange(min=1), default=10_000, show_default=True,
              help="Give up after this many outcome queries.")
@click.option("--winning-way", is_flag=True,
              help="Impartial rulesets: Thm 3.4.2 instead of Algorithm 1 (look at the "
                   "options, ask only outcomes; at most 2h + 1 queries for a game of "
                   "height h whose positions have at most two options).")
@json_option
def oracle(ruleset: str, position: str, limit: int, winning_way: bool, as_json: bool) -> None:
    """Identify a position's value through the outcome, value and sum oracles only
    (Ferland 2024, Ch. 5): the nimber of an impartial position (Algorithm 1), else the
    number it is infinitesimally close to or its confusion interval (Algorithm 2).
    RULESET may be `value` to give POSITION in CGSuite notation.  With --winning-way
    the nimber comes from Thm 3.4.2 (Ferland 2024): the position's options are looked
    at, and the oracle answers only outcomes."""
    if ruleset == "value":
        if winning_way:
            raise click.UsageError("--winning-way needs an impartial ruleset whose options "
                                   "it can look at: give one such as undirected-geography")
        oracles: Counting[Any] = Counting(ValueOracles(), limit)
        start: Any = parse(position)
        impartial = start.is_nimber
    else:
        rules = get(ruleset)
        backing = RulesetOracles(rules)
        oracles = Counting(backing, limit)
        given = rules.parse(position)
        start = backing.position(given)
        impartial = isinstance(rules, ImpartialRuleset)
    answer: dict[str, Any]
    if winning_way and isinstance(rules, ImpartialRuleset):
        way = WinningWay(rules, oracles)
        nimber = way.nimber(given)
        answer = {"nimber": nimber, "followed": way.followed, "branched": way.branched}
    elif winning_way:
        raise click.UsageError(f"--winning-way needs an impartial ruleset; {ruleset} is "
                               "partizan: drop the flag")
    elif impartial:
        nimber = identify_nimber(start, oracles)
        answer = {"nimber": nimber}
    if impartial:
        text = f"*{nimber}" if nimber > 1 else ("*" if nimber else "0")
    else:
        found = locate(start, oracles)
        answer = {"location": str(found)}
        text = str(found)
    queries = {kind: oracles.queries[kind] for kind in ("outcome", "value", "sum")}
    if as_json:
        emit_json({**answer, "queries": queries})
        return
    click.echo(text)
    click.echo(f"{queries['outcome']} outcome queries, {queries['value']} value, "
               f"{queries['sum']} sum")
