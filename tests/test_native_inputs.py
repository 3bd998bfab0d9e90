"""Every entry point of the native extension on random and malformed input (issue 19
item 5): it answers, or raises a Python exception with a one-line message; it never
panics (``NativePanic``) and never takes the interpreter down.

Each kernel runs under a small node budget, so random positions stay fast.  The
budgets themselves, and every other number a binding takes, are driven with hostile
numbers (issue 30): huge, negative, infinite, NaN, 2**63 and beyond; a time budget out
of range is a ValueError before the kernel runs.  ``make fuzz`` runs 1,000 examples per
binding (``GRUNDY_FUZZ_EXAMPLES``), the suite a short run.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzz_support import EXAMPLES as FUZZ_EXAMPLES
from grundy import _native
from grundy.rulesets.atropos.search import _limbs, geometry, native_kernel, start_state

#: Integers around every edge a binding converts: negative, u8, i8, u32, u64 and past it.
EDGES = st.one_of(st.integers(-3, 70), st.sampled_from(
    [-(2**63) - 1, -129, 127, 128, 255, 256, 2**31, 2**32, 2**63 - 1, 2**63, 2**64 - 1, 2**64]))
MASKS = st.one_of(st.integers(0, 2**64 - 1), EDGES)
NODES = 2_000
EXAMPLES = settings(max_examples=max(150, FUZZ_EXAMPLES), deadline=None)
#: The native side's largest time budget (``native/src/budget.rs``: a day).
MAX_SECONDS = 86_400.0


def answers_or_one_line(call: Callable[[], Any]) -> None:
    """``call()`` returns, or raises an ordinary exception with a one-line message."""
    try:
        call()
    except _native.NativePanic as error:  # a Rust panic: a bug this test is here to find
        pytest.fail(f"native panic: {error}")
    except (ValueError, OverflowError, TypeError) as error:
        assert str(error) and "\n" not in str(error), repr(error)


@EXAMPLES
@given(st.lists(EDGES, max_size=5), st.lists(EDGES, max_size=5), st.lists(EDGES, max_size=5),
       st.lists(EDGES, max_size=5))
def test_loopy_outcomes(left_offsets: list[int], left_targets: list[int],
                        right_offsets: list[int], right_targets: list[int]) -> None:
    answers_or_one_line(lambda: _native.loopy_outcomes(
        left_offsets, left_targets, right_offsets, right_targets, max_nodes=NODES))


@EXAMPLES
@given(st.lists(EDGES, max_size=6), st.one_of(st.integers(-2, 3000), st.sampled_from(
    [2**31, 2**40, 2**62, 2**64 - 1, 2**64])))
def test_subtraction_sequence(subtraction_set: list[int], n: int) -> None:
    answers_or_one_line(lambda: _native.subtraction_sequence(subtraction_set, n,
                                                              max_nodes=NODES))


@EXAMPLES
@given(st.one_of(st.text(max_size=20), st.text("0123456789.x ", max_size=40)),
       st.one_of(st.integers(-2, 3000), st.sampled_from([2**40, 2**64 - 1])))
def test_octal_sequence(code: str, n: int) -> None:
    answers_or_one_line(lambda: _native.octal_sequence(code, n, max_nodes=NODES))


@EXAMPLES
@given(st.lists(MASKS, max_size=70), MASKS)
def test_node_kayles(adjacency: list[int], alive: int) -> None:
    def call() -> None:
        _native.NodeKayles(adjacency).grundy(alive, max_nodes=NODES)
    answers_or_one_line(call)


@EXAMPLES
@given(st.lists(MASKS, max_size=70), EDGES, MASKS)
def test_geography(out: list[int], token: int, removed: int) -> None:
    def call() -> None:
        _native.Geography(out).grundy(token, removed, max_nodes=NODES)
    answers_or_one_line(call)


@EXAMPLES
@given(EDGES, st.lists(MASKS, max_size=12))
def test_transverse_wave(width: int, rows: list[int]) -> None:
    answers_or_one_line(lambda: _native.TransverseWave().grundy(width, rows, max_nodes=NODES))


def batch_of_words(words: list[list[int]]) -> bytes:
    """Entries as ``take_new`` writes them (word count, words, value), from raw words."""
    return b"".join(len(key).to_bytes(4, "little")
                    + b"".join(w.to_bytes(8, "little") for w in key) + b"\x01" for key in words)


#: Batches for ``learn``: random bytes, and well-formed batches with keys of any shape.
BATCHES = st.one_of(st.binary(max_size=40), st.lists(
    st.lists(st.integers(0, 2**64 - 1), max_size=3), max_size=4).map(batch_of_words))


@EXAMPLES
@given(st.sampled_from([lambda: _native.NodeKayles([2, 1]), lambda: _native.Geography([2, 1]),
                        _native.TransverseWave]), BATCHES, MASKS)
def test_learned_batches(kernel: Callable[[], Any], batch: bytes, alive: int) -> None:
    """A table batch from a damaged store: learned or refused in one line, and a
    learned one never breaks the next search."""
    def call() -> None:
        game = kernel()
        game.learn(batch)
        game.record()
        game.take_new()
        if isinstance(game, _native.TransverseWave):
            game.grundy(2, [alive], max_nodes=NODES)
        elif isinstance(game, _native.Geography):
            game.grundy(0, alive, max_nodes=NODES)
        else:
            game.grundy(alive, max_nodes=NODES)
    answers_or_one_line(call)


@EXAMPLES
@given(st.sampled_from(["snort", "col", "", "Snort", "colour"]), st.lists(MASKS, max_size=70),
       MASKS, MASKS)
def test_tinted(rule: str, adjacency: list[int], black: int, white: int) -> None:
    def call() -> None:
        _native.Tinted(rule, adjacency).value(black, white, max_nodes=NODES)
    answers_or_one_line(call)


@EXAMPLES
@given(EDGES, EDGES, MASKS, EDGES)
def test_domineering(height: int, width: int, empty: int, root: int) -> None:
    game = _native.Domineering()
    answers_or_one_line(lambda: game.value(height, width, empty, max_nodes=NODES))
    answers_or_one_line(lambda: game.closure(root))


@EXAMPLES
@given(EDGES, EDGES, MASKS, MASKS, EDGES)
def test_konane(height: int, width: int, black: int, white: int, root: int) -> None:
    game = _native.Konane()
    answers_or_one_line(lambda: game.value(height, width, black, white, max_nodes=NODES))
    answers_or_one_line(lambda: game.closure(root))


@EXAMPLES
@given(st.lists(st.tuples(st.integers(-2, 2), st.integers(-2, 2)), max_size=9),
       st.none() | st.integers(0, 300), st.booleans(), st.booleans(), EDGES, EDGES, MASKS,
       MASKS, EDGES)
def test_clobber(steps: list[tuple[int, int]], reach: int | None, anti: bool, hot: bool,
                 height: int, width: int, black: int, white: int, root: int) -> None:
    answers_or_one_line(lambda: _native.Clobber(steps, reach, anti, hot))
    game = _native.Clobber([(0, 1), (1, 0), (0, -1), (-1, 0)], 1 if anti or reach else None, anti)
    answers_or_one_line(lambda: game.value(height, width, black, white, max_nodes=NODES))
    answers_or_one_line(lambda: game.closure(root))


@EXAMPLES
@given(EDGES, EDGES, MASKS, MASKS, MASKS, EDGES)
def test_amazons(height: int, width: int, open_cells: int, black: int, white: int,
                 root: int) -> None:
    game = _native.Amazons()
    answers_or_one_line(lambda: game.value(height, width, open_cells, black, white,
                                           max_nodes=NODES))
    answers_or_one_line(lambda: game.closure(root))


def test_a_sum_past_the_kernels_numbers_is_a_one_line_error() -> None:
    """(2^63 − 1)/2^62 + 1/2^61 has the odd numerator 2^63 + 1: refused, not a panic
    (hypothesis found such a sum with seed 2)."""
    store = _native.GameStore()
    x = store.number(2**63 - 1, 62)
    with pytest.raises(ValueError, match="outgrew the native kernel's 64 bits"):
        store.add(x, store.number(1, 61))
    assert store.add(x, store.neg(x)) == store.number(0, 0)


@EXAMPLES
@given(st.lists(st.tuples(st.sampled_from(["of", "number", "uptimal", "le", "add", "neg",
                                           "closure", "stops", "thermograph", "of_forms"]),
                          st.lists(EDGES, min_size=4, max_size=4)), max_size=12))
def test_game_store(calls: list[tuple[str, list[int]]]) -> None:
    """Random sequences of operations with random (often unknown) ids and numbers."""
    store = _native.GameStore()
    for name, (a, b, c, d) in calls:
        method = getattr(store, name)
        arguments: dict[str, tuple[Any, ...]] = {
            "of": ([a, b], [c]), "number": (a, b), "uptimal": (a, b, c, d), "le": (a, b),
            "add": (a, b), "neg": (a,), "closure": (a,), "stops": (a,), "thermograph": (a,),
            "of_forms": ([([a, b], [c]), ([-1, -d], [])],)}
        answers_or_one_line(lambda: method(*arguments[name]))  # noqa: B023


TRIANGLE = st.tuples(EDGES, EDGES, EDGES)


@EXAMPLES
@given(st.integers(0, 12).flatmap(lambda size: st.tuples(
    st.lists(MASKS, min_size=size, max_size=size),
    st.lists(st.lists(TRIANGLE, max_size=4), min_size=size, max_size=size + 1),
    st.lists(st.tuples(st.lists(EDGES, max_size=size + 1), st.lists(EDGES, max_size=4),
                       st.lists(EDGES, min_size=4, max_size=4)), max_size=3))),
       st.booleans(), st.tuples(MASKS, st.lists(MASKS, min_size=4, max_size=4),
                                st.lists(MASKS, min_size=4, max_size=4), MASKS))
def test_atropos(geometry: tuple[list[int], list[list[tuple[int, int, int]]],
                                 list[tuple[list[int], list[int], list[int]]]],
                 restricted: bool, state: tuple[int, list[int], list[int], int]) -> None:
    neighbours, at, symmetries = geometry
    uncoloured, forbidden, single, candidates = state

    def call() -> None:
        kernel = _native.AtroposKernel(neighbours, at, symmetries, restricted, 1000)
        kernel.wins((uncoloured, forbidden, single, candidates), max_nodes=NODES)
    answers_or_one_line(call)


# -- hostile numbers for every binding (issue 30) --------------------------------------

#: Any number a caller could pass: integers far past u64 either way, every float
#: (NaN, the infinities, subnormals, 1e308), and the edges of the conversions.
HOSTILE = st.one_of(
    st.none(), EDGES, st.integers(-(2**200), 2**200), st.floats(),
    st.sampled_from([math.inf, -math.inf, math.nan, -0.0, 2.0**63, 2.0**64, 1e300,
                     MAX_SECONDS, math.nextafter(MAX_SECONDS, math.inf), 2**1100]))


def atropos(threads: int) -> Callable[[Any, Any], Any]:
    g = geometry(3)
    kernel = native_kernel(g, True, 1000, threads)
    assert kernel is not None
    state = start_state(3)
    limbs = (state.uncoloured, _limbs(state.forbidden), _limbs(state.single), state.candidates)
    return lambda nodes, seconds: kernel.wins(limbs, nodes, seconds)


#: A small table of Stubborn Matchmaker profiles (boards of up to 6 a side).
MATCHMAKER = _native.matchmaker_profiles(6)[0]


@EXAMPLES
@given(EDGES, EDGES, EDGES, EDGES, EDGES, st.booleans(), st.booleans())
def test_matchmaker_profiles(max_n: int, x: int, west: int, east: int, table_n: int,
                             strict: bool, smallest: bool) -> None:
    assert MATCHMAKER is not None
    answers_or_one_line(lambda: _native.matchmaker_profiles(max_n, max_nodes=NODES))
    answers_or_one_line(lambda: MATCHMAKER.value(x, west, east))
    answers_or_one_line(lambda: MATCHMAKER.class_tables(table_n, strict, smallest,
                                                        max_nodes=NODES))


#: Each binding that takes a budget, on a small position it solves at once.
BUDGETED: dict[str, Callable[[Any, Any], Any]] = {
    "subtraction_sequence": lambda n, s: _native.subtraction_sequence([1, 2], 40, n, s),
    "octal_sequence": lambda n, s: _native.octal_sequence("0.137", 40, n, s),
    "loopy_outcomes": lambda n, s: _native.loopy_outcomes([0, 1, 1], [1], [0, 0, 1], [0], n, s),
    "NodeKayles.grundy": lambda n, s: _native.NodeKayles([2, 5, 2]).grundy(0b111, n, s),
    "Geography.grundy": lambda n, s: _native.Geography([2, 4, 1]).grundy(0, 0, n, s),
    "TransverseWave.grundy": lambda n, s: _native.TransverseWave().grundy(
        3, [0b101, 0b011], n, s),
    "Domineering.value": lambda n, s: _native.Domineering().value(2, 3, 0b111111, n, s),
    "Domineering.value threads=2": lambda n, s: _native.Domineering().value(
        2, 3, 0b111111, n, s, threads=2),
    "Konane.value": lambda n, s: _native.Konane().value(1, 4, 0b0001, 0b0010, n, s),
    "Clobber.value": lambda n, s: _native.Clobber([(0, 1), (1, 0), (0, -1), (-1, 0)]).value(
        1, 4, 0b0101, 0b1010, n, s),
    "Amazons.value": lambda n, s: _native.Amazons().value(2, 3, 0b111111, 0b000001,
                                                          0b100000, n, s),
    "Tinted.value": lambda n, s: _native.Tinted("snort", [2, 5, 2]).value(0b111, 0b111, n, s),
    "HexKernel.wins": lambda n, s: _native.HexKernel(2).wins(0, 0, True, n, s),
    "AtroposKernel.wins": lambda n, s: atropos(1)(n, s),
    "matchmaker_profiles": lambda n, s: _native.matchmaker_profiles(5, n, s),
    "MatchmakerProfiles.class_tables": lambda n, s: _native.matchmaker_profiles(5)[0]
    .class_tables(5, True, False, n, s),  # type: ignore[union-attr]
    "AtroposKernel.wins threads=2": lambda n, s: atropos(2)(n, s),
}


def is_u64(value: Any) -> bool:
    return value is None or (type(value) is int and 0 <= value < 2**64)


@pytest.mark.parametrize("name", sorted(BUDGETED))
def test_budgets_take_hostile_numbers(name: str) -> None:
    """Every budget value: an answer, or a one-line error; a number of seconds out of
    range is a ValueError naming max_seconds; never a NativePanic."""
    call = BUDGETED[name]

    @settings(max_examples=FUZZ_EXAMPLES, deadline=None, database=None)
    @given(nodes=HOSTILE, seconds=HOSTILE)
    def run(nodes: Any, seconds: Any) -> None:
        answers_or_one_line(lambda: call(nodes, seconds))
        if not is_u64(nodes) or seconds is None or (
                isinstance(seconds, int) and abs(seconds) > 2**1000):
            return  # refused as it is converted (checked above), before the budget
        if 0 <= seconds <= MAX_SECONDS:
            _, expanded = call(nodes, seconds)
            assert expanded >= 0
        else:
            with pytest.raises(ValueError, match=r"max_seconds .* out of range"):
                call(nodes, seconds)

    run()


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, database=None)
@given(HOSTILE, HOSTILE, HOSTILE)
def test_other_numbers_take_hostile_values(side: Any, red: Any, blue: Any) -> None:
    """The numbers that are no budget: a Hex side and cells, an Atropos table capacity
    and thread count, the length of a heap sequence."""
    g = geometry(3)

    def hex_kernel() -> None:
        _native.HexKernel(side)

    def hex_reduce() -> None:
        _native.HexKernel(3).reduce(red, blue)

    def atropos_kernel() -> None:
        _native.AtroposKernel(list(g.neighbours), [list(a) for a in g.at], [], True, red, blue)

    def sequences() -> None:
        _native.subtraction_sequence([1], side, max_nodes=NODES)
        _native.octal_sequence("0.07", side, max_nodes=NODES)

    for call in (hex_kernel, hex_reduce, atropos_kernel, sequences):
        answers_or_one_line(call)
