"""CGSuite's loopy rows, one test row each (issue 26, done-when 1): what CGSuite's test
suite asserts for loopy games in ``EvalTest.scala`` and ``GameTest.scala`` (aaron-siegel/
cgsuite, ``lib/core/src/test/scala/org/cgsuite/lang/``), facts only, each row citing
the file and test it comes from.  The audit of every loopy row, and where each is
reproduced, is the table in ``docs/loopy.md``; rows of ``CanonicalStopperTestCase`` and
``SidedValueTestCase`` are in ``test_loopy.py``, ``test_loopy_stoppers.py`` and
``test_loopy_sides.py``, Pow and PowTo in ``test_value_products.py``.

We print what CGSuite prints for every row here, CGSuite's names included (``^[on]`` for
upon = {pass | *}, ``^<on>``, ``Tiny(on)``, ``-1/4v[on]``).  The one difference left in
the printer: an option with several options a side is braced where CGSuite writes a
lone one bare, so that our text reads alike in both dialects; rows where that shows
give our text and are compared with CGSuite's as values.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.test_loopy import graphs

from grundy.values import Game
from grundy.values.loopy import Loopy, LoopyError, Sides, _side_equal, ordinal_sum
from grundy.values.loopy_notation import parse_loopy, parse_value
from grundy.values.notation import parse

EVAL = "EvalTest.scala, {}"
SPECIFIERS = EVAL.format('"correctly interpret loopy game specifiers": {}')
OPERATIONS = EVAL.format('"process game operations": {}')
SIMPLIFY = EVAL.format('"simplify properly": {}')
BINARY = "GameTest.scala, \"game.CanonicalStopperGame should implement >=2-ary methods\": {}"

UPONTH = "{0||0|0,pass}"  # ^<on>

#: (CGSuite's input, what CGSuite prints and we print, source)
ROWS = [
    ("on", "on", SPECIFIERS.format("on")),
    ("off", "off", SPECIFIERS.format("off")),
    ("{pass|pass}", "dud", SPECIFIERS.format("dud")),
    ("over", "over", SPECIFIERS.format("over")),
    ("under", "under", SPECIFIERS.format("under")),
    ("{pass|*}", "^[on]", SPECIFIERS.format("upon")),
    ("{pass,0|0}", "^[on]*", SPECIFIERS.format("upon")),
    ("{*|pass}", "v[on]", SPECIFIERS.format("upon")),
    ("{0|0,pass}", "v[on]*", SPECIFIERS.format("upon")),
    ("{0||0|0,pass}", "^<on>", SPECIFIERS.format("uponth")),
    ("{0,*||*|pass}", "^<on>*", SPECIFIERS.format("uponth")),
    ("{0,pass|0||0}", "v<on>", SPECIFIERS.format("uponth")),
    ("{pass|*||0,*}", "v<on>*", SPECIFIERS.format("uponth")),
    ("over+5", "5over", SPECIFIERS.format("loopy plus number")),
    ("under+5", "5under", SPECIFIERS.format("loopy plus number (under)")),
    ("5+{pass|*}", "5^[on]", SPECIFIERS.format("loopy plus number (upon)")),
    ("5+{pass,0|0}", "5^[on]*", SPECIFIERS.format("loopy plus number (upon)")),
    ("5+{*|pass}", "5v[on]", SPECIFIERS.format("loopy plus number (upon)")),
    ("5+{0|0,pass}", "5v[on]*", SPECIFIERS.format("loopy plus number (upon)")),
    ("5+{0||0|0,pass}", "5^<on>", SPECIFIERS.format("loopy plus number (uponth)")),
    ("5+{0,*||*|pass}", "5^<on>*", SPECIFIERS.format("loopy plus number (uponth)")),
    ("5+{0,pass|0||0}", "5v<on>", SPECIFIERS.format("loopy plus number (uponth)")),
    ("5+{pass|*||0,*}", "5v<on>*", SPECIFIERS.format("loopy plus number (uponth)")),
    ("over+^", "over", SPECIFIERS.format("loopy plus canonical")),
    ("5+over", "5over", SPECIFIERS.format("number plus loopy")),
    ("over-5", "-5over", SPECIFIERS.format("loopy minus number")),
    ("over & v", "over & v", SPECIFIERS.format("explicit stopper sided")),
    ("x{0|x}", "over", SPECIFIERS.format("over by node label")),
    ("x{x|0}", "under", SPECIFIERS.format("under by node label")),
    ("x{0||||0|||x|*||*}", "a{0||||0|||a|*||*}", SPECIFIERS.format("canonical 4-cycle")),
    (f"+-{{0|{UPONTH}}}", "+-{0|^<on>}", SPECIFIERS.format("+- loopy game")),
    (f"+-{{{{0|{UPONTH}}},{{0|{UPONTH}+*}}}}", "+-{{0|^<on>},{0|^<on>*}}",
     SPECIFIERS.format("multiple +- loopy game")),
    ("a{1||a|0}", "2 & +-1", SPECIFIERS.format("stopper-sided")),
    ("{2&-2|1&-2}", "{2|1} & -2*", SPECIFIERS.format("explicit specifier of sided values")),
    ("10*upon", "{0|{0||||0|||0||0|{0||||0|||0||0|^[on]*}}}",
     OPERATIONS.format("integer * stopper")),
    ("9*(upon & v)", "{0||||0|||0||0|{0||||0|||0||0|^[on]}} & v9",
     OPERATIONS.format("integer * stopper sided")),
    (f"+-({UPONTH}+*)", "0", SIMPLIFY.format("+- loopy game simplification")),
    ("^.Pow(on) + {0|upon}", "{0||0|^<on>*} & {0|^[on]}",
     "GameTest.scala, \"game.StopperSidedValue should implement methods correctly\""),
]


def same_value(found: Loopy | Sides, text: str) -> bool:
    expected = parse_value(text, "cgsuite")
    if isinstance(found, Loopy) and isinstance(expected, Loopy):
        return found.equals(expected)
    found_sides, expected_sides = Sides.of_game(found), Sides.of_game(expected)
    return (_side_equal(found_sides.onside, expected_sides.onside, True)
            and _side_equal(found_sides.offside, expected_sides.offside, False))


@pytest.mark.parametrize(("text", "printed", "source"), ROWS)
def test_cgsuite_loopy_rows(text: str, printed: str, source: str) -> None:
    found = parse_value(text, "cgsuite")
    assert str(found) == printed, source
    assert same_value(found, printed)  # what we print reads back as the same value


@pytest.mark.parametrize("text", ["pass", "{1|0+pass}"])
def test_a_hanging_pass_is_refused(text: str) -> None:
    """SPECIFIERS "Hanging pass", "Hanging pass 2": pass is only an option."""
    with pytest.raises(LoopyError, match="pass is an option") as caught:
        parse_value(text, "cgsuite")
    assert "\n" not in str(caught.value)


def test_ordinal_sum_with_a_loopy_game() -> None:
    """EvalTest.scala, "handle explicit and compound games": ('{-1|1}':on).GameValue is
    1under.  The base is the game {-1|1} as written, not its canonical form 0, so our
    ``ordinal_sum`` (whose base is a canonical short game) cannot take it; by the
    definition (G : X has G's options, and X's options each followed by G : ...) the
    graph is {-1, pass | 1}, which we read and print as CGSuite does."""
    assert str(parse_loopy("{-1,pass|1}")) == "1under"
    assert str(ordinal_sum(parse("{-1|1}"), Loopy.on())) == "on"  # 0 : on, the base canonical


@pytest.mark.parametrize(("stopper", "base", "value"), [
    ("over", "1", "off"),
    ("upon+*", "*", "on"),
    ("{0,*|0,pass}", "*", "over"),
    ("on", "1", "on"),
])
def test_subordinate_of_stoppers(stopper: str, base: str, value: str) -> None:
    """BINARY: over.Subordinate(1) = off, (upon+*).Subordinate(*) = on,
    {0,*|0,pass}.Subordinate(*) = over, on.Subordinate(1) = on."""
    found = parse_loopy(stopper, "cgsuite").subordinate(parse(base))
    assert str(found) == value, BINARY.format(f"({stopper}).Subordinate({base})")


def test_a_base_written_as_an_explicit_game() -> None:
    """BINARY: upon.Subordinate('{*|*}') = on: the base as written (its options * and *),
    not its canonical form 0, which leaves upon as it is."""
    explicit = parse_loopy("{*|*}")
    assert explicit.is_loopfree() and len(explicit) > 1  # kept as written
    found = Loopy.upon().subordinate(explicit)
    assert str(found) == "on", BINARY.format("upon.Subordinate('{*|*}')")
    assert str(Loopy.upon().subordinate(parse("{*|*}"))) == "^[on]"
    with pytest.raises(LoopyError, match="must be a short game"):
        Loopy.upon().subordinate(Loopy.on())


def test_on_cannot_be_subordinated_to_star() -> None:
    """BINARY: on.Subordinate(*) is an error."""
    with pytest.raises(LoopyError, match="cannot be subordinated"):
        Loopy.on().subordinate(parse("*"))


@pytest.mark.parametrize(("text", "onside", "offside"), [
    ("a:{1&0|a}", "a:{1|a}", "a:{0|a}"),
    ("a{0|{a|1&0}}", "a{0|{a|1}}", "a{0|{a|0}}"),
    ("{0|2*(1&0)}", "{0|2}", "{0|0}"),
    ("+-{1&0,over}", "{1,over|0,under}", "{0,over|-1,under}"),
    ("{2*over|-2*(over & v)}", "{over|^^}", "{over|under}"),
])
def test_sided_values_inside_cycles_and_multiples(text: str, onside: str, offside: str
                                                  ) -> None:
    """A & B inside a labelled cycle, n * G inside braces, and +-{A, B}: the onside is
    the game read with every A & B as A (under a minus sign, as B), the offside with B;
    each compared with the side of that game."""
    found = parse_value(text)
    assert isinstance(found, Sides)
    assert _side_equal(found.onside, parse_loopy(onside).sides().onside, True)
    assert _side_equal(found.offside, parse_loopy(offside).sides().offside, False)


def test_multiples_inside_games() -> None:
    """n * G inside braces is n copies of G added: {0 | 3*{1|0}} = {0 | {2|1}}."""
    assert parse_loopy("{0|3*{1|0}}").equals(parse_loopy("{0|{2|1}}"))
    assert parse_loopy("{0|-2*over}").equals(parse_loopy("{0|under}"))
    with pytest.raises(LoopyError, match="past the cap"):
        parse_loopy("{0|1001*over}")


STOPPERS = ("CanonicalStopperTestCase.scala (GameTest.scala, \"game.CanonicalStopperGame "
            "should implement unary methods correctly\"): x, xOut, leftOptions, rightOptions")
BIG = "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}"

#: (x, xOut, leftOptions, rightOptions) as CGSuite prints them, for every instance but
#: the two below whose text differs in bracing only.
STOPPER_ROWS = [
    ("on", "on", "{on}", "{}"),
    ("off", "off", "{}", "{off}"),
    ("over", "over", "{0}", "{over}"),
    ("{pass|3/2}", "3/2under", "{3/2under}", "{3/2}"),
    ("{-1/4+*|pass}", "-1/4v[on]", "{-1/4*}", "{-1/4v[on]}"),
    ("begin uponth := {0||0|0,pass}; {0|uponth||-uponth} end", "{0|^<on>||v<on>}",
     "{{0|^<on>}}", "{v<on>}"),
    ("{0|||0||0|off}", "{0|Tiny(on)}", "{0}", "{Tiny(on)}"),
    ("{on|0||0}", "Miny(on)", "{{on|0}}", "{0}"),
    ("{0||0|under}", "Tiny(over)", "{0}", "{{0|under}}"),
    ("+-{0|pass}", "+-over", "{over}", "{under}"),
    ("+-{5|pass}", "+-(5over)", "{5over}", "{-5under}"),
    ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}", "{0}", "{a{0||||0|a||*|||*}}"),
    ("a{0|{0||||0,*2|||a|0||0}||0}", None, "{a{0||0|{0,*2||||a|0||0|||0}}}", "{0}"),
    (BIG, None, "{0}", None),
]


def options_text(games: list[Loopy]) -> str:
    return "{" + ",".join(sorted(str(g) for g in games)) + "}"


@pytest.mark.parametrize(("text", "printed", "lefts", "rights"), STOPPER_ROWS)
def test_cgsuite_stoppers_print_as_cgsuite_prints_them(text: str, printed: str | None,
                                                       lefts: str, rights: str | None
                                                       ) -> None:
    """STOPPERS; None where our text braces an option CGSuite writes bare (Grenville's
    unstable game, and the 17-follower game), which are compared as values in
    ``test_loopy.py::test_cgsuite_stoppers``."""
    if text.startswith("begin"):  # CGSuite's script: uponth is ^<on>
        text = "{0|^<on>||v<on>}"
    game = parse_loopy(text, "cgsuite").canonical()
    if printed is not None:
        assert str(game) == printed, STOPPERS
    assert options_text(game.left_options()) == lefts, STOPPERS
    if rights is not None:
        assert options_text(game.right_options()) == rights, STOPPERS


@settings(max_examples=80, deadline=None)
@given(graphs())
def test_what_we_print_reads_back_in_both_dialects(game: Loopy) -> None:
    """Every stopper's printed simplest form (names, bars, labels, switches) reads back
    as the same value, in our dialect and in CGSuite's."""
    if not game.is_stopper():
        return
    text = str(game)
    assert parse_loopy(text).equals(game), text
    assert parse_loopy(text, "cgsuite").equals(game), text


NAMES = ["^[on]", "^[on]*", "v[on]", "v[on]*", "^<on>", "^<on>*", "v<on>", "v<on>*",
         "Tiny(on)", "Miny(on)", "Tiny(over)", "Miny(over)", "over", "under"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(NAMES), st.integers(-8, 8).map(lambda n: Fraction(n, 4)))
def test_names_translated_by_numbers(name: str, x: Fraction) -> None:
    """x + each of CGSuite's named stoppers is printed as x then the name, and the name
    is read as that game (checked against the game written out)."""
    written = {"^[on]": "{pass|*}", "^<on>": "{0||0|0,pass}", "Tiny(on)": "{0||0|off}",
               "Tiny(over)": "{0||0|under}", "over": "{0|pass}"}
    base = name.rstrip("*")
    negative = {"v[on]": "^[on]", "v<on>": "^<on>", "Miny(on)": "Tiny(on)",
                "Miny(over)": "Tiny(over)", "under": "over"}
    game = parse_loopy(written[negative.get(base, base)], "cgsuite")
    game = -game if base in negative else game
    if name.endswith("*"):
        game = game + parse_loopy("*")
    game = game + Loopy.from_game(Game.number(x))
    assert game.equals(parse_loopy(name) + Loopy.from_game(Game.number(x)))
    number = "" if x == 0 else str(Game.number(x))
    assert str(game) == number + name


METHODS = ("GameTest.scala, \"game.CanonicalShortGame should implement >=2-ary methods "
           "correctly\": {}")


@pytest.mark.parametrize(("text", "printed"), [
    ("^.Pow(on)", "^<on>"),
    ("^.PowTo({pass|1})", "{pass|*,^}"),
    ("^.PowTo({1|pass})", "{^|*,pass}"),
    ("^.PowTo({5|pass})", "{^[5]|*,pass}"),
    ("^.PowTo({pass|5})", "{pass|*,^[5]}"),
    ("upon", "^[on]"),
    ("{0||0|-2}.PowTo({5|pass})", "{{Tiny(2)||0|-2|||0|-2||||0|-2}||0|-2|||{0|-2},pass}"),
    ("{0||0|-2}.PowTo(on)", "{pass||0|-2}"),
])
def test_loopy_powers_print_as_cgsuite_prints_them(text: str, printed: str) -> None:
    """METHODS (Pow and PowTo with loopy exponents, and upon): printed exactly; the
    other Pow rows (exponents {1|pass}, {5|pass}, {pass|5}, and on for base {0||0|-2})
    differ in bracing only and are compared as values in test_value_products.py."""
    assert str(parse_loopy(text, "cgsuite")) == printed, METHODS.format(text)


SHORT = ("CanonicalShortGameTestCase.scala (GameTest.scala, \"game.CanonicalShortGame should "
         "implement unary methods correctly\"): IsStopper, IsStopperSided, Onside, Offside")


@pytest.mark.parametrize(("text", "printed"), [
    ("0", "0"), ("5", "5"), ("-1/2", "-1/2"), ("25/16", "25/16"), ("*8", "*8"),
    ("9/8+*", "9/8*"), ("6+^*", "6^*"), ("{0|*||*|||*||||*}", "^[4]"),
    ("{0||0|v*}", "{0|^<2>}"), ("{0||0|vvv}", "{0||0|v3}"), ("{0||0|-3/2}", "Tiny(3/2)"),
    ("{0|||0||-1|-3}", "Tiny({3|1})"), ("{1|^^||^}", "{1|^^||^}"),
    ("{3||2+*|1+*}", "{3||2*|1*}"),
])
def test_short_games_are_stoppers_with_themselves_as_sides(text: str, printed: str) -> None:
    """SHORT: every short game is a stopper, stopper-sided, and its onside and offside
    are itself, printed as CGSuite prints it."""
    game = parse_loopy(text, "cgsuite")
    assert game.is_stopper(), SHORT
    sides = game.sides()
    assert sides.stopper_sided, SHORT
    assert str(game) == str(sides.onside) == str(sides.offside) == printed, SHORT
