"""Sides of any loopy game (issue 26 item 1): the onside and offside orders, the
simplification of sides in them, and games that are not stopper-sided (Bach's
Carousel), checked against CGSuite's test suite (facts only, each row citing the file
and test of aaron-siegel/cgsuite it comes from, under
``lib/core/src/test/scala/org/cgsuite/lang/``) and against the definition of the sides
on random small graphs.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.values import Game
from grundy.values.loopy import (
    Loopy,
    LoopyError,
    LoopyOutcome,
    Sides,
    _side,
    _side_equal,
    _simplify_side,
    _survives,
    rooted,
    side_ge,
)
from grundy.values.loopy_notation import format_graph, parse_loopy, parse_value

SIDED = "SidedValueTestCase.scala (GameTest: game.StopperSidedValue should implement methods)"
EVAL = "EvalTest.scala (EvalTest: {})"
BACH = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"


def cg(text: str) -> Loopy:
    """CGSuite text, read with CGSuite's grammar (commas bind tighter than bars)."""
    return parse_loopy(text, "cgsuite")


#: (game, the onside and offside CGSuite prints, their text here, source)
NOT_STOPPER_SIDED = [
    (BACH, "a{1|1,{1*|a||*}||0}", "a{0,{1|||1*|a||*}|0}",
     "a{{1|1,{1*|a||*}}|0} & a{0,{1|||1*|a||*}|0}",
     f"{SIDED}, Bach's Carousel; {EVAL.format('not stopper-sided')}"),
    (BACH + "+1", "a{2|2,{2*|a||1*}||1}", "a{1,{2|||2*|a||1*}|1}",
     "a{{2|2,{2*|a||1*}}|1} & a{1,{2|||2*|a||1*}|1}",
     EVAL.format("process game operations, sided + sided")),
]


@pytest.mark.parametrize(("text", "onside", "offside", "printed", "source"), NOT_STOPPER_SIDED)
def test_games_that_are_not_stopper_sided(text: str, onside: str, offside: str,
                                          printed: str, source: str) -> None:
    """The sides equal CGSuite's on their side, are not stoppers, and print as the same
    graphs: the offside exactly as CGSuite prints it, the onside with one more pair of
    braces (we brace an option with several options a side, so the text reads alike in
    both dialects; CGSuite writes a lone one bare)."""
    game = cg(text)
    sides = game.sides()
    assert not sides.stopper_sided, source
    assert not sides.onside.is_stopper() and not sides.offside.is_stopper(), source
    for side, expected, on in ((sides.onside, cg(onside), True),
                               (sides.offside, cg(offside), False)):
        assert side_ge(side, expected, on) and side_ge(expected, side, on), source
        assert side_ge(side, game, on) and side_ge(game, side, on)
    assert str(sides) == str(game) == printed, source
    reread = [parse_loopy(part) for part in printed.split(" & ")]
    assert side_ge(reread[0], game, True) and side_ge(game, reread[0], True)
    assert side_ge(reread[1], game, False) and side_ge(game, reread[1], False)


def test_bachs_carousel_properties() -> None:
    """SIDED: outcome N, not stopper-sided, not infinitesimal (not between -1/2^10 and
    1/2^10), not idempotent (G + G is not G); and by the order of games it is >= and
    <= itself, and neither >= 1 nor <= -1."""
    carousel = cg(BACH)
    assert carousel.outcome() is LoopyOutcome.N, SIDED
    assert not carousel.is_stopper() and not carousel.sides().stopper_sided, SIDED
    small = Loopy.from_game(Game.number(Fraction(1, 1024)))
    within = carousel <= small and -small <= carousel
    assert not within, SIDED  # IsInfinitesimal false
    assert not (carousel + carousel).equals(carousel), SIDED  # IsIdempotent false
    assert carousel >= carousel and carousel.equals(carousel)
    assert not carousel >= Loopy.from_game(Game.integer(1))
    assert not carousel <= Loopy.from_game(Game.integer(-1))


@pytest.mark.parametrize(("text", "printed", "source"), [
    ("a{1||a|0}", "2 & +-1", EVAL.format("stopper-sided")),
    ("dud", "dud", SIDED),
    ("a{{|a}|}", "1 & 0", SIDED),
    ("{0|{dud|},*}", "^ & v*", SIDED),
])
def test_stopper_sided_games_keep_their_stopper_sides(text: str, printed: str,
                                                      source: str) -> None:
    game = cg(text)
    assert game.sides().stopper_sided, source
    assert str(game) == printed, source


# -- the definition, on random small graphs -----------------------------------------

@st.composite
def graphs(draw: st.DrawFn, most: int = 4) -> Loopy:
    n = draw(st.integers(1, most))
    edges = st.lists(st.integers(0, n - 1), max_size=2, unique=True)
    return Loopy([draw(edges) for _ in range(n)], [draw(edges) for _ in range(n)])


def naive_wins(parts: list[Loopy], onside: list[bool], first: str) -> bool:
    """Does Left win the sum of ``parts`` with ``first`` to move, when a player who cannot
    move loses and an infinite play is Left's exactly when it has infinitely many moves
    in a part played on its onside?  The Büchi condition as its textbook formula
    nu Z. mu Y. (F and pre(Z)) or pre(Y) over sets of states, by brute force."""
    from itertools import product

    states = [(p, mover, flag) for p in product(*(range(len(g)) for g in parts))
              for mover in "LR" for flag in (0, 1)]

    def moves(state: tuple[tuple[int, ...], str, int]) -> list[tuple[tuple[int, ...], str, int]]:
        p, mover, _ = state
        found = []
        for k, g in enumerate(parts):
            for w in (g.left if mover == "L" else g.right)[p[k]]:
                found.append(((*p[:k], w, *p[k + 1:]), "R" if mover == "L" else "L",
                              int(onside[k])))
        return found

    def pre(target: set[tuple[tuple[int, ...], str, int]]) -> set[tuple[tuple[int, ...], str, int]]:
        chosen = set()
        for s in states:
            options = moves(s)
            if s[1] == "L" and any(t in target for t in options):
                chosen.add(s)
            if s[1] == "R" and all(t in target for t in options):
                chosen.add(s)  # Right stuck: Left has won
        return chosen

    z = set(states)
    while True:
        y: set[tuple[tuple[int, ...], str, int]] = set()
        while True:
            pre_z = pre(z)
            grown = {s for s in pre_z if s[2] == 1 or not moves(s)} | pre(y)
            if grown == y:
                break
            y = grown
        if y == z:
            break
        z = y
    start = (tuple(g.start for g in parts), first, 0)
    return start in z


@settings(max_examples=40, deadline=None)
@given(graphs(3), graphs(2), st.booleans())
def test_each_side_equals_the_game_in_every_sum_on_that_side(
        game: Loopy, other: Loopy, other_on: bool) -> None:
    """The definition: G's onside S behaves as G on the onside in every sum, G + X and
    S + X having the same winner with either player first (X on its onside or its
    offside); so for the offside."""
    sides = game.sides()
    for side, on in ((sides.onside, True), (sides.offside, False)):
        for first in "LR":
            assert naive_wins([game, other], [on, other_on], first) == naive_wins(
                [side, other], [on, other_on], first), (format_graph(side), on, first)


@settings(max_examples=60, deadline=None)
@given(graphs(3), graphs(3))
def test_both_side_orders_are_survival_for_stoppers(g: Loopy, h: Loopy) -> None:
    if g.is_stopper() and h.is_stopper():
        assert side_ge(g, h, True) == side_ge(g, h, False) == _survives(g, h)
    for on in (True, False):  # and the side order is the definition's, on any games
        assert side_ge(g, h, on) == naive_wins([g, -h], [on, not on], "R")


@settings(max_examples=40, deadline=None)
@given(graphs(3), graphs(2), st.booleans())
def test_simplification_in_a_side_keeps_the_side(game: Loopy, other: Loopy,
                                                 other_on: bool) -> None:
    """The simplification used where sidling does not settle, run on every game: it
    keeps the game's winner in every sum on that side, and where it reaches a stopper,
    that stopper's simplest form is the side sidling finds."""
    if game.is_stopper():
        return
    for on in (True, False):
        simplified = _simplify_side(game, on)
        for first in "LR":
            assert naive_wins([game, other], [on, other_on], first) == naive_wins(
                [simplified, other], [on, other_on], first), (format_graph(simplified), on)
        if simplified.is_stopper():
            side = game.sides().onside if on else game.sides().offside
            assert str(simplified.canonical()) == str(side)


# -- sided values written with & (CGSuite's sided-value specifier), sums and multiples -

@pytest.mark.parametrize(("text", "onside", "offside", "printed", "source"), [
    ("over & v", "over", "v", "over & v", EVAL.format("explicit stopper sided")),
    ("{2&-2|1&-2}", "{2|1}", "-2*", "{2|1} & -2*",
     EVAL.format("explicit specifier of sided values")),
    # CGSuite prints upon as ^[on] ({pass|*}: EvalTest "upon")
    ("9*(upon & v)", "{0||||0|||0||0|{0||||0|||0||0|upon}}", "v9", None,
     "EvalTest.scala (EvalTest: process game operations, integer * stopper sided)"),
])
def test_sided_values_written_with_and(text: str, onside: str, offside: str,
                                       printed: str | None, source: str) -> None:
    value = parse_value(text, "cgsuite")
    assert isinstance(value, Sides) and value.stopper_sided, source
    assert value.onside.equals(cg(onside)), source
    assert value.offside.equals(cg(offside)), source
    if printed is not None:
        assert str(value) == printed, source


@pytest.mark.parametrize(("text", "problem"), [
    ("0 & 1", "is not <= the onside"),
    ("dud & 0", "must be a stopper"),
    ("1 & 0 & 0", "each side of & is one stopper"),
    ("{1 & dud|}", "must be a stopper"),
])
def test_bad_sided_values_get_one_line_errors(text: str, problem: str) -> None:
    with pytest.raises(LoopyError, match=problem) as caught:
        parse_value(text)
    assert "\n" not in str(caught.value)


def test_a_game_reader_refuses_a_sided_value() -> None:
    with pytest.raises(LoopyError, match="not a game"):
        parse_loopy("over & v")


def test_minus_swaps_the_sides() -> None:
    """-(A & B) = -B & -A, and +-(A & B) = {A|-B} & {B|-A} (the onside of -G is minus
    the offside of G)."""
    assert str(parse_value("-(over & v)")) == "^ & under"
    assert str(parse_value("+-(over & v)")) == str(parse_value("{over|^} & {v|under}"))
    assert str(parse_value("1 - (1 & 0)")) == "1 & 0"


@settings(max_examples=30, deadline=None)
@given(graphs(3), graphs(2))
def test_the_sides_of_a_sum_are_the_sums_of_the_sides(g: Loopy, h: Loopy) -> None:
    """Siegel 2013, Ch. VI: (G + H)^+ = G^+ + H^+ on the onside, and so on the offside;
    ``Sides.__add__`` adds sides, checked here against the sides of the sum graph."""
    added = g.sides() + h.sides()
    whole = g + h
    assert side_ge(added.onside, whole, True) and side_ge(whole, added.onside, True)
    assert side_ge(added.offside, whole, False) and side_ge(whole, added.offside, False)
    negated = -g.sides()
    assert _side_equal(negated.onside, -g, True) and _side_equal(negated.offside, -g, False)


@settings(max_examples=30, deadline=None)
@given(graphs(2), graphs(2))
def test_braces_take_the_sides_of_their_options(g: Loopy, h: Loopy) -> None:
    """{A & B | C & D} has onside {A|C} and offside {B|D} (CGSuite's reading of sided
    options, EvalTest "explicit specifier of sided values"): checked on games, where the
    onside of {G|H} is the onside of {G^+|H^+}."""
    whole = rooted([g], [h])
    on = rooted([g.sides().onside], [h.sides().onside])
    off = rooted([g.sides().offside], [h.sides().offside])
    assert _side_equal(on, whole, True) and _side_equal(off, whole, False)


def test_an_integer_times_a_game_that_is_not_stopper_sided() -> None:
    """EvalTest.scala (EvalTest: process game operations, integer * sided): 3 times
    Bach's Carousel, with the sides CGSuite prints, found by adding Bach's sides three
    times (the 3-fold sum graph is never sidled) and compared in each side's order."""
    source = "EvalTest.scala (EvalTest: process game operations, integer * sided)"
    onside = cg("{a{2*|||2|2,{a|1*}||1}|2||c{2|b{1|1,{1*||b|0|||*}},"
                "{2*|c,d{1*|||1|1,{d|*}||0}||0}||1}}")
    offside = cg("{0||0|a{1*||0,{1|a}|0|||*}}")
    value = parse_value("3*" + BACH, "cgsuite")
    assert isinstance(value, Sides) and not value.stopper_sided, source
    assert _side_equal(value.onside, onside, True), source
    assert _side_equal(value.offside, offside, False), source
    once = cg(BACH).sides()
    assert not _side_equal(once.onside, onside, True)  # the multiple matters
    with pytest.raises(LoopyError, match="passes"):  # the unsimplified sum is too big to print
        str(value)


@pytest.mark.slow
def test_three_times_bachs_carousel_offside_simplified() -> None:
    """EvalTest.scala (EvalTest: process game operations, integer * sided): the offside
    of 3 times Bach's Carousel, {0||0|a{1*||0,{1|a}|0|||*}}, comes out as CGSuite's graph
    when the sums of offsides (64 and 72 positions, past the 48 that ``Sides.__add__``
    simplifies) are simplified in the offside order; we brace {1*|{0,{1|a}|0}}."""
    source = "EvalTest.scala (EvalTest: process game operations, integer * sided)"
    offside = cg(BACH).sides().offside
    twice = _side(offside + offside, False, 256)
    thrice = _side(twice + offside, False, 256)
    assert _side_equal(thrice, cg("{0||0|a{1*||0,{1|a}|0|||*}}"), False), source
    assert format_graph(thrice) == "{0||0|a{1*|{0,{1|a}|0}||*}}", source
