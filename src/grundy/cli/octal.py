"""``grundy values octal CODE --to N``: the nim sequence of a take-and-break game and its
period; ``grundy values misere quotient CODE --to N``: its misère quotient."""

from __future__ import annotations

import click

from grundy.cli.common import CliError, emit_json, json_option, saving
from grundy.cli.values import _deadline, time_option
from grundy.extras import require
from grundy.rulesets.heaps.take_and_break import (
    MAX_HEAPS,
    CodeError,
    TakeAndBreak,
    exceptional_heaps,
    grouped,
    nim_sequence,
    periodicity,
    plot_sequence,
)
from grundy.search.misere_quotient import misere_quotient


@click.command()
@click.argument("code")
@click.option("--to", "count", type=click.IntRange(1, MAX_HEAPS), default=200, show_default=True,
              metavar="N", help="Compute G(0), ..., G(N-1).")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, writable=True),
              help="Save a scatter plot of the sequence (PNG, SVG or PDF by extension).")
@time_option
@json_option
def octal(code: str, count: int, plot_path: str | None, max_seconds: float | None,
          as_json: bool) -> None:
    """The nim sequence of a heap game given by its code, and its period when proved.

    CODE is an octal or hexadecimal code (0.77 Kayles, 0.07 Dawson's Kayles, 0.137
    Dawson's chess, 4.07, 0.8F), a subtraction set (S(1,3,4), the code 0.3033) or
    `grundy` for Grundy's game.  A period is reported as
    proved when the values up to `last checked` meet the Guy-Smith periodicity theorem;
    raise --to when none is found.  Example: grundy values octal 0.77 --to 200
    """
    try:
        rule = TakeAndBreak.parse(code)
    except CodeError as error:
        raise CliError(str(error)) from None
    if plot_path is not None:
        require("plot", "a plot of the nim sequence", "matplotlib")
    values = nim_sequence(rule, count, None if max_seconds is None else _deadline(max_seconds),
                          max_seconds)
    found = periodicity(rule, count, values)
    if plot_path is not None:
        with saving(plot_path):
            plot_sequence(rule, values, plot_path, found)
    if as_json:
        emit_json({"code": str(rule), "values": values,
                   "periodicity": None if found is None else {
                       **found.to_json(), "exceptions": exceptional_heaps(values, found)}})
        return
    click.echo(f"{rule}: G(0..{count - 1})")
    width = found.period if found is not None and 4 <= found.period <= 40 else 10
    for row_number, row in enumerate(grouped(values, width)):
        click.echo(f"{row_number * width:>6}: " + " ".join(f"{v:>2}" for v in row))
    if found is None:
        click.echo("no period found in these values: raise --to")
        return
    status = ("proved (Guy-Smith)" if found.proved
              else "apparent, not proved (arithmetic periodicity)")
    click.echo(f"period {found.period}, pre-period {found.preperiod} (periodic from "
               f"n = {found.preperiod}), saltus {found.saltus}, last value checked "
               f"G({found.last_checked}): {status}")
    exceptions = exceptional_heaps(values, found)
    if exceptions:
        click.echo("exceptional heaps: " + ", ".join(map(str, exceptions)))


#: The largest heap a misère quotient is asked for.
MAX_QUOTIENT_HEAP = 500


@click.command("quotient")
@click.argument("code")
@click.option("--to", "count", type=click.IntRange(1, MAX_QUOTIENT_HEAP), default=30,
              show_default=True, metavar="N", help="The quotient of the heaps 1..N.")
@click.option("--max-trials", type=click.IntRange(1), default=None, metavar="T",
              help="Stop a heap after T failing trial monoids and say what the last one "
                   "proves (a lower bound on the quotient's order).")
@time_option
@json_option
def misere_quotient_command(code: str, count: int, max_trials: int | None,
                            max_seconds: float | None, as_json: bool) -> None:
    """The misère quotient of a heap game for the heaps 1..N (Plambeck & Siegel 2008).

    CODE is a take-and-break code, as for `grundy values octal` (0.77 Kayles, 0.75,
    0.07 Dawson's Kayles, 0.137 Dawson's chess, 4.07, 0.8F, S(1,3,4)); Grundy's game
    has no code here.  Prints the monoid's order, its presentation (generators are
    heaps; relations between least words), the P-portion, each element's outcome and
    the element of every heap: a sum of heaps is a misère P-position exactly when the
    product of its heaps' elements lies in the P-portion.
    Example: grundy misere quotient 0.77 --to 60
    """
    try:
        rule = TakeAndBreak.parse(code)
    except CodeError as error:
        raise CliError(str(error)) from None
    if rule.unequal_split:
        raise CliError("Grundy's game has no take-and-break code: give an octal or "
                       "hexadecimal code such as 0.77")
    quotient = misere_quotient(lambda heap: [parts for _, parts in rule.splits(heap)], count,
                               _deadline(max_seconds), max_trials=max_trials)
    if as_json:
        emit_json({"code": str(rule), "to": count, **quotient.to_json()})
        return
    names = quotient.names
    click.echo(f"misère quotient of {rule}, heaps 1..{count}: order {quotient.order}, "
               f"P-portion of {len(quotient.p_portion)}")
    click.echo("generators: " + ", ".join(f"{g} = heap {h}" for g, h in quotient.generators))
    click.echo("relations: " + (", ".join(f"{a} = {b}" for a, b in quotient.relations)
                                or "none"))
    click.echo("P-portion: " + ", ".join(names[x] for x in sorted(quotient.p_portion)))
    click.echo("outcomes: " + ", ".join(
        f"{name} {'P' if x in quotient.p_portion else 'N'}" for x, name in enumerate(names)))
    click.echo("heaps:")
    for start in range(1, count + 1, 10):
        row = range(start, min(count, start + 9) + 1)
        click.echo(f"{start:>6}: " + " ".join(f"{names[quotient.heaps[h]]:>6}" for h in row))
