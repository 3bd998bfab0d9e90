"""``grundy oracle``: Ferland's algorithms in the three-oracle model, with their query counts."""

from __future__ import annotations

from typing import Any

import click

from grundy.cli.common import emit_json, json_option
from grundy.oracles import Counting, RulesetOracles, ValueOracles, identify_nimber, locate
from grundy.protocol import ImpartialRuleset
from grundy.rulesets import get
from grundy.values import parse


@click.command()
@click.argument("ruleset")
@click.argument("position")
@click.option("--limit", type=click.IntRange(min=1), default=10_000, show_default=True,
              help="Give up after this many outcome queries.")
@json_option
def oracle(ruleset: str, position: str, limit: int, as_json: bool) -> None:
    """Identify a position's value through the outcome, value and sum oracles only
    (Ferland 2024, Ch. 5): the nimber of an impartial position (Algorithm 1), else the
    number it is infinitesimally close to or its confusion interval (Algorithm 2).
    RULESET may be `value` to give POSITION in CGSuite notation."""
    if ruleset == "value":
        oracles: Counting[Any] = Counting(ValueOracles(), limit)
        start: Any = parse(position)
        impartial = start.is_nimber
    else:
        rules = get(ruleset)
        backing = RulesetOracles(rules)
        oracles = Counting(backing, limit)
        start = backing.position(rules.parse(position))
        impartial = isinstance(rules, ImpartialRuleset)
    if impartial:
        nimber = identify_nimber(start, oracles)
        answer: dict[str, Any] = {"nimber": nimber}
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
