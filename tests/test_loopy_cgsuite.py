"""CGSuite's loopy rows, one test row each (issue 26, done-when 1): what CGSuite's test
suite asserts for loopy games in ``EvalTest.scala`` and ``GameTest.scala`` (aaron-siegel/
cgsuite, ``lib/core/src/test/scala/org/cgsuite/lang/``), facts only, each row citing
the file and test it comes from.  The audit of every loopy row, and where each is
reproduced, is the table in ``docs/loopy.md``; rows of ``CanonicalStopperTestCase`` and
``SidedValueTestCase`` are in ``test_loopy.py``, ``test_loopy_stoppers.py`` and
``test_loopy_sides.py``, Pow and PowTo in ``test_value_products.py``.

Each row gives what CGSuite prints and what we print.  Where the two differ it is only
notation: CGSuite names ↑^[on] = upon = {pass | *} ``^[on]`` and ↑^<on> = {0 || 0 | 0,
pass} ``^<on>``, for which we write the games out, and writes an option with several
options a side bare where we brace it (so our text reads alike in both dialects); then
the row also gives CGSuite's value in text our reader takes, and the two are compared
as values.
"""

from __future__ import annotations

import pytest

from grundy.values.loopy import Loopy, LoopyError, Sides, _side_equal, ordinal_sum
from grundy.values.loopy_notation import parse_loopy, parse_value
from grundy.values.notation import parse

EVAL = "EvalTest.scala, {}"
SPECIFIERS = EVAL.format('"correctly interpret loopy game specifiers": {}')
OPERATIONS = EVAL.format('"process game operations": {}')
SIMPLIFY = EVAL.format('"simplify properly": {}')
BINARY = "GameTest.scala, \"game.CanonicalStopperGame should implement >=2-ary methods\": {}"

UPON = "{pass|*}"  # ^[on]
UPONTH = "{0||0|0,pass}"  # ^<on>

#: (CGSuite's input, what CGSuite prints, what we print, CGSuite's value in text our
#:  reader takes (None: we print what CGSuite prints), source)
ROWS = [
    ("on", "on", "on", None, SPECIFIERS.format("on")),
    ("off", "off", "off", None, SPECIFIERS.format("off")),
    ("{pass|pass}", "dud", "dud", None, SPECIFIERS.format("dud")),
    ("over", "over", "over", None, SPECIFIERS.format("over")),
    ("under", "under", "under", None, SPECIFIERS.format("under")),
    ("{pass|*}", "^[on]", "upon", UPON, SPECIFIERS.format("upon")),
    ("{pass,0|0}", "^[on]*", "{0,pass|0}", f"{UPON}+*", SPECIFIERS.format("upon")),
    ("{*|pass}", "v[on]", "{*|pass}", f"-{UPON}", SPECIFIERS.format("upon")),
    ("{0|0,pass}", "v[on]*", "{0|0,pass}", f"-{UPON}+*", SPECIFIERS.format("upon")),
    ("{0||0|0,pass}", "^<on>", "{0|{0|0,pass}}", "^.Pow(on)", SPECIFIERS.format("uponth")),
    ("{0,*||*|pass}", "^<on>*", "{0,*||*|pass}", "^.Pow(on)+*", SPECIFIERS.format("uponth")),
    ("{0,pass|0||0}", "v<on>", "{{0,pass|0}|0}", "-^.Pow(on)", SPECIFIERS.format("uponth")),
    ("{pass|*||0,*}", "v<on>*", "{upon|0,*}", "-^.Pow(on)+*", SPECIFIERS.format("uponth")),
    ("over+5", "5over", "5over", None, SPECIFIERS.format("loopy plus number")),
    ("under+5", "5under", "5under", None, SPECIFIERS.format("loopy plus number (under)")),
    ("5+{pass|*}", "5^[on]", "{pass|5*}", f"5+{UPON}",
     SPECIFIERS.format("loopy plus number (upon)")),
    ("5+{pass,0|0}", "5^[on]*", "{5,pass|5}", f"5+{UPON}+*",
     SPECIFIERS.format("loopy plus number (upon)")),
    ("5+{*|pass}", "5v[on]", "{5*|pass}", f"5-{UPON}",
     SPECIFIERS.format("loopy plus number (upon)")),
    ("5+{0|0,pass}", "5v[on]*", "{5|5,pass}", f"5-{UPON}+*",
     SPECIFIERS.format("loopy plus number (upon)")),
    ("5+{0||0|0,pass}", "5^<on>", "{5|{5|5,pass}}", "5+^.Pow(on)",
     SPECIFIERS.format("loopy plus number (uponth)")),
    ("5+{0,*||*|pass}", "5^<on>*", "{5,5*||5*|pass}", "5+^.Pow(on)+*",
     SPECIFIERS.format("loopy plus number (uponth)")),
    ("5+{0,pass|0||0}", "5v<on>", "{{5,pass|5}|5}", "5-^.Pow(on)",
     SPECIFIERS.format("loopy plus number (uponth)")),
    ("5+{pass|*||0,*}", "5v<on>*", "{pass|5*||5,5*}", "5-^.Pow(on)+*",
     SPECIFIERS.format("loopy plus number (uponth)")),
    ("over+^", "over", "over", None, SPECIFIERS.format("loopy plus canonical")),
    ("5+over", "5over", "5over", None, SPECIFIERS.format("number plus loopy")),
    ("over-5", "-5over", "-5over", None, SPECIFIERS.format("loopy minus number")),
    ("over & v", "over & v", "over & v", None, SPECIFIERS.format("explicit stopper sided")),
    ("x{0|x}", "over", "over", None, SPECIFIERS.format("over by node label")),
    ("x{x|0}", "under", "under", None, SPECIFIERS.format("under by node label")),
    ("x{0||||0|||x|*||*}", "a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}", None,
     SPECIFIERS.format("canonical 4-cycle")),
    (f"+-{{0|{UPONTH}}}", "+-{0|^<on>}", "+-{0||0|{0|0,pass}}", "+-{0|^.Pow(on)}",
     SPECIFIERS.format("+- loopy game")),
    (f"+-{{{{0|{UPONTH}}},{{0|{UPONTH}+*}}}}", "+-{{0|^<on>},{0|^<on>*}}",
     "+-{{0|{0,*||*|pass}},{0||0|{0|0,pass}}}", "+-{{0|^.Pow(on)},{0|^.Pow(on)+*}}",
     SPECIFIERS.format("multiple +- loopy game")),
    ("a{1||a|0}", "2 & +-1", "2 & +-1", None, SPECIFIERS.format("stopper-sided")),
    ("{2&-2|1&-2}", "{2|1} & -2*", "{2|1} & -2*", None,
     SPECIFIERS.format("explicit specifier of sided values")),
    ("10*upon", "{0|{0||||0|||0||0|{0||||0|||0||0|^[on]*}}}",
     "{0|{0||||0|||0||0|{0||||0|||0||0|{0,pass|0}}}}",
     "{0|{0||||0|||0||0|{0||||0|||0||0|(upon+*)}}}",
     OPERATIONS.format("integer * stopper")),
    ("9*(upon & v)", "{0||||0|||0||0|{0||||0|||0||0|^[on]}} & v9",
     "{0||||0|||0||0|{0||||0|||0||0|upon}} & v9",
     "{0||||0|||0||0|{0||||0|||0||0|upon}} & v9", OPERATIONS.format("integer * stopper sided")),
    (f"+-({UPONTH}+*)", "0", "0", None, SIMPLIFY.format("+- loopy game simplification")),
]


def same_value(found: Loopy | Sides, text: str) -> bool:
    expected = parse_value(text, "cgsuite")
    if isinstance(found, Loopy) and isinstance(expected, Loopy):
        return found.equals(expected)
    found_sides, expected_sides = Sides.of_game(found), Sides.of_game(expected)
    return (_side_equal(found_sides.onside, expected_sides.onside, True)
            and _side_equal(found_sides.offside, expected_sides.offside, False))


@pytest.mark.parametrize(("text", "cgsuite", "ours", "value", "source"), ROWS)
def test_cgsuite_loopy_rows(text: str, cgsuite: str, ours: str, value: str | None,
                            source: str) -> None:
    found = parse_value(text, "cgsuite")
    assert str(found) == ours, source
    if value is None:
        assert ours == cgsuite, source
    else:
        assert ours != cgsuite and same_value(found, value), source
    assert same_value(found, ours)  # what we print reads back as the same value


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


def test_on_cannot_be_subordinated_to_star() -> None:
    """BINARY: on.Subordinate(*) is an error."""
    with pytest.raises(LoopyError, match="cannot be subordinated"):
        Loopy.on().subordinate(parse("*"))


def test_sided_value_with_pow() -> None:
    """GameTest.scala, "game.StopperSidedValue should implement methods correctly":
    ^.Pow(on) + {0|upon} is {0||0|^<on>*} & {0|^[on]}, outcome L (the sides and outcome
    are also checked in test_loopy.py); we print the same graphs with ^<on>* and ^[on]
    written out."""
    found = parse_value("^.Pow(on) + {0|upon}", "cgsuite")
    assert str(found) == "{0||0|{0,*||*|pass}} & {0|upon}"
    assert same_value(found, "{0||0|^.Pow(on)+*} & {0|upon}")


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
