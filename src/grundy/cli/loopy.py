"""Loopy games on the command line: ``grundy values loopy`` (games written in CGSuite
notation, or positions of the rulesets whose positions repeat), and what ``grundy
value`` and ``grundy moves`` print for those rulesets (Fox and Geese, Backsliding
Toads and Frogs, Wind-up): the loopy value and the outcome with draws."""

from __future__ import annotations

import re
from typing import Any

import click

from grundy.cli import Output, Spinner
from grundy.cli.common import GAME_SETTINGS, NODES, CliError, Search, emit_json, json_option
from grundy.cli.values import _deadline, dialect_option, time_option
from grundy.protocol import ImpartialRuleset, PartizanRuleset, Player, Ruleset
from grundy.rulesets import GrundyError, get
from grundy.search import Budget, Solver
from grundy.search.loopy import LoopySolver, game_graph, loopy_outcome, moves_of
from grundy.search.partizan import PartizanSolver
from grundy.values import Game, checked
from grundy.values.loopy import DRAW, Loopy, LoopyError, LoopyOutcome, Sides
from grundy.values.loopy_degree import is_number_tiny, is_plumtree
from grundy.values.loopy_nimber import loopy_nim_values
from grundy.values.loopy_notation import format_graph, parse_value
from grundy.values.notation import Dialect

#: Text that only the loopy reader understands: its words, a label before a brace, or
#: the & of a sided value.
LOOPY_TEXT = re.compile(r"\b(pass|on|off|over|under|upon|dud)\b|[A-Za-z_]\w*\s*:?\s*\{|"
                        r"\d(over|under)\b|&")


def loopy_ruleset(name: str) -> Ruleset[Any]:
    """The registered ruleset called ``name`` whose positions repeat (CliError
    otherwise)."""
    ruleset = get(name)
    if not ruleset.loopy:
        raise CliError(f"{ruleset.name}'s positions never repeat: use grundy value "
                       f"{ruleset.name} POSITION")
    return ruleset


def is_loopy(game: tuple[str, ...]) -> bool:
    """Does RULESET POSITION ... name a ruleset whose positions repeat?  (Unknown names:
    no, so that the other paths report them.)"""
    names = game[::2] if len(game) % 2 == 0 else ()
    try:
        return any(get(name).loopy for name in names)
    except GrundyError:
        return False


def _graph(ruleset: Ruleset[Any], position: Any, budget: Budget) -> Loopy:
    """A position of any ruleset as a loopy game graph for a sum: the simplest form of
    the stopper it equals (a short game's, a stopper's, or the common side of a game
    whose sides are one stopper), which has the same outcome as the position in every
    sum; else (and for an impartial ruleset) the position's whole graph."""
    if ruleset.loopy:
        graph = game_graph(ruleset, position, budget).loopy()
        if isinstance(ruleset, ImpartialRuleset):  # generalized nim values need its graph
            return graph
        if graph.is_stopper():
            return graph.canonical()
        try:
            sides = graph.sides()
        except LoopyError:  # sides out of reach: the sum's own graph may still do
            return graph
        same = sides.stopper_sided and sides.onside.equals(sides.offside)
        return sides.onside if same else graph
    if isinstance(ruleset, PartizanRuleset):
        return Loopy.from_game(PartizanSolver(ruleset, budget).value(position))
    assert isinstance(ruleset, ImpartialRuleset)
    return Loopy.from_game(Game.nimber(Solver(ruleset, budget).grundy(position)))


def loopy_value_command(game: tuple[str, ...], search: Search, as_json: bool,
                        outcome_only: bool = False) -> None:
    """``grundy value`` on RULESET POSITION pairs of which one repeats: the value of the
    sum (a generalized nim value when every part is impartial) and its outcome; with
    ``outcome_only`` the outcome alone, by retrograde analysis (no value)."""
    if len(game) % 2:
        raise click.UsageError("expected RULESET POSITION pairs")
    pairs: list[tuple[Ruleset[Any], Any]] = []
    for name, text in zip(game[::2], game[1::2], strict=True):
        ruleset = get(name)
        pairs.append((ruleset, ruleset.parse(text)))
    try:
        with Spinner() as spinner:
            budget = search.budget(spinner)
            if len(pairs) == 1 and outcome_only:
                ruleset, position = pairs[0]
                outcome = LoopySolver(ruleset, budget).outcome(position)
                text = outcome.value
            elif len(pairs) == 1:
                ruleset, position = pairs[0]
                text, outcome = LoopySolver(ruleset, budget).value_text(position)
            else:
                total = _graph(*pairs[0], budget)
                for ruleset, position in pairs[1:]:
                    total += _graph(ruleset, position, budget)
                impartial = all(isinstance(r, ImpartialRuleset) for r, _ in pairs)
                outcome = total.outcome()
                if outcome_only:
                    text = outcome.value
                else:
                    text = str(loopy_nim_values(total.left)[0] if impartial
                               else total.value())
    except LoopyError as error:
        raise CliError(str(error)) from None
    if as_json:
        parts = [ruleset.to_json(position) for ruleset, position in pairs]
        emit_json({**(parts[0] if len(parts) == 1 else {"sum": parts}),
                   **({} if outcome_only else {"value": text}),
                   "outcome": outcome.value, "outcome_description": outcome.description})
    elif outcome_only:
        click.echo(f"{outcome.value}\nnormal play: {outcome.description}")
    else:
        click.echo(f"{text}\n{outcome.value}: {outcome.description}")


def loopy_moves(game: tuple[str, ...], search: Search, as_json: bool) -> None:
    """``grundy moves`` for a ruleset whose positions repeat: every move (of each player)
    with the value it leads to, marked winning or drawing for the player who makes it.
    Several RULESET POSITION pairs: the moves of their sum (``loopy_sum_moves``)."""
    if len(game) % 2:
        raise click.UsageError("expected RULESET POSITION pairs")
    if len(game) > 2:
        loopy_sum_moves(game, search, as_json)
        return
    ruleset = get(game[0])
    position = ruleset.parse(game[1])
    players: list[Player | None] = (
        [None] if isinstance(ruleset, ImpartialRuleset) else list(Player))
    rows: list[tuple[str | None, str, str, str, str]] = []
    try:
        with Spinner() as spinner:
            solver = LoopySolver(ruleset, search.budget(spinner))
            value, outcome = solver.value_text(position)
            for player in players:
                for move, child in moves_of(ruleset, position, player):
                    after, _ = solver.value_text(child)
                    winner = solver.wins_after(child, player)
                    rows.append((None if player is None else player.value,
                                 ruleset.format_move(move), ruleset.format(child), after,
                                 _verdict(winner, player)))
    except LoopyError as error:
        raise CliError(str(error)) from None
    describe_moves(ruleset.to_json(position), f"{ruleset.name} {ruleset.format(position)}",
                   value, outcome, rows, as_json)


def _verdict(winner: str, player: Player | None) -> str:
    """"winning" or "drawing" for the player who moved (impartial: "L" is the mover),
    given who wins after the move."""
    mover = "L" if player is None else player.value
    return "winning" if winner == mover else "drawing" if winner == DRAW else ""


def loopy_sum_moves(game: tuple[str, ...], search: Search, as_json: bool) -> None:
    """``grundy moves`` on a sum with a part whose positions repeat: a move is a move in
    one part (labelled ``k:move``, k counting the parts from 0), and the position after
    it is valued as ``grundy value`` values the sum, on the product graph of the parts
    (a generalized nim value when every part is impartial).  Each part's graph is built
    once, and once more for each of its moves."""
    pairs: list[tuple[Ruleset[Any], Any]] = []
    for name, text in zip(game[::2], game[1::2], strict=True):
        ruleset = get(name)
        pairs.append((ruleset, ruleset.parse(text)))
    impartial = all(isinstance(r, ImpartialRuleset) for r, _ in pairs)
    players: list[Player | None] = [None] if impartial else list(Player)

    def valued(parts: list[Loopy]) -> tuple[str, LoopyOutcome]:
        total = parts[0]
        for part in parts[1:]:
            total += part
        value = loopy_nim_values(total.left)[0] if impartial else total.value()
        return str(value), total.outcome()

    def named(positions: list[Any]) -> str:
        return " + ".join(f"{r.name}:{r.format(p)}"
                          for (r, _), p in zip(pairs, positions, strict=True))

    rows: list[tuple[str | None, str, str, str, str]] = []
    try:
        with Spinner() as spinner:
            budget = search.budget(spinner)
            parts = [_graph(ruleset, position, budget) for ruleset, position in pairs]
            value, outcome = valued(parts)
            for player in players:
                for k, (ruleset, position) in enumerate(pairs):
                    for move, child in moves_of(ruleset, position, player):
                        after, after_outcome = valued(
                            [*parts[:k], _graph(ruleset, child, budget), *parts[k + 1:]])
                        positions = [p for _, p in pairs]
                        positions[k] = child
                        winner = (after_outcome.winner(player.opponent.value)
                                  if player is not None else
                                  {LoopyOutcome.P: "L", LoopyOutcome.N: "R"}.get(
                                      after_outcome, DRAW))
                        rows.append((None if player is None else player.value,
                                     f"{k}:{ruleset.format_move(move)}", named(positions),
                                     after, _verdict(winner, player)))
    except LoopyError as error:
        raise CliError(str(error)) from None
    describe_moves({"sum": [ruleset.to_json(position) for ruleset, position in pairs]},
                   named([p for _, p in pairs]), value, outcome, rows, as_json)


def describe_moves(subject: dict[str, Any], title: str, value: str, outcome: LoopyOutcome,
                   rows: list[tuple[str | None, str, str, str, str]], as_json: bool) -> None:
    """The moves as a table (winning moves in bold green) or as JSON."""
    if as_json:
        emit_json({**subject, "value": value, "outcome": outcome.value,
                   "moves": [{"player": player, "move": move, "position": after,
                              "value": val, "winning": verdict == "winning",
                              "drawing": verdict == "drawing"}
                             for player, move, after, val, verdict in rows]})
        return
    out = Output()
    out.line(f"{title}: {value} ({outcome.value}, {outcome.description})", style="bold")
    if not rows:
        out.line("no legal moves")
        return
    impartial = rows[0][0] is None
    headers = ["move", "position after", "value", ""]
    out.table(headers if impartial else ["player", *headers],
              [[*([] if impartial else [row[0] or ""]), *row[1:]] for row in rows],
              styles=["bold green" if row[4] == "winning" else "" for row in rows])


def read_loopy(expression: str, dialect: Dialect) -> Loopy | Sides:
    """A loopy game, or a sided value (``A & B``, sums and multiples of them)."""
    try:
        return parse_value(expression, dialect)
    except RecursionError:
        raise CliError("the game is too deep to read here: write a shallower expression"
                       ) from None
    except LoopyError as error:
        raise CliError(str(error)) from None


def describe(game: Loopy | Sides) -> dict[str, Any]:
    """What ``grundy values loopy`` and ``grundy calc`` print about a loopy game, or
    about a sided value (its sides: a sided value written with & has no graph to play,
    so no outcome)."""
    if isinstance(game, Sides):
        return {"value": str(game), "onside": format_graph(game.onside),
                "offside": format_graph(game.offside), "stopper_sided": game.stopper_sided}
    outcome = game.outcome()
    value: Loopy | Sides = game.canonical() if game.is_stopper() else game.sides()
    result: dict[str, Any] = {"value": str(value), "outcome": outcome.value,
                              "outcome_description": outcome.description,
                              "stopper": game.is_stopper(), "positions": len(game)}
    if isinstance(value, Sides):
        result["onside"] = format_graph(value.onside)
        result["offside"] = format_graph(value.offside)
        result["stopper_sided"] = value.stopper_sided
    else:
        result["stops"] = [str(stop) for stop in value.stops()]
        result["plumtree"] = is_plumtree(value)
        result["number_tiny"] = is_number_tiny(value)
    return result


@click.command("loopy", context_settings=GAME_SETTINGS)
@click.argument("game", nargs=-1, required=True, metavar="EXPRESSION | RULESET POSITION")
@click.option("--compare", metavar="H", help="Also say whether G >= H and G <= H.")
@click.option("--outcome-only", is_flag=True,
              help="For a ruleset's position: only who wins (retrograde analysis, no value).")
@click.option("--max-nodes", type=NODES, metavar="N",
              help="Give up exploring a ruleset's positions after N (exit status 3).")
@dialect_option
@time_option
@json_option
def loopy(game: tuple[str, ...], compare: str | None, outcome_only: bool,
          max_nodes: int | None, dialect: Dialect, max_seconds: float | None,
          as_json: bool) -> None:
    """A loopy game's value (simplest form of a stopper, or onside & offside) and its
    outcome with each player moving first (infinite play is a draw).

    Either an EXPRESSION in CGSuite notation with pass, on, off, over, under, upon, dud
    and labels (a:{0|{a|-1}}), or a RULESET whose positions repeat (fox-and-geese,
    backsliding-toads-and-frogs, wind-up) and a POSITION.  Examples:
    grundy values loopy "on + off"   (dud: on & off, a draw);
    grundy values loopy fox-and-geese "G.G./..../F..." --outcome-only
    """
    with checked(_deadline(max_seconds)):
        try:
            if len(game) == 1:
                subject = game[0]
                found = read_loopy(subject, dialect)
                result = describe(found)
            elif len(game) == 2:
                ruleset = loopy_ruleset(game[0])
                position = ruleset.parse(game[1])
                subject = f"{ruleset.name} {ruleset.format(position)}"
                budget = Budget(max_nodes=max_nodes, max_seconds=max_seconds)
                if outcome_only:
                    outcome = loopy_outcome(ruleset, position, budget)
                    result = {"outcome": outcome.value,
                              "outcome_description": outcome.description}
                    found = None
                else:
                    found = game_graph(ruleset, position, budget).loopy()
                    result = describe(found)
            else:
                raise CliError("give one EXPRESSION, or a RULESET and one POSITION")
            if compare is not None:
                if found is None:
                    raise CliError("--compare needs the value: drop --outcome-only")
                other = read_loopy(compare, dialect)
                if isinstance(found, Loopy) and isinstance(other, Loopy):
                    result["ge"], result["le"] = found >= other, found <= other
                else:  # sided values compare side by side
                    mine, theirs = Sides.of_game(found), Sides.of_game(other)
                    result["ge"], result["le"] = mine >= theirs, mine <= theirs
        except LoopyError as error:
            raise CliError(str(error)) from None
    if as_json:
        emit_json({"game": list(game), **result})
        return
    if "value" in result:
        click.echo(result["value"])
    if "outcome" in result:
        click.echo(f"{result['outcome']}: {result['outcome_description']}")
    for key in ("onside", "offside"):
        if key in result:
            click.echo(f"{key}: {result[key]}")
    if "stops" in result:
        click.echo("stops: {} (Left), {} (Right)".format(*result["stops"]))
        click.echo(f"plumtree: {str(result['plumtree']).lower()}, number-tiny: "
                   f"{str(result['number_tiny']).lower()}")
    if compare is not None:
        click.echo(f"G >= H: {str(result['ge']).lower()}\nG <= H: {str(result['le']).lower()}")

