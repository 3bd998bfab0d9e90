"""The native Domineering outcome search (``grundy._native.DomineeringOutcomes``): each
pruning rule against plain search and the canonical value on random regions, rectangles
against the outcomes the literature proves, the CLI and the budgets."""

from __future__ import annotations

import itertools

import pytest
from bench.domineering_outcomes import PUBLISHED, left_starting_wins, published_outcome
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import _native
from grundy.cli.main import cli
from grundy.protocol import Player
from grundy.rulesets import get
from grundy.rulesets.grids.domineering import Board
from grundy.search.budget import Budget, BudgetExceeded
from grundy.search.partizan import PartizanSolver, outcome_of
from grundy.values.outcome import Outcome

DOMINEERING = get("domineering")
#: (regions played as values up to this many cells, safe-move counting): plain search first
RULES = [(0, False), (0, True), (6, False), (6, True), (16, False), (16, True)]


def search_outcome(board: Board, value_cells: int, safe_moves: bool) -> Outcome:
    search = _native.DomineeringOutcomes(board.rows, board.columns, value_cells, safe_moves)
    left, _ = search.wins(board.empty, True)
    right, _ = search.wins(board.empty, False)
    assert left is not None and right is not None
    return outcome_of(left, right)


def value_outcome(board: Board) -> Outcome:
    """The outcome read off the canonical value (the native kernel, itself checked
    against the Python engine and the naive search in test_native_partizan)."""
    return PartizanSolver(DOMINEERING, engine="native").value(board).outcome()


@st.composite
def regions(draw: st.DrawFn) -> Board:
    """A board of up to 5 by 5 cells with some cells filled."""
    rows, columns = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    empty = draw(st.integers(0, (1 << rows * columns) - 1))
    return Board(rows, columns, empty)


@settings(max_examples=120, deadline=None)
@given(regions())
def test_each_pruning_rule_agrees_with_plain_search_and_the_value(board: Board) -> None:
    expected = value_outcome(board)
    for value_cells, safe_moves in RULES:
        assert search_outcome(board, value_cells, safe_moves) is expected, (
            DOMINEERING.format(board), value_cells, safe_moves)


@st.composite
def sparse_boards(draw: st.DrawFn) -> Board:
    """A board of up to 6 by 6 cells, each cell filled with probability about 1/3: room
    for safe moves, vulnerable moves of both kinds and several regions."""
    rows, columns = draw(st.integers(3, 6)), draw(st.integers(3, 6))
    size = rows * columns
    full = (1 << size) - 1
    empty = full & ~(draw(st.integers(0, full)) & draw(st.integers(0, full)))
    return Board(rows, columns, empty)


@settings(max_examples=60, deadline=None)
@given(sparse_boards())
def test_the_counting_rule_agrees_with_plain_search_on_larger_boards(board: Board) -> None:
    """The counting rule (safe moves, both kinds of vulnerable moves, the usable-cells
    bound, the cutoff after a move) with and without small regions played as values,
    against plain search."""
    expected = search_outcome(board, 0, False)
    for value_cells in (0, 8, 16):
        assert search_outcome(board, value_cells, True) is expected, (
            DOMINEERING.format(board), value_cells)


@settings(max_examples=30, deadline=None)
@given(sparse_boards())
def test_moves_the_counts_show_lost_are_skipped_soundly(board: Board) -> None:
    """The search leaves out each move after which the counting rule shows the opponent
    wins, and does not repeat the rule on a child it has already failed on: one table
    asked about a board and every position one move away, against plain search."""
    search = _native.DomineeringOutcomes(board.rows, board.columns, 8, True)
    for player in Player:
        for child in [board, *DOMINEERING.options(board, player)]:
            plain = search_outcome(child, 0, False)
            for mover in Player:
                won, _ = search.wins(child.empty, mover is Player.LEFT)
                assert won is (plain in ((Outcome.L, Outcome.N) if mover is Player.LEFT
                                         else (Outcome.R, Outcome.N))), (
                    DOMINEERING.format(child), mover)


@st.composite
def walled_blocks(draw: st.DrawFn) -> Board:
    """A board of up to 6 by 6 cells, about a third filled, with up to three empty 2×2
    blocks whose neighbours on two opposite sides are filled: protective areas of
    either player (Bullock 2002, §3), beside vulnerable moves with a protected cell."""
    rows, columns = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    full = (1 << rows * columns) - 1
    empty = full & ~(draw(st.integers(0, full)) & draw(st.integers(0, full)))

    def cells(*places: tuple[int, int]) -> int:
        return sum(1 << r * columns + c for r, c in places
                   if 0 <= r < rows and 0 <= c < columns)

    for _ in range(draw(st.integers(1, 3))):
        r, c = draw(st.integers(0, rows - 2)), draw(st.integers(0, columns - 2))
        block = cells((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
        if draw(st.booleans()):  # Left's area: filled on the left and the right
            walls = cells((r, c - 1), (r + 1, c - 1), (r, c + 2), (r + 1, c + 2))
        else:  # Right's: filled above and below
            walls = cells((r - 1, c), (r - 1, c + 1), (r + 2, c), (r + 2, c + 1))
        empty = (empty | block) & ~walls
    return Board(rows, columns, empty)


@settings(max_examples=60, deadline=None)
@given(walled_blocks())
def test_protective_areas_agree_with_plain_search(board: Board) -> None:
    """The counting rule with protective areas (two moves for the player who takes one,
    one opponent's domino to break one) against plain search."""
    expected = search_outcome(board, 0, False)
    for value_cells in (0, 8):
        assert search_outcome(board, value_cells, True) is expected, (
            DOMINEERING.format(board), value_cells)


@settings(max_examples=40, deadline=None)
@given(regions(), st.integers(0, 3))
def test_a_table_kept_between_calls_answers_like_a_fresh_one(board: Board, moves: int) -> None:
    """One search asked about a board and the positions of a game played on it."""
    search = _native.DomineeringOutcomes(board.rows, board.columns)
    position, player = board, Player.LEFT
    for _ in range(moves + 1):
        for mover in Player:
            won, _ = search.wins(position.empty, mover is Player.LEFT)
            assert won is (search_outcome(position, 0, False)
                           in ((Outcome.L, Outcome.N) if mover is Player.LEFT
                               else (Outcome.R, Outcome.N)))
        options = list(DOMINEERING.options(position, player))
        if not options:
            break
        position, player = options[len(options) // 2], player.opponent


#: The boards the tests search: every m × n with m, n ≤ 8 of at most 42 cells (up to 6 × 7,
#: 5 × 8); 7 × 7, 6 × 8, 7 × 8 and 8 × 8 are the recorded benchmark (bench/domineering_outcomes).
SEARCHED = [(m, n) for m, n in itertools.product(range(1, 9), repeat=2) if m * n <= 42]


@pytest.mark.parametrize(("m", "n"), SEARCHED)
def test_rectangles_agree_with_the_published_table(m: int, n: int) -> None:
    """The outcome class against Breuker et al.'s table (``PUBLISHED``), the proved
    theorems where one applies, and on boards of at most 25 cells the canonical value."""
    board = DOMINEERING.parse(f"{m}x{n}")
    search = _native.DomineeringOutcomes(m, n)
    left, _ = search.wins(board.empty, True)
    right, _ = search.wins(board.empty, False)
    assert left is not None and right is not None
    outcome = outcome_of(left, right)
    assert outcome.value == published_outcome(m, n)
    published_left, published_right = left_starting_wins(m, n), left_starting_wins(n, m)
    if published_left is not None:
        assert left is published_left
    if published_right is not None:  # Right starting on m × n is Left starting on n × m
        assert right is published_right
    if m * n <= 25:  # the larger values take seconds each
        assert outcome is value_outcome(board)


def test_the_published_table_agrees_with_the_theorems() -> None:
    """Two sources that check each other: the table and Uiterwijk's theorems (which decide
    most boards up to 8 × 8), with the conjugate rule for n × m."""
    decided = 0
    for m, n in itertools.product(range(1, 9), repeat=2):
        outcome = published_outcome(m, n)
        left_first = outcome in ("L", "N")
        right_first = outcome in ("R", "N")
        for proved, won in ((left_starting_wins(m, n), left_first),
                            (left_starting_wins(n, m), right_first)):
            if proved is not None:
                assert proved is won, (m, n)
                decided += 1
    assert decided == 86  # of the 128 first-player results
    assert published_outcome(8, 8) == "N"  # Breuker et al.: the first player wins 8 × 8
    assert {published_outcome(m, n) for m, n in PUBLISHED} == {"L", "R", "N", "P"}


def test_cli_prints_the_outcome_of_a_board() -> None:
    result = CliRunner().invoke(cli, ["value", "domineering", "5x5", "--outcome"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "P"  # 5x5 = 0
    result = CliRunner().invoke(cli, ["value", "domineering", "6x6", "--outcome"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "N"


def test_a_node_budget_stops_the_search() -> None:
    """7 × 7 needs hundreds of thousands of positions; 100 stop it."""
    solver = PartizanSolver(DOMINEERING, Budget(max_nodes=100))
    with pytest.raises(BudgetExceeded):
        solver.outcome(DOMINEERING.parse("7x7"))
    search = _native.DomineeringOutcomes(7, 7)
    won, nodes = search.wins((1 << 49) - 1, True, max_nodes=100)
    assert won is None and nodes == 101


def test_bad_shapes_are_refused() -> None:
    with pytest.raises(ValueError, match="at most 64 cells"):
        _native.DomineeringOutcomes(9, 8)
    search = _native.DomineeringOutcomes(2, 2)
    with pytest.raises(ValueError, match="past its 4 cells"):
        search.wins(1 << 5, True)
