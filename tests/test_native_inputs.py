"""Every entry point of the native extension on random and malformed input (issue 19
item 5): it answers, or raises a Python exception with a one-line message; it never
panics (``NativePanic``) and never takes the interpreter down.

Each kernel runs under a small node budget, so random positions stay fast.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import _native

#: Integers around every edge a binding converts: negative, u8, i8, u32, u64 and past it.
EDGES = st.one_of(st.integers(-3, 70), st.sampled_from(
    [-(2**63) - 1, -129, 127, 128, 255, 256, 2**31, 2**32, 2**63 - 1, 2**63, 2**64 - 1, 2**64]))
MASKS = st.one_of(st.integers(0, 2**64 - 1), EDGES)
NODES = 2_000
EXAMPLES = settings(max_examples=150, deadline=None)


def answers_or_one_line(call: Callable[[], Any]) -> None:
    """``call()`` returns, or raises an ordinary exception with a one-line message."""
    try:
        call()
    except _native.NativePanic as error:  # a Rust panic: a bug this test is here to find
        pytest.fail(f"native panic: {error}")
    except (ValueError, OverflowError, TypeError) as error:
        assert str(error) and "\n" not in str(error), repr(error)


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
@given(EDGES, EDGES, MASKS, MASKS, MASKS, EDGES)
def test_amazons(height: int, width: int, open_cells: int, black: int, white: int,
                 root: int) -> None:
    game = _native.Amazons()
    answers_or_one_line(lambda: game.value(height, width, open_cells, black, white,
                                           max_nodes=NODES))
    answers_or_one_line(lambda: game.closure(root))


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
