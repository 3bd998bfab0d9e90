"""``grundy hex``: solve Hex boards and map the winning moves (the native solver of
``grundy.rulesets.grids.hex_solver``)."""

from __future__ import annotations

import time
from typing import Any

import click

from grundy.cli import Spinner
from grundy.cli.common import NODES, SECONDS, emit_json, json_option
from grundy.rulesets import get
from grundy.search.budget import Budget


@click.group(name="hex")
def hex_group() -> None:
    """Hex (red joins top and bottom, blue left and right): solve boards."""


@hex_group.command()
@click.argument("board")
@click.option("--to-move", type=click.Choice(["red", "blue"]), default=None,
              help="Who moves (default: red if the colours have as many stones, else the "
                   "one with fewer).")
@click.option("--openings", is_flag=True,
              help="Also map every empty cell: does the player to move win by playing there?")
@click.option("--threads", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Map the moves on this many threads, each with its own table.")
@click.option("--max-nodes", type=NODES, metavar="N",
              help="Give up after expanding N positions (exit status 3).")
@click.option("--max-seconds", type=SECONDS, metavar="S",
              help="Give up after S seconds (exit status 3).")
@json_option
def solve(board: str, to_move: str | None, openings: bool, threads: int,
          max_nodes: int | None, max_seconds: float | None, as_json: bool) -> None:
    """Who wins BOARD (a side N for the empty N×N board, or rows such as R../.B./...).

    Example: grundy hex solve 6 --openings prints that the first player wins 6×6 and
    the map of winning first moves (W wins, . loses, R and B stones); grundy hex solve 7
    --openings --threads 2 maps 7×7 on two cores.
    """
    from grundy.rulesets.grids.hex import HexBoard
    from grundy.rulesets.grids.hex_search import winner
    from grundy.rulesets.grids.hex_solver import HexSolver

    position = get("hex").parse(board)
    assert isinstance(position, HexBoard)
    n, red, blue = position
    if to_move is None:
        to_move = "red" if red.bit_count() <= blue.bit_count() else "blue"
    red_moves = to_move == "red"
    spinner = Spinner()
    began = time.perf_counter()
    with spinner:
        solver = HexSolver(n, Budget(max_nodes, max_seconds, spinner.callback))
        joined = winner(n, red, blue)
        red_wins = bool(joined) if joined is not None else \
            solver.wins(red, blue, red_moves) == red_moves
        moves = (solver.move_map(red, blue, red_moves, threads)
                 if openings and joined is None else None)
    seconds = time.perf_counter() - began
    winner_name = "red" if red_wins else "blue"
    if as_json:
        record: dict[str, Any] = {"side": n, "to_move": to_move, "winner": winner_name,
                                  "mover_wins": winner_name == to_move,
                                  "positions": solver.budget.nodes, "seconds": round(seconds, 3)}
        if moves is not None:
            record["winning_moves"] = [f"{r},{c}" for (r, c), won in sorted(moves.items()) if won]
        emit_json(record)
        return
    click.echo(f"{n}x{n}, {to_move} to move: {winner_name} wins "
               f"({solver.budget.nodes:,} positions, {seconds:.2f} s)")
    if moves is not None:
        click.echo(f"winning moves for {to_move} (W wins, . loses):")
        for r in range(n):
            row = ["R" if red >> (r * n + c) & 1 else "B" if blue >> (r * n + c) & 1
                   else "W" if moves[r, c] else "." for c in range(n)]
            click.echo(" " * r + " ".join(row))
