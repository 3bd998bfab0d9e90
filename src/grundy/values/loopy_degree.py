"""Upsums, downsums, degrees of loopiness and varieties of stoppers (Siegel 2013, Ch. VI;
Winning Ways, Ch. 11; Conway 1976, Ch. 16 for onsides, offsides and upsums).

A sum of two stoppers G + H need not be a stopper, but it is stopper-sided: G + H =
S & T with S the **upsum** G ↑+ H (its onside) and T the **downsum** G ↓+ H (its
offside), both stoppers.  From these:

* the **degree** of loopiness of G is G ↑+ (−G), 0 for a loopfree G: how far G − G is
  from 0 (on for on, over for over); it is often an idempotent (D + D = D), but not
  always ({0|||0||0|off} has degree {0||||0|||Miny(on)|0||off});
* relative to an idempotent D, the **upsum variety** of G is G ↑+ ((−G) ↓+ (−D)) and
  the **downsum variety** G ↓+ ((−G) ↑+ D); G is **stable** when the two agree (with
  D its degree), and then that common stopper is its **variety**: the sum of G and a
  game of its variety's class lies in one class.  Not every stopper whose degree is
  an idempotent is stable: Ian Grenville's game a{0|{0||||0,*2|||a|0||0}||0} (2022,
  as CGSuite's documentation records) is a counterexample.

Each side of G + H is found one strongly connected component of the sum graph at a
time from the bottom (``loopy._side_by_components``): a component is taken with its
exits already reduced to their sides (stoppers in simplest form), and each of its
positions is simplified in the side's order, every step checked by Büchi games (the
native kernel); a side found replaces its position for the positions after it, and the
sides found are checked against the component.  For G − G the components are about
|C|² positions for the components C of G, not |G|²: the degree of CGSuite's
17-follower game (G − G of 289 positions, components of 16) takes seconds.  Where that
does not find stoppers, the whole sum graph is sidled (``STOPPER_SUM_SIDLING_ROUNDS``
rounds) and simplified in the side's order (``Loopy.onside``), on sums of up to
``SIMPLIFY_STOPPER_SUMS_UP_TO`` positions.  Sums already found are remembered.

Also here, for CGSuite's table of canonical stoppers: ``is_plumtree`` (the simplest
form's graph has no cycle but passes), ``is_number_tiny`` (x + Tiny(H) or x + Miny(H)
with H ≥ over), ``is_idempotent`` and ``followers``.
"""

from __future__ import annotations

from functools import lru_cache

from grundy.values.game import Game
from grundy.values.loopy import (
    Loopy,
    LoopyError,
    _acyclic,
    _side,
    _side_by_components,
    _side_equal,
)

__all__ = ["SIMPLIFY_STOPPER_SUMS_UP_TO", "STOPPER_SUM_SIDLING_ROUNDS", "degree", "downsum",
           "downsum_variety", "followers", "is_idempotent", "is_number_tiny", "is_plumtree",
           "is_stable", "upsum", "upsum_variety", "variety"]

#: The largest component graph (a component of the sum graph with its exits), and the
#: largest whole sum graph of two stoppers, whose sides are simplified in the side's
#: order (the general limit for sums of sides is ``loopy.SIMPLIFY_SIDES_UP_TO``).
SIMPLIFY_STOPPER_SUMS_UP_TO = 100
#: Rounds of sidling tried on a sum of two stoppers before simplifying its side (the
#: rows of CGSuite's table that settle take at most 9).
STOPPER_SUM_SIDLING_ROUNDS = 12


def _stopper_side(g: Loopy, h: Loopy, onside: bool) -> Loopy:
    for part in (g, h):
        if not part.is_stopper():
            raise LoopyError(f"upsums and downsums need stoppers; {part} is not one: take "
                             "its onside or offside first")
    return _stopper_sum_side(_key(g.canonical()), _key(h.canonical()), onside)


Key = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], int]


def _key(g: Loopy) -> Key:
    return g.left, g.right, g.start


@lru_cache(maxsize=256)
def _stopper_sum_side(g: Key, h: Key, onside: bool) -> Loopy:
    """The side of G + H for stoppers in simplest form, remembered (a degree, its
    varieties and the stability test ask for the same sums): one strongly connected
    component at a time (``_side_by_components``), else sidling and simplification of
    the whole sum graph (``_side``)."""
    total = Loopy(*g) + Loopy(*h)
    if total.is_stopper():
        return total.canonical()
    side = _side_by_components(total, onside, SIMPLIFY_STOPPER_SUMS_UP_TO)
    if side is not None and _side_equal(side, total, onside):
        return side
    side = _side(total, onside, SIMPLIFY_STOPPER_SUMS_UP_TO, STOPPER_SUM_SIDLING_ROUNDS)
    if not side.is_stopper():
        raise LoopyError("the side of this sum of stoppers is not a stopper: please report "
                         "the games, it contradicts Siegel 2013, Ch. VI")
    return side.canonical()


def upsum(g: Loopy, h: Loopy) -> Loopy:
    """G ↑+ H, the onside of G + H for stoppers G and H: the stopper S with G + H = S & T
    (Siegel 2013, Ch. VI; Conway 1976, Ch. 16, "upsums"; CGSuite's ``Upsum``).
    Time: the sides of the sum graph of |G|·|H| positions (``Loopy.onside``).

    >>> from grundy.values.loopy_notation import parse_loopy
    >>> str(upsum(parse_loopy("over"), parse_loopy("under")))
    'over'
    """
    return _stopper_side(g, h, onside=True)


def downsum(g: Loopy, h: Loopy) -> Loopy:
    """G ↓+ H, the offside of G + H for stoppers G and H (Siegel 2013, Ch. VI;
    CGSuite's ``Downsum``); the mirror image of ``upsum``: G ↓+ H = −((−G) ↑+ (−H)).

    >>> from grundy.values.loopy_notation import parse_loopy
    >>> str(downsum(parse_loopy("over"), parse_loopy("under")))
    'under'
    """
    return _stopper_side(g, h, onside=False)


def is_idempotent(g: Loopy) -> bool:
    """G + G = G, compared on both sides of the sum (Siegel 2013, Ch. VI: varieties are
    taken relative to an idempotent degree)."""
    return (g + g).equals(g)


def degree(g: Loopy) -> Loopy:
    """The degree of loopiness of a stopper G: 0 when G is loopfree, else G ↑+ (−G)
    (Winning Ways, Ch. 11; Siegel 2013, Ch. VI;
    CGSuite's ``Degree``).  on and off have degree on, x over and x under degree over.

    >>> from grundy.values.loopy_notation import parse_loopy
    >>> [str(degree(parse_loopy(t))) for t in ("off", "{pass|3/2}", "{-1/4+*|pass}", "*")]
    ['on', 'over', '^<on>', '0']
    """
    simplest = g.canonical()
    if simplest.is_loopfree():
        return Loopy.from_game(Game.zero())
    return upsum(simplest, -simplest)


def _require_idempotent(d: Loopy) -> None:
    if not is_idempotent(d):
        raise LoopyError(f"a variety's degree must be an idempotent (D + D = D); {d} is "
                         "not one: give a degree of loopiness, like G's own degree")


def upsum_variety(g: Loopy, d: Loopy) -> Loopy:
    """The upsum variety of G relative to an idempotent D: G ↑+ ((−G) ↓+ (−D)) (Siegel
    2013, Ch. VI; CGSuite's ``UpsumVariety``); LoopyError when D + D ≠ D."""
    _require_idempotent(d)
    return upsum(g, downsum(-g, -d))


def downsum_variety(g: Loopy, d: Loopy) -> Loopy:
    """The downsum variety of G relative to an idempotent D: G ↓+ ((−G) ↑+ D) (Siegel
    2013, Ch. VI; CGSuite's ``DownsumVariety``); LoopyError when D + D ≠ D."""
    _require_idempotent(d)
    return downsum(g, upsum(-g, d))


def _varieties(g: Loopy) -> tuple[Loopy, Loopy]:
    d = degree(g)
    return upsum_variety(g, d), downsum_variety(g, d)


def is_stable(g: Loopy) -> bool:
    """G's upsum and downsum varieties relative to its degree are equal (Siegel 2013,
    Ch. VI; CGSuite's ``IsStable``); LoopyError when the degree is not an
    idempotent, as for {0|||0||0|off}."""
    up, down = _varieties(g)
    return up.equals(down)


def variety(g: Loopy) -> Loopy:
    """The variety of a stable stopper: its upsum variety relative to its degree, equal
    to the downsum variety (Siegel 2013, Ch. VI; Winning Ways, Ch. 11; CGSuite's
    ``Variety``); LoopyError for an unstable G (Grenville's a{0|{0||||0,*2|||a|0||0}||0})
    or a degree that is not an idempotent.

    >>> from grundy.values.loopy_notation import parse_loopy
    >>> [str(variety(parse_loopy(t))) for t in ("on", "{pass|3/2}", "+-{0|pass}")]
    ['on', 'under', '+-over']
    """
    up, down = _varieties(g)
    if not up.equals(down):
        raise LoopyError(f"{g} is not stable: its upsum variety {up} and downsum variety "
                         f"{down} differ, so it has no variety")
    return up


def is_plumtree(g: Loopy) -> bool:
    """The simplest form's graph has no cycle of two or more positions: a tree with
    passes (Siegel 2013, Ch. VI; CGSuite's ``IsPlumtree``).  Linear time after
    ``canonical``."""
    simplest = g.canonical()
    return _acyclic([[w for w in (*a, *b) if w != v]
                     for v, (a, b) in enumerate(zip(simplest.left, simplest.right,
                                                    strict=True))])


def _number(g: Loopy) -> Game | None:
    """The number G is, when it is one (as a short game)."""
    if not g.is_loopfree():
        return None
    short = g.to_game()
    return short if short.is_number else None


def is_number_tiny(g: Loopy) -> bool:
    """G's simplest form is x + Tiny(H) = {x ‖ x | x − H} or x + Miny(H) = {x + H | x ‖ x}
    for a number x and a stopper H ≥ over (CGSuite's ``IsNumberTiny``; Tiny and Miny of
    stoppers: Siegel 2013, Ch. VI).  Time: one comparison after ``canonical``."""
    s = g.canonical()
    if len(s.left[0]) != 1 or len(s.right[0]) != 1:
        return False
    for near, far, flip in ((s.left_options()[0], s.right_options()[0], False),
                            (s.right_options()[0], s.left_options()[0], True)):
        x = _number(near)
        if x is None or len(far.left[0]) != 1 or len(far.right[0]) != 1:
            continue
        back, away = ((far.right_options()[0], far.left_options()[0]) if flip else
                      (far.left_options()[0], far.right_options()[0]))
        if _number(back) is not x:
            continue
        shift = Loopy.from_game(x)
        if ((away - shift) if flip else (shift - away)) >= Loopy.over():  # H >= over
            return True
    return False


def followers(g: Loopy) -> list[Loopy]:
    """Every position of G's simplest form, each as a stopper (G among them; CGSuite's
    ``Followers``): in simplest form no two positions are equal, so they are distinct
    values, as many as ``len(g.canonical())``."""
    simplest = g.canonical()
    return [simplest.at(v) for v in range(len(simplest))]
