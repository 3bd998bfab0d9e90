"""Hex on n×n rhombi (seed 004 §3.1, L402-411)."""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import ParseError, PartizanRuleset, Player
from grundy.rulesets import get
from grundy.rulesets.grids.hex import HexBoard, connected, neighbours
from grundy.rulesets.grids.hex_search import (
    HexSearch,
    captured_pairs,
    dead_cells,
    native_kernel,
    reduce,
    winner,
)
from grundy.search.engine import ENGINES, Engine
from grundy.search.partizan import PartizanSolver, naive_value
from grundy.values import Outcome

HEX = get("hex")
assert isinstance(HEX, PartizanRuleset)


def full_board_winner(board: HexBoard, mover: Player) -> Player:
    """Who wins with perfect play if the players fill the *whole* board and the winner
    is read off the full board (the Hex Theorem: exactly one side connects).  Adding
    stones never breaks a path, so this is Hex without the early stop."""
    n = board.n

    @functools.cache
    def winner(red: int, blue: int, player: Player) -> Player:
        empty = ((1 << n * n) - 1) & ~(red | blue)
        if not empty:
            full = HexBoard(n, red, blue)
            return Player.LEFT if connected(full, Player.LEFT) else Player.RIGHT
        results = []
        for cell in range(n * n):
            if empty >> cell & 1:
                bit = 1 << cell
                results.append(winner(red | bit, blue, player.opponent) if player is Player.LEFT
                               else winner(red, blue | bit, player.opponent))
                if results[-1] is player:
                    return player
        return player.opponent

    return winner(board.red, board.blue, mover)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_first_player_wins_every_small_board(n: int) -> None:
    """A fact (strategy stealing): both players win moving first on the empty board."""
    empty = HEX.parse(str(n))
    assert PartizanSolver(HEX).outcome(empty) is Outcome.N
    assert full_board_winner(empty, Player.LEFT) is Player.LEFT
    assert full_board_winner(empty, Player.RIGHT) is Player.RIGHT


def test_outcomes_match_the_full_board_game() -> None:
    rng = random.Random(11)
    solver = PartizanSolver(HEX)
    for _ in range(60):
        board = HEX.random_position(rng, 3)
        outcome = solver.outcome(board)
        left = full_board_winner(board, Player.LEFT) is Player.LEFT
        right = full_board_winner(board, Player.RIGHT) is Player.RIGHT
        expected = {(True, True): Outcome.N, (True, False): Outcome.L,
                    (False, True): Outcome.R, (False, False): Outcome.P}[left, right]
        assert outcome is expected, HEX.format(board)


def test_hex_theorem_on_random_full_boards() -> None:
    rng = random.Random(3)
    for _ in range(300):
        n = rng.randint(1, 7)
        red = sum(1 << i for i in range(n * n) if rng.random() < 0.5)
        board = HexBoard(n, red, ((1 << n * n) - 1) & ~red)
        assert connected(board, Player.LEFT) != connected(board, Player.RIGHT)


def test_symmetric_keys_and_conjugates() -> None:
    """The half turn keeps the value; the transpose with colours exchanged negates it."""
    rng = random.Random(5)
    for _ in range(25):
        board = HEX.random_position(rng, 3)
        n = board.n
        turn = HexBoard(n, *(sum(1 << (n * n - 1 - i) for i in range(n * n) if m >> i & 1)
                             for m in (board.red, board.blue)))
        flip = HexBoard(n, *(sum(1 << ((i % n) * n + i // n) for i in range(n * n)
                                 if m >> i & 1) for m in (board.blue, board.red)))
        value = naive_value(HEX, board)
        assert naive_value(HEX, turn) is value
        assert naive_value(HEX, flip) is -value
        assert PartizanSolver(HEX).value(board) is value


def test_moves_stop_once_someone_connects_and_text() -> None:
    board = HEX.parse("R../R../R..")
    assert list(HEX.moves(board, Player.RIGHT)) == []
    assert HEX.format(HEX.parse("3x3")) == "3"
    for text in HEX.examples:
        assert HEX.format(HEX.parse(text)) == text
    assert bin(neighbours(3)[4]).count("1") == 6
    assert HEX.render_svg(HEX.parse("R../.B./...")).startswith("<svg")
    assert HEX.render_text(HEX.parse("3")).splitlines()[2] == "  . . ."
    for bad, message in [("12", "1 to 11"), ("R./..B", "square"), ("X./..", "'X'")]:
        with pytest.raises(ParseError, match=message):
            HEX.parse(bad)


# -- the fast search: dead and captured cells, checked against the plain game tree ------

@functools.cache
def plain_wins(board: HexBoard, player: Player) -> bool:
    """The oracle: the ruleset's own game tree, nothing else (normal play)."""
    return any(not plain_wins(child, player.opponent)
               for child in HEX.options(board, player))


def hex_winner(board: HexBoard, player: Player) -> bool:
    """Does ``player``, to move, win?  A board where someone has joined their sides is
    won by them (as a position reached in play, not as a normal-play terminal)."""
    joined = winner(board.n, board.red, board.blue)
    if joined is not None:
        return joined is (player is Player.LEFT)
    return plain_wins(board, player)


@st.composite
def small_boards(draw: st.DrawFn) -> HexBoard:
    """Boards of side 1-4 with at most 9 empty cells and nobody joined yet."""
    n = draw(st.integers(1, 4))
    cells = draw(st.permutations(range(n * n)))
    stones = draw(st.integers(max(0, n * n - 9), n * n))
    board = HexBoard(n, 0, 0)
    for cell in cells[:stones]:
        red = draw(st.booleans())
        grown = board._replace(red=board.red | 1 << cell) if red else \
            board._replace(blue=board.blue | 1 << cell)
        if winner(n, grown.red, grown.blue) is None:
            board = grown
    return board


@settings(max_examples=300, deadline=None)
@given(small_boards())
def test_filling_dead_cells_either_colour_keeps_the_outcome(board: HexBoard) -> None:
    dead = dead_cells(*board)
    for player in Player:
        expected = hex_winner(board, player)
        assert hex_winner(board._replace(red=board.red | dead), player) is expected
        assert hex_winner(board._replace(blue=board.blue | dead), player) is expected


@settings(max_examples=300, deadline=None)
@given(small_boards())
def test_filling_captured_pairs_keeps_the_outcome(board: HexBoard) -> None:
    red, blue = captured_pairs(*board)
    filled = board._replace(red=board.red | red, blue=board.blue | blue)
    reduced = HexBoard(board.n, *reduce(*board))
    for player in Player:
        expected = hex_winner(board, player)
        assert hex_winner(filled, player) is expected
        assert hex_winner(reduced, player) is expected


@settings(max_examples=300, deadline=None)
@given(small_boards())
def test_the_fast_search_matches_the_game_tree(board: HexBoard) -> None:
    for player in Player:
        for engine in ENGINES:
            assert HexSearch(board.n, engine=engine).wins(
                board.red, board.blue, player is Player.LEFT) is plain_wins(board, player)
        assert PartizanSolver(HEX).wins_first(board, player) is plain_wins(board, player)


@st.composite
def larger_boards(draw: st.DrawFn) -> HexBoard:
    """Boards of side 1-11, each cell red, blue or empty (joined or not)."""
    n = draw(st.integers(1, 11))
    colours = draw(st.lists(st.sampled_from("RB..."), min_size=n * n, max_size=n * n))
    return HexBoard(n, sum(1 << i for i, c in enumerate(colours) if c == "R"),
                    sum(1 << i for i, c in enumerate(colours) if c == "B"))


@settings(max_examples=200, deadline=None)
@given(larger_boards())
def test_the_native_reductions_match_python(board: HexBoard) -> None:
    kernel = native_kernel(board.n)
    assert kernel is not None
    assert kernel.reduce(board.red, board.blue) == reduce(*board)


def test_the_native_search_matches_python_on_five_by_five() -> None:
    """Random 5×5 boards with 6-10 stones: both engines agree (the Python one is the
    definition, checked against the game tree above)."""
    rng = random.Random(7)
    native, python = HexSearch(5), HexSearch(5, engine="python")
    assert native.kernel is not None
    for _ in range(10):
        red = blue = 0
        for cell in rng.sample(range(25), rng.randint(6, 10)):
            if rng.random() < 0.5:
                red |= 1 << cell
            else:
                blue |= 1 << cell
        for red_moves in (True, False):
            assert native.wins(red, blue, red_moves) is python.wins(red, blue, red_moves)


def test_the_reductions_are_not_vacuous() -> None:
    """The standard patterns occur: four red neighbours in a row kill a cell, a red
    stone in the middle of a 3×3 board captures a pair on each of its edges and so wins
    at once, and random boards have dead cells and captured pairs of both colours."""
    board = HEX.parse(".R../R.../RR../....")  # (1,1) and (0,0) (the top edge counts)
    assert dead_cells(*board) == 1 << 5 | 1 << 0  # have four red neighbours in a row
    centre = HEX.parse(".../.R./...")
    assert winner(*HexBoard(3, *reduce(*centre))) is True
    rng = random.Random(2)
    found = {"dead": 0, "red": 0, "blue": 0}
    for _ in range(200):
        n, red, blue = HEX.random_position(rng, 3)
        found["dead"] += bool(dead_cells(n, red, blue))
        pairs = captured_pairs(n, red, blue)
        found["red"] += bool(pairs[0])
        found["blue"] += bool(pairs[1])
    assert all(found.values()), found


@pytest.mark.parametrize(("n", "engine"), [(1, "python"), (2, "python"), (3, "python"),
                                           (4, "python"), (5, "native")])
def test_strategy_stealing_cross_check(n: int, engine: Engine) -> None:
    """The first player wins every empty board (strategy stealing): a check of the
    search, which never assumes it."""
    search = HexSearch(n, engine=engine)
    assert search.wins(0, 0, True) and search.wins(0, 0, False)


# -- playing against the computer ------------------------------------------------------

def test_play_at_the_terminal_with_hints_and_a_perfect_computer() -> None:
    """The computer moves first as Red on the empty 4×4 board (a first-player win) and
    wins whatever the human tries; the hint on 3×3 lists exactly the game tree's
    winning moves."""
    from click.testing import CliRunner

    from grundy.cli.main import cli

    runner = CliRunner()
    every_cell = "".join(f"{'abcd'[c]}{r + 1}\n" for r in range(4) for c in range(4))
    played = runner.invoke(cli, ["play", "hex", "4", "--first", "computer", "--side", "R",
                                 "--level", "perfect", "--json"], input=every_cell)
    assert played.exit_code == 0, played.output
    record = json.loads(played.stdout)
    assert record["winner"] == "computer" and record["end"] == "no move"
    board = HEX.parse("3")
    winning = [HEX.format_move(move) for move, child in HEX.moves(board, Player.LEFT)
               if not plain_wins(child, Player.RIGHT)]
    hinted = runner.invoke(cli, ["play", "hex", "3"], input="?\nquit\n")
    assert f"Winning moves: {', '.join(winning)}" in hinted.stdout


def test_the_workbench_hints_outcomes_and_plays_winning_moves() -> None:
    from grundy.web import Workbench

    bench = Workbench()
    board = HEX.parse("R../.B./...")
    hint = bench.hint("hex", HEX.format(board), "R")
    children = [child for _, child in HEX.moves(board, Player.RIGHT)]
    assert [m["winning"] for m in hint["moves"]] == [
        not plain_wins(child, Player.LEFT) for child in children]
    assert [m["value"] for m in hint["moves"]] == [
        PartizanSolver(HEX).outcome(child).value for child in children]
    reply = bench.computer("hex", "4", "perfect", "L", seed=3)
    assert reply["note"] == "a winning move"
    after = HEX.parse(reply["view"]["position"])
    assert not HexSearch(4, engine="python").wins(after.red, after.blue, False)


@pytest.mark.parametrize("engine", ["python", "native"])
def test_the_search_stops_at_its_budget_and_resumes(engine: Engine) -> None:
    from grundy.search.budget import Budget, BudgetExceeded

    # Red to move loses: the whole search must be made again after the stop
    red, blue = 1 << 1, 1 << 12 | 1 << 18
    search = HexSearch(5, Budget(max_nodes=50), engine=engine)
    with pytest.raises(BudgetExceeded, match="50 positions"):
        search.wins(red, blue, True)
    search.budget = Budget()
    assert search.wins(red, blue, True) is HexSearch(5).wins(red, blue, True) is False
