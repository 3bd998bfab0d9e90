"""``grundy value``, ``moves``, ``play``, ``show`` and ``rulesets``: the everyday
commands, on any registered ruleset or a sum of positions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from grundy.cli import Output, Spinner
from grundy.cli.common import (
    GAME_ARGUMENT,
    GAME_SETTINGS,
    Search,
    echo_outcome,
    emit_json,
    engine_option,
    json_option,
    outcome_of,
    resolve,
    search_options,
)
from grundy.cli.loopy import is_loopy, loopy_moves, loopy_value_command
from grundy.cli.partizan import is_partizan, partizan_moves, partizan_value, resolve_partizan
from grundy.cli.play import COMPUTER, HUMAN, LEVELS, play_game
from grundy.protocol import ImpartialRuleset, Ruleset
from grundy.rulesets import all_rulesets
from grundy.search import Budget, BudgetExceeded, Solver
from grundy.search.engine import Engine
from grundy.values import Outcome, format_nimber, mex

#: Positions the nimber may cost beyond the outcome, for a ruleset searched for its
#: outcome only (Atropos) when --max-nodes does not say: ``value`` prints the nimber
#: found within them, else the outcome and why.
CHEAP_NODES = 200_000


def cheap_nimber(solver: Solver[Any], position: Any, max_nodes: int | None,
                 spinner: Spinner) -> tuple[int | None, str]:
    """The nimber of a position of a ruleset with its own outcome search: 0 when that
    search finds a P-position, else the Grundy value if a search of at most
    ``max_nodes`` (default ``CHEAP_NODES``) positions finds it; None and the reason
    otherwise."""
    if solver.outcome(position) is Outcome.P:
        return 0, ""
    limit = max_nodes or CHEAP_NODES
    _, seconds = solver.budget.remaining()
    bounded = Solver(solver.ruleset, Budget(limit, seconds, spinner.callback), solver.store,
                     solver.engine)
    try:
        return bounded.grundy(position), ""
    except BudgetExceeded:
        more = (f"more than {limit:,} positions: raise --max-nodes"
                if bounded.budget.nodes > limit else "a longer search: raise --max-seconds")
        return None, (f"{solver.ruleset.name}'s own search decides who wins; its nimber "
                      f"needs {more} to search further")


@click.command(context_settings=GAME_SETTINGS)
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
    if is_loopy(game):
        if misere:
            raise click.UsageError("--misere: positions that repeat have no misère search")
        loopy_value_command(game, Search(max_nodes, max_seconds, store, engine), as_json,
                            outcome_only)
        return
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
        if type(ruleset).own_outcome is not ImpartialRuleset.own_outcome:
            # Atropos: its own fast search decides who wins, the nimber may cost far more
            nimber, why = cheap_nimber(solver, position, max_nodes, spinner)
            if nimber is None:
                outcome = Outcome.N
                if as_json:
                    emit_json({**ruleset.to_json(position), "value": "≠ 0", "nimber": None,
                               "outcome": outcome.value, "why": why})
                else:
                    click.echo(f"≠ 0 ({why})\n{outcome.value}: {outcome.description}")
                return
        else:
            nimber = solver.grundy(position)
    outcome = outcome_of(nimber)
    if as_json:
        emit_json({**ruleset.to_json(position), "value": format_nimber(nimber),
                   "nimber": nimber, "outcome": outcome.value})
    else:
        click.echo(f"{format_nimber(nimber)}\n{outcome.value}: {outcome.description}")


@click.command(context_settings=GAME_SETTINGS)
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
    if is_loopy(game):
        loopy_moves(game, Search(max_nodes, max_seconds, store, engine), as_json)
        return
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


@click.command(context_settings=GAME_SETTINGS)
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

    Rulesets whose positions repeat (fox-and-geese, backsliding-toads-and-frogs,
    wind-up, and sums with them) are played too: the perfect computer wins as fast as
    it can, else keeps the draw, else resists longest; `?` also lists the moves that
    keep a draw; a position that arises 3 times with the same player to move ends the
    game in a draw by repetition (end "repetition" in the JSON record).
    """
    ruleset: Ruleset[Any]
    if is_partizan(game):
        ruleset, position = resolve_partizan(game, "partizan sums are not played")
    else:
        ruleset, position = resolve(game)
    play_game(ruleset, position, first=first, side=side, level=level, seed=seed,
              search=Search(max_nodes, max_seconds, store, engine), as_json=as_json)


@click.command(context_settings=GAME_SETTINGS)
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


@click.command()
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
    out = Output()
    if out.styled:  # a terminal: each name whole on its line, the rest wrapped at words
        for r in every:
            out.line(f"{r.name}  ({'impartial' if r.impartial else 'partizan'})", style="bold")
            out.paragraph(r.summary)
            out.paragraph(f"defined in {r.citation}", style="dim")
            if r.aliases:
                out.paragraph(f"aliases: {', '.join(r.aliases)}", style="dim")
            if formats:
                limits = ", ".join(f"{what} ≤ {limit:,}" for what, limit in r.limits.items())
                out.paragraph(f"text format: {r.text_format}")
                out.paragraph(f"examples: {'; '.join(r.examples)}")
                out.paragraph(f"limits: {limits}", style="dim")
    else:
        headers = ["name", "aliases", "play", "defined in", "summary"]
        rows = [[r.name, ", ".join(r.aliases), "impartial" if r.impartial else "partizan",
                 str(r.citation), r.summary] for r in every]
        if formats:
            headers += ["text format", "examples", "limits"]
            for row, r in zip(rows, every, strict=True):
                row += [r.text_format, "; ".join(r.examples),
                        ", ".join(f"{what} ≤ {limit:,}" for what, limit in r.limits.items())]
        out.table(headers, rows)
    papers = {r.citation.paper.key: r.citation.reference for r in every}
    out.line("\nReferences")
    for reference in sorted(papers.values()):
        out.paragraph(reference)
