"""Differential tests: each native kernel against the Python engine and the naive reference
on random positions, and at the edges of what the kernels accept."""

from __future__ import annotations

import _thread
import random
import signal
import threading
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import _native
from grundy.protocol import GrundyError, ImpartialRuleset
from grundy.rulesets import get
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graph_games.node_kayles import KaylesPosition
from grundy.rulesets.graphs import HashedAdjacency, random_graph
from grundy.rulesets.heaps.subtraction import SubtractionKernel, SubtractionPosition
from grundy.rulesets.transverse_wave.rules import Grid
from grundy.search import Budget, BudgetExceeded, Solver, engine
from grundy.search.naive import naive_grundy
from grundy.transforms.sum import Sum


def impartial(name: str) -> ImpartialRuleset[Any]:
    ruleset = get(name)
    assert isinstance(ruleset, ImpartialRuleset)
    return ruleset


KAYLES = impartial("node-kayles")
WAVE = impartial("transverse-wave")
SUBTRACTION = impartial("subtraction")
GEOGRAPHY = impartial("geography")


def three_ways(ruleset: ImpartialRuleset[Any], position: Any) -> tuple[int, int, int]:
    return (
        Solver(ruleset, engine="native").grundy(position),
        Solver(ruleset, engine="python").grundy(position),
        naive_grundy(ruleset, position),
    )


@st.composite
def kayles_positions(draw: st.DrawFn, most: int = 9) -> KaylesPosition:
    n = draw(st.integers(0, most))
    adj = [0] * n
    for a in range(n):
        for b in range(a + 1, n):
            if draw(st.booleans()):
                adj[a] |= 1 << b
                adj[b] |= 1 << a
    removed = draw(st.integers(0, (1 << n) - 1)) if n and draw(st.booleans()) else 0
    selected = 0
    for v in range(n):  # an independent set among the rest, as play would leave
        free = not (removed >> v & 1 or adj[v] & selected)
        if free and draw(st.integers(0, 4)) == 0:
            selected |= 1 << v
    return KaylesPosition(n, HashedAdjacency(adj), selected, removed)


@settings(max_examples=1000, deadline=None)
@given(kayles_positions())
def test_node_kayles_native_python_and_naive_agree(position: KaylesPosition) -> None:
    native, python, naive = three_ways(KAYLES, position)
    assert native == python == naive, KAYLES.format(position)


@st.composite
def grids(draw: st.DrawFn) -> Grid:
    rows, width = draw(st.integers(1, 5)), draw(st.integers(1, 6))
    cells = st.integers(0, (1 << width) - 1)
    return Grid(width, tuple(draw(cells) for _ in range(rows)))


@settings(max_examples=1500, deadline=None)
@given(grids())
def test_transverse_wave_native_python_and_naive_agree(grid: Grid) -> None:
    native, python, naive = three_ways(WAVE, grid)
    assert native == python == naive, WAVE.format(grid)


@settings(max_examples=300, deadline=None)
@given(grids(), st.sampled_from(["crosswise-and", "crosswise-or"]))
def test_crosswise_twins_reach_the_kernel_through_their_map(grid: Grid, name: str) -> None:
    native, python, naive = three_ways(impartial(name), grid)
    assert native == python == naive


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(1, 9), min_size=1, max_size=4, unique=True),
    st.lists(st.integers(0, 10), max_size=3),  # the naive reference does not split heaps
)
def test_subtraction_native_python_and_naive_agree(moves: list[int], heaps: list[int]) -> None:
    position = SubtractionPosition(tuple(sorted(moves)), tuple(heaps))
    native, python, naive = three_ways(SUBTRACTION, position)
    assert native == python == naive


def path(n: int) -> KaylesPosition:
    adj = [(1 << (v - 1) if v else 0) | (1 << (v + 1) if v + 1 < n else 0) for v in range(n)]
    return KaylesPosition(n, HashedAdjacency(adj), 0)


@st.composite
def digraphs(draw: st.DrawFn) -> GeographyPosition:
    n = draw(st.integers(1, 9))
    out = [0] * n
    for a in range(n):
        for b in range(n):
            if a != b and draw(st.integers(0, 2)) == 0:
                out[a] |= 1 << b
    token = draw(st.integers(0, n - 1))
    removed = draw(st.integers(0, (1 << n) - 1)) & ~(1 << token)
    return GeographyPosition(n, HashedAdjacency(out), token, removed)


@settings(max_examples=1000, deadline=None)
@given(digraphs())
def test_geography_native_python_and_naive_agree(position: GeographyPosition) -> None:
    native, python, naive = three_ways(GEOGRAPHY, position)
    assert native == python == naive, GEOGRAPHY.format(position)


def test_edges_of_the_geography_kernel() -> None:
    assert three_ways(GEOGRAPHY, GEOGRAPHY.parse("1;;start=0")) == (0, 0, 0)
    largest = _native.GEOGRAPHY_MAX_VERTICES

    def directed_path(n: int) -> GeographyPosition:
        arcs = ",".join(f"{v}>{v + 1}" for v in range(n - 1))
        return GEOGRAPHY.parse(f"{n};{arcs};start=0")

    assert Solver(GEOGRAPHY, engine="native").grundy(directed_path(largest)) == 1  # 63 moves
    one_past = directed_path(largest + 1)
    with pytest.raises(GrundyError, match="takes graphs of at most 64 vertices"):
        Solver(GEOGRAPHY, engine="native").grundy(one_past)
    assert Solver(GEOGRAPHY).grundy(one_past) == 0  # 64 moves; auto falls back to Python


def test_edges_of_the_node_kayles_kernel() -> None:
    assert three_ways(KAYLES, KAYLES.parse("0;")) == (0, 0, 0)  # no vertex
    assert three_ways(KAYLES, KAYLES.parse("1;")) == (1, 1, 1)  # a single vertex
    assert three_ways(KAYLES, KAYLES.parse("5;0-1")) == (0, 0, 0)  # * + * + * + * = 0
    dawson = _native.octal_sequence("0.137", 65)[0]
    assert dawson is not None
    largest = path(_native.NODE_KAYLES_MAX_VERTICES)
    assert Solver(KAYLES, engine="native").grundy(largest) == dawson[64]
    one_past = path(_native.NODE_KAYLES_MAX_VERTICES + 1)
    with pytest.raises(GrundyError, match="native kernel takes graphs of at most 64 vertices"):
        Solver(KAYLES, engine="native").grundy(one_past)
    assert Solver(KAYLES).grundy(one_past) == dawson[65]  # auto: falls back to Python


def test_edges_of_the_transverse_wave_kernel() -> None:
    assert three_ways(WAVE, WAVE.parse("P")) == (0, 0, 0)
    assert three_ways(WAVE, WAVE.parse("G")) == (1, 1, 1)
    widest = _native.TRANSVERSE_WAVE_MAX_COLUMNS
    rows = (1, 2, 4 | 1 << (widest - 1))
    wide = Grid(widest, rows)
    assert Solver(WAVE, engine="native").grundy(wide) == Solver(WAVE, engine="python").grundy(wide)
    too_wide = Grid(widest + 1, rows)
    with pytest.raises(GrundyError, match="takes grids of at most 64 columns"):
        Solver(WAVE, engine="native").grundy(too_wide)
    assert Solver(WAVE).grundy(too_wide) == Solver(WAVE).grundy(wide) ^ 1  # one more column


def test_edges_of_the_subtraction_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """The largest heap the kernel tabulates (lowered here so the Python engine can
    check it), and one past it: refused under native, solved in Python under auto."""
    monkeypatch.setattr(SubtractionKernel, "MAX_HEAP", 200)
    monkeypatch.setattr(SubtractionKernel, "limit", "heaps of at most 200 tokens")
    assert three_ways(SUBTRACTION, SUBTRACTION.parse("1,4:")) == (0, 0, 0)  # no heap
    largest = SUBTRACTION.parse("2,5,7:200,3")
    native = Solver(SUBTRACTION, engine="native").grundy(largest)
    assert native == Solver(SUBTRACTION, engine="python").grundy(largest)
    one_past = SUBTRACTION.parse("2,5,7:201,3")
    with pytest.raises(GrundyError, match="takes heaps of at most 200 tokens"):
        Solver(SUBTRACTION, engine="native").grundy(one_past)
    assert Solver(SUBTRACTION).grundy(one_past) == Solver(SUBTRACTION, engine="python").grundy(
        one_past)


def test_a_ruleset_without_kernel_refuses_the_native_engine() -> None:
    with pytest.raises(GrundyError, match="nim has no native kernel"):
        Solver(impartial("nim"), engine="native")
    with pytest.raises(GrundyError, match="unknown engine 'rust'"):
        Solver(impartial("nim"), engine="rust")  # type: ignore[arg-type]


def test_outcomes_winning_moves_and_misere_with_the_native_engine() -> None:
    rng = random.Random(5)
    native, python = Solver(KAYLES, engine="native"), Solver(KAYLES, engine="python")
    for _ in range(20):
        position = KaylesPosition(9, random_graph(rng, 9, 0.3, False), 0)
        assert native.outcome(position) == python.outcome(position)
        assert native.winning_moves(position) == python.winning_moves(position)
        assert native.misere_outcome(position) == python.misere_outcome(position)


def test_ctrl_c_interrupts_a_native_search() -> None:
    """A pending KeyboardInterrupt stops the kernel within a few thousand positions.
    Python's own Ctrl-C handler is put in place first: ``interrupt_main`` does nothing
    where another handler (a server's, a test runner's) has replaced it."""
    big = KaylesPosition(60, random_graph(random.Random(1), 60, 0.1, False), 0)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            Solver(KAYLES, Budget(max_seconds=60), engine="native").grundy(big)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)


def test_a_stopped_native_search_raises_budget_exceeded() -> None:
    big = KaylesPosition(60, random_graph(random.Random(1), 60, 0.1, False), 0)
    solver = Solver(KAYLES, Budget(max_nodes=1000), engine="native")
    with pytest.raises(BudgetExceeded, match="after 1,000 positions"):
        solver.grundy(big)
    assert solver.budget.nodes == 1001


def test_a_native_search_reports_progress_as_it_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel runs in steps of NATIVE_STEP positions, each going on where the last
    stopped: progress is heard after each, and the value is the one-step value."""
    monkeypatch.setattr(engine, "NATIVE_STEP", 500)
    position = KaylesPosition(30, random_graph(random.Random(1), 30, 0.12, False), 0)
    heard: list[int] = []
    stepped = Solver(KAYLES, Budget(progress=lambda nodes, _: heard.append(nodes)),
                     engine="native")
    assert stepped.grundy(position) == Solver(KAYLES, engine="python").grundy(position)
    assert len(heard) > 3 and heard == sorted(heard) and heard[-1] == stepped.budget.nodes


@settings(max_examples=200, deadline=None)
@given(kayles_positions(6), grids(), digraphs())
def test_sums_reach_each_summands_kernel(
    kayles: KaylesPosition, grid: Grid, geography: GeographyPosition
) -> None:
    """A sum is solved by its summands' kernels (the naive reference, which does not
    split sums, is too slow here: each summand is checked against it above)."""
    ruleset, position = Sum.of([(KAYLES, kayles), (WAVE, grid), (GEOGRAPHY, geography)])
    native = Solver(ruleset, engine="native").grundy(position)
    assert native == Solver(ruleset, engine="python").grundy(position)


def test_a_sum_with_a_summand_without_kernel() -> None:
    ruleset, position = Sum.of([(KAYLES, path(5)), (impartial("nim"), (3, 5))])
    with pytest.raises(GrundyError, match="every summand fits its ruleset's native kernel"):
        Solver(ruleset, engine="native").grundy(position)
    assert Solver(ruleset).grundy(position) == Solver(ruleset, engine="python").grundy(position)
