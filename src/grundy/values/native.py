"""Canonical games mirrored in the native store (``grundy._native.GameStore``, Rust), where
stops, thermographs and sums are computed; Python's own algorithms stay the oracle the
tests check these against (same answers, not a second definition).

A game is copied into the store once, options first (``native_id``), and a native game
is rebuilt as a ``Game`` once (``game_of``): both directions are remembered, so each
costs time linear in the part of the canonical form not yet mirrored.  Without the
compiled module (a source checkout that was never built) or inside ``python_only()``,
``available()`` is False and every caller takes its Python path.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from grundy.values.game import Game

if TYPE_CHECKING:
    from grundy._native import GameStore

__all__ = ["available", "game_of", "loopy_table", "loopy_winners", "native_id", "python_only",
           "shared_store", "stops", "sum_of", "thermograph"]

_OFF: ContextVar[bool] = ContextVar("grundy_values_python_only", default=False)
_store: GameStore | None = None
#: Game.id -> native id, and native id -> Game
_to_native: dict[int, int] = {}
_from_native: dict[int, Game] = {}


def _the_store() -> GameStore | None:
    global _store
    if _store is None:
        try:
            from grundy._native import GameStore
        except ImportError:  # a checkout whose Rust crate was never built
            return None
        _store = GameStore()
    return _store


def shared_store() -> GameStore:
    """The store this module mirrors games into, for a native kernel to intern its values
    in (then ``game_of`` reads them and every later query starts from them, no copy)."""
    store = _the_store()
    assert store is not None, "shared_store needs the compiled module"
    return store


def available() -> bool:
    """The native store can be used here (built, and not switched off)."""
    return not _OFF.get() and _the_store() is not None


@contextmanager
def python_only() -> Iterator[None]:
    """Inside the block every value is computed by the Python algorithms (the oracle)."""
    token = _OFF.set(True)
    try:
        yield
    finally:
        _OFF.reset(token)


def native_id(game: Game) -> int:
    """The game's id in the native store, copying the followers not yet there (the store
    puts each in canonical form again, so a wrong copy cannot go unnoticed: the tests
    check that the ids come back as the same games)."""
    store = _the_store()
    assert store is not None, "native_id needs the compiled module: ask available() first"
    known = _to_native.get(game.id)
    if known is not None:
        return known
    order = game._bottom_up(lambda g: g.id not in _to_native)
    batch = {g.id: -1 - position for position, g in enumerate(order)}  # one call for all
    made = store.of_forms([([_to_native.get(g.id, batch.get(g.id, 0)) for g in f.left],
                            [_to_native.get(g.id, batch.get(g.id, 0)) for g in f.right])
                           for f in order])
    for follower, native in zip(order, made, strict=True):
        _to_native[follower.id] = native
        _from_native.setdefault(native, follower)
    return _to_native[game.id]


def game_of(native: int) -> Game:
    """The ``Game`` of a native id, rebuilding the followers not yet rebuilt (the store's
    forms are canonical: ``Game.of_canonical``)."""
    store = _the_store()
    assert store is not None, "game_of needs the compiled module: ask available() first"
    known = _from_native.get(native)
    if known is not None:
        return known
    for made, lefts, rights in store.closure(native):
        if made not in _from_native:
            game = Game.of_canonical([_from_native[g] for g in lefts],
                                     [_from_native[g] for g in rights])
            _from_native[made] = game
            _to_native.setdefault(game.id, made)
    return _from_native[native]


def sum_of(a: Game, b: Game) -> Game:
    """a + b computed in the native store (the caller checks ``available()``)."""
    store = _the_store()
    assert store is not None, "sum_of needs the compiled module: ask available() first"
    return game_of(store.add(native_id(a), native_id(b)))


@lru_cache(maxsize=1 << 12)
def _dyadic_of(num: int, exp: int) -> Fraction:
    return Fraction(num, 1 << exp) if exp else Fraction(num)


def _dyadic(pair: tuple[int, int]) -> Fraction:
    """num / 2^exp; walls repeat their values (stops, mast, 0, ±1), so each is made once."""
    return _dyadic_of(*pair)


def stops(game: Game) -> tuple[Fraction, Fraction]:
    """(left stop, right stop) as the native store computed them when it interned the game
    (the caller checks ``available()``)."""
    store = _the_store()
    assert store is not None, "stops needs the compiled module: ask available() first"
    left, right = store.stops(native_id(game))
    return _dyadic(left), _dyadic(right)


def thermograph(game: Game) -> tuple[tuple[tuple[Fraction, Fraction], ...],
                                     tuple[tuple[Fraction, Fraction], ...], Fraction, Fraction]:
    """(left wall, right wall, mast, temperature) computed in the native store (the caller
    checks ``available()``); the store keeps every follower's for later calls."""
    store = _the_store()
    assert store is not None, "thermograph needs the compiled module: ask available() first"
    left, right, mast, temperature = store.thermograph(native_id(game))
    return (tuple((_dyadic(t), _dyadic(v)) for t, v in left),
            tuple((_dyadic(t), _dyadic(v)) for t, v in right),
            _dyadic(mast), _dyadic(temperature))


def loopy_winners(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]
                  ) -> list[str] | None:
    """The winner ("L", "R" or "D") of every state of a loopy game graph (state 2v: Left
    to move at v, 2v + 1: Right) from the native retrograde analysis
    (``grundy._native.loopy_outcomes``), or None without the native module."""
    if not available():
        return None
    from grundy._native import loopy_outcomes

    def compressed(side: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
        offsets, targets = [0], list[int]()
        for options in side:
            targets.extend(options)
            offsets.append(len(targets))
        return offsets, targets

    (left_offsets, left_targets), (right_offsets, right_targets) = map(compressed, (left, right))
    winners, _ = loopy_outcomes(left_offsets, left_targets, right_offsets, right_targets)
    assert winners is not None  # no budget was given
    return ["LRD"[w] for w in winners]


def loopy_table(g_left: Sequence[Sequence[int]], g_right: Sequence[Sequence[int]],
                h_left: Sequence[Sequence[int]], h_right: Sequence[Sequence[int]],
                onside: bool | None = None) -> list[bool] | None:
    """For every pair (u, v) of a position of G and one of H (index u·|H| + v): Left,
    moving second in G_u − H_v, never runs out of moves (``onside`` None: the order of
    stoppers), or G_u >= H_v on the onside (True) or offside (False), from the native
    kernels (``grundy._native.loopy_compare``), or None without the native module."""
    if not available():
        return None
    from grundy._native import loopy_compare

    return loopy_compare([list(o) for o in g_left], [list(o) for o in g_right],
                         [list(o) for o in h_left], [list(o) for o in h_right], onside)
