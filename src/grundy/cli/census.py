"""``grundy census run``, ``census query`` and ``census split``: families of positions and
large positions on Dask, results in Parquet, read with DuckDB."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from grundy.census import (
    FAMILY_SYNTAX,
    Census,
    find_period,
    first_counterexample,
    histogram,
    load,
    load_predicate,
    plot,
    query,
    run,
    sequence,
    split_solve,
    subtraction_take,
)
from grundy.census.compute import QUANTITIES
from grundy.census.run import Progress as ProgressCallback
from grundy.cli import Output
from grundy.cli.common import GAME_SETTINGS, NODES, emit_json, json_option
from grundy.rulesets import get
from grundy.values import format_nimber

CLUSTER_OPTIONS = [
    click.option("--workers", type=click.IntRange(min=1), metavar="N",
                 help="Worker processes of the local cluster (default: one per core)."),
    click.option("--scheduler", metavar="ADDRESS",
                 help="Use the Dask scheduler at ADDRESS (e.g. tcp://head:8786) instead of "
                      "a local cluster; its workers need grundy installed."),
    click.option("--store", metavar="PATH",
                 help="Workers share solved positions through this SQLite store (a path "
                      "every worker can reach)."),
    click.option("--max-nodes", type=NODES, metavar="N",
                 help="Node budget per position."),
]


def cluster_options(command: Any) -> Any:
    for option in reversed(CLUSTER_OPTIONS):
        command = option(command)
    return command


@contextmanager
def progress_bar(label: str) -> Iterator[ProgressCallback | None]:
    """A chunk progress bar on stderr when it is a terminal, else nothing."""
    if not sys.stderr.isatty():
        yield None
        return
    with Progress(*Progress.get_default_columns()[:1], BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), transient=True) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


@click.command("run", context_settings=GAME_SETTINGS)
@click.argument("spec", nargs=-1, metavar="[RULESET FAMILY]")
@click.option("--out", "directory", required=True, type=click.Path(file_okay=False),
              help="Directory of the census (census.json and one Parquet file per chunk).")
@click.option("--compute", default="nimber", show_default=True, metavar="LIST",
              help=f"Comma-separated: {', '.join(QUANTITIES)} (canonical for partizan "
                   "rulesets, misere = misère outcome).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of random:SIZE:COUNT samples.")
@click.option("--chunk-size", type=click.IntRange(min=1),
              help="Positions per chunk, the unit of work and of resumption "
                   "[default: the family in about 100 chunks of 100 to 50,000].")
@click.option("--resume", is_flag=True,
              help="Finish the census in --out, solving only its missing chunks "
                   "(RULESET FAMILY may then be left out).")
@cluster_options
@click.option("--histogram", "show_histogram", is_flag=True,
              help="Print how often each value occurs at each n.")
@click.option("--sequence", "show_sequence", is_flag=True,
              help="Print the values by n with the period and pre-period found.")
@click.option("--max-take", type=click.IntRange(min=1), metavar="T",
              help="The family is single heaps of an octal game taking at most T tokens: "
                   "prove the period by the Guy-Smith theorem (found by itself for "
                   "subtraction games).")
@click.option("--conjecture", metavar="PREDICATE",
              help="Find the first position where PREDICATE(position, value) is false: "
                   "'lambda position, value: ...' or module:function.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False),
              help="Draw the sequence or the value shares per n (PNG, SVG or PDF).")
@json_option
def census(spec: tuple[str, ...], directory: str, compute: str, seed: int,
           chunk_size: int | None,
           resume: bool, workers: int | None, scheduler: str | None, store: str | None,
           max_nodes: int | None, show_histogram: bool, show_sequence: bool,
           max_take: int | None, conjecture: str | None, plot_path: str | None,
           as_json: bool) -> None:
    """Solve every position of a family, in chunks on Dask, into Parquet files.

    FAMILY is one of: sizes:A-B, random:SIZE:COUNT, paths:A-B, cycles:A-B,
    grids:ROWS:A-B, heaps:A-B, template:A-B:TEXT ({n} replaced), file:PATH,
    graphs:A-B with options :connected, :bipartite, :edges=A-B, :black-white (one
    graph per isomorphism class, by nauty's geng; black-white: every colouring, by
    vcolg) and trees:A-B (by gentreeg): apt-get install nauty.
    Example: grundy census node-kayles graphs:1-9 --out nk9 --histogram.
    A killed census is finished by the same command with --resume; query the
    results with grundy census query.
    """
    if len(spec) == 2:
        wanted = Census(spec[0], spec[1], tuple(filter(None, compute.split(","))), seed,
                        chunk_size, max_nodes)
    elif not spec and resume:
        wanted = load(directory)
    else:
        raise click.UsageError(f"give RULESET FAMILY (families: {FAMILY_SYNTAX}), or only "
                               "--resume --out DIR to finish a census")
    predicate = load_predicate(conjecture) if conjecture is not None else None
    with progress_bar("census") as bar:
        summary = run(wanted, directory, resume=resume, scheduler=scheduler, workers=workers,
                      store=store, progress=bar)
    report: dict[str, Any] = {
        "census": str(summary.directory), "chunks": summary.chunks,
        "chunks_solved_now": summary.solved_now, "positions_solved_now": summary.positions_now,
        "seconds": round(summary.seconds, 3)}
    out = Output()
    if not as_json:
        out.line(f"{summary.chunks} chunks in {summary.directory} ({summary.solved_now} solved "
                 f"now: {summary.positions_now} positions in {summary.seconds:.1f} s)")
    if show_histogram:
        rows = histogram(directory)
        report["histogram"] = [{"n": n, "value": v, "count": k} for n, v, k in rows]
        if not as_json:
            out.table(["n", "value", "positions"], [[str(n), str(v), str(k)] for n, v, k in rows])
    if show_sequence:
        report.update(_sequence(directory, max_take, out, as_json))
    if predicate is not None:
        found = first_counterexample(directory, predicate)
        report["counterexample"] = None if found is None else {
            "index": found.index, "n": found.n, "position": found.position,
            "value": str(found.value)}
        if not as_json:
            out.line("the conjecture holds for every solved position" if found is None else
                     f"first counterexample: #{found.index} (n = {found.n}) "
                     f"{found.position} with value {found.value}")
    if plot_path is not None:
        report["plot"] = {"path": plot_path, "drawn": plot(directory, plot_path)}
        if not as_json:
            out.line(f"plot ({report['plot']['drawn']}) written to {plot_path}")
    if as_json:
        emit_json(report)


def _sequence(directory: str, max_take: int | None, out: Output,
              as_json: bool) -> dict[str, Any]:
    first, values = sequence(directory)
    take = max_take if max_take is not None else subtraction_take(directory)
    found = find_period(values, first, take)
    if not as_json:
        shown = [format_nimber(v) if isinstance(v, int) else str(v) for v in values]
        out.line(f"n = {first}..{first + len(values) - 1}: {' '.join(shown)}")
        if found is None:
            out.line("no period seen twice in these values")
        elif found.proven:
            out.line(f"period {found.period} from n = {found.preperiod}, proved by the "
                     f"Guy-Smith theorem (t = {take}; checked through n = {found.through})")
        else:
            why = ("" if found.needed is None else
                   f"; the Guy-Smith proof needs values through n = {found.needed}")
            out.line(f"period {found.period} from n = {found.preperiod} as far as "
                     f"n = {found.through} (not proved{why})")
    return {"sequence": {"first": first, "values": values, "period": None if found is None
                         else {"period": found.period, "preperiod": found.preperiod,
                               "proven": found.proven, "needed": found.needed}}}


@click.command(name="query")
@click.argument("sql")
@click.option("--census", "directory", required=True, type=click.Path(file_okay=False),
              help="The --out directory of a census; its rows are the table `census`.")
@click.option("--format", "output_format", type=click.Choice(["table", "csv", "json"]),
              default="table", show_default=True)
@click.option("--output", type=click.Path(dir_okay=False, writable=True),
              help="Write the result to this file instead of stdout.")
@json_option
def query_command(sql: str, directory: str, output_format: str, output: str | None,
                  as_json: bool) -> None:
    """Run SQL over a census with DuckDB (the rows are the table `census`).

    Example: grundy census query "SELECT n, nimber, count(*) FROM census GROUP BY ALL
    ORDER BY ALL" --census nk5 --format csv.
    """
    chosen = "json" if as_json else output_format
    if chosen == "table" and output is not None:
        raise click.UsageError("--output writes csv or json: add --format csv or --format json")
    table = query(directory, sql)
    if chosen == "table":
        Output().table(table.columns, [[_cell(cell) for cell in row] for row in table.rows])
        return
    text = table.to_json() + "\n" if chosen == "json" else table.to_csv()
    if output is None:
        click.echo(text, nl=False)
    else:
        Path(output).write_text(text, encoding="utf-8")


def _cell(value: Any) -> str:
    return "" if value is None else str(value)


@click.command(context_settings=GAME_SETTINGS)
@click.argument("ruleset_name", metavar="RULESET")
@click.argument("text", metavar="POSITION")
@click.option("--depth", type=click.IntRange(min=0, max=6), default=2, show_default=True,
              help="Moves from the root at which the tree is split among the workers.")
@cluster_options
@json_option
def split(ruleset_name: str, text: str, depth: int, workers: int | None,
          scheduler: str | None, store: str | None, max_nodes: int | None,
          as_json: bool) -> None:
    """Solve one large position across workers: its subpositions DEPTH moves deep are
    solved on the Dask workers and merged here (mex of options, sum of components).

    Example: grundy census split node-kayles "12;0-1,1-2,..." --workers 2 --store kayles.sqlite.
    """
    ruleset = get(ruleset_name)
    position = ruleset.parse(text)
    result = split_solve(ruleset.name, position, depth=depth, scheduler=scheduler,
                         workers=workers, store=store, max_nodes=max_nodes)
    value = format_nimber(result.value) if isinstance(result.value, int) else str(result.value)
    if as_json:
        emit_json({**ruleset.to_json(position), "value": value,
                   "outcome": result.outcome.value, "subpositions": result.leaves,
                   "seconds": round(result.seconds, 3)})
    else:
        click.echo(f"{value}\n{result.outcome.value}: {result.outcome.description}\n"
                   f"{result.leaves} subpositions solved on the workers in "
                   f"{result.seconds:.1f} s")
