"""CGSuite notation: parsing, canonical printing, round trips, one-line errors."""

from __future__ import annotations

import doctest
import random
import re
import sys
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from types import FrameType

import pytest
from bench import notation as notation_bench
from bench import partizan as partizan_bench
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.rulesets import get
from grundy.search.partizan import PartizanSolver
from grundy.search.store import Store
from grundy.values import Game, NotationError, game, notation, parse
from grundy.values.naive import NAIVE_FORMS, canonical, random_tree
from grundy.values.notation import format_game, tiny, to_latex, up_power, up_sum
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
        # leading zeros count for nothing, in the caps too
        ("01011", Game.integer(1011)), ("0" * 5000 + "1", ONE), ("*0005", Game.nimber(5)),
        ("-0003/0004", Game.number(Fraction(-3, 4))), ("^0003", Game.up(3)),
        ("1/" + "0" * 30 + "2", Game.number(Fraction(1, 2))),
        ("00.500", Game.number(Fraction(1, 2))),
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
@given(games, st.sampled_from(["thesis", "cgsuite"]))
def test_round_trip(g: Game, dialect: str) -> None:
    text = str(g)
    assert parse(text, dialect) is g  # type: ignore[arg-type]
    assert str(parse(text)) == text


#: Sums of the forms the printer writes compactly: a number, up-multiples, CGSuite's
#: uptimal units and sums, a nimber, a switch, a tiny or miny.
specials = st.builds(
    lambda x, ups, unit, m, switch, small: (
        Game.number(x) + Game.up(ups) + unit + Game.nimber(m) + switch + small),
    st.builds(lambda a, k: Fraction(a, 2**k), st.integers(-6, 6), st.integers(0, 2)),
    st.integers(-3, 3),
    st.sampled_from([Game.zero(), up_power(2), -up_power(3), up_sum(2), -up_sum(4)]),
    st.integers(0, 3),
    st.sampled_from([Game.zero(), parse("+-1"), parse("+-{1,{2|0}}"), parse("+-(1*)")]),
    st.sampled_from([Game.zero(), tiny(ONE), -tiny(Game.integer(2)), parse("1Tiny({3|1})")]),
)


@settings(max_examples=150, deadline=None)
@given(specials, st.sampled_from(["thesis", "cgsuite"]))
def test_special_forms_round_trip(g: Game, dialect: str) -> None:
    text = str(g)
    assert parse(text, dialect) is g  # type: ignore[arg-type]
    assert parse(f"{{{text} | {text}}}", dialect) is Game.of([g], [g])  # type: ignore[arg-type]


_PATHS = [f"{n};" + ",".join(f"{i}-{i + 1}" for i in range(n - 1)) for n in (6, 9, 12)]
#: Every instance of the partizan bench and of the notation bench (once each), solved as
#: they solve them.
_BENCHED = list({(r, i.label): (r, i) for r, i in [
    *((w.ruleset, i) for w in partizan_bench.WORKLOADS for i in w.instances),
    *notation_bench.INSTANCES]}.values())


@pytest.mark.parametrize(("ruleset", "instance"), _BENCHED,
                         ids=[f"{r} {i.label}" for r, i in _BENCHED])
def test_every_benched_value_reads_back_as_itself(ruleset: str,
                                                  instance: partizan_bench.Instance) -> None:
    value = partizan_bench.ours(ruleset, instance)
    text = str(value)
    assert parse(text) is value
    assert parse(text, "cgsuite") is value
    assert parse(text, trusted=True) is value  # as the store reads it


def _lines_run_reading(text: str) -> int:
    """How many lines of the notation module run while ``text`` is read: a count of the
    reader's own work that does not depend on the machine's load."""
    count = 0

    def local(frame: FrameType, event: str, arg: object) -> object:
        nonlocal count
        count += event == "line"
        return local

    def enter(frame: FrameType, event: str, arg: object) -> object:
        return local if frame.f_code.co_filename == notation.__file__ else None

    previous = sys.gettrace()
    sys.settrace(enter)  # type: ignore[arg-type]
    try:
        parse(text, trusted=True)
    finally:
        sys.settrace(previous)
    return count


@pytest.mark.parametrize("family", [
    lambda k: "{" + ",".join(["*"] * k) + "|" + ",".join(["0"] * k) + "}",  # wide braces
    lambda k: "{0|" * k + "}" * k,  # deep nesting
    lambda k: "{" + "{1|0||-1}," * k + "0|0}",  # bars inside a wide brace
    lambda k: " + ".join(["{1|-1}"] * k),  # long sums
], ids=["wide", "deep", "bars", "sum"])
def test_reading_is_linear_in_the_text(family: Callable[[int], str]) -> None:
    """Twice the text, at most about twice the work (the reader that re-scanned each
    brace's text ran 3 to 7 times the lines on the first three families)."""
    assert _lines_run_reading(family(160)) <= 2.1 * _lines_run_reading(family(80))


def test_a_repeated_subgame_is_read_once() -> None:
    """Printed games repeat their subgames word for word; each braced text is built once
    (the 616,829-character King Clobber value of the bench read 7-20 times faster)."""
    inner = "{" + ",".join(f"{{{k}|{{{k}|-{k}}}}}" for k in range(1, 30)) + "|0}"
    once = _lines_run_reading(inner)
    assert _lines_run_reading(f"{{{inner},{inner}|{inner}}}") < 1.5 * once  # 3x unmemoised
    assert parse(f"{{{inner},{inner}|{inner}}}") is Game.of([parse(inner)], [parse(inner)])


def test_a_repeated_subgame_still_counts_its_depth() -> None:
    """A braced text read before is not taken from the memo where, nested deeper, it
    passes the depth cap."""
    inner = "{0|" * 60 + "}" * 60
    parse("{" + inner + "|0}")
    with pytest.raises(NotationError, match="nesting deeper"):
        parse("{" + inner + "|" + "{0|" * 50 + inner + "}" * 50 + "}")
    parse("{" + inner + "|" + "{0|" * 50 + inner + "}" * 50 + "}", trusted=True)


def test_the_store_reads_values_back_as_the_interned_games(tmp_path: Path) -> None:
    rules = get("snort")
    position = rules.parse(_PATHS[2])
    with Store(tmp_path / "s.sqlite") as store:
        solver = PartizanSolver(rules, store=store)
        value = solver.value(position)
        keys = list(solver.table)
    with Store(tmp_path / "s.sqlite") as store:
        for key in keys:
            text = store.get_text("value", "snort", key)
            assert text is not None and parse(text) is solver.table[key]
        assert PartizanSolver(rules, store=store).value(position) is value
        for key in keys:  # the resumed search reads the root's value from the store
            store.put("value", "snort", key, "{1|-1} + *")
        assert PartizanSolver(rules, store=store).value(position) is parse("{1|-1}") + STAR


@given(games, games)
def test_sums_round_trip_through_text(g: Game, h: Game) -> None:
    assert parse(f"{g} + ({h})") is g + h
    assert parse(f"{g} - ({h})") is g - h


def test_cgsuite_printed_forms() -> None:
    a, b = ONE, parse("{2|0}")
    assert parse("+-{1,{2|0}}") is parse("+-(1, {2|0})") is Game.of([a, b], [-a, -b])
    assert str(Game.of([a, b], [-a, -b])) == "+-{1,{2|0}}"
    assert parse("±1") is parse("+-1") is Game.of([ONE], [-ONE])
    assert parse("*[3]") is Game.nimber(3)
    assert parse("v2*") is Game.up(-2) + STAR and str(Game.up(-2) + STAR) == "vv*"
    assert parse("^3") is Game.up(3) and str(Game.up(3)) == "^3"
    assert parse("2.5") is Game.number(Fraction(5, 2)) is parse("5/2")
    assert parse("-0.75") is Game.number(Fraction(-3, 4))
    assert parse("{2Tiny(1), 1Miny(1/2) | -1/4}") is Game.of(
        [Game.integer(2) + tiny(ONE), ONE - tiny(Game.number(Fraction(1, 2)))],
        [Game.number(Fraction(-1, 4))])
    assert parse("+-(1*)") is Game.of([ONE + STAR], [-ONE + STAR])
    assert str(Game.of([ONE + STAR], [-ONE + STAR])) == "+-(1*)"
    # CGSuite's own example (EvalTest.scala, "PlusMinus")
    assert str(parse("3 - 2 +- 6 - 7 +- 8 + 4")) == "{12|0||-4|-16}"


def test_uptimal_units_and_sums() -> None:
    """CGSuite's ^<n> = ↑ⁿ and ^[n] = ↑ + ↑² + … + ↑ⁿ: the two definitions agree."""
    for n in range(2, 8):
        assert up_sum(n) is up_sum(n - 1) + up_power(n)
        assert parse(f"^<{n}>") is up_power(n) and parse(f"v[{n}]") is -up_sum(n)
        for text in (f"^<{n}>", f"v<{n}>", f"^[{n}]*", f"1/2v[{n}]*3", f"-2^<{n}>*"):
            assert str(parse(text)) == text
    assert up_power(2) is parse("{0|v*}") and str(parse("{0|v*}")) == "^<2>"
    assert str(parse("^ + ^<2>")) == "^[2]"


#: Random games and the compact forms the printer recognises from their shape, with
#: games built around them (an option, a sum with ↑), so that near misses are printed too.
_units = st.builds(
    lambda x, unit, m: Game.number(x) + unit + Game.nimber(m),
    st.builds(lambda a, k: Fraction(a, 2**k), st.integers(-4, 4), st.integers(0, 2)),
    st.sampled_from([f(n) for n in range(2, 7) for f in (up_power, up_sum)]).flatmap(
        lambda u: st.sampled_from([u, -u])),
    st.integers(0, 9))
_printed = st.one_of(
    games, specials, _units,
    st.builds(lambda g, h: g + h, _units, st.sampled_from([UP, -UP, STAR, Game.up(2)])),
    st.builds(lambda g, h: Game.of([g], [h]), _units, games),
    st.builds(lambda seed: canonical(random_tree(random.Random(seed), 4, 3)),
              st.integers(0, 10**6)))


@settings(max_examples=200, deadline=None)
@given(_printed)
def test_the_printer_reading_shapes_matches_the_printer_trying_sums(g: Game) -> None:
    """The structural recognisers against the trial sums they replace (the printer as it
    was: ``grundy.values.naive.NAIVE_FORMS``), on the game and every follower."""
    assert format_game(g) == format_game(g, NAIVE_FORMS)
    assert to_latex(g) == notation._braced(g, replace(notation._LATEX, forms=NAIVE_FORMS))


def test_uptimal_units_have_the_canonical_forms_the_printer_reads() -> None:
    """The shapes ``_compact_candidates`` relies on, for every n up to 7 and m up to 33:
    ↑ⁿ*m = {0, *, ..., *m | ↓^[n−1]*(m ⊕ 1)}, ↑^[n]*m = {↑^[n−1]*m | *(m ⊕ 1)} for m ≠ 1,
    ↑^[n]* = {0, ↑^[n−1]* | 0}; and each prints compactly, translated and negated."""
    for n in range(2, 8):
        for m in range(34):
            power, total = up_power(n) + Game.nimber(m), up_sum(n) + Game.nimber(m)
            below = -up_sum(n - 1) + Game.nimber(m ^ 1)
            assert set(power.left) == {Game.nimber(k) for k in range(m + 1)}
            assert power.right == (below,)
            if m == 1:
                assert set(total.left) == {ZERO, up_sum(n - 1) + STAR} and total.right == (ZERO,)
            else:
                assert total.left == (up_sum(n - 1) + Game.nimber(m),)
                assert total.right == (Game.nimber(m ^ 1),)
            star = f"*{m}" if m > 1 else "*" * m
            for x, text in ((ZERO, ""), (Game.number(Fraction(-5, 4)), "-5/4")):
                assert str(x + power) == f"{text}^<{n}>{star}"
                assert str(x - total) == f"{text}v[{n}]{star}"


def test_dialects_differ_only_where_bars_and_commas_mix() -> None:
    text = "{3|0 || 2|-1, *}"
    assert parse(text) is parse("{{3|0} || {2|-1}, *}")
    assert parse(text, "cgsuite") is parse("{{3|0} || {2|-1, *}}")
    assert parse("{1 || 2 | *, ^}", "cgsuite") is parse("{1 || {2 | *, ^}}")
    assert parse("{1 || 2 | *, ^}") is parse("{1 || {2 | *}, ^}")
    # CGSuite writes a lone option bare even with several options a side
    assert parse("{2|0,*||-1}", "cgsuite") is Game.of([parse("{2|0,*}")], [-ONE])
    assert parse("{2|0,*||-1}") is Game.of([parse("{2|0}"), STAR], [-ONE])
    with pytest.raises(NotationError, match="two runs of 1 bars"):
        parse("{1|2|3}", "cgsuite")
    with pytest.raises(NotationError, match="unknown dialect"):
        parse("0", "onag")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "cap"),
    [
        ("*99999999", "cap of 256 for *n"), ("^99999999", "cap of 256 for ^n"),
        ("v[5000]", "cap of 256 for vn"), ("*[300]", "cap of 256 for *n"),
        ("1" * 5000, "cap of 4096 on integers"), ("{70000|}", "cap of 4096 on integers"),
        ("1/" + "2" * 30, "cap of 2^64"), (f"1/{2**70}", "cap of 2^64"),
        ("2.5" + "0" * 30, "cap of 2^64"), ("{3000|} + 3000", "past the cap of 4096"),
        ("^200 + ^100", "past the cap of 256"), ("{0|" * 150 + "}" * 150, "cap of 100"),
        ("-" * 500 + "1", "cap of 100"),
    ],
)
def test_caps_refuse_hostile_input_in_one_line(text: str, cap: str) -> None:
    with pytest.raises(NotationError, match=re.escape(cap)) as error:
        parse(text)
    assert "\n" not in str(error.value) and len(str(error.value)) < 400


def test_latex() -> None:
    assert to_latex(parse("+-1")) == "\\pm1"
    assert to_latex(parse("^ + *2")) == "\\uparrow\\ast2"
    assert to_latex(parse("v")) == "\\downarrow"
    assert to_latex(parse("{3|2}")) == "\\{3 \\mid 2\\}"
    assert to_latex(parse("{4|2 || -2|-3}")) == "\\{4 \\mid 2 \\mid\\mid -2 \\mid -3\\}"
    assert to_latex(parse("-3/4")) == "-\\frac{3}{4}"
    assert to_latex(parse("1Tiny(2)")) == "1{+}_{2}"
    assert to_latex(parse("^<3>")) == "\\uparrow^{3}"
    assert parse("{1|-1}")._repr_latex_() == "$\\pm1$" == f"${parse('+-1').latex()}$"


@settings(max_examples=100, deadline=None)
@given(games)
def test_latex_follows_the_text_symbol_for_symbol(g: Game) -> None:
    """Undoing the LaTeX symbols gives back the printed text."""
    text = to_latex(g)
    # ↑^n and ↓_n are ^<n> and v<n>; ↑^[n] and ↓_[n] are ^[n] and v[n]
    text = re.sub(r"\\(up|down)arrow[\^_]\{(\d+)\}",
                  lambda m: f"{'^' if m[1] == 'up' else 'v'}<{m[2]}>", text)
    text = re.sub(r"\\(up|down)arrow[\^_]\{\[(\d+)\]\}",
                  lambda m: f"{'^' if m[1] == 'up' else 'v'}[{m[2]}]", text)
    for symbol, plain in [("\\uparrow", "^"), ("\\downarrow", "v"), ("\\Uparrow", "^^"),
                          ("\\Downarrow", "vv"), ("\\ast", "*"), ("\\pm", "+-"),
                          ("\\{", "{"), ("\\}", "}"), ("\\mid", "|"), (" ", "")]:
        text = text.replace(symbol, plain)
    text = re.sub(r"\\frac\{(\d+)\}\{(\d+)\}", r"\1/\2", text)
    text = re.sub(r"\{\+\}_\{(.*)\}", r"Tiny(\1)", text)
    text = re.sub(r"\{-\}_\{(.*)\}", r"Miny(\1)", text)
    assert parse(text) is g and format_game(g) == str(g)


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


def test_doctests() -> None:
    assert doctest.testmod(notation).failed == 0
    assert doctest.testmod(game).failed == 0
