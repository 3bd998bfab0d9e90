"""``grundy verify``, ``grundy lattice`` and ``grundy tw-triangle``: the Transverse Wave
lattice of Burke, Ferland & Teng 2021 (seed ``000_7d67923f02e8dd4e.txt``) on the command line."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from grundy.cli.common import emit_json, json_option
from grundy.reductions import all_reductions, get
from grundy.reductions.lattice import build, composites
from grundy.reductions.registry import Reduction
from grundy.reductions.verify import verify as run_verify
from grundy.rulesets import GrundyError
from grundy.rulesets.transverse_wave.rules import triangle
from grundy.values import format_nimber


def _named(name: str) -> Reduction:
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
@json_option
def verify(reduction: str | None, check_all: bool, list_only: bool, instances: int,
           max_size: int, exhaustive: int, seed: int, as_json: bool) -> None:
    """Check that a reduction keeps its promise on random small instances.

    Isomorphisms are walked in lock-step under their move map; other reductions
    compare nimbers (or outcomes).  A failure prints the smallest counterexample
    found and exits with status 1.  Example: grundy verify node-kayles->friend-circle
    """
    known = [*all_reductions(), *composites()]
    if list_only:
        if as_json:
            emit_json([{"name": r.name, "kind": r.kind.value, "citation": str(r.citation),
                        "summary": r.summary} for r in known])
        else:
            for r in known:
                click.echo(f"{r.name}  [{r.kind.value}]  {r.citation}")
        return
    if check_all == (reduction is not None):
        raise GrundyError("name one reduction or give --all: see `grundy verify --list`")
    chosen = known if check_all else [_named(reduction or "")]
    failed = False
    for r in chosen:
        report = run_verify(r, instances, max_size, seed, exhaustive)
        failed |= not report.ok
        if as_json:
            emit_json(report.to_json())
        elif report.ok:
            click.echo(f"ok    {r.name}: {report.instances} instances "
                       f"({report.kind.value}) in {report.seconds:.2f}s")
        else:
            click.echo(f"FAIL  {r.name}: counterexample {report.counterexample!r}: "
                       f"{report.problem}")
    if failed:
        sys.exit(1)


@click.command()
@click.option("--format", "style", type=click.Choice(["mermaid", "dot", "svg"]),
              default="mermaid", show_default=True, help="Text format printed on stdout.")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False, writable=True),
              help="Also write an SVG picture to this file.")
def lattice(style: str, svg_path: str | None) -> None:
    """The lattice of rulesets (Burke, Ferland & Teng 2021, Figure 11, and every
    registered reduction).

    Isomorphic rulesets share a node; an arrow A --> B says A is a special case of B.
    """
    drawing = build()
    if svg_path is not None:
        Path(svg_path).write_text(drawing.svg(), encoding="utf-8")
    click.echo({"mermaid": drawing.mermaid, "dot": drawing.dot, "svg": drawing.svg}[style]())


@click.command("tw-triangle")
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
