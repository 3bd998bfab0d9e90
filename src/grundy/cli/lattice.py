"""``grundy verify``, ``grundy constructions lattice`` and ``grundy values triangle``: the
Transverse Wave lattice of Burke, Ferland & Teng 2021 (seed ``000_7d67923f02e8dd4e.txt``)
on the command line."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click

from grundy.cli import Output
from grundy.cli.common import emit_json, json_option
from grundy.rulesets import GrundyError
from grundy.rulesets.transverse_wave.rules import triangle
from grundy.values import format_nimber

if TYPE_CHECKING:  # the reductions load only for the commands that use them
    from grundy.reductions.registry import Reduction


def _named(name: str) -> Reduction:
    from grundy.reductions import get
    from grundy.reductions.lattice import composites

    for reduction in composites():
        if reduction.name == name:
            return reduction
    return get(name)


@click.command()
@click.argument("reduction", required=False)
@click.option("--all", "check_all", is_flag=True,
              help="Verify every registered reduction and composite path.")
@click.option("--list", "list_only", is_flag=True, help="List the reductions and stop.")
@click.option("--instances", type=click.IntRange(min=1), default=100, show_default=True,
              help="Random instances per reduction.")
@click.option("--max-size", type=click.IntRange(min=1), default=5, show_default=True,
              help="Largest instance size (sizes run from 1 up).")
@click.option("--exhaustive", type=click.IntRange(min=0), default=3, show_default=True,
              help="First check every source position up to this size (where enumerable).")
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed.")
@click.option("--slow", is_flag=True,
              help="With --all: also the reductions whose check takes a minute or more.")
@json_option
def verify(reduction: str | None, check_all: bool, list_only: bool, instances: int,
           max_size: int, exhaustive: int, seed: int, slow: bool, as_json: bool) -> None:
    """Check that a reduction keeps its promise on random small instances.

    Isomorphisms are walked in lock-step under their move map; other reductions
    compare nimbers (or outcomes).  A failure prints the smallest counterexample
    found and exits with status 1.  --all checks every reduction but the slow ones
    (--slow adds them), one line each as it finishes, then a total line.
    Example: grundy verify node-kayles->friend-circle
    """
    from grundy.reductions import all_reductions
    from grundy.reductions.lattice import composites
    from grundy.reductions.verify import verify as run_verify

    known = [*all_reductions(), *composites()]
    if list_only:
        if as_json:
            emit_json([{"name": r.name, "kind": r.kind.value, "citation": str(r.citation),
                        "summary": r.summary, "slow": r.slow} for r in known])
        else:
            for r in known:
                click.echo(f"{r.name}  [{r.kind.value}{', slow' if r.slow else ''}]  "
                           f"{r.citation}")
        return
    if check_all == (reduction is not None):
        raise GrundyError("name one reduction or give --all: see `grundy verify --list`")
    chosen = [r for r in known if slow or not r.slow] if check_all else [_named(reduction or "")]
    skipped = [r.name for r in known if check_all and r not in chosen]
    reports = []
    start = time.perf_counter()
    out = Output()  # the progress line goes where the terminal is: stdout, else stderr
    with (out if out.styled and not as_json else Output(stderr=True)).status() as status:
        for number, r in enumerate(chosen, 1):
            status(f"verifying {number}/{len(chosen)}: {r.name}")
            report = run_verify(r, instances, max_size, seed, exhaustive)
            reports.append(report)
            if as_json:
                emit_json(report.to_json())
            elif report.ok:
                out.line(f"ok    {r.name}: {report.instances} instances "
                         f"({report.kind.value}) in {report.seconds:.2f}s")
            else:
                out.line(f"FAIL  {r.name}: counterexample {report.counterexample!r}: "
                         f"{report.problem}", style="bold red")
    failed = [report.reduction for report in reports if not report.ok]
    if check_all:
        seconds = time.perf_counter() - start
        if as_json:
            emit_json({"total": len(reports), "ok": len(reports) - len(failed),
                       "failed": failed, "skipped_slow": skipped,
                       "instances": sum(report.instances for report in reports),
                       "seconds": round(seconds, 2)})
        else:
            out.line(f"{len(reports) - len(failed)} of {len(reports)} reductions kept their "
                     f"promise ({sum(report.instances for report in reports):,} instances) in "
                     f"{seconds:.1f}s" + (f"; FAILED: {', '.join(failed)}" if failed else "")
                     + (f"; {len(skipped)} slow ones left to --slow: {', '.join(skipped)}"
                        if skipped else ""), style="bold")
    if failed:
        sys.exit(1)


@click.command()
@click.option("--format", "style", type=click.Choice(["mermaid", "dot", "svg"]),
              default="mermaid", show_default=True, help="Text format printed on stdout.")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False, writable=True),
              help="Also write an SVG picture to this file.")
@json_option
def lattice(style: str, svg_path: str | None, as_json: bool) -> None:
    """The lattice of rulesets (Burke, Ferland & Teng 2021, Figure 11, and every
    registered reduction).

    Isomorphic rulesets share a node; an arrow A --> B says A is a special case of B.
    With --json: the drawing in the chosen format as {"format": ..., "text": ...}.
    """
    from grundy.reductions.lattice import build

    drawing = build()
    if svg_path is not None:
        Path(svg_path).write_text(drawing.svg(), encoding="utf-8")
    text = {"mermaid": drawing.mermaid, "dot": drawing.dot, "svg": drawing.svg}[style]()
    if as_json:
        emit_json({"format": style, "text": text})
    else:
        click.echo(text)


@click.command("triangle")
@click.option("--rows", type=click.IntRange(min=1, max=2000), default=12, show_default=True,
              help="Rows p = 1..ROWS.")
@json_option
def tw_triangle(rows: int, as_json: bool) -> None:
    """Theorem 1's Pascal-like triangle G'(p, k), k = 0..p (Burke, Ferland & Teng 2021,
    corrected)."""
    table = [[triangle(p, k) for k in range(p + 1)] for p in range(1, rows + 1)]
    if as_json:
        emit_json({"rows": [{"p": p, "values": row} for p, row in enumerate(table, 1)]})
        return
    width = 3 * (rows + 1)
    for p, row in enumerate(table, 1):
        click.echo(f"p={p:<3}" + " ".join(f"{format_nimber(v):>2}" for v in row).center(width))
