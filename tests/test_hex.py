"""Hex on n×n rhombi (seed 004 §3.1, L402-411)."""

from __future__ import annotations

import functools
import random

import pytest

from grundy.protocol import ParseError, PartizanRuleset, Player
from grundy.rulesets import get
from grundy.rulesets.grids.hex import HexBoard, connected, neighbours
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
