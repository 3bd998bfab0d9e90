"""CGSuite notation: parsing, canonical printing, round trips, one-line errors."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given, settings

from grundy.values import Game, NotationError, parse
from test_values import games

ZERO, ONE, STAR, UP = Game.zero(), Game.integer(1), Game.nimber(1), Game.up()


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0", ZERO), ("-7", Game.integer(-7)), ("3/4", Game.number(Fraction(3, 4))),
        ("-3/8", Game.number(Fraction(-3, 8))), ("*", STAR), ("*0", ZERO), ("*5", Game.nimber(5)),
        ("^", UP), ("v", -UP), ("^3", Game.up(3)), ("^^", Game.up(2)), ("vv", Game.up(-2)),
        ("v2", Game.up(-2)), ("^*", UP + STAR), ("1*", ONE + STAR),
        ("3/2*", Game.number(Fraction(3, 2)) + STAR), ("-1v*", Game.integer(-1) - UP + STAR),
        ("- 1v", -(ONE - UP)), ("+-1", Game.of([ONE], [-ONE])), ("±1", Game.of([ONE], [-ONE])),
        ("{0|1}", Game.number(Fraction(1, 2))), ("{|}", ZERO), ("{0|}", ONE), ("{|0}", -ONE),
        ("{0|*}", UP), ("{0,*|0}", UP + STAR), ("3 +- 1", Game.of([Game.integer(4)],
                                                                 [Game.integer(2)])),
        ("{1|0} + ^ + *2", Game.of([ONE], [ZERO]) + UP + Game.nimber(2)),
        ("( ^ + * ) - *", UP), ("{4|2} + -3 + *", Game.of([ONE + STAR], [-ONE + STAR])),
    ],
)
def test_parse(text: str, value: Game) -> None:
    assert parse(text) is value


def test_bars_nest_by_count() -> None:
    a, b = parse("{3|0}"), parse("{2|-1}")
    assert parse("{3|0 || 2|-1, *}") is Game.of([a], [b, STAR])
    assert parse("{4|2 || 3|-2}") is Game.of([parse("{4|2}")], [parse("{3|-2}")])
    assert parse("{5|4 || 3 ||| 2}") is Game.of([Game.of([parse("{5|4}")], [Game.integer(3)])],
                                               [Game.integer(2)])
    assert parse("{4|0,+-1}") is Game.of([Game.integer(4)], [ZERO, parse("+-1")])
    assert parse("+-{3|2}") is Game.of([parse("{3|2}")], [parse("{-2|-3}")])


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("0", "0"), ("{0|1}", "1/2"), ("{1/2|1}", "3/4"), ("{1|2}", "3/2"), ("{1|1}", "1*"),
        ("{0|*}", "^"), ("{*|0}", "v"), ("^+^+*", "^^*"), ("{0|^*}", "^^"), ("{0,*|0}", "^*"),
        ("-1 + v + *3", "-1v*3"), ("{1|-1}", "+-1"), ("{3|2}", "{3|2}"),
        ("{4|0,+-1}", "{4|0,+-1}"), ("3+-1", "{4|2}"), ("-3/2+-1", "{-1/2|-5/2}"),
        ("{{3|2}|{-2|-3}}", "+-{3|2}"), ("{8|-6}", "{8|-6}"),
        ("{{4|2}|{-2|-3}}", "{4|2||-2|-3}"), ("{{5|-3},{4|-2}|-4}", "{{4|-2},{5|-3}|-4}"),
        ("{{1,1*|-1}|-2}", "{{1,1*|-1}|-2}"), ("{0||0|-2}", "Tiny(2)"), ("{2|0||0}", "Miny(2)"),
        ("{1||1|-1}", "1Tiny(2)"), ("{3|1||1}", "1Miny(2)"), ("-1/2Miny(1/2)", "-1/2Miny(1/2)"),
        ("Tiny({3|1})", "Tiny({3|1})"), ("Tiny(2) + Tiny(2)", "{0|{0,{0|-2}|-2}}"),
        ("{{2|*,0}|-1}", "{{2|0,*}|-1}"), ("{{4|2}|{3|1}}", "2"),
        ("{1|0} + ^ + *2", "{1^*2|^*2}"),
    ],
)
def test_canonical_printing(text: str, printed: str) -> None:
    assert str(parse(text)) == printed
    assert parse(printed) is parse(text)


@settings(max_examples=300, deadline=None)
@given(games)
def test_round_trip(g: Game) -> None:
    text = str(g)
    assert parse(text) is g
    assert str(parse(text)) == text


@given(games, games)
def test_sums_round_trip_through_text(g: Game, h: Game) -> None:
    assert parse(f"{g} + ({h})") is g + h
    assert parse(f"{g} - ({h})") is g - h


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{1|2", "a '{' is never closed"), ("1|2}", "unexpected '|'"),
        ("1}", "'}' closes nothing"), ("{1 2}", "braces need a bar"),
        ("{1|2|3}", "two runs of 1 bars"), ("x", "unknown symbol 'x'"),
        ("1/3", "not a dyadic rational"), ("", "expected a value"), ("{1,|0}", "empty option"),
        ("(1 + 2", "missing ')'"), ("1 +", "expected a value"), ("1/0", "not a dyadic rational"),
        ("Tiny(2", "missing ')' after Tiny("), ("Miny()", "unknown symbol ')'"),
    ],
)
def test_bad_notation_gets_one_line(text: str, problem: str) -> None:
    with pytest.raises(NotationError, match=re.escape(problem)) as error:
        parse(text)
    assert "\n" not in str(error.value)
    assert isinstance(error.value, ValueError)
