"""Operations on short partizan games beyond the sum: heating, overheating, Norton
product, incentives, followers, tempers, ordinal, conjunctive and selective sums.

Every operation here is defined on a *form*; it is applied to the canonical forms of its
arguments.  The Norton product by a positive game depends only on the value of the game
it multiplies (and is additive and order-preserving in it); heating, overheating and the
ordinal, conjunctive and selective sums depend on forms (∫^1 of a sum of canonical forms
can differ from ∫^1 of their sum's canonical form), so here they are those of the
canonical forms, as in CGSuite.

Conway's product of games, the powers G^x and G^→x of a game G = {0 | H} (↑ⁿ and
↑ + ↑² + … + ↑ⁿ when G = ↑ and x = n) and the inverse of the ordinal sum are CGSuite's
ConwayProduct, Pow, PowTo and Subordinate.

Sources: Siegel, *Combinatorial Game Theory* (2013), Ch. II (short games: heating and
overheating, Norton multiplication, incentives, tempers); Conway, *On Numbers and
Games* (ONAG, 2nd ed. 2001), ch. 14 (conjunctive and selective compounds) and ch. 15
(ordinal sums, Norton multiplication); Berlekamp, Conway & Guy, *Winning Ways* (WW, 2nd
ed. 2001), ch. 6 (heating, overheating), ch. 9 (joins and unions) and vol. 1 on
Hackenbush strings (ordinal sums).

>>> from grundy.values.notation import parse
>>> str(ordinal_sum(parse("1"), parse("-1")))   # blue-red Hackenbush string
'1/2'
>>> str(heat(parse("*"), parse("1")))
'+-1'
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import reduce
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from grundy.values.game import Game

__all__ = [
    "conjunctive_sum",
    "conway_product",
    "followers",
    "heat",
    "incentives",
    "is_dicotic",
    "is_even_tempered",
    "is_odd_tempered",
    "left_incentives",
    "norton_product",
    "ordinal_sum",
    "overheat",
    "pow",
    "pow_to",
    "right_incentives",
    "selective_sum",
    "subordinate",
]


def _game() -> type[Game]:
    from grundy.values.game import Game

    return Game


def _memoised(step: Callable[[Game, Callable[[Game], Game]], Game]) -> Callable[[Game], Game]:
    """A recursive game map ``f`` with ``f(g) = step(g, f)``, memoised by game id."""
    memo: dict[int, Game] = {}

    def f(g: Game) -> Game:
        known = memo.get(g.id)
        if known is None:
            known = memo[g.id] = step(g, f)
        return known

    return f


def _multiple(n: int, unit: Game) -> Game:
    """n·unit: n copies of ``unit`` (of −unit when n < 0)."""
    part = unit if n >= 0 else -unit
    return reduce(lambda total, _: total + part, range(abs(n)), _game().zero())


def heat(g: Game, t: Game) -> Game:
    """∫^t G, G heated by t: G itself if G is a number, else {∫^t G^L + t | ∫^t G^R − t}.

    Heating is the inverse of cooling on hot enough games (WW ch. 6, "The Heat of
    Battle"; Siegel 2013, Ch. II, heating; t may be any game, as in CGSuite).

    >>> from grundy.values.notation import parse
    >>> str(heat(parse("^"), parse("1")))
    '{1||0|-2}'
    """
    def step(h: Game, again: Callable[[Game], Game]) -> Game:
        if h.is_number:
            return h
        return _game().of([again(x) + t for x in h.left], [again(x) - t for x in h.right])

    return _memoised(step)(g)


def overheat(g: Game, s: Game, t: Game) -> Game:
    """∫_s^t G, G overheated from s to t: n·s when G is an integer n, else
    {t + ∫_s^t G^L | −t + ∫_s^t G^R} (WW ch. 6, overheating; Siegel 2013, Ch. II).

    >>> from grundy.values.notation import parse
    >>> str(overheat(parse("1/2"), parse("1"), parse("1*")))
    '{1*|*}'
    """
    def step(h: Game, again: Callable[[Game], Game]) -> Game:
        value = h.number()
        if value is not None and value.denominator == 1:
            return _multiple(int(value), s)
        return _game().of([t + again(x) for x in h.left], [again(x) - t for x in h.right])

    return _memoised(step)(g)


def left_incentives(g: Game) -> tuple[Game, ...]:
    """G^L − G for each Left option of the canonical form (ONAG ch. 15; Siegel 2013,
    Ch. II, incentives).  Left wants to move where her incentive is largest."""
    return tuple(x - g for x in g.left)


def right_incentives(g: Game) -> tuple[Game, ...]:
    """G − G^R for each Right option of the canonical form."""
    return tuple(g - x for x in g.right)


def incentives(g: Game) -> tuple[Game, ...]:
    """Left and right incentives together, without repeats, in order of game id (the
    order the games were first built in, which differs between sessions).

    >>> from grundy.values.notation import parse
    >>> sorted(str(x) for x in incentives(parse("^")))
    ['^*', 'v']
    """
    return tuple(sorted(set(left_incentives(g) + right_incentives(g)), key=lambda x: x.id))


def norton_product(g: Game, u: Game) -> Game:
    """G.U, the Norton product: n·U when G is an integer n; otherwise
    {G^L.U + U + I | G^R.U − U − I} for I among the incentives of U (ONAG ch. 15;
    Siegel 2013, Ch. II, Norton multiplication).  For U > 0 it is additive in G and
    order-preserving; it depends on U's form (the canonical form here).

    >>> from grundy.values.notation import parse
    >>> str(norton_product(parse("1/2"), parse("1"))), str(norton_product(parse("2"), parse("^")))
    ('1/2', '^^')
    """
    shifts = [u + i for i in incentives(u)]

    def step(h: Game, again: Callable[[Game], Game]) -> Game:
        value = h.number()
        if value is not None and value.denominator == 1:
            return _multiple(int(value), u)
        return _game().of([again(x) + d for x in h.left for d in shifts],
                          [again(x) - d for x in h.right for d in shifts])

    return _memoised(step)(g)


def ordinal_sum(g: Game, h: Game) -> Game:
    """G:H = {G^L, G:H^L | G^R, G:H^R}: play H, or move in G and discard H (ONAG ch. 15;
    WW vol. 1, Hackenbush strings).  Computed on the canonical form of G (the
    ordinal sum depends on the base's form).  G:H − G has the sign of H.

    >>> from grundy.values.notation import parse
    >>> str(ordinal_sum(parse("*"), parse("1"))), str(ordinal_sum(parse("1"), parse("1")))
    ('^*', '2')
    """
    def step(k: Game, again: Callable[[Game], Game]) -> Game:
        return _game().of([*g.left, *(again(x) for x in k.left)],
                          [*g.right, *(again(x) for x in k.right)])

    return _memoised(step)(h)


def conjunctive_sum(g: Game, h: Game) -> Game:
    """G ∧ H, the conjunctive compound: a move is a move in every component, so play
    stops when any component is finished: {G^L ∧ H^L | G^R ∧ H^R} (ONAG ch. 14; WW ch. 9,
    joins).  Computed on canonical forms; the compound of other forms of equal games
    can differ.

    >>> from grundy.values.notation import parse
    >>> str(conjunctive_sum(parse("*2"), parse("*3")))
    '*2'
    """
    memo: dict[tuple[int, int], Game] = {}

    def f(a: Game, b: Game) -> Game:
        known = memo.get((a.id, b.id))
        if known is None:
            known = memo[(a.id, b.id)] = _game().of(
                [f(x, y) for x in a.left for y in b.left],
                [f(x, y) for x in a.right for y in b.right])
        return known

    return f(g, h)


def selective_sum(g: Game, h: Game) -> Game:
    """G ∨ H, the selective compound: a move is a move in any non-empty set of
    components: {G^L ∨ H, G ∨ H^L, G^L ∨ H^L | the same for Right} (ONAG ch. 14; WW ch. 9,
    unions).  Computed on canonical forms.

    >>> from grundy.values.notation import parse
    >>> str(selective_sum(parse("*"), parse("*")))
    '*2'
    """
    memo: dict[tuple[int, int], Game] = {}

    def f(a: Game, b: Game) -> Game:
        known = memo.get((a.id, b.id))
        if known is None:
            known = memo[(a.id, b.id)] = _game().of(
                [f(x, b) for x in a.left] + [f(a, y) for y in b.left]
                + [f(x, y) for x in a.left for y in b.left],
                [f(x, b) for x in a.right] + [f(a, y) for y in b.right]
                + [f(x, y) for x in a.right for y in b.right])
        return known

    return f(g, h)


def followers(g: Game) -> tuple[Game, ...]:
    """Every position of the canonical form reachable by moves of either player, G
    itself included (its subpositions; Siegel 2013, Ch. II), in order of game id.

    >>> from grundy.values.notation import parse
    >>> [str(x) for x in followers(parse("^"))]
    ['0', '*', '^']
    """
    seen: dict[int, Game] = {}
    stack = [g]
    while stack:
        game = stack.pop()
        if game.id not in seen:
            seen[game.id] = game
            stack.extend(game.left + game.right)
    return tuple(seen[k] for k in sorted(seen))


def is_dicotic(g: Game) -> bool:
    """Dicotic: from every follower both players can move, or neither (Siegel 2013,
    Ch. II, all-small games).  A game is all-small exactly when its canonical form is
    dicotic, so on ``Game`` (canonical) the two tests agree.

    >>> from grundy.values.notation import parse
    >>> [is_dicotic(parse(x)) for x in ("^", "{0|^}", "*2", "1/2", "{0||0|-1}")]
    [True, True, True, False, False]
    """
    return all(bool(x.left) == bool(x.right) for x in followers(g))


def _tempers(g: Game) -> dict[int, int | None]:
    """0 for even-tempered, 1 for odd-tempered, None for neither, for every follower."""
    tempers: dict[int, int | None] = {}
    for x in followers(g):  # in order of id: options are interned before the game
        if x.is_number:
            tempers[x.id] = 0
            continue
        kinds = {tempers[y.id] for y in x.left + x.right}
        kind = kinds.pop() if len(kinds) == 1 else None
        tempers[x.id] = None if kind is None else 1 - kind
    return tempers


def is_even_tempered(g: Game) -> bool:
    """Even-tempered: a number, or a non-number all of whose options are odd-tempered;
    odd-tempered: a non-number all of whose options are even-tempered (Berlekamp's
    parity of temperature; Siegel 2013, Ch. II).  Read on the canonical form.

    >>> from grundy.values.notation import parse
    >>> [is_even_tempered(parse(x)) for x in ("1/2", "*", "^", "*+*")]
    [True, False, False, True]
    """
    return _tempers(g)[g.id] == 0


def is_odd_tempered(g: Game) -> bool:
    """See ``is_even_tempered``.

    >>> from grundy.values.notation import parse
    >>> [is_odd_tempered(parse(x)) for x in ("+-1", "*", "^", "{2|1}")]
    [True, True, False, True]
    """
    return _tempers(g)[g.id] == 1


def conway_product(g: Game, h: Game, *, nimbers: bool = True) -> Game:
    """G·H, Conway's product of games (ONAG ch. 1, the product of surreal numbers, taken
    on forms): {G^L·H + G·H^L − G^L·H^L, G^R·H + G·H^R − G^R·H^R | G^L·H + G·H^R −
    G^L·H^R, G^R·H + G·H^L − G^R·H^L}, computed on canonical forms, as CGSuite's
    ConwayProduct.  On two nimbers it is the nim product (*4·*4 = *6), which
    ``nimbers=True`` takes from ``nim_product`` instead of the recursion (the tests
    check the two agree).

    >>> from grundy.values.notation import parse
    >>> str(conway_product(parse("*19"), parse("*23")))
    '*86'
    >>> str(conway_product(parse("{3|1}"), parse("^^")))
    '{^6|^^}'
    """
    from grundy.values.nimber import nim_product

    memo: dict[tuple[int, int], Game] = {}

    def f(a: Game, b: Game) -> Game:
        key = (a.id, b.id) if a.id <= b.id else (b.id, a.id)
        known = memo.get(key)
        if known is None:
            x, y = a.nimber_value(), b.nimber_value()
            if nimbers and x is not None and y is not None:
                known = memo[key] = _game().nimber(nim_product(x, y))
                return known

            def mixed(xs: tuple[Game, ...], ys: tuple[Game, ...]) -> list[Game]:
                return [f(x, b) + f(a, y) - f(x, y) for x in xs for y in ys]

            known = memo[key] = _game().of(
                mixed(a.left, b.left) + mixed(a.right, b.right),
                mixed(a.left, b.right) + mixed(a.right, b.left))
        return known

    return f(g, h)


def _check_exponent(x: Fraction) -> None:
    if not 0 <= x <= 256 or x.denominator > 2**16:
        raise ValueError(f"the exponent {x} is out of range: give a number from 0 to 256 "
                         "with a denominator of at most 2^16")


def subordinate(x: Game, base: Game) -> Game:
    """X subordinated to B: the Y with X = B : Y (the ordinal sum's base taken off), as
    CGSuite's ``Subordinate``.  Recursively, X's options that are options of B are
    dropped and the others subordinated; ValueError (X is not B : anything) when an
    option B^L is neither matched by some X^L ≥ B^L nor reversed by some B^LR ≤ X (and
    the same for Right).  Linear in X's followers.

    >>> from grundy.values.notation import parse
    >>> str(subordinate(parse("1/8"), parse("1"))), str(subordinate(parse("-13/16"), parse("-1")))
    ('-3', '3/8')
    """
    lefts, rights = set(base.left), set(base.right)

    def step(g: Game, again: Callable[[Game], Game]) -> Game:
        for bl in lefts:
            if not any(gl >= bl for gl in g.left) and not any(g >= blr for blr in bl.right):
                raise ValueError
        for br in rights:
            if not any(gr <= br for gr in g.right) and not any(g <= brl for brl in br.left):
                raise ValueError
        return _game().of([again(gl) for gl in g.left if gl not in lefts],
                          [again(gr) for gr in g.right if gr not in rights])

    try:
        return _memoised(step)(x)
    except ValueError:
        raise ValueError(f"{x} cannot be subordinated to {base}: it is not {base} : Y "
                         "for any Y") from None


def pow_to(g: Game, x: Fraction | int) -> Game:
    """G^→x = G : (x subordinated to 1) for a number x ≥ 0, and 0 for x = 0 (CGSuite's
    PowTo): for a whole n, G^→n = {G^L, G^→(n−1) | G^R}, so ↑.PowTo(n) = ↑ + ↑² + … + ↑ⁿ
    (``^[n]``).  ValueError for an exponent that is not 1 : something.

    >>> from grundy.values.notation import parse
    >>> str(pow_to(parse("^"), 3)), str(pow_to(parse("+-1"), 3))
    ('^[3]', '{1,{1,+-1|-1}|-1}')
    >>> str(pow_to(parse("^"), Fraction(7, 4)))
    '{{^|*,^[2]}|*,^[2]}'
    """
    x = Fraction(x)
    _check_exponent(x)
    if x == 0:
        return _game().zero()
    try:
        tail = subordinate(_game().number(x), _game().integer(1))
    except ValueError:
        raise ValueError(f"the exponent {x} is invalid: it is not 1 : y for a number y"
                         ) from None
    return ordinal_sum(g, tail)


def pow(g: Game, x: Fraction | int) -> Game:  # CGSuite's name
    """G^x = {0 | H − G^→(x−1)} for G = {0 | H} and a number x ≥ 1 (CGSuite's Pow), so
    ↑.Pow(n) = ↑ⁿ (``^<n>``).  ValueError for a G of another form or an exponent below 1.

    >>> from grundy.values.notation import parse
    >>> str(pow(parse("^"), 3)), str(pow(parse("{0||0|-2}"), 3))
    ('^<3>', '{0|{0|-2,{0|-2,{0|-2}}}}')
    """
    x = Fraction(x)
    _check_exponent(x)
    if len(g.left) != 1 or g.left[0] != _game().zero() or len(g.right) != 1:
        raise ValueError(f"Pow needs a base of the form {{0|H}}; {g} is not")
    if x < 1:
        raise ValueError(f"the exponent {x} is invalid: Pow takes exponents from 1")
    return _game().of([_game().zero()], [g.right[0] - pow_to(g, x - 1)])
