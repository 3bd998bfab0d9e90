"""The Hex solver (native ``hex_solver.rs``): published opening maps, proofs checked by
the definition, and each pruning rule against the plain game tree."""

from __future__ import annotations

import functools
import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cli.main import cli
from grundy.protocol import GrundyError, Player
from grundy.rulesets import get
from grundy.rulesets.grids.board import cell_name
from grundy.rulesets.grids.hex import HexBoard
from grundy.rulesets.grids.hex_search import HexSearch, winner
from grundy.rulesets.grids.hex_solver import Answers, HexSolver, Leaf, Reply, check_proof
from grundy.search.budget import Budget, BudgetExceeded

HEX = get("hex")

#: The winning first moves of the first player (red, joining top and bottom; W wins,
#: . loses), rows top to bottom, as published for 3×3 to 6×6 (van Rijswijck's Queenbee
#: opening tables, 2000-2002; the maps of 4×4 and 5×5 are also checked below against the
#: exhaustive search, and 3×3 against the game tree).
PUBLISHED = {
    3: ["..W",
        "WWW",
        "W.."],
    4: ["...W",
        "..W.",
        ".W..",
        "W..."],
    5: ["....W",
        ".WWWW",
        ".WWW.",
        "WWWW.",
        "W...."],
    6: [".....W",
        ".WWWWW",
        "WWWWWW",
        "WWWWWW",
        "WWWWW.",
        "W....."],
}


#: 7×7 openings of the player joining north and south (red here) as published with the
#: proof trees of Hayward et al. (2003, "Solving 7x7 Hex: Virtual Connections and
#: Game-state Reduction"), table on the page webdocs.cs.ualberta.ca/~hayward/hex7trees:
#: cell name (column letter, row number; a1 the acute corner (0, 0)) -> the winning
#: countermove of the second player, or None where the opening wins.  Only the rows
#: a1-a7 and b1-b3 of that table were available to us as text; the half turn maps
#: each to a cell of the same value.
HAYWARD_7X7 = {
    "a1": "c4", "a2": "e3", "a3": "d4", "a4": None, "a5": "b6", "a6": None, "a7": None,
    "b1": "c4", "b2": "e3", "b3": None,
}


def named(name: str) -> int:
    """The cell r·7 + c of a 7×7 cell name (column letter, row number from 1)."""
    return (int(name[1:]) - 1) * 7 + ord(name[0]) - ord("a")


@functools.cache
def plain_wins(board: HexBoard, red_moves: bool) -> bool:
    """The oracle: the ruleset's own game tree (a joined board has no moves)."""
    player = Player.LEFT if red_moves else Player.RIGHT
    return any(not plain_wins(child, not red_moves) for _, child in HEX.moves(board, player))


def drawn(found: dict[tuple[int, int], bool], n: int) -> list[str]:
    return ["".join("W" if found[r, c] else "." for c in range(n)) for r in range(n)]


@pytest.mark.parametrize("n", sorted(PUBLISHED))
def test_the_winning_openings_match_the_published_maps(n: int) -> None:
    solver = HexSolver(n)
    assert drawn(solver.openings(), n) == PUBLISHED[n]
    if n == 6:
        return
    # Blue moving first: the same map transposed (colours and sides exchanged).
    blue = solver.openings(red_first=False)
    assert [row for row in zip(*drawn(blue, n), strict=True)] == [tuple(r) for r in PUBLISHED[n]]


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_opening_maps_match_the_game_tree(n: int) -> None:
    found = HexSolver(n).openings()
    for (r, c), won in found.items():
        assert won is not plain_wins(HexBoard(n, 1 << (r * n + c), 0), False)


@pytest.mark.parametrize("n", [4, 5])
def test_the_opening_maps_match_the_exhaustive_search(n: int) -> None:
    """The search with dead and captured cells only (``hex_search``, itself checked
    against the game tree), on every opening up to the half turn."""
    solver, exhaustive = HexSolver(n), HexSearch(n)
    for cell in range((n * n + 1) // 2):
        assert solver.wins(1 << cell, 0, False) is exhaustive.wins(1 << cell, 0, False)


def test_six_by_six_is_a_first_player_win_with_a_winning_move() -> None:
    solver = HexSolver(6)
    assert solver.wins(0, 0, True) and solver.wins(0, 0, False)
    cell = solver.winning_move(0, 0, True)
    assert cell is not None and PUBLISHED[6][cell // 6][cell % 6] == "W"


def test_the_acute_corner_of_seven_by_seven_loses_to_the_published_answer() -> None:
    """Hayward et al. 2003 (``HAYWARD_7X7``, row a1): red's acute-corner opening loses,
    and blue's countermove c4 wins."""
    solver = HexSolver(7)
    corner, answer = named("a1"), named("c4")
    assert solver.wins(1 << corner, 0, False)
    assert not solver.wins(1 << corner, 1 << answer, True)


@pytest.mark.opt_in
def test_the_seven_by_seven_openings_match_the_published_table() -> None:
    """Every 7×7 opening in ``HAYWARD_7X7`` (Hayward et al. 2003), with its half turn, on
    two threads; each losing opening's published countermove wins for blue."""
    solver = HexSolver(7)
    found = solver.openings(threads=2)
    for name, answer in HAYWARD_7X7.items():
        cell = named(name)
        for r, c in (divmod(cell, 7), divmod(48 - cell, 7)):
            assert found[r, c] is (answer is None), name
        if answer is not None:
            assert not solver.wins(1 << cell, 1 << named(answer), True), name


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_every_opening_proof_is_checked_by_the_definition(n: int) -> None:
    """For every first move on boards up to 4×4 (and the empty board), the solver's
    proof for the winner passes the checker, which uses only the ruleset's moves."""
    solver = HexSolver(n)
    boards = [(0, 0, True)] + [(1 << cell, 0, False) for cell in range(n * n)]
    for red, blue, red_moves in boards:
        red_wins, proof = solver.prove(red, blue, red_moves)
        assert check_proof(HexBoard(n, red, blue), red_moves, red_wins, proof)
        assert not check_proof(HexBoard(n, red, blue), red_moves, not red_wins, proof)


def test_the_checker_rejects_broken_proofs() -> None:
    board = HexBoard(3, 0, 0)
    solver = HexSolver(3)
    red_wins, proof = solver.prove(0, 0, True)
    assert red_wins and check_proof(board, True, True, proof)
    assert not check_proof(board, True, True, Leaf(0b000_000_111))  # the top row alone
    assert not check_proof(board, True, True, Reply(0, Leaf(0)))  # (0, 0) does not join
    assert not check_proof(board, False, True, Answers(()))  # blue's moves unanswered


@st.composite
def small_boards(draw: st.DrawFn) -> HexBoard:
    """Boards of side 1-4 with at most 9 empty cells and nobody joined."""
    n = draw(st.integers(1, 4))
    cells = draw(st.permutations(range(n * n)))
    stones = draw(st.integers(max(0, n * n - 9), n * n))
    board = HexBoard(n, 0, 0)
    for cell in cells[:stones]:
        grown = (board._replace(red=board.red | 1 << cell) if draw(st.booleans())
                 else board._replace(blue=board.blue | 1 << cell))
        if winner(*grown) is None:
            board = grown
    return board


@settings(max_examples=150, deadline=None)
@given(small_boards(), st.booleans())
def test_proofs_of_random_boards_pass_the_checker(board: HexBoard, red_moves: bool) -> None:
    red_wins, proof = HexSolver(board.n).prove(board.red, board.blue, red_moves)
    assert red_wins is (plain_wins(board, red_moves) is red_moves)
    assert check_proof(board, red_moves, red_wins, proof)


NONE = {"dead": False, "captured": False, "connections": False, "dominated": False}
RULES = {
    "plain": NONE,
    "dead cells": NONE | {"dead": True},
    "captured cells": NONE | {"captured": True},
    "virtual connections": NONE | {"connections": True},
    "dominated moves": NONE | {"dominated": True},
    "all": {},
}


@pytest.mark.parametrize("rules", sorted(RULES))
@settings(max_examples=120, deadline=None)
@given(board=small_boards(), red_moves=st.booleans())
def test_each_pruning_rule_keeps_the_game_trees_answer(rules: str, board: HexBoard,
                                                       red_moves: bool) -> None:
    solver = HexSolver(board.n, **RULES[rules])
    assert solver.wins(board.red, board.blue, red_moves) is plain_wins(board, red_moves)
    cell = solver.winning_move(board.red, board.blue, red_moves)
    assert (cell is not None) is plain_wins(board, red_moves)
    if cell is not None:
        bit = 1 << cell
        child = (board._replace(red=board.red | bit) if red_moves
                 else board._replace(blue=board.blue | bit))
        assert not plain_wins(child, not red_moves)


def test_the_rules_prune() -> None:
    """Each rule makes the search smaller on 4×4 (so none of them is vacuous)."""
    sizes = {}
    for name, rules in RULES.items():
        budget = Budget()
        HexSolver(4, budget, **rules).openings()
        sizes[name] = budget.nodes
    assert max(sizes["dead cells"], sizes["captured cells"], sizes["virtual connections"],
               sizes["dominated moves"]) < sizes["plain"]
    assert sizes["all"] < sizes["plain"]


def test_budgets_stop_the_solver_and_it_resumes() -> None:
    solver = HexSolver(6, Budget(max_nodes=20))
    with pytest.raises(BudgetExceeded, match="20 positions"):
        solver.wins(1 << 8, 0, False)
    solver.budget = Budget()
    assert solver.wins(1 << 8, 0, False) is False  # red's opening at (1, 2) wins
    # 9×9 from empty takes the solver far longer than a millisecond.
    with pytest.raises(BudgetExceeded, match="time budget"):
        HexSolver(9, Budget(max_seconds=0.001)).wins(0, 0, True)


def test_bad_input_is_one_line() -> None:
    with pytest.raises(GrundyError, match="board side 12: give 1 to 11"):
        HexSolver(12)
    with pytest.raises(ValueError, match="both red and blue"):
        HexSolver(3).kernel.wins(1, 1, True)
    with pytest.raises(ValueError, match="off the board"):
        HexSolver(3).kernel.wins(1 << 9, 0, True)
    result = CliRunner().invoke(cli, ["hex", "solve", "12"])
    assert result.exit_code == 2 and "give 1 to 11" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_the_command_prints_the_outcome_and_the_map() -> None:
    runner = CliRunner()
    shown = runner.invoke(cli, ["hex", "solve", "5", "--openings"])
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert lines[0].startswith("5x5, red to move: red wins")
    assert [line.strip().replace(" ", "") for line in lines[2:]] == PUBLISHED[5]
    record = json.loads(runner.invoke(cli, ["hex", "solve", "B../.../..R", "--to-move",
                                            "red", "--json", "--openings"]).output)
    board = HEX.parse("B../.../..R")
    assert record["mover_wins"] is plain_wins(board, True) is True
    assert record["winner"] == "red"
    expected = [f"{r},{c}" for r in range(3) for c in range(3)
                if not (board.red | board.blue) >> (3 * r + c) & 1
                and not plain_wins(board._replace(red=board.red | 1 << (3 * r + c)), False)]
    assert record["winning_moves"] == expected
    stopped = runner.invoke(cli, ["hex", "solve", "7", "--max-nodes", "3"])
    assert stopped.exit_code == 3


def test_the_workbench_shows_the_map_and_plays_perfectly() -> None:
    """The workbench's hint on the empty board marks exactly the published winning
    openings, and its perfect computer opens 5×5 on one of them."""
    from grundy.web import Workbench

    bench = Workbench()
    hint = bench.hint("hex", "5", "L")  # Left: red
    assert hint["solved"]
    marked = {move["label"] for move in hint["moves"] if move["winning"]}
    winning = {cell_name(r, c) for r in range(5) for c in range(5) if PUBLISHED[5][r][c] == "W"}
    assert marked == winning
    reply = bench.computer("hex", "5", "perfect", "L", seed=1)
    assert reply["note"] == "a winning move"
    assert reply["move"] in winning


def test_threads_map_the_same_moves_and_stop_at_the_budget() -> None:
    """Two threads (each with its own table) give the one-thread map, on the empty board
    (half the cells solved, by the half turn) and on one the half turn does not fix."""
    assert HexSolver(5).openings(threads=2) == HexSolver(5).openings()
    board = HEX.parse("R..../...../..B../...../.....")
    assert isinstance(board, HexBoard)
    one = HexSolver(5).move_map(board.red, board.blue, True)
    assert HexSolver(5).move_map(board.red, board.blue, True, threads=3) == one
    with pytest.raises(BudgetExceeded, match="50 positions"):
        HexSolver(6, Budget(max_nodes=50)).openings(threads=2)
    with pytest.raises(GrundyError, match="0 threads: give 1 to 64"):
        HexSolver(3).openings(threads=0)
    with pytest.raises(ValueError, match="cell 0 is not empty"):
        HexSolver(3).kernel.move_values(1, 0, False, [0])
    with pytest.raises(ValueError, match="nobody moves on a won board"):
        HexSolver(2).kernel.move_values(0b101, 0, False, [1])
