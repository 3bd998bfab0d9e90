"""The Rust Atropos kernel against the Python search it ports, and the split solver."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from grundy import _native
from grundy.protocol import GrundyError
from grundy.rulesets.atropos.search import (
    AtroposSolver,
    MoveProgress,
    State,
    canonical,
    classes_at_depth,
    first_moves,
    geometry,
    play,
    project_work,
    safe_moves,
    solve_split,
    start_state,
    wins_by_first_move,
)
from grundy.search import Budget, BudgetExceeded, Store


def random_state(rng: random.Random, n: int, moves: int, restricted: bool) -> State:
    """The state after up to ``moves`` random safe moves from the start."""
    g, state = geometry(n), start_state(n, restricted)
    for _ in range(moves):
        options = list(safe_moves(g, state))
        if not options:
            break
        state = play(g, state, *rng.choice(options), restricted)
    return state


@pytest.mark.parametrize("restricted", [True, False])
@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5), st.integers(0, 10), st.randoms(use_true_random=False))
def test_native_kernel_agrees_with_the_python_search(
    restricted: bool, n: int, moves: int, rng: random.Random
) -> None:
    state = random_state(rng, n, moves, restricted)
    native = AtroposSolver(n, restricted, engine="native")
    python = AtroposSolver(n, restricted, engine="python")
    assert native.wins(state) is python.wins(state)
    assert (native.winning_move(state) is None) is (python.winning_move(state) is None)


@pytest.mark.parametrize(("n", "restricted", "wins"), [
    (5, True, False), (6, True, False), (7, True, True), (4, False, True), (5, False, False),
])
def test_outcomes_from_the_start(n: int, restricted: bool, wins: bool) -> None:
    """Burke 2009, Conjectures 4.2.1 and 5.2.1 (n(n+1)/2 even; n mod 4 in {0, 3}); the
    Python engine needs 6 s for n = 6 and minutes beyond, so it is compared up to n = 5."""
    assert AtroposSolver(n, restricted, engine="native").wins(start_state(n, restricted)) is wins
    if n <= 5:
        python = AtroposSolver(n, restricted, engine="python")
        assert python.wins(start_state(n, restricted)) is wins


def test_a_tiny_table_changes_nothing_but_the_work() -> None:
    g = geometry(5)
    from grundy.rulesets.atropos.search import native_kernel

    kernel = native_kernel(g, True, capacity=4)
    big = native_kernel(g, True)
    state = start_state(5)
    limbs = (state.uncoloured, [state.forbidden >> 64 * k & (2**64 - 1) for k in range(4)],
             [state.single >> 64 * k & (2**64 - 1) for k in range(4)], state.candidates)
    small_answer, small_nodes = kernel.wins(limbs)
    big_answer, big_nodes = big.wins(limbs)
    assert small_answer is big_answer is False
    assert small_nodes > big_nodes and len(kernel) <= 16  # one thread: 4 × capacity slots


def test_budgets_stop_the_native_search() -> None:
    budget = Budget(max_nodes=500)
    with pytest.raises(BudgetExceeded, match="500 positions"):
        AtroposSolver(6, budget=budget, engine="native").wins(start_state(6))
    assert budget.nodes == 501
    with pytest.raises(BudgetExceeded, match="time budget"):
        AtroposSolver(7, budget=Budget(max_seconds=0.01), engine="native").wins(start_state(7))


def test_bad_tables_and_boards_too_big_are_one_line_errors() -> None:
    with pytest.raises(ValueError, match="at most 64 open circles"):
        _native.AtroposKernel([0] * 65, [[]] * 65, [], True)
    with pytest.raises(ValueError, match="inconsistent Atropos geometry"):
        _native.AtroposKernel([0], [[(0, 5, -1)]], [], True)
    with pytest.raises(GrundyError, match="no native Atropos kernel for n = 11"):
        AtroposSolver(11, engine="native")
    assert AtroposSolver(11).kernel is None  # auto falls back to Python


def test_the_split_solver_stores_each_first_move_and_resumes(tmp_path: object) -> None:
    path = f"{tmp_path}/store.sqlite"
    seen: list[int] = []

    def stop_after_two(done: int, total: int) -> None:
        seen.append(done)
        if done == 2:
            raise KeyboardInterrupt

    with Store(path) as store, pytest.raises(KeyboardInterrupt):
        solve_split(start_state(6), 6, store=store, workers=2, progress=stop_after_two)
    with Store(path) as store:
        result = solve_split(start_state(6), 6, store=store, workers=2)
    assert result.wins is False and result.winning_move is None
    assert result.from_store == 2 and result.solved_now == result.moves - 2
    with Store(path) as store:  # the root itself is stored now
        assert AtroposSolver(6, store=store).wins(start_state(6)) is False


def test_the_split_solver_finds_a_winning_first_move() -> None:
    result = solve_split(start_state(4), 4, workers=2)
    assert result.wins and result.winning_move is not None
    u, x = result.winning_move
    g = geometry(4)
    assert not AtroposSolver(4).wins(play(g, start_state(4), u, x, True))


@pytest.mark.parametrize("restricted", [True, False])
@settings(max_examples=40, deadline=None)
@given(st.integers(1, 6), st.integers(0, 12), st.integers(2, 3), st.randoms(use_true_random=False))
def test_threads_sharing_one_table_agree_with_one_thread_and_python(
    restricted: bool, n: int, moves: int, threads: int, rng: random.Random
) -> None:
    assume(restricted or n <= 5)  # unrestricted n = 6 takes seconds a state
    state = random_state(rng, n, moves, restricted)
    one = AtroposSolver(n, restricted, engine="native")
    shared = AtroposSolver(n, restricted, engine="native", threads=threads)
    won = shared.wins(state)
    assert won is one.wins(state)
    if n <= 5:
        assert won is AtroposSolver(n, restricted, engine="python").wins(state)
    move = shared.winning_move(state)
    assert (move is None) is not won
    if move is not None:  # a winning move leaves the opponent lost, by the single thread too
        assert not one.wins(play(geometry(n), state, *move, restricted))


@pytest.mark.parametrize(("n", "restricted"), [(n, r) for n in range(1, 8) for r in (True, False)
                                               if r or n <= 5])
def test_threads_agree_from_the_start(n: int, restricted: bool) -> None:
    start = start_state(n, restricted)
    one = AtroposSolver(n, restricted, engine="native").wins(start)
    assert AtroposSolver(n, restricted, engine="native", threads=2).wins(start) is one


def test_budgets_stop_every_thread() -> None:
    budget = Budget(max_nodes=500)
    with pytest.raises(BudgetExceeded, match="500 positions"):
        AtroposSolver(6, budget=budget, engine="native", threads=2).wins(start_state(6))
    assert 501 <= budget.nodes <= 2 * 501  # each thread stops at its own limit
    with pytest.raises(BudgetExceeded, match="time budget"):
        AtroposSolver(7, budget=Budget(max_seconds=0.01), engine="native",
                      threads=2).wins(start_state(7))
    with pytest.raises(ValueError, match="1 to 64 threads; got 0"):
        AtroposSolver(4, engine="native", threads=0)


@pytest.mark.parametrize("restricted", [True, False])
@settings(max_examples=40, deadline=None)
@given(st.integers(1, 6), st.integers(0, 8), st.randoms(use_true_random=False))
def test_solving_first_moves_one_by_one_gives_the_answer_of_one_search(
    restricted: bool, n: int, moves: int, rng: random.Random
) -> None:
    n = n if restricted else min(n, 5)  # unrestricted n = 6 takes minutes from the start
    state = random_state(rng, n, moves, restricted)
    g = geometry(n)
    reports: list[MoveProgress] = []
    wins, move = wins_by_first_move(AtroposSolver(n, restricted), state, reports.append)
    assert wins is AtroposSolver(n, restricted).wins(state)
    if n <= 4:  # the kernel itself is checked against Python above, to n = 5
        assert wins is AtroposSolver(n, restricted, engine="python").wins(state)
    decided = [r for r in reports if r.opponent_wins is not None]
    classes = first_moves(g, state, restricted)
    assert [r.index for r in decided] == list(range(1, len(decided) + 1))
    assert all(r.total == len(classes) for r in reports)
    if wins:
        assert move is not None and decided[-1].move == move
        assert not decided[-1].opponent_wins and all(r.opponent_wins for r in decided[:-1])
        assert not AtroposSolver(n, restricted).wins(play(g, state, *move, restricted))
    else:
        assert move is None and len(decided) == len(classes)
    # Running reports count up within a move and sum to the run's total.
    for r in reports:
        assert r.total_expanded == sum(r.decided) + (r.expanded if r.opponent_wins is None else 0)


def test_the_kernel_reports_its_progress_while_it_searches() -> None:
    seen: list[int] = []
    solver = AtroposSolver(6)
    assert solver.wins(start_state(6), seen.append) is False
    assert len(seen) >= 10 and seen == sorted(seen) and seen[0] == 1
    assert seen[-1] <= solver.budget.nodes

    def stop(expanded: int) -> None:
        if expanded > 5000:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        AtroposSolver(6).wins(start_state(6), stop)


def test_first_moves_and_the_classes_at_depth_one_are_the_same_states() -> None:
    for n in range(1, 7):
        g = geometry(n)
        classes = first_moves(g, start_state(n), True)
        assert sorted(state for state, _ in classes) == classes_at_depth(n, 1)
        for state, (u, x) in classes:
            assert canonical(g, play(g, start_state(n), u, x, True)) == state


def test_a_projection_over_every_class_is_their_exact_total() -> None:
    classes = classes_at_depth(4, 2)
    every = project_work(4, 2, samples=len(classes))
    exact = sum(_work(state) for state in classes)
    assert every.classes == len(classes) and every.estimate == exact and every.error == 0
    some = project_work(4, 2, samples=5, seed=3)
    assert len(some.samples) == 5 and some.error > 0
    assert project_work(4, 2, samples=5, seed=3) == some  # the seed fixes the sample


def _work(state: State) -> int:
    """Expansions of the kernel solving ``state`` of size 4 from an empty table."""
    solver = AtroposSolver(4)
    solver.wins(state)
    return solver.budget.nodes
