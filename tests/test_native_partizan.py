"""The native canonical games (``grundy._native.GameStore``) and partizan kernels against
the pure-Python ``Game`` (the oracle), the Python ``PartizanSolver`` and the naive search."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import cast

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from grundy import _native
from grundy.protocol import GrundyError
from grundy.rulesets import get
from grundy.rulesets.grids.domineering import Board, DomineeringKernel
from grundy.rulesets.grids.stones import Stones, StonesKernel
from grundy.search.budget import Budget, BudgetExceeded
from grundy.search.partizan import PartizanSolver, games_from_closure, naive_value
from grundy.search.store import Store
from grundy.values import Game
from grundy.values.naive import LEAF, Tree, canonical
from grundy.values.notation import parse

trees = st.recursive(
    st.just(LEAF),
    lambda inner: st.tuples(st.lists(inner, max_size=3).map(tuple),
                            st.lists(inner, max_size=3).map(tuple)),
    max_leaves=8,
)
DOMINEERING = get("domineering")


def native_id(store: _native.GameStore, tree: Tree) -> int:
    """The tree's canonical form built bottom-up by the native store only."""
    left, right = tree
    return store.of([native_id(store, t) for t in left], [native_id(store, t) for t in right])


def as_game(store: _native.GameStore, game_id: int) -> Game:
    """The native game rebuilt as a Game, checking that every native form is already
    canonical: its option sets are exactly the Python canonical form's."""
    closure = store.closure(game_id)
    games = games_from_closure(closure, {})
    for node, lefts, rights in closure:
        assert Game.of([games[g] for g in lefts], [games[g] for g in rights]) is games[node]
        assert set(games[node].left) == {games[g] for g in lefts}
        assert set(games[node].right) == {games[g] for g in rights}
        assert len(lefts) == len(games[node].left) and len(rights) == len(games[node].right)
    return games[game_id]


@settings(max_examples=200, deadline=None)
@given(trees, trees)
def test_canonical_forms_order_sums_and_negatives_match_python(a: Tree, b: Tree) -> None:
    store = _native.GameStore()
    g, h = native_id(store, a), native_id(store, b)
    python_g, python_h = canonical(a), canonical(b)
    assert as_game(store, g) is python_g
    assert store.le(g, h) == (python_g <= python_h)
    assert store.le(h, g) == (python_h <= python_g)
    assert as_game(store, store.add(g, h)) is python_g + python_h
    assert as_game(store, store.neg(g)) is -python_g
    assert store.add(g, store.neg(g)) == 0
    assert (g == h) == (python_g is python_h)  # interned: equal games, equal ids


@settings(max_examples=100, deadline=None)
@given(st.integers(-40, 40), st.integers(0, 4), st.integers(-4, 4), st.integers(0, 3),
       st.integers(-40, 40), st.integers(0, 4), st.integers(-4, 4), st.integers(0, 3))
def test_uptimal_fast_paths_match_python(num: int, exp: int, n: int, m: int,
                                         num2: int, exp2: int, n2: int, m2: int) -> None:
    store = _native.GameStore()
    g, h = store.uptimal(num, exp, n, m), store.uptimal(num2, exp2, n2, m2)
    python_g = Game.uptimal_game(Fraction(num, 2**exp), n, m)
    python_h = Game.uptimal_game(Fraction(num2, 2**exp2), n2, m2)
    assert as_game(store, g) is python_g
    assert as_game(store, store.add(g, h)) is python_g + python_h
    assert store.le(g, h) == (python_g <= python_h)
    assert as_game(store, store.number(num, exp)) is Game.number(Fraction(num, 2**exp))


def test_the_store_refuses_unknown_ids_in_one_line() -> None:
    store = _native.GameStore()
    with pytest.raises(ValueError, match="game id 7 is not in this store"):
        store.add(0, 7)
    with pytest.raises(ValueError, match="denominator 2\\^70 is too large"):
        store.number(1, 70)


def random_board(rng: random.Random, max_cells: int) -> Board:
    rows = rng.randint(1, 5)
    columns = rng.randint(1, max(1, max_cells // rows))
    empty = sum(1 << i for i in range(rows * columns) if rng.random() > 0.25)
    return Board(rows, columns, empty)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_domineering_native_matches_python_and_naive(seed: int) -> None:
    board = random_board(random.Random(seed), 12)
    native = PartizanSolver(DOMINEERING, engine="native").value(board)
    assert Game.of(native.left, native.right) is native  # handed over canonical
    assert native is PartizanSolver(DOMINEERING, engine="python").value(board)
    assert native is naive_value(DOMINEERING, board)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_domineering_native_matches_python_on_larger_boards(seed: int) -> None:
    board = random_board(random.Random(seed), 20)
    solver = PartizanSolver(DOMINEERING, engine="native")  # one table for board and options
    assert solver.value(board) is PartizanSolver(DOMINEERING, engine="python").value(board)
    for move in solver.move_values(board)[:4]:
        assert move.value is PartizanSolver(DOMINEERING, engine="python").value(move.position)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 3))
def test_domineering_on_threads_matches_one_thread(seed: int, threads: int) -> None:
    """Threads sharing the regions they solve give the one-thread value (each kernel
    with a store of its own, so the values are compared as games)."""
    rows, columns, empty = random_board(random.Random(seed), 24)[:3]
    one, many = _native.Domineering(), _native.Domineering()
    alone, _ = one.value(rows, columns, empty)
    shared, _ = many.value(rows, columns, empty, threads=threads)
    assert alone is not None and shared is not None
    assert as_game(many.store, shared) is as_game(one.store, alone)


class ThreadsSpy:
    """A native Domineering kernel that notes the threads of each call."""

    def __init__(self, game: _native.Domineering) -> None:
        self.game, self.threads = game, list[int]()

    def value(self, *args: int | float | None) -> tuple[int | None, int]:
        self.threads.append(cast(int, args[-1]))
        return self.game.value(*args)  # type: ignore[arg-type]


def test_domineering_threads_stop_at_their_budgets_and_refuse_bad_counts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = _native.Domineering()
    root, nodes = game.value(5, 5, 2**25 - 1, max_nodes=100, threads=2)
    assert root is None and nodes > 100  # both threads' expansions are charged
    assert game.value(5, 5, 2**25 - 1, max_seconds=0, threads=2)[0] is None
    with pytest.raises(ValueError, match="0 threads: give 1 to 64"):
        game.value(2, 2, 15, threads=0)
    board = DOMINEERING.parse("4x6")
    kernel = DomineeringKernel(threads=2)
    spy = ThreadsSpy(kernel.game)
    monkeypatch.setattr(kernel, "game", spy)
    kernel.THREADED_CELLS = 24  # so that this board is solved on two threads
    threaded, nodes = kernel.value(board, None, None)
    alone, one_thread_nodes = DomineeringKernel(threads=1).value(board, None, None)
    assert threaded is alone and nodes >= one_thread_nodes
    kernel.value(DOMINEERING.parse("3x7"), None, None)  # 21 cells: one thread
    assert spy.threads == [2, 1]


@pytest.mark.parametrize("board", ["4x4", "3x5", "5x3", "2x7"])
def test_domineering_rectangles_match_python(board: str) -> None:
    position = DOMINEERING.parse(board)
    native = PartizanSolver(DOMINEERING, engine="native")
    assert native.value(position) is PartizanSolver(DOMINEERING, engine="python").value(position)
    assert native.outcome(position) is native.value(position).outcome()


def test_engines_are_chosen_and_refused_in_one_line() -> None:
    with pytest.raises(GrundyError, match="unknown engine 'rust'"):
        PartizanSolver(DOMINEERING, engine="rust")  # type: ignore[arg-type]
    with pytest.raises(GrundyError, match="has no native kernel"):
        PartizanSolver(get("partizan-subtraction"), engine="native")
    huge = DOMINEERING.parse("9x9")
    with pytest.raises(GrundyError, match="takes boards of at most 64 cells"):
        PartizanSolver(DOMINEERING, engine="native").value(huge)
    assert PartizanSolver(DOMINEERING, engine="python").kernel is None


def test_a_node_budget_stops_the_native_search() -> None:
    solver = PartizanSolver(DOMINEERING, Budget(max_nodes=50), engine="native")
    with pytest.raises(BudgetExceeded, match="after 50 positions"):
        solver.value(DOMINEERING.parse("5x5"))
    assert solver.budget.nodes == 51
    kernel = solver.kernel
    assert isinstance(kernel, DomineeringKernel) and kernel.game.table_size > 0  # kept


def test_the_store_resumes_a_native_value(tmp_path: Path) -> None:
    board = DOMINEERING.parse("3x5")
    with Store(tmp_path / "s.sqlite") as store:
        first = PartizanSolver(DOMINEERING, store=store, engine="native").value(board)
    with Store(tmp_path / "s.sqlite") as store:
        again = PartizanSolver(DOMINEERING, store=store, engine="native")
        assert again.value(DOMINEERING.parse("5x3")) is -first  # the transpose, by its key
        assert again.budget.nodes == 0


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(["snort", "col", "black-white-node-kayles"]), st.integers(0, 2**32))
def test_tinted_graph_games_native_match_python_and_naive(name: str, seed: int) -> None:
    ruleset = get(name)
    position = ruleset.random_position(random.Random(seed), 7)
    native = PartizanSolver(ruleset, engine="native").value(position)
    assert Game.of(native.left, native.right) is native  # handed over canonical
    assert native is PartizanSolver(ruleset, engine="python").value(position)
    assert native is naive_value(ruleset, position)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 9))
def test_the_native_col_shortcut_matches_python_and_naive_on_uncoloured_graphs(
        seed: int, size: int) -> None:
    """Uncoloured components take the native win/loss search (0 or *); so do the
    uncoloured components left after a move on a partly tinted graph."""
    col = get("col")
    position = col.random_position(random.Random(seed), size)
    alive = position.black | position.white
    for start in (position._replace(black=alive, white=alive), position):
        native = PartizanSolver(col, engine="native")
        value = native.value(start)
        assert value is PartizanSolver(col, engine="python").value(start)
        assert value is naive_value(col, start)
        assert native.outcome(start) is PartizanSolver(col, engine="python").outcome(start)


@pytest.mark.parametrize("name", ["snort", "col", "black-white-node-kayles"])
@pytest.mark.parametrize("text", ["12;" + ",".join(f"{i}-{i + 1}" for i in range(11)),
                                  "9;" + ",".join(f"{i}-{(i + 1) % 9}" for i in range(9)),
                                  "8;0-1,1-2,2-3,4-5,5-6,6-7,0-4,1-5,2-6,3-7;black=0;white=7"])
def test_snort_and_col_native_match_python_on_paths_cycles_ladders(name: str, text: str) -> None:
    ruleset = get(name)
    position = ruleset.parse(text)
    solver = PartizanSolver(ruleset, engine="native")
    assert solver.value(position) is PartizanSolver(ruleset, engine="python").value(position)
    for move in solver.move_values(position):  # one graph, one native store, many calls
        assert move.value is PartizanSolver(ruleset, engine="python").value(move.position)


@pytest.mark.parametrize("engine", ["native", "python"])
def test_cli_engine_option_reaches_the_partizan_solver(engine: str) -> None:
    from click.testing import CliRunner

    from grundy.cli.main import cli

    runner = CliRunner()
    result = runner.invoke(cli, ["value", "domineering", "3x4", "--engine", engine])
    assert result.exit_code == 0 and result.output.splitlines()[0] == "-3/2"
    result = runner.invoke(cli, ["value", "domineering", "9x9", "--engine", engine,
                                 "--max-nodes", "10"])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert ("at most 64 cells" if engine == "native" else "node budget") in result.output


# -- Konane ----------------------------------------------------------------------------
KONANE = get("konane")


def random_stones(rng: random.Random, max_cells: int) -> Stones:
    """Any mix of stones and holes (not only the game's checkerboard), so that jumps run
    in every direction, chains of jumps stop anywhere and both colours meet anywhere."""
    rows = rng.randint(1, 4)
    columns = rng.randint(1, max(1, max_cells // rows))
    empty = rng.uniform(0.2, 0.6)
    return Stones(rows, columns, "".join(
        "." if rng.random() < empty else rng.choice("xo") for _ in range(rows * columns)))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_konane_native_matches_python_and_naive(seed: int) -> None:
    board = random_stones(random.Random(seed), 15)
    native = PartizanSolver(KONANE, engine="native").value(board)
    assert Game.of(native.left, native.right) is native  # handed over canonical
    assert native is PartizanSolver(KONANE, engine="python").value(board)
    assert native is naive_value(KONANE, board)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_konane_native_matches_python_on_larger_boards_and_their_options(seed: int) -> None:
    rng = random.Random(seed)
    board = KONANE.random_position(rng, 20) if rng.random() < 0.5 else random_stones(rng, 20)
    solver = PartizanSolver(KONANE, engine="native")  # one table for board and options
    assert solver.value(board) is PartizanSolver(KONANE, engine="python").value(board)
    for move in solver.move_values(board)[:4]:
        assert move.value is PartizanSolver(KONANE, engine="python").value(move.position)


@pytest.mark.parametrize(("text", "expected"), [
    ("", "0"), (".", "0"), ("x", "0"), ("xo", "0"), ("x.o", "0"), ("xo.", "1"), (".xo", "-1"),
    ("xo.o.", "1"), ("x/o/.", "1"), ("o/x/.", "-1"), (".xo.", "*"),
])
def test_konane_native_small_and_empty_boards(text: str, expected: str) -> None:
    solver = PartizanSolver(KONANE, engine="native")
    assert solver.value(KONANE.parse(text)) is parse(expected)
    assert solver.budget.nodes > 0  # the kernel searched it


@pytest.mark.parametrize("text", ["8x8", "1x64", "4x16"])
def test_konane_largest_boards_are_native_and_one_cell_more_falls_back(text: str) -> None:
    """64 cells take the kernel; 65 are refused in one line under engine="native" and
    searched in Python under "auto" (sparse boards, so that Python is quick)."""
    rows, columns = map(int, text.split("x"))
    rng = random.Random(text)
    cells = ["." if rng.random() < 0.75 else rng.choice("xo") for _ in range(rows * columns)]
    board = Stones(rows, columns, "".join(cells))
    native = PartizanSolver(KONANE, engine="native")
    assert native.value(board) is PartizanSolver(KONANE, engine="python").value(board)
    bigger = Stones(rows, columns + 1, "".join(
        "".join(cells[r * columns:(r + 1) * columns]) + "." for r in range(rows)))
    wide = bigger if rows > 1 else Stones(1, 65, board.cells + "x")
    with pytest.raises(GrundyError, match="konane's native kernel takes boards of at most 64"):
        PartizanSolver(KONANE, engine="native").value(wide)
    auto = PartizanSolver(KONANE)
    assert auto.value(wide) is PartizanSolver(KONANE, engine="python").value(wide)
    assert isinstance(auto.kernel, StonesKernel) and auto.kernel.game.table_size == 0


def test_konane_engines_and_budgets() -> None:
    assert isinstance(PartizanSolver(KONANE).kernel, StonesKernel)
    assert PartizanSolver(KONANE, engine="python").kernel is None
    solver = PartizanSolver(KONANE, Budget(max_nodes=30), engine="native")
    with pytest.raises(BudgetExceeded, match="after 30 positions"):
        solver.value(KONANE.parse("xoxo/oxox/xo.o/oxox"))
    kernel = solver.kernel
    assert isinstance(kernel, StonesKernel) and kernel.game.table_size > 0  # kept


def test_the_konane_kernel_refuses_bad_boards_in_one_line() -> None:
    game = _native.Konane()
    with pytest.raises(ValueError, match="at most 64 cells, got 5x13"):
        game.value(5, 13, 0, 0)
    with pytest.raises(ValueError, match="names cell 6, past its 6 cells"):
        game.value(2, 3, 1 << 6, 0)
    with pytest.raises(ValueError, match="a black and a white stone"):
        game.value(2, 3, 0b11, 0b10)


# -- Amazons ---------------------------------------------------------------------------
AMAZONS = get("amazons")


def random_amazons(rng: random.Random, max_cells: int) -> Stones:
    """Burnt and free cells with one to three amazons of either colour anywhere."""
    rows = rng.randint(1, 3)
    columns = rng.randint(1, max(1, max_cells // rows))
    cells = [rng.choice("...#") for _ in range(rows * columns)]
    for _ in range(rng.randint(1, 3)):
        cells[rng.randrange(len(cells))] = rng.choice("xo")
    return Stones(rows, columns, "".join(cells))


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32))
def test_amazons_native_matches_python_and_naive(seed: int) -> None:
    board = random_amazons(random.Random(seed), 8)
    native = PartizanSolver(AMAZONS, engine="native").value(board)
    assert Game.of(native.left, native.right) is native  # handed over canonical
    assert native is PartizanSolver(AMAZONS, engine="python").value(board)
    assert native is naive_value(AMAZONS, board)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32))
def test_amazons_native_matches_python_on_larger_boards_and_their_options(seed: int) -> None:
    """One table a side for a board and its options.  The Python side stops at 20,000
    positions (about 5 s): the boards drawn are seldom that large, and one that is
    (its Python search once took over a minute) is drawn again."""
    board = random_amazons(random.Random(seed), 13)
    solver = PartizanSolver(AMAZONS, engine="native")
    moves = solver.move_values(board)[:4]
    python = PartizanSolver(AMAZONS, Budget(max_nodes=20_000), engine="python")
    try:
        expected = [python.value(position) for position in [board, *(m.position for m in moves)]]
    except BudgetExceeded:
        assume(False)
    native = [solver.value(board), *(m.value for m in moves)]
    assert all(a is b for a, b in zip(native, expected, strict=True)), (native, expected)


@pytest.mark.parametrize(("text", "expected"), [
    ("", "0"), ("#", "0"), ("...", "0"), ("x", "0"), ("x..", "2"), ("x.o", "*"),
    ("x...o", "+-2"), ("x..#o.", "1"), ("o/./.", "-2"),
])
def test_amazons_native_small_and_empty_boards(text: str, expected: str) -> None:
    assert PartizanSolver(AMAZONS, engine="native").value(AMAZONS.parse(text)) is parse(expected)


@pytest.mark.parametrize("text", ["8x8", "1x64", "4x16"])
def test_amazons_largest_boards_are_native_and_one_cell_more_falls_back(text: str) -> None:
    """64 cells take the kernel, 65 Python under "auto" (mostly burnt boards, so that
    Python is quick); the regions spread over the whole board."""
    rows, columns = map(int, text.split("x"))
    rng = random.Random(text)
    cells = ["." if rng.random() < 0.12 else "#" for _ in range(rows * columns)]
    cells[0], cells[-1], cells[len(cells) // 2] = "x", "o", "x"
    cells[1] = "."
    board = Stones(rows, columns, "".join(cells))
    native = PartizanSolver(AMAZONS, engine="native")
    assert native.value(board) is PartizanSolver(AMAZONS, engine="python").value(board)
    wide = Stones(rows, columns + 1, "".join(
        "".join(cells[r * columns:(r + 1) * columns]) + "." for r in range(rows)))
    with pytest.raises(GrundyError, match="amazons's native kernel takes boards of at most 64"):
        PartizanSolver(AMAZONS, engine="native").value(wide)
    auto = PartizanSolver(AMAZONS)
    assert auto.value(wide) is PartizanSolver(AMAZONS, engine="python").value(wide)
    assert isinstance(auto.kernel, StonesKernel) and auto.kernel.game.table_size == 0


def test_amazons_engines_budgets_and_bad_boards() -> None:
    assert PartizanSolver(AMAZONS, engine="python").kernel is None
    solver = PartizanSolver(AMAZONS, Budget(max_nodes=30), engine="native")
    with pytest.raises(BudgetExceeded, match="after 30 positions"):
        solver.value(AMAZONS.parse("x..o/...."))
    game = _native.Amazons()
    with pytest.raises(ValueError, match="at most 64 cells, got 5x13"):
        game.value(5, 13, 0, 0, 0)
    with pytest.raises(ValueError, match="an amazon on a burnt cell"):
        game.value(2, 3, 0b111110, 0b1, 0)
    with pytest.raises(ValueError, match="names cell 7, past its 6 cells"):
        game.value(2, 3, 0b10111111, 0b1, 0)


def test_a_native_partizan_search_runs_in_steps_with_progress(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The partizan kernels run in steps of NATIVE_STEP positions too, each going on
    where the last stopped: progress is heard after each (so `grundy value domineering
    8x8` shows it), the value is the one-step value, and a node budget still stops it."""
    from grundy.search import engine

    monkeypatch.setattr(engine, "NATIVE_STEP", 20)
    position = DOMINEERING.parse("3x4")
    heard: list[int] = []
    stepped = PartizanSolver(DOMINEERING, Budget(progress=lambda nodes, _: heard.append(nodes)),
                             engine="native")
    assert stepped.value(position) == PartizanSolver(DOMINEERING, engine="python").value(
        position)
    assert len(heard) > 3 and heard == sorted(heard) and heard[-1] == stepped.budget.nodes
    with pytest.raises(BudgetExceeded, match="node budget"):
        PartizanSolver(DOMINEERING, Budget(max_nodes=30), engine="native").value(position)
