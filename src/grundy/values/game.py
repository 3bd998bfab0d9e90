"""Canonical short partizan games (seed 001 Ch. 2, ``001_56c9c94dd1ec088e.wrapped.txt`` L270-386).

A game is ``{G^L | G^R}``; ``Game.of`` puts it in canonical form by deleting dominated
options and bypassing reversible ones, so two games are equal exactly when they are the
same object (every canonical game is interned and carries an integer ``id``).  Sums and
comparisons are cached by id pairs; numbers, nimbers and up-multiples (and their sums
``x + n·↑ + *m``) take arithmetic fast paths.

Stops (L305), mean (L326), confusion interval (L336) and cooling and temperature
(Definitions 2.3.3-2.3.4, L353) follow the thesis, which takes them from Siegel; the
thesis' own examples at L303 and L347 are wrong (see ``docs/errata.md``).

>>> half = Game.of([Game.zero()], [Game.integer(1)])
>>> half is Game.number(Fraction(1, 2)), str(half + half - Game.integer(1))
(True, '0')
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, overload

from grundy.values.outcome import Outcome

if TYPE_CHECKING:
    from grundy.values.thermograph import Thermograph

Rational = Fraction | int

__all__ = ["ConfusionInterval", "Game", "checked", "simplest_number"]

#: Called once per canonical form and per thermograph computed (see ``checked``).
_CHECK: ContextVar[Callable[[], None] | None] = ContextVar("grundy_values_check", default=None)


@contextmanager
def checked(check: Callable[[], None]) -> Iterator[None]:
    """Call ``check`` at every canonical form and every thermograph computed inside the
    block; it may raise (a budget running out) to stop a long computation cleanly.

    >>> def stop() -> None:
    ...     raise TimeoutError("over budget")
    >>> with checked(stop):
    ...     Game.of([Game.integer(7)], [Game.integer(5)])
    Traceback (most recent call last):
    TimeoutError: over budget
    """
    token = _CHECK.set(check)
    try:
        yield
    finally:
        _CHECK.reset(token)


def _dyadic(value: Rational) -> Fraction:
    """``value`` as a Fraction, or ValueError when its denominator is not a power of 2."""
    q = Fraction(value)
    if q.denominator & (q.denominator - 1):
        raise ValueError(f"{q} is not a dyadic rational: short games have denominators 2^k")
    return q


def simplest_number(low: Rational | None, high: Rational | None) -> Fraction:
    """The simplest dyadic rational strictly between ``low`` and ``high`` (None: ∓∞).

    The simplicity rule (seed 003, ``003_b9b71f74cb16b358.txt`` L525-528): the least
    denominator 2^k, then the least absolute value; an integer in range wins, the one
    nearest 0.  ValueError if the interval is empty.

    >>> [str(simplest_number(*ends)) for ends in [(0, 1), (1, None), (Fraction(-3, 2), 5)]]
    ['1/2', '2', '0']
    """
    if low is not None and high is not None and low >= high:
        raise ValueError(f"no number lies strictly between {low} and {high}")
    if (low is None or low < 0) and (high is None or high > 0):
        return Fraction(0)
    if high is None or (low is not None and low >= 0):
        assert low is not None
        above = int(low // 1) + 1  # the least integer > low
        if high is None or above < high:
            return Fraction(above)
    else:
        below = -int((-high) // 1) - 1  # the greatest integer < high
        if low is None or below > low:
            return Fraction(below)
    assert low is not None and high is not None
    scale = 2
    while True:  # both ends lie in one unit interval: bisect until a point fits
        candidate = Fraction(int(low * scale // 1) + 1, scale)
        if candidate < high:
            return candidate
        scale *= 2


@dataclass(frozen=True)
class ConfusionInterval:
    """The numbers confused with a game: from ``low`` to ``high``, each end open or closed.

    Empty (``low > high``, or one point with an open end) for numbers and for games
    such as ↑ that are infinitesimally close to a number but not confused with it.
    """

    low: Fraction
    high: Fraction
    low_closed: bool
    high_closed: bool

    @property
    def empty(self) -> bool:
        return self.low > self.high or (
            self.low == self.high and not (self.low_closed and self.high_closed)
        )

    def __contains__(self, x: Rational) -> bool:
        above = self.low < x or (self.low_closed and x == self.low)
        below = x < self.high or (self.high_closed and x == self.high)
        return above and below

    def __str__(self) -> str:
        if self.empty:
            return "empty"
        return (f"{'[' if self.low_closed else '('}{self.low}, {self.high}"
                f"{']' if self.high_closed else ')'}")


class _Number:
    """The descriptor behind ``Game.number(q)`` and ``game.number()``."""

    @overload
    def __get__(self, game: None, owner: type[Game]) -> Callable[[Rational], Game]: ...

    @overload
    def __get__(self, game: Game, owner: type[Game]) -> Callable[[], Fraction | None]: ...

    def __get__(
        self, game: Game | None, owner: type[Game]
    ) -> Callable[[Rational], Game] | Callable[[], Fraction | None]:
        if game is None:
            return owner._make_number
        return lambda: game._number


#: ``x + n·↑ + *m`` as (x, n, m).
Uptimal = tuple[Fraction, int, int]

# The intern table (options' ids -> game) and the caches of the fast paths.
_TABLE: dict[tuple[tuple[int, ...], tuple[int, ...]], Game] = {}
_NUMBERS: dict[Fraction, Game] = {}
_UPTIMALS: dict[Uptimal, Game] = {}
_SUMS: dict[tuple[int, int], Game] = {}
_LE: dict[tuple[int, int], bool] = {}


class Game:
    """A canonical short partizan game; build with ``Game.of`` or the constructors."""

    __slots__ = ("_followers", "_negative", "_nimber", "_number", "_rounded_stops", "_stops",
                 "_tame", "_thermograph", "_uptimal", "birthday", "id", "left", "right")

    id: int
    left: tuple[Game, ...]
    right: tuple[Game, ...]
    #: the birthday of the canonical form: 0 for 0, else one more than the largest
    #: birthday of an option (ONAG ch. 1; Siegel 2013, Ch. II)
    birthday: int
    _number: Fraction | None
    _nimber: int | None
    _uptimal: Uptimal | bool | None  # False: not yet known
    _negative: Game | None
    _thermograph: Thermograph | None
    _stops: tuple[Fraction, Fraction] | None
    #: the stops rounded to floats: rounding is monotone, so a strict inequality between
    #: rounded stops holds between the exact ones (a sound, cheap test for ``<=``)
    _rounded_stops: tuple[float, float]
    #: how many followers (0: not counted yet): |G|·|H| bounds the pairs a sum visits
    _followers: int
    #: every number among the followers fits the native store's arithmetic with room to
    #: spare (denominator and size at most 2^24)
    _tame: bool

    #: ``Game.number(q)`` builds the number q; ``game.number()`` is the number a game
    #: equals, or None.
    number = _Number()

    def __init__(self) -> None:
        raise TypeError("use Game.of(left, right) or a constructor such as Game.number(q)")

    # -- construction ------------------------------------------------------------------

    @classmethod
    def _intern(cls, left: Iterable[Game], right: Iterable[Game]) -> Game:
        """The game with exactly these (canonical, undominated, irreversible) options."""
        lefts, rights = tuple(sorted(set(left), key=_id)), tuple(sorted(set(right), key=_id))
        key = (tuple(g.id for g in lefts), tuple(g.id for g in rights))
        game = _TABLE.get(key)
        if game is not None:
            return game
        game = object.__new__(cls)
        game.id = len(_TABLE)
        game.left, game.right = lefts, rights
        game.birthday = 1 + max((g.birthday for g in lefts + rights), default=-1)
        game._number = _number_of(lefts, rights)
        game._nimber = _nimber_of(lefts, rights)
        game._uptimal = False
        if game._number is not None:
            game._uptimal = (game._number, 0, 0)
        elif game._nimber is not None:
            game._uptimal = (Fraction(0), 0, game._nimber)
        game._negative = None
        game._thermograph = None
        game._stops = None
        number = game._number
        game._followers = 0
        game._tame = all(g._tame for g in lefts + rights) and (
            number is None or (number.denominator <= _TAME and abs(number) <= _TAME))
        game._rounded_stops = (float(number), float(number)) if number is not None else (
            max(g._rounded_stops[1] for g in lefts), min(g._rounded_stops[0] for g in rights))
        _TABLE[key] = game
        return game

    @classmethod
    def of(cls, left: Iterable[Game], right: Iterable[Game]) -> Game:
        """The canonical form of ``{left | right}`` (options are canonical games).

        Dominated options are deleted (seed 001 L255-257; seed 003 Theorem A.8, L517) and
        reversible options bypassed (standard theory; the thesis does not describe it)
        until neither applies.  A Left option G^L reverses through G^LR ≤ G and is
        replaced by the Left options of G^LR; symmetrically on the right.
        """
        check = _CHECK.get()
        if check is not None:
            check()
        lefts, rights = set(left), set(right)
        if all(g._number is not None for g in itertools.chain(lefts, rights)):
            low = max((_num(g) for g in lefts), default=None)
            high = min((_num(g) for g in rights), default=None)
            if low is None or high is None or low < high:
                return cls._make_number(simplest_number(low, high))
            return cls._intern([cls._make_number(low)], [cls._make_number(high)])
        while True:
            lefts, rights = _undominated(lefts, True), _undominated(rights, False)
            bypassed_left = _bypass(lefts, lefts, rights, left_side=True)
            bypassed_right = _bypass(rights, lefts, rights, left_side=False)
            if bypassed_left == lefts and bypassed_right == rights:
                return cls._intern(lefts, rights)
            lefts, rights = bypassed_left, bypassed_right

    @classmethod
    def of_canonical(cls, left: Iterable[Game], right: Iterable[Game]) -> Game:
        """The game whose canonical form has exactly these options, taken as given (no
        dominated or reversible option is looked for): for forms a native store has
        already made canonical, whose tests check them against ``Game.of``."""
        return cls._intern(left, right)

    @classmethod
    def zero(cls) -> Game:
        return cls._make_number(0)

    @classmethod
    def integer(cls, n: int) -> Game:
        return cls._make_number(n)

    @classmethod
    def _make_number(cls, q: Rational) -> Game:
        """The dyadic rational q: n = {n−1 |}, −n = {| −n+1}, m/2^k = {(m−1)/2^k | (m+1)/2^k}."""
        value = _dyadic(q)
        game = _NUMBERS.get(value)
        if game is not None:
            return game
        if value.denominator > 1:
            step = Fraction(1, value.denominator)
            game = cls._intern([cls._make_number(value - step)], [cls._make_number(value + step)])
        elif value == 0:
            game = cls._intern((), ())
        else:  # iteratively, so that large integers need no deep recursion
            sign = 1 if value > 0 else -1
            game = cls._make_number(0)
            for k in range(1, abs(int(value)) + 1):
                step_game = _NUMBERS.get(Fraction(sign * k))
                if step_game is None:
                    step_game = cls._intern([game], ()) if sign > 0 else cls._intern((), [game])
                    _NUMBERS[Fraction(sign * k)] = step_game
                game = step_game
        _NUMBERS[value] = game
        return game

    @classmethod
    def nimber(cls, n: int) -> Game:
        """*n = {0, *, ..., *(n−1) | 0, *, ..., *(n−1)}."""
        if n < 0:
            raise ValueError(f"a nimber is *n for a natural number n, got {n}")
        return cls.uptimal_game(Fraction(0), 0, n)

    @classmethod
    def up(cls, n: int = 1) -> Game:
        """n·↑ (↑ = {0 | *}); negative n gives |n|·↓."""
        return cls.uptimal_game(Fraction(0), n, 0)

    @classmethod
    def uptimal_game(cls, x: Rational, n: int, m: int) -> Game:
        """x + n·↑ + *m, built directly in canonical form.

        x*m = {x*k for k < m | the same}; x + ↑* = {x, x* | x}; for n ≥ 1 otherwise
        x + n·↑ + *m = {x | x + (n−1)·↑ + *(m ⊕ 1)}; n < 0 by negation.
        """
        form = (_dyadic(x), n, m)
        game = _UPTIMALS.get(form)
        if game is not None:
            return game
        value = form[0]
        if n < 0:
            game = -cls.uptimal_game(-value, -n, m)
        elif n == 0 and m == 0:
            game = cls._make_number(value)
        elif n == 0:
            options = [cls.uptimal_game(value, 0, k) for k in range(m)]
            game = cls._intern(options, options)
        elif n == 1 and m == 1:
            base = cls._make_number(value)
            game = cls._intern([base, cls.uptimal_game(value, 0, 1)], [base])
        else:
            for k in range(1, n - 1):  # bottom-up, so that large n needs no deep recursion
                cls.uptimal_game(value, k, m ^ ((n - k) & 1))
            game = cls._intern([cls._make_number(value)], [cls.uptimal_game(value, n - 1, m ^ 1)])
        game._uptimal = form
        _UPTIMALS[form] = game
        return game

    # -- order ------------------------------------------------------------------------

    def __le__(self, other: Game) -> bool:
        if self is other:
            return True
        (left_stop, right_stop), (other_left, other_right) = (self._rounded_stops,
                                                              other._rounded_stops)
        if left_stop > other_left or right_stop > other_right:
            return False  # G ≤ H forces L(G) ≤ L(H) and R(G) ≤ R(H)
        if left_stop < other_right:
            return True  # R(H − G) ≥ R(H) − L(G) > 0, so H − G > 0
        key = (self.id, other.id)
        known = _LE.get(key)
        if known is not None:
            return known
        a, b = self._number, other._number
        if a is not None and b is not None:
            result = a <= b
        elif isinstance(self._uptimal, tuple) and isinstance(other._uptimal, tuple):
            result = _uptimal_sign(_uptimal_difference(other._uptimal, self._uptimal)) in (0, 1)
        else:  # no G^L ≥ H and no H^R ≤ G; a number's options need no try (avoidance)
            result = True
            if a is None:
                for g in self.left:
                    if other <= g:
                        result = False
                        break
            if result and b is None:
                for r in other.right:
                    if r <= self:
                        result = False
                        break
        _LE[key] = result
        return result

    def __ge__(self, other: Game) -> bool:
        return other <= self

    def __lt__(self, other: Game) -> bool:
        return self <= other and self is not other

    def __gt__(self, other: Game) -> bool:
        return other <= self and self is not other

    def confused_with(self, other: Game) -> bool:
        """G ‖ H: neither G ≤ H nor G ≥ H."""
        return not self <= other and not other <= self

    def less_or_confused(self, other: Game) -> bool:
        """G <| H: not G ≥ H."""
        return not other <= self

    def greater_or_confused(self, other: Game) -> bool:
        """G |> H: not G ≤ H."""
        return not self <= other

    def outcome(self) -> Outcome:
        """L, R, N or P (seed 001 L203-213): G ≥ 0 means Left wins moving second."""
        zero = Game.zero()
        left_second, right_second = zero <= self, self <= zero
        if left_second:
            return Outcome.P if right_second else Outcome.L
        return Outcome.R if right_second else Outcome.N

    # -- arithmetic -------------------------------------------------------------------

    def __neg__(self) -> Game:
        if self._negative is None:
            if self._number is not None:
                negative = Game.number(-self._number)
            else:  # the negative of a canonical form is canonical
                negative = Game._intern([-g for g in self.right], [-g for g in self.left])
            if isinstance(self._uptimal, tuple) and negative._uptimal is False:
                x, n, m = self._uptimal
                negative._uptimal = (-x, -n, m)
            self._negative, negative._negative = negative, self
        return self._negative

    def __add__(self, other: Game) -> Game:
        a, b = (self, other) if self.id <= other.id else (other, self)
        key = (a.id, b.id)
        total = _SUMS.get(key)
        if total is not None:
            return total
        zero = Game.zero()
        if a is zero or b is zero:
            total = b if a is zero else a
        elif a._number is not None and b._number is not None:
            total = Game.number(a._number + b._number)
        elif isinstance(a._uptimal, tuple) and isinstance(b._uptimal, tuple):
            total = Game.uptimal_game(*_uptimal_sum(a._uptimal, b._uptimal))
        elif a._tame and b._tame and (native := _native()) is not None \
                and a._count() * b._count() <= _NATIVE_PAIRS:
            check = _CHECK.get()
            if check is not None:
                check()
            total = native.sum_of(a, b)
        else:
            total = _sum_of_options(a, b)
        _SUMS[key] = total
        return total

    def __sub__(self, other: Game) -> Game:
        return self + -other

    # -- kinds of games ---------------------------------------------------------------

    @property
    def is_number(self) -> bool:
        return self._number is not None

    @property
    def is_nimber(self) -> bool:
        return self._nimber is not None

    def nimber_value(self) -> int | None:
        """n when this game is *n, else None."""
        return self._nimber

    @property
    def is_infinitesimal(self) -> bool:
        """Both stops are 0 (seed 001 L305); 0 itself counts."""
        return self.left_stop() == 0 == self.right_stop()

    @property
    def is_all_small(self) -> bool:
        """0, or both players can move and every option is all-small (canonical form;
        the same as dicotic, since an all-small game's canonical form is dicotic:
        Siegel 2013, Ch. II)."""
        seen, todo = {self.id}, [self]
        while todo:  # each distinct subposition once
            game = todo.pop()
            if game.left or game.right:
                if not (game.left and game.right):
                    return False
                for option in game.left + game.right:
                    if option.id not in seen:
                        seen.add(option.id)
                        todo.append(option)
        return True

    def uptimal(self) -> Uptimal | None:
        """(x, n, m) when this game is x + n·↑ + *m, else None."""
        if self._uptimal is False:
            for game in self._bottom_up(lambda g: g._uptimal is False):  # options first
                game._uptimal = _recognise_uptimal(game)
                if game._uptimal is not None:
                    _UPTIMALS.setdefault(game._uptimal, game)
        assert not isinstance(self._uptimal, bool)
        return self._uptimal

    # -- temperature theory -----------------------------------------------------------

    def left_stop(self) -> Fraction:
        """L(G) = G for a number, else max over G^L of R(G^L) (seed 001 L305)."""
        return self._stop_pair()[0]

    def right_stop(self) -> Fraction:
        """R(G) = G for a number, else min over G^R of L(G^R) (seed 001 L305)."""
        return self._stop_pair()[1]

    def _stop_pair(self) -> tuple[Fraction, Fraction]:
        if self._stops is None and self._tame and (native := _native()) is not None:
            self._stops = native.stops(self)  # the store computes them as it interns
        if self._stops is None:
            for game in self._bottom_up(lambda g: g._stops is None):
                number = game._number
                game._stops = (number, number) if number is not None else (
                    max(g._stop_pair()[1] for g in game.left),
                    min(g._stop_pair()[0] for g in game.right))
        assert self._stops is not None
        return self._stops

    def thermograph(self) -> Thermograph:
        """The exact thermograph (walls, mast, temperature); cached."""
        if self._thermograph is None and self._tame and (native := _native()) is not None:
            check = _CHECK.get()
            if check is not None:
                check()
            from grundy.values.thermograph import Thermograph

            self._thermograph = Thermograph(*native.thermograph(self))
        if self._thermograph is None:
            from grundy.values.thermograph import thermograph

            check = _CHECK.get()
            for game in self._bottom_up(lambda g: g._thermograph is None):
                if check is not None:
                    check()
                game._thermograph = thermograph(game)
        assert self._thermograph is not None
        return self._thermograph

    def _count(self) -> int:
        """How many followers (this game included), counted once."""
        if not self._followers:
            self._followers = len(self._bottom_up(lambda g: True))
        return self._followers

    def _bottom_up(self, missing: Callable[[Game], bool]) -> list[Game]:
        """The subgames still ``missing`` something, options first (no deep recursion)."""
        order: list[Game] = []
        seen: set[int] = set()
        stack: list[tuple[Game, bool]] = [(self, False)]
        while stack:
            game, expanded = stack.pop()
            if expanded:
                order.append(game)
            elif game.id not in seen and missing(game):
                seen.add(game.id)
                stack.append((game, True))
                stack.extend((g, False) for g in game.left + game.right)
        return order

    def mean(self) -> Fraction:
        """The mean value lim L(nG)/n (seed 001 L326): the mast of the thermograph."""
        return self.thermograph().mast

    def temperature(self) -> Fraction:
        """Definition 2.3.4 (seed 001 L353): the least t ≥ −1 with G_t infinitesimally
        close to a number.  Integers −1, m/2^k (m odd, k ≥ 1) −1/2^k, tepid games 0."""
        return self.thermograph().temperature

    def cool(self, t: Rational) -> Game:
        """G cooled by t (Definition 2.3.3, seed 001 L353): integers stay put; otherwise
        {G^L_t − t | G^R_t + t}, frozen at the mean above the temperature."""
        amount = _dyadic(t)
        if amount < -1:
            raise ValueError(f"cooling needs t ≥ -1, got {amount}")
        if self._number is not None and self._number.denominator == 1:
            return self
        if amount > self.temperature():
            return Game.number(self.mean())
        shift = Game.number(amount)
        return Game.of([g.cool(amount) - shift for g in self.left],
                       [g.cool(amount) + shift for g in self.right])

    def freeze(self) -> Game:
        """G frozen: cooled by its own temperature, infinitely close to its mean (WW ch. 6,
        cooling: a game cooled by its temperature freezes; Siegel 2013, Ch. II); a number,
        already cold, stays put.

        >>> switch = lambda a, b: Game.of([Game.integer(a)], [Game.integer(b)])
        >>> str(switch(1, -1).freeze()), str(switch(3, -1).freeze())
        ('*', '1*')
        """
        return self if self._number is not None else self.cool(self.temperature())

    def heat(self, t: Rational | Game) -> Game:
        """∫^t G, G heated by t (a number or any game): numbers stay put; otherwise
        {∫G^L + t | ∫G^R − t} (``grundy.values.operations.heat``)."""
        from grundy.values.operations import heat

        return heat(self, t if isinstance(t, Game) else Game.number(t))

    def overheat(self, s: Game, t: Game) -> Game:
        """∫_s^t G (``grundy.values.operations.overheat``)."""
        from grundy.values.operations import overheat

        return overheat(self, s, t)

    def norton(self, unit: Game) -> Game:
        """The Norton product G.U (``grundy.values.operations.norton_product``)."""
        from grundy.values.operations import norton_product

        return norton_product(self, unit)

    # -- modulo infinitesimals (grundy.values.infinitesimals) -------------------------

    def ish(self, other: Game) -> bool:
        """G − H is infinitesimal (``grundy.values.infinitesimals.ish``)."""
        from grundy.values.infinitesimals import ish

        return ish(self, other)

    def reduced(self) -> Game:
        """The reduced canonical form (``grundy.values.infinitesimals``)."""
        from grundy.values.infinitesimals import reduced_canonical_form

        return reduced_canonical_form(self)

    def atomic_weight(self) -> Game:
        """The atomic weight of an all-small game; ``AtomicWeightUndefined`` (a
        ValueError) otherwise (``grundy.values.infinitesimals.atomic_weight``)."""
        from grundy.values.infinitesimals import atomic_weight

        return atomic_weight(self)

    # -- structure (grundy.values.operations) -------------------------------------

    def followers(self) -> tuple[Game, ...]:
        """This game and every position reachable from its canonical form."""
        from grundy.values.operations import followers

        return followers(self)

    def incentives(self) -> tuple[Game, ...]:
        """G^L − G and G − G^R over the canonical options."""
        from grundy.values.operations import incentives

        return incentives(self)

    @property
    def is_even_tempered(self) -> bool:
        from grundy.values.operations import is_even_tempered

        return is_even_tempered(self)

    @property
    def is_odd_tempered(self) -> bool:
        from grundy.values.operations import is_odd_tempered

        return is_odd_tempered(self)

    def ordinal_sum(self, other: Game) -> Game:
        """G:H (``grundy.values.operations.ordinal_sum``)."""
        from grundy.values.operations import ordinal_sum

        return ordinal_sum(self, other)

    def conjunctive_sum(self, other: Game) -> Game:
        """G ∧ H (``grundy.values.operations.conjunctive_sum``)."""
        from grundy.values.operations import conjunctive_sum

        return conjunctive_sum(self, other)

    def selective_sum(self, other: Game) -> Game:
        """G ∨ H (``grundy.values.operations.selective_sum``)."""
        from grundy.values.operations import selective_sum

        return selective_sum(self, other)

    def confusion_interval(self) -> ConfusionInterval:
        """The numbers confused with G (seed 001 L336): from R(G) to L(G); an end is
        closed when G is confused with it."""
        low, high = self.right_stop(), self.left_stop()
        if self._number is not None:
            return ConfusionInterval(low, high, False, False)
        return ConfusionInterval(low, high,
                                 self.confused_with(Game.number(low)),
                                 self.confused_with(Game.number(high)))

    # -- printing ---------------------------------------------------------------------

    def __str__(self) -> str:
        from grundy.values.notation import format_game

        return format_game(self)

    def __repr__(self) -> str:
        return f"Game({self})"

    def _repr_html_(self) -> str:
        """Jupyter shows the value in CGSuite notation and who wins."""
        outcome = self.outcome()
        return (f'<code>{html.escape(str(self))}</code> '
                f'<small>({outcome.value}: {html.escape(outcome.description)})</small>')

    def latex(self) -> str:
        """The canonical form in LaTeX math (``grundy.values.notation.to_latex``).

        >>> Game.of([Game.integer(1)], [Game.integer(-1)]).latex()
        '\\\\pm1'
        """
        from grundy.values.notation import to_latex

        return to_latex(self)

    def _repr_latex_(self) -> str:
        """Jupyter and IPython show a game as typeset math."""
        return f"${self.latex()}$"


def _id(game: Game) -> int:
    return game.id


#: Numbers the native store takes (denominator and size), with room for sums and walls.
_TAME = 1 << 24
#: A sum G + H goes to the native store when |G|·|H| (followers) is at most this: the
#: native sum runs without the ``checked`` budget, so it is kept to work done well within
#: a second; larger sums recurse in Python, whose smaller sums of options go native.
_NATIVE_PAIRS = 1 << 20


def _native() -> ModuleType | None:
    """``grundy.values.native`` when the native store can be used, else None."""
    from grundy.values import native

    return native if native.available() else None


def _num(game: Game) -> Fraction:
    assert game._number is not None
    return game._number


def _number_of(lefts: tuple[Game, ...], rights: tuple[Game, ...]) -> Fraction | None:
    """The number a canonical form equals, read off its (canonical) options."""
    if len(lefts) > 1 or len(rights) > 1:
        return None
    if any(g._number is None for g in lefts + rights):
        return None
    low = lefts[0]._number if lefts else None
    high = rights[0]._number if rights else None
    if low is not None and high is not None and low >= high:
        return None
    return simplest_number(low, high)


def _nimber_of(lefts: tuple[Game, ...], rights: tuple[Game, ...]) -> int | None:
    """n when the canonical form is {0, ..., *(n−1) | 0, ..., *(n−1)}."""
    if lefts != rights:
        return None
    values = sorted(n for g in lefts if (n := g._nimber) is not None)
    return len(values) if values == list(range(len(lefts))) else None


def _undominated(options: set[Game], left: bool) -> set[Game]:
    """The options no other option dominates (for Left the maximal ones, for Right the
    minimal ones), found by keeping the undominated options seen so far."""
    kept: list[Game] = []
    for g in options:
        for h in kept:
            if (g <= h) if left else (h <= g):
                break
        else:
            kept = [h for h in kept if not ((h <= g) if left else (g <= h))]
            kept.append(g)
    return set(kept)


def _le_form(game: Game, lefts: set[Game], rights: set[Game], memo: dict[int, bool]) -> bool:
    """game ≤ {lefts | rights}, where the form need not be canonical."""
    known = memo.get(game.id)
    if known is None:
        known = not any(_form_le(lefts, rights, g, memo) for g in game.left) and not any(
            r <= game for r in rights)
        memo[game.id] = known
    return known


def _form_le(lefts: set[Game], rights: set[Game], game: Game, memo: dict[int, bool]) -> bool:
    """{lefts | rights} ≤ game."""
    return not any(game <= g for g in lefts) and not any(
        _le_form(r, lefts, rights, memo) for r in game.right)


def _bypass(side: set[Game], lefts: set[Game], rights: set[Game], left_side: bool) -> set[Game]:
    """Replace each reversible option of G = {lefts | rights} on ``side`` by its bypass."""
    memo: dict[int, bool] = {}
    result: set[Game] = set()
    for option in side:
        if left_side:
            reverse = next((r for r in option.right if _le_form(r, lefts, rights, memo)), None)
            result.update(reverse.left if reverse is not None else (option,))
        else:
            reverse = next((g for g in option.left if _form_le(lefts, rights, g, memo)), None)
            result.update(reverse.right if reverse is not None else (option,))
    return result


def _sum_of_options(a: Game, b: Game) -> Game:
    """{a^L + b, a + b^L | a^R + b, a + b^R}; with a number, only the other's options
    (number translation)."""
    if a._number is not None:
        a, b = b, a
    if b._number is not None:
        return Game.of([g + b for g in a.left], [g + b for g in a.right])
    return Game.of([g + b for g in a.left] + [a + g for g in b.left],
                   [g + b for g in a.right] + [a + g for g in b.right])


def _uptimal_sum(a: Uptimal, b: Uptimal) -> Uptimal:
    return (a[0] + b[0], a[1] + b[1], a[2] ^ b[2])


def _uptimal_difference(a: Uptimal, b: Uptimal) -> Uptimal:
    return (a[0] - b[0], a[1] - b[1], a[2] ^ b[2])


def _uptimal_sign(form: Uptimal) -> int:
    """1 if x + n·↑ + *m > 0, −1 if < 0, 0 if = 0, 2 if confused with 0.

    A nonzero number dominates; n·↑ + *m is positive for n ≥ 2, and for n = 1 unless
    m = 1 (↑* is confused with 0); *m alone (m > 0) is confused with 0.
    """
    x, n, m = form
    if x:
        return 1 if x > 0 else -1
    if n == 0:
        return 0 if m == 0 else 2
    if abs(n) == 1 and m == 1:
        return 2
    return 1 if n > 0 else -1


def _recognise_uptimal(game: Game) -> Uptimal | None:
    """Decide whether G = x + n·↑ + *m from the shape of its canonical form, whose options'
    forms are known: ``uptimal_game`` writes x*m as {x*k for k < m | the same}, x ± ↑* as
    {x, x* | x} and its mirror, and x + n·↑ + *m otherwise as {x | x + (n−1)·↑ + *(m ⊕ 1)}
    or its mirror, so the options name at most one candidate, checked by identity (a
    dictionary look-up: the options are already interned).  Constant time per game; the
    trial subtraction of every n·↑ up to the birthday it replaces is kept as the tests'
    oracle (``grundy.values.naive.naive_uptimal``)."""
    lefts, rights = game.left, game.right
    forms = [f for g in lefts + rights if isinstance(f := g._uptimal, tuple)]
    if len(forms) < len(lefts) + len(rights):
        return None
    candidate: Uptimal | None = None
    if lefts == rights:
        candidate = (forms[0][0], 0, len(lefts))
    elif len(forms) == 2:
        (x, n, m), (y, k, j) = forms
        if n == m == 0:  # {x | x + (k)·↑ + *j}
            candidate = (x, k + 1, j ^ 1)
        elif k == j == 0:  # {y + n·↑ + *m | y}
            candidate = (y, n - 1, m ^ 1)
    elif len(forms) == 3:  # {x, x* | x} or {x | x, x*}
        number = (lefts if len(lefts) == 1 else rights)[0]._number
        if number is not None:
            candidate = (number, 1 if len(lefts) == 2 else -1, 1)
    if candidate is None or candidate[1] == candidate[2] == 0:
        return None
    return candidate if Game.uptimal_game(*candidate) is game else None


def _intern_small_values() -> None:
    """Intern, once at import, the values every search keeps meeting: the quarters from
    −3 to 3, *, *2, ↑, ↓, ↑*, ↓* and ±1.  Like a small-integer cache: a search's first values
    are found built (and the code that builds games has run once when the clock of the
    first search starts)."""
    for q in range(-12, 13):
        Game.number(Fraction(q, 4))
    for n, m in ((0, 1), (0, 2), (1, 0), (-1, 0), (1, 1), (-1, 1)):
        Game.uptimal_game(0, n, m)
    Game.of([Game.integer(1)], [Game.integer(-1)])


_intern_small_values()
