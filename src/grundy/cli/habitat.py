"""``grundy values habitat``: the values a ruleset takes over its positions up to a size."""

from __future__ import annotations

import click

from grundy.cli.common import CliError, emit_json, json_option
from grundy.rulesets import GrundyError, get
from grundy.search.habitat import habitat as habitat_of
from grundy.values import format_nimber


@click.command()
@click.argument("ruleset")
@click.option("--max-size", type=click.IntRange(1, 40), default=6, show_default=True,
              help="Enumerate positions of sizes 1..K.")
@json_option
def habitat(ruleset: str, max_size: int, as_json: bool) -> None:
    """The habitat of RULESET: every value taken by a position of size ≤ K, size by size,
    with a bar showing how it grows (Ferland 2024, §2.4).  Example:
    grundy values habitat kayles --max-size 8"""
    try:
        rules = get(ruleset)
        steps = habitat_of(rules, max_size)
    except GrundyError as error:
        raise CliError(str(error)) from None

    def show(value: object) -> str:
        return format_nimber(value) if isinstance(value, int) else str(value)

    if as_json:
        emit_json({"ruleset": rules.name, "steps": [
            {"size": s.size, "positions": s.positions, "new": [show(v) for v in s.new],
             "habitat": [show(v) for v in s.habitat]} for s in steps]})
        return
    for step in steps:
        new = ", ".join(show(v) for v in step.new) or "-"
        click.echo(f"size {step.size:>2}  {step.positions:>6} positions  "
                   f"{len(step.habitat):>3} values {'#' * len(step.habitat):<20}  new: {new}")
