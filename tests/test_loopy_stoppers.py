"""CGSuite's table of canonical stoppers, column by column: stops, outcome class, follower
count, numberish, pseudonumber, options.

Source of every row: CGSuite ``lib/core/src/test/scala/org/cgsuite/lang/
CanonicalStopperTestCase.scala`` (run by GameTest, "game.CanonicalStopperGame"), the
columns leftStop, rightStop, outcomeClass, followerCount, isNumberish, cls (Pseudonumber
or not), leftOptions and rightOptions.  Where CGSuite prints a value in a form our reader
does not take (``Tiny(on)``, ``^<on>``), the row writes the same game out in braces.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.test_loopy import graphs

from grundy.values import Game
from grundy.values.loopy import Loopy, LoopyError
from grundy.values.loopy_notation import parse_loopy

UPONTH = "{0||0|0,pass}"  # CGSuite's ^<on> (uponth), as its test script defines it

#: (game, left stop, right stop, outcome, followers, numberish, pseudonumber,
#:  left options, right options)
ROWS = [
    ("{pass|}", "on", "on", "L", 1, False, "on", ["on"], []),
    ("{|pass}", "off", "off", "R", 1, False, "off", [], ["off"]),
    ("{0|pass}", "over", "over", "L", 2, True, "over", ["0"], ["over"]),
    ("{pass|3/2}", "3/2under", "3/2under", "L", 5, True, "3/2under", ["3/2under"], ["3/2"]),
    ("{-1/4+*|pass}", "-1/4", "-1/4", "R", 6, True, None, ["-1/4*"], ["{-1/4*|pass}"]),
    (f"{{0|{UPONTH}||-{UPONTH}}}", "0", "0", "N", 7, True, None, [f"{{0|{UPONTH}}}"],
     [f"-{UPONTH}"]),
    ("{0|||0||0|{|pass}}", "0", "0", "L", 5, True, None, ["0"], ["{0||0|off}"]),
    ("{{pass|}|0||0}", "0", "0", "R", 4, True, None, ["{on|0}"], ["0"]),
    ("{0|||0||pass|0}", "0", "0", "L", 4, True, None, ["0"], ["{0|under}"]),
    ("+-{0|pass}", "over", "under", "N", 4, True, None, ["over"], ["under"]),
    ("+-{5|pass}", "5over", "-5under", "N", 14, False, None, ["5over"], ["-5under"]),
    ("a{0||||0|||a|*||*}", "0", "0", "L", 6, True, None, ["0"], ["a{0||||0|a||*|||*}"]),
    ("{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
     "0", "0", "L", 17, True, None, ["0"],
     ["{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}"]),
    # Grenville's example of an unstable game
    ("a{0|{0||||0,*2|||a|0||0}||0}", "0", "0", "N", 9, True, None,
     ["a{0||0|{0,*2||||a|0||0|||0}}"], ["0"]),
]


def cg(text: str) -> Loopy:
    return parse_loopy(text, "cgsuite")


def same_values(games: list[Loopy], texts: list[str]) -> bool:
    return len(games) == len(texts) and all(
        any(game.equals(cg(text)) for game in games) for text in texts)


@pytest.mark.parametrize(("text", "left", "right", "outcome", "followers", "numberish",
                          "pseudonumber", "lefts", "rights"), ROWS)
def test_cgsuite_canonical_stoppers(text: str, left: str, right: str, outcome: str,
                                    followers: int, numberish: bool, pseudonumber: str | None,
                                    lefts: list[str], rights: list[str]) -> None:
    game = cg(text)
    left_stop, right_stop = game.stops()
    assert (str(left_stop), str(right_stop)) == (left, right)
    assert game.outcome().value == outcome
    simplest = game.canonical()
    assert len(simplest) == followers
    assert game.is_numberish() is numberish
    found = game.pseudonumber()
    assert (found is None) if pseudonumber is None else found.equals(cg(pseudonumber))
    assert same_values(simplest.left_options(), lefts)
    assert same_values(simplest.right_options(), rights)


def test_switches_and_parentheses_are_read() -> None:
    """CGSuite writes +-G for {G | -G}, and prints +-(5over)."""
    assert cg("+-{5|pass}").equals(cg("+-(5over)"))
    assert cg("+-over").equals(cg("{over|under}"))
    assert cg("±1").equals(cg("{1|-1}"))


NUMBERS = st.integers(-64, 64).map(lambda n: Fraction(n, 8))


@given(NUMBERS, st.sampled_from([-1, 0, 1]))
def test_pseudonumbers_are_their_own_stops(x: Fraction, adorned: int) -> None:
    """x, x + over and x + under: the shapes the stop recursion recognises are the
    simplest forms of these values."""
    game = Loopy.from_game(Game.number(x))
    if adorned:
        game = game + (Loopy.over() if adorned > 0 else Loopy.under())
    found = game.pseudonumber()
    assert found is not None and found.equals(game)
    assert all(stop.equals(game) for stop in game.stops())


@given(NUMBERS, NUMBERS)
def test_stops_of_short_games_are_their_stops(x: Fraction, y: Fraction) -> None:
    """On a short game the loopy stops are the short game's stops ({x | y} with x >= y is
    hot, its stops x and y)."""
    high, low = max(x, y), min(x, y)
    short = Game.of([Game.number(high)], [Game.number(low)])
    stops = Loopy.from_game(short).stops()
    assert [stop.to_game() for stop in stops] == [Game.number(short.left_stop()),
                                                   Game.number(short.right_stop())]


def test_stops_need_a_stopper() -> None:
    with pytest.raises(LoopyError, match="needs a stopper"):
        cg("dud").stops()


@given(graphs(), NUMBERS)
def test_stops_of_random_stoppers(game: Loopy, x: Fraction) -> None:
    """On random stoppers: the Left stop is at least the Right stop, negation swaps and
    negates them, and adding a number x shifts both by x."""
    if not game.is_stopper():
        return
    left, right = game.stops()
    assert left >= right
    negated = (-game).stops()
    assert negated[0].equals(-right) and negated[1].equals(-left)
    number = Loopy.from_game(Game.number(x))
    shifted = (game + number).stops()
    assert shifted[0].equals(left + number) and shifted[1].equals(right + number)
