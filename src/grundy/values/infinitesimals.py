"""Games modulo infinitesimals and atomic weight: ``ish``, the reduced canonical form,
and the atomic weight calculus of all-small games.

Sources: Siegel, *Combinatorial Game Theory* (2013), Ch. II §6 (reduced canonical form,
after Calistrate 1996 and Grossman & Siegel 2009, "Reductions of partizan games") and
Ch. II §7 (atomic weight); Berlekamp, Conway & Guy, *Winning Ways* (WW, 2nd ed. 2001),
ch. 8 ("It's a Small World": the atomic weight calculus and the two-ahead rule); Conway,
*On Numbers and Games* (ONAG), ch. 16 (the remote star).

>>> from grundy.values.notation import parse
>>> str(atomic_weight(parse("^"))), str(reduced_canonical_form(parse("{1*|-1}")))
('1', '+-1')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from grundy.values.game import Game

__all__ = [
    "AtomicWeightUndefined",
    "atomic_weight",
    "far_star",
    "inf_le",
    "ish",
    "reduced_canonical_form",
]


class AtomicWeightUndefined(ValueError):
    """Atomic weight asked of a game that is not all-small (it is defined on all-small
    games only: WW ch. 8; Siegel 2013, Ch. II §7)."""


def ish(g: Game, h: Game) -> bool:
    """G ish H ("infinitesimally close"): G − H is infinitesimal, i.e. both its stops
    are 0 (WW ch. 8; Siegel 2013, Ch. II §6, equality modulo Inf).

    >>> from grundy.values.notation import parse
    >>> ish(parse("2^*"), parse("2")), ish(parse("{1|-1}"), parse("0"))
    (True, False)
    """
    return (g - h).is_infinitesimal


def inf_le(g: Game, h: Game) -> bool:
    """G ≤ H modulo Inf: G ≤ H + ε for some infinitesimal ε, which holds exactly when
    the right stop of H − G is ≥ 0 (Siegel 2013, Ch. II §6; Grossman & Siegel 2009).

    >>> from grundy.values.notation import parse
    >>> inf_le(parse("^"), parse("0")), inf_le(parse("1"), parse("{1|0}"))
    (True, False)
    """
    return (h - g).right_stop() >= 0


def reduced_canonical_form(g: Game) -> Game:
    """rcf(G), the simplest game infinitesimally close to G (Siegel 2013, Ch. II §6).

    A game ish a number x reduces to x.  Otherwise the options are reduced, then options
    dominated modulo Inf are deleted and options reversible modulo Inf bypassed (G^L
    reverses through G^LR when G^LR ≤ G mod Inf) until neither applies.  Two games are
    ish-equal exactly when their reduced canonical forms are the same game.

    >>> from grundy.values.notation import parse
    >>> [str(reduced_canonical_form(parse(x))) for x in ("3^*", "{2|^}", "{1|0}+^")]
    ['3', '{2|0}', '{1|0}']
    """
    memo: dict[int, Game] = {}
    for x in _options_first(g):
        memo[x.id] = _reduce(x, memo)
    return memo[g.id]


def _options_first(g: Game) -> list[Game]:
    from grundy.values.operations import followers

    return list(followers(g))  # in order of id: every option before its game


def _reduce(g: Game, memo: dict[int, Game]) -> Game:
    from grundy.values.game import Game

    stop = g.left_stop()
    if stop == g.right_stop() and ish(g, Game.number(stop)):
        return Game.number(stop)
    lefts = {memo[x.id] for x in g.left}
    rights = {memo[x.id] for x in g.right}
    while True:
        lefts, rights = _inf_undominated(lefts, True), _inf_undominated(rights, False)
        current = Game.of(lefts, rights)
        bypassed_left: set[Game] = set()
        for x in lefts:
            reverse = next((r for r in x.right if inf_le(r, current)), None)
            bypassed_left.update(reverse.left if reverse is not None else (x,))
        bypassed_right: set[Game] = set()
        for x in rights:
            reverse = next((lo for lo in x.left if inf_le(current, lo)), None)
            bypassed_right.update(reverse.right if reverse is not None else (x,))
        if bypassed_left == lefts and bypassed_right == rights:
            return current
        lefts, rights = bypassed_left, bypassed_right


def _inf_undominated(options: set[Game], left: bool) -> set[Game]:
    """Options not dominated modulo Inf by another (of Inf-equal ones, the first by id)."""
    kept: list[Game] = []
    for x in sorted(options, key=lambda y: y.id):
        if any(inf_le(x, k) if left else inf_le(k, x) for k in kept):
            continue
        kept = [k for k in kept if not (inf_le(k, x) if left else inf_le(x, k))]
        kept.append(x)
    return set(kept)


def far_star(g: Game) -> Game:
    """A remote star for G: a nimber *N with N a power of two beyond twice G's
    birthday, which no follower of G can tell from any larger nimber (ONAG ch. 16; WW
    ch. 8, "far star")."""
    from grundy.values.game import Game

    return Game.nimber(1 << (2 * g.birthday + 1).bit_length())


def atomic_weight(g: Game) -> Game:
    """aw(G), the atomic weight of an all-small game, by the atomic weight calculus
    (WW ch. 8; Siegel 2013, Ch. II §7): let G° = {aw(G^L) − 2 | aw(G^R) + 2}.  If G° is
    not an integer, aw(G) = G°.  If it is (the eccentric case), compare G with a far
    star ☆: if G > ☆, aw(G) is the greatest integer n with n <| aw(G^R) + 2 for every
    G^R; if G < ☆, the least integer n with n |> aw(G^L) − 2 for every G^L; otherwise 0.

    Raises ``AtomicWeightUndefined`` when G is not all-small.  Atomic weights add, and
    by the two-ahead rule aw(G) ≥ 2 forces G > 0.

    >>> from grundy.values.notation import parse
    >>> [str(atomic_weight(parse(x))) for x in ("^", "^^*", "*", "{0|v}", "{^^|vv}")]
    ['1', '2', '0', '0', '*']
    """
    from grundy.values.operations import is_dicotic

    if not is_dicotic(g):
        raise AtomicWeightUndefined(
            f"atomic weight is not defined for {g}: it is defined for all-small games "
            "(from every position both players can move, or neither)")
    memo: dict[int, Game] = {}
    for x in _options_first(g):
        memo[x.id] = _atomic_weight(x, memo)
    return memo[g.id]


def _atomic_weight(g: Game, memo: dict[int, Game]) -> Game:
    from grundy.values.game import Game

    if not g.left:  # a dicotic game with no Left option is 0
        return Game.zero()
    two = Game.integer(2)
    lows = [memo[x.id] - two for x in g.left]
    highs = [memo[x.id] + two for x in g.right]
    guess = Game.of(lows, highs)
    value = guess.number()
    if value is None or value.denominator != 1:
        return guess
    star = far_star(g)
    if g > star:  # the greatest integer n with n <| every high
        n = int(max(h.left_stop() for h in highs)) + 1
        while not all(Game.integer(n).less_or_confused(h) for h in highs):
            n -= 1
        return Game.integer(n)
    if g < star:  # the least integer n with n |> every low
        n = int(min(lo.right_stop() for lo in lows)) - 1
        while not all(Game.integer(n).greater_or_confused(lo) for lo in lows):
            n += 1
        return Game.integer(n)
    return Game.zero()
