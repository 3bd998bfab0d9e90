"""The partizan rulesets of cgt-tools' library that grundy lacked (issue 26 item 3):
Fission, Ski-Jumps and Digraph Placement.

Each table row names where its value is asserted: cgt-tools' test suite (repository
t4ccer/cgt-tools, file and test named), which for Ski-Jumps takes its positions from
Winning Ways.  The native kernels (Fission; Digraph Placement through the tinted-graph
kernel) and the Ski-Jumps closed form are checked against the Python search and the
naive one on random positions.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import _native
from grundy.protocol import GrundyError, ParseError, PartizanRuleset, Player
from grundy.rulesets import get
from grundy.rulesets.graph_games.tinted import TintedGraph, TintedKernel
from grundy.rulesets.graphs import random_graph
from grundy.rulesets.grids.stones import Stones, StonesKernel
from grundy.search.budget import Budget, BudgetExceeded
from grundy.search.partizan import PartizanSolver, naive_value
from grundy.values import parse


def partizan(name: str) -> PartizanRuleset[Any]:
    ruleset = get(name)
    assert isinstance(ruleset, PartizanRuleset)
    return ruleset


FISSION, SKI_JUMPS, DIGRAPH = partizan("fission"), partizan("ski-jumps"), \
    partizan("digraph-placement")

#: (ruleset, position, value as cgt-tools prints it)
CGT_TOOLS = [
    # cgt/short/partizan/games/fission.rs, test canonical_form
    ("fission", "....|..x.|....|....", "0"),
    ("fission", "..x.|....|..x.|....", "-2"),
    ("fission", ".x.x|....|..x.|....", "-1"),
    ("fission", ".x.x|..x.|....|..x.", "{-1|-4}"),
    ("fission", "....|..x.|....|#..#", "0"),
    # cgt/short/partizan/games/ski_jumps.rs, test winning_ways_examples
    ("ski-jumps", "...L....|..R.....|........", "2"),
    ("ski-jumps", "........|...l....|.......R|........|......L.", "-1"),
    ("ski-jumps", ".L...|.R...|.....", "5/2"),
    ("ski-jumps", "...R.|...L.|.....", "-5/2"),
    ("ski-jumps", "L....|....R|.....", "1/2"),
    ("ski-jumps", "L....|R....|.....", "9/2"),
    ("ski-jumps", "L....|....R|l....", "5"),
    # cgt/short/partizan/games/digraph_placement.rs, test two_down_star: vertices 0, 1
    # Right's, 2, 3, 4 Left's; its value prints as 2v* (2 + ↓ + *)
    ("digraph-placement",
     "5;1>0,2>0,3>0,4>0,2>1,3>1,4>1,1>4,2>4,3>4;blue=2,3,4;red=0,1", "2v*"),
]


@pytest.mark.parametrize(("name", "text", "value"), CGT_TOOLS)
def test_values_asserted_by_cgt_tools(name: str, text: str, value: str) -> None:
    rules = partizan(name)
    position = rules.parse(text)
    assert PartizanSolver(rules).value(position) is parse(value)
    assert naive_value(rules, position) is parse(value)


# -- Fission ------------------------------------------------------------------------------


def random_fission(rng: random.Random, max_cells: int) -> Stones:
    rows = rng.randint(1, 5)
    columns = rng.randint(1, max(1, max_cells // rows))
    return Stones(rows, columns, "".join(
        rng.choices("x.#", (3, 6, 1))[0] for _ in range(rows * columns)))


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32))
def test_fission_native_matches_python_and_naive(seed: int) -> None:
    board = random_fission(random.Random(seed), 16)
    native = PartizanSolver(FISSION, engine="native").value(board)
    assert native is PartizanSolver(FISSION, engine="python").value(board)
    assert native is naive_value(FISSION, board)


def test_fission_transpose_is_the_conjugate() -> None:
    board = FISSION.parse(".x../..x./..../x...")
    columns = ["".join(row[c] for row in [".x..", "..x.", "....", "x..."]) for c in range(4)]
    transposed = FISSION.parse("/".join(columns))
    solver = PartizanSolver(FISSION)
    assert solver.value(transposed) is -solver.value(board)
    assert FISSION.signed_key(board)[0] == FISSION.signed_key(transposed)[0]


def test_fission_moves_and_kernel_limits() -> None:
    board = FISSION.parse(".../.x./...")
    assert [FISSION.format_move(m) for m, _ in FISSION.moves(board, Player.LEFT)] == ["1,1"]
    assert [after for _, after in FISSION.moves(board, Player.RIGHT)] == [
        FISSION.parse(".../x.x/...")]
    assert isinstance(PartizanSolver(FISSION).kernel, StonesKernel)
    with pytest.raises(GrundyError, match="fission's native kernel takes boards of at most 64"):
        PartizanSolver(FISSION, engine="native").value(FISSION.parse("/".join(["." * 13] * 5)))
    game = _native.Fission()
    with pytest.raises(ValueError, match="at most 64 cells, got 5x13"):
        game.value(5, 13, 0, 0)
    with pytest.raises(ValueError, match="a stone and is out of play"):
        game.value(2, 3, 0b1, 0b1)


def test_a_node_budget_stops_the_fission_kernel() -> None:
    solver = PartizanSolver(FISSION, Budget(max_nodes=20), engine="native")
    with pytest.raises(BudgetExceeded, match="after 20 positions"):
        solver.value(FISSION.parse("x.x.x/.x.x./x.x.x/.x.x./x.x.x"))


@pytest.mark.parametrize(("text", "message"), [
    ("x.y", "Fission cells are 'x', '.', '#'"),
    ("x./x", "row 1 has 1 cells but row 0 has 2"),
])
def test_fission_bad_boards(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        FISSION.parse(text)


# -- Ski-Jumps ----------------------------------------------------------------------------


def test_facing_skiers_are_not_integers() -> None:
    """L.R: each may move next to the other, after which nobody moves: {0 | 0} = *.  The
    integer shortcut only applies where no skiers of opposite colours face each other
    (cgt-tools' own shortcut checks jumps only, and would give 0 here)."""
    position = SKI_JUMPS.parse("L.R")
    assert SKI_JUMPS.fast_value(position) is None
    assert naive_value(SKI_JUMPS, position) is parse("*")


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32))
def test_ski_jumps_search_and_integer_shortcut_match_the_naive_search(seed: int) -> None:
    rng = random.Random(seed)
    rows, columns = rng.randint(1, 4), rng.randint(1, 4)
    slope = Stones(rows, columns, "".join(
        rng.choice("LlRr") if rng.random() < 0.3 else "." for _ in range(rows * columns)))
    exact = naive_value(SKI_JUMPS, slope)
    assert PartizanSolver(SKI_JUMPS).value(slope) is exact
    shortcut = SKI_JUMPS.fast_value(slope)
    assert shortcut is None or shortcut is exact


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32))
def test_ski_jumps_native_matches_python_and_naive(seed: int) -> None:
    rng = random.Random(seed)
    rows, columns = rng.randint(1, 4), rng.randint(1, 4)
    slope = Stones(rows, columns, "".join(
        rng.choice("LlRr") if rng.random() < 0.35 else "." for _ in range(rows * columns)))
    native = PartizanSolver(SKI_JUMPS, engine="native").value(slope)
    assert native is PartizanSolver(SKI_JUMPS, engine="python").value(slope)
    assert native is naive_value(SKI_JUMPS, slope)


def test_the_ski_jumps_kernel_budget_and_bad_slopes() -> None:
    assert isinstance(PartizanSolver(SKI_JUMPS).kernel, StonesKernel)
    solver = PartizanSolver(SKI_JUMPS, Budget(max_nodes=10), engine="native")
    with pytest.raises(BudgetExceeded, match="after 10 positions"):
        solver.value(SKI_JUMPS.parse("L.L.L./R.R.R./L.L.L./R.R.R./......"))
    game = _native.SkiJumps()
    with pytest.raises(ValueError, match="at most 64 cells, got 5x13"):
        game.value(5, 13, 0, 0, 0)
    with pytest.raises(ValueError, match="a skier of each player"):
        game.value(1, 3, 0b1, 0b1, 0)
    with pytest.raises(ValueError, match="jumper on an empty cell"):
        game.value(1, 3, 0b1, 0b10, 0b100)


def test_ski_jumps_moves() -> None:
    slope = SKI_JUMPS.parse("L../R../...")
    labels = {SKI_JUMPS.format_move(m): SKI_JUMPS.format(after)
              for m, after in SKI_JUMPS.moves(slope, Player.LEFT)}
    assert labels == {"0,0-0,1": ".L./R../...", "0,0-0,2": "..L/R../...",
                      "0,0-off": ".../R../...", "0,0-2,0": ".../r../L.."}
    right = [SKI_JUMPS.format_move(m) for m, _ in SKI_JUMPS.moves(slope, Player.RIGHT)]
    assert right == ["1,0-off"]
    with pytest.raises(ParseError, match="Ski-Jumps cells are"):
        SKI_JUMPS.parse("LX.")


# -- Digraph Placement --------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32))
def test_digraph_placement_native_matches_python_and_naive(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(0, 9)
    adj = random_graph(rng, n, rng.uniform(0.1, 0.5), True)
    blue = rng.getrandbits(n) if n else 0
    position = TintedGraph(n, adj, blue, ((1 << n) - 1) & ~blue)
    native = PartizanSolver(DIGRAPH, engine="native").value(position)
    assert native is PartizanSolver(DIGRAPH, engine="python").value(position)
    assert native is naive_value(DIGRAPH, position)


def test_digraph_placement_arcs_point_one_way() -> None:
    """0 blue, 1 red.  With the arc 0 -> 1, Left's move deletes both (0) and Right's leaves
    Left's vertex (1): {0 | 1} = 1/2.  With 1 -> 0, Left's leaves Right's vertex (-1) and
    Right's deletes both: {-1 | 0} = -1/2."""
    one_way = DIGRAPH.parse("2;0>1;blue=0;red=1")
    assert PartizanSolver(DIGRAPH).value(one_way) is parse("1/2")
    other_way = DIGRAPH.parse("2;1>0;blue=0;red=1")
    assert PartizanSolver(DIGRAPH).value(other_way) is parse("-1/2")
    assert isinstance(PartizanSolver(DIGRAPH).kernel, TintedKernel)


@pytest.mark.parametrize(("text", "message"), [
    ("3;0-1;blue=0;red=1,2", "0-1"),
    ("3;0>1;blue=0;red=1", "vertex 2 has no tint"),
    ("2;0>1;blue=0,1;red=1", "listed as both blue and red"),
])
def test_digraph_placement_bad_texts(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        DIGRAPH.parse(text)


def test_digraph_placement_round_trips_and_conjugates() -> None:
    text = "4;0>1,1>2,2>3,3>0;blue=0,2;red=1,3"
    position = DIGRAPH.parse(text)
    assert DIGRAPH.format(position) == text
    swapped = DIGRAPH.parse("4;0>1,1>2,2>3,3>0;blue=1,3;red=0,2")
    solver = PartizanSolver(DIGRAPH)
    assert solver.value(swapped) is -solver.value(position)
