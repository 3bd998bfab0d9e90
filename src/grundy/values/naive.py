"""A deliberately naive reference for canonical games, used only by tests and benchmarks.

Games are literal trees ``(left options, right options)``, never simplified.  Outcomes
come from plain game-tree search of a sum of trees (seed 001 L203-213: who wins moving
first); canonical forms from ``Game.of`` applied bottom-up, and sums from the definition
{G^L + H, G + H^L | G^R + H, G + H^R} (seed 001 Ch. 2, ``notes/ferland-thesis.md`` §1)
without any fast path.  The printer's recognisers by trial sums (``NAIVE_FORMS``):
``format_game(g, NAIVE_FORMS)`` is the printer as it was before it read the uptimal
forms off the shape of the canonical form.
"""

from __future__ import annotations

import random
from functools import cache

from grundy.values.game import Game, Uptimal
from grundy.values.notation import Compact, Forms, up_power, up_sum
from grundy.values.outcome import Outcome

#: A game written as a tree of options: (left options, right options).
Tree = tuple[tuple["Tree", ...], tuple["Tree", ...]]

LEAF: Tree = ((), ())


@cache
def canonical(tree: Tree) -> Game:
    """The canonical form, built bottom-up by ``Game.of`` only."""
    left, right = tree
    return Game.of([canonical(t) for t in left], [canonical(t) for t in right])


@cache
def negate(tree: Tree) -> Tree:
    left, right = tree
    return (tuple(negate(t) for t in right), tuple(negate(t) for t in left))


@cache
def wins_moving_first(position: tuple[Tree, ...], left: bool) -> bool:
    """Plain search of a sum of trees: does the player to move (Left if ``left``) win?"""
    for i, (options_left, options_right) in enumerate(position):
        for option in options_left if left else options_right:
            if not wins_moving_first((*position[:i], option, *position[i + 1:]), not left):
                return True
    return False


def naive_outcome(*trees: Tree) -> Outcome:
    """The outcome class of the sum of ``trees`` by plain search."""
    left, right = wins_moving_first(trees, True), wins_moving_first(trees, False)
    if left:
        return Outcome.N if right else Outcome.L
    return Outcome.R if right else Outcome.P


@cache
def definition_sum(g: Game, h: Game) -> Game:
    """g + h from the definition of the sum, canonicalised by ``Game.of`` only."""
    return Game.of([definition_sum(x, h) for x in g.left] + [definition_sum(g, x) for x in h.left],
                   [definition_sum(x, h) for x in g.right]
                   + [definition_sum(g, x) for x in h.right])


def definition_le(g: Game, h: Game) -> bool:
    """g ≤ h from the definition alone (no G^L ≥ h, no h^R ≤ g), uncached."""
    return not any(definition_le(h, x) for x in g.left) and not any(
        definition_le(x, g) for x in h.right)


def random_tree(rng: random.Random, depth: int, width: int) -> Tree:
    """A random game tree: each node has 0..width options a side, down to ``depth``."""
    if depth == 0:
        return LEAF
    return (tuple(random_tree(rng, rng.randrange(depth), width)
                  for _ in range(rng.randint(0, width))),
            tuple(random_tree(rng, rng.randrange(depth), width)
                  for _ in range(rng.randint(0, width))))


def naive_uptimal(game: Game) -> Uptimal | None:
    """(x, n, m) when G = x + n·↑ + *m, found by subtracting x, then every n·↑ with |n|
    up to the birthday, and asking whether a nimber is left."""
    x = game.left_stop()
    if game.right_stop() != x:
        return None
    rest = game - Game.number(x)
    if not rest.is_all_small:  # n·↑ + *m is all-small
        return None
    bound = rest.birthday
    for n in sorted(range(-bound, bound + 1), key=abs):
        m = (rest - Game.up(n)).nimber_value()
        if m is not None:
            return (x, n, m)
    return None


def naive_compact_uptimal(game: Game) -> Compact | None:
    """(x, kind, ±n, m) when G = x ± ↑ⁿ + *m (kind ``<``) or x ± ↑^[n] + *m (kind ``[``)
    for some n ≥ 2, found by trial sums of every unit up to the birthday."""
    x = game.left_stop()
    if game.right_stop() != x or naive_uptimal(game) is not None:
        return None
    rest = game - Game.number(x)
    if not rest.is_all_small:  # ↑ⁿ, ↑^[n], *m and their sums are all-small
        return None
    for n in range(2, rest.birthday + 2):
        for kind, unit in (("<", up_power(n)), ("[", up_sum(n))):
            for sign in (1, -1):
                m = (rest - unit if sign > 0 else rest + unit).nimber_value()
                if m is not None:
                    return x, kind, sign * n, m
    return None


#: The printer's recognisers by trial sums, the oracle of the structural ones.
NAIVE_FORMS = Forms("naive", naive_uptimal, naive_compact_uptimal)
