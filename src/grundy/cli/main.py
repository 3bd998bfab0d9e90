"""The ``grundy`` command: thin click commands over the library."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import click

from grundy import __version__
from grundy.cli import Output, Spinner
from grundy.cli.common import (
    GAME_ARGUMENT,
    GAME_SETTINGS,
    GrundyGroup,
    Search,
    echo_outcome,
    emit_json,
    engine_option,
    json_option,
    outcome_of,
    resolve,
    search_options,
)
from grundy.cli.partizan import is_partizan, partizan_moves, partizan_value, resolve_partizan
from grundy.cli.play import COMPUTER, HUMAN, LEVELS, play_game
from grundy.cli.tour import build_tour, render_tour
from grundy.protocol import Ruleset
from grundy.rulesets import GrundyError, all_rulesets
from grundy.search.engine import Engine
from grundy.values import Outcome, format_nimber, mex

# -- commands -----------------------------------------------------------------------


@click.group(cls=GrundyGroup)
@click.version_option(__version__, prog_name="grundy")
def cli() -> None:
    """A workbench for combinatorial games: values, moves, play, and a tour of the papers.

    Exit status: 0 on success; 2 for bad input (an unreadable position, an illegal
    move, an unknown ruleset), reported as one line `grundy: error: <message>` on
    stderr, and for bad options (click's usage message); 3 when a search runs out
    of its --max-nodes / --max-seconds budget.
    """


@cli.command(context_settings=GAME_SETTINGS)
@GAME_ARGUMENT
@click.option("--misere", is_flag=True, help="Print the misère outcome (P or N) instead.")
@click.option("--outcome", "outcome_only", is_flag=True,
              help="Print only the normal-play outcome (P or N), searching no further than needed.")
@search_options
@engine_option
@json_option
def value(
    game: tuple[str, ...],
    misere: bool,
    outcome_only: bool,
    max_nodes: int | None,
    max_seconds: float | None,
    store: str | None,
    engine: Engine,
    as_json: bool,
) -> None:
    """The nimber of a position, or of the disjunctive sum of several.

    The first line is the value in CGSuite notation (0, *, *2, ...); the next
    line says who wins.  Example: grundy value transverse-wave "(01)(234)(035)".
    Partizan rulesets print the canonical form (grundy value domineering 3x3: +-1).
    """
    if misere and outcome_only:
        raise click.UsageError("--misere and --outcome cannot be combined")
    if is_partizan(game):
        partizan_value(game, misere, outcome_only, Search(max_nodes, max_seconds, store, engine),
                       as_json)
        return
    ruleset, position = resolve(game)
    with Spinner() as spinner, Search(max_nodes, max_seconds, store, engine).solver(
        ruleset, spinner
    ) as solver:
        if misere or outcome_only:
            outcome = (solver.misere_outcome if misere else solver.outcome)(position)
            echo_outcome(ruleset, position, outcome, misere, as_json)
            return
        if ruleset.outcomes_only:  # Atropos: its own fast search decides who wins
            outcome = solver.outcome(position)
            value_text = "0" if outcome is Outcome.P else "≠ 0"
            if as_json:
                emit_json({**ruleset.to_json(position), "value": value_text,
                           "nimber": 0 if outcome is Outcome.P else None,
                           "outcome": outcome.value})
            else:
                click.echo(f"{value_text} ({ruleset.name} is searched for its outcome only)\n"
                           f"{outcome.value}: {outcome.description}")
            return
        nimber = solver.grundy(position)
    outcome = outcome_of(nimber)
    if as_json:
        emit_json({**ruleset.to_json(position), "value": format_nimber(nimber),
                   "nimber": nimber, "outcome": outcome.value})
    else:
        click.echo(f"{format_nimber(nimber)}\n{outcome.value}: {outcome.description}")


@cli.command(context_settings=GAME_SETTINGS)
@GAME_ARGUMENT
@search_options
@engine_option
@json_option
def moves(
    game: tuple[str, ...],
    max_nodes: int | None,
    max_seconds: float | None,
    store: str | None,
    engine: Engine,
    as_json: bool,
) -> None:
    """Every legal move, the position it leads to and that position's value.

    Winning moves (to a position of value 0) are marked.  For a partizan ruleset:
    each player's moves with their canonical values.
    """
    if is_partizan(game):
        partizan_moves(game, Search(max_nodes, max_seconds, store, engine), as_json)
        return
    ruleset, position = resolve(game)
    with Spinner() as spinner, Search(max_nodes, max_seconds, store, engine).solver(
        ruleset, spinner
    ) as solver:
        options = solver.move_values(position)
    nimber = mex(option.value for option in options)
    outcome = outcome_of(nimber)
    if as_json:
        emit_json({
            **ruleset.to_json(position),
            "value": format_nimber(nimber),
            "nimber": nimber,
            "outcome": outcome.value,
            "moves": [
                {"move": ruleset.format_move(option.move),
                 "position": ruleset.format(option.position),
                 "value": format_nimber(option.value),
                 "nimber": option.value,
                 "winning": option.winning}
                for option in options
            ],
        })
        return
    out = Output()
    out.line(f"{ruleset.name} {ruleset.format(position)}: {format_nimber(nimber)} "
             f"({outcome.value}, {outcome.description})", style="bold")
    if not options:
        out.line("no legal moves: the player to move loses")
        return
    out.table(
        ["move", "position after", "value", ""],
        [[ruleset.format_move(option.move), ruleset.format(option.position),
          format_nimber(option.value), "winning" if option.winning else ""]
         for option in options],
        styles=["bold green" if option.winning else "" for option in options],
    )


@cli.command(context_settings=GAME_SETTINGS)
@GAME_ARGUMENT
@click.option("--first", type=click.Choice([HUMAN, COMPUTER]), default=HUMAN,
              show_default=True, help="Who moves first.")
@click.option("--side", type=click.Choice(["L", "R"]), default="L", show_default=True,
              help="Partizan rulesets: the player you play, L (Left, Black) or R (Right, White).")
@click.option("--level", type=click.Choice(LEVELS), default="perfect", show_default=True,
              help="perfect: a winning move whenever one exists; heuristic: the ruleset's "
                   "own rule of thumb (Atropos).")
@click.option("--seed", type=int, help="Seed the computer's choices (repeatable games).")
@search_options
@engine_option
@json_option
def play(
    game: tuple[str, ...],
    first: str,
    side: str,
    level: str,
    seed: int | None,
    max_nodes: int | None,
    max_seconds: float | None,
    store: str | None,
    engine: Engine,
    as_json: bool,
) -> None:
    """Play against the computer in the terminal (normal play: who cannot move loses).

    Type a move label at the prompt; `?` or `hint` lists the winning moves, `quit`
    ends the game.  In a partizan game you play --side (Left by default) and the
    computer the other side.  The search budget applies to each of the computer's
    moves; when it runs out the computer plays a random move.  With --json the game
    is shown on stderr and its record printed as JSON on stdout.
    """
    ruleset: Ruleset[Any]
    if is_partizan(game):
        ruleset, position = resolve_partizan(game, "partizan sums are not played")
    else:
        ruleset, position = resolve(game)
    play_game(ruleset, position, first=first, side=side, level=level, seed=seed,
              search=Search(max_nodes, max_seconds, store, engine), as_json=as_json)


@cli.command(context_settings=GAME_SETTINGS)
@GAME_ARGUMENT
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False, writable=True),
              help="Write an SVG picture of the position to this file.")
@json_option
def show(game: tuple[str, ...], svg_path: str | None, as_json: bool) -> None:
    """Draw a position: a text picture, its JSON description, or an SVG file."""
    ruleset: Ruleset[Any]
    if is_partizan(game):
        ruleset, position = resolve_partizan(game, "partizan sums are not drawn")
    else:
        ruleset, position = resolve(game)
    if svg_path is not None:
        Path(svg_path).write_text(ruleset.render_svg(position), encoding="utf-8")
    if as_json:
        emit_json(ruleset.to_json(position))
    else:
        click.echo(ruleset.render_text(position))


@cli.command()
@click.option("--formats", is_flag=True, help="Also show each ruleset's text format and examples.")
@json_option
def rulesets(formats: bool, as_json: bool) -> None:
    """The registered rulesets."""
    every = all_rulesets()
    if as_json:
        emit_json([
            {"name": r.name, "aliases": list(r.aliases), "impartial": r.impartial,
             "citation": r.citation.to_json(),
             "summary": r.summary, "text_format": r.text_format, "examples": list(r.examples),
             "limits": dict(r.limits)}
            for r in every
        ])
        return
    headers = ["name", "aliases", "play", "defined in", "summary"]
    rows = [[r.name, ", ".join(r.aliases), "impartial" if r.impartial else "partizan",
             str(r.citation), r.summary] for r in every]
    if formats:
        headers += ["text format", "examples", "limits"]
        for row, r in zip(rows, every, strict=True):
            row += [r.text_format, "; ".join(r.examples),
                    ", ".join(f"{what} ≤ {limit:,}" for what, limit in r.limits.items())]
    out = Output()
    out.table(headers, rows)
    papers = {r.citation.paper.key: r.citation.reference for r in every}
    out.line("\nReferences")
    for reference in sorted(papers.values()):
        out.line(f"  {reference}")


@cli.command()
@json_option
def tour(as_json: bool) -> None:
    """A guided walk through the papers' examples, each value computed now."""
    sections = build_tour()
    if as_json:
        emit_json([section.to_json() for section in sections])
    else:
        render_tour(sections, Output())


@cli.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
             add_help_option=False)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def bench(args: tuple[str, ...]) -> None:
    """Run the benchmarks (python -m bench ARGS) from the repository root.

    The benchmarks always print JSON lines, so --json is accepted and dropped.
    """
    if not (Path.cwd() / "bench" / "__main__.py").is_file():
        raise GrundyError("no bench/__main__.py here: run `grundy bench` in the repository root")
    passed = [arg for arg in args if arg != "--json"]
    sys.exit(subprocess.call([sys.executable, "-m", "bench", *passed]))


# -- commands from topic modules: one import and one add_command line each -------------
from grundy.cli.atropos import atropos  # noqa: E402
from grundy.cli.burke import BURKE_COMMANDS  # noqa: E402
from grundy.cli.census import CENSUS_COMMANDS  # noqa: E402
from grundy.cli.geography import GEOGRAPHY_COMMANDS  # noqa: E402
from grundy.cli.habitat import habitat  # noqa: E402
from grundy.cli.hex import hex_group  # noqa: E402
from grundy.cli.lattice import lattice, tw_triangle, verify  # noqa: E402
from grundy.cli.octal import octal  # noqa: E402
from grundy.cli.oracles import oracle  # noqa: E402
from grundy.cli.serve import serve  # noqa: E402
from grundy.cli.valueops import misere, value_ops  # noqa: E402
from grundy.cli.values import calc, thermograph  # noqa: E402

cli.add_command(serve)
cli.add_command(habitat)
cli.add_command(verify)
cli.add_command(lattice)
cli.add_command(tw_triangle)
cli.add_command(calc)
cli.add_command(thermograph)
cli.add_command(value_ops)
cli.add_command(misere)
cli.add_command(octal)
cli.add_command(atropos)
cli.add_command(hex_group)
cli.add_command(oracle)
for _command in BURKE_COMMANDS:
    cli.add_command(_command)
for _command in GEOGRAPHY_COMMANDS:
    cli.add_command(_command)
for _command in CENSUS_COMMANDS:
    cli.add_command(_command)


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="grundy")
