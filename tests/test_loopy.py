"""Loopy games (issue 26 item 1): values, notation, outcomes, sides, stoppers.

The tables reproduce what CGSuite's test suite asserts for loopy games (facts only,
each row citing the file and test of aaron-siegel/cgsuite it comes from, under
``lib/core/src/test/scala/org/cgsuite/lang/``); values are compared as values (both
ways under the stopper order), since CGSuite prints some stoppers in notations this
reader does not take (``v[on]``, ``^<on>``).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cli.main import cli
from grundy.values import Game
from grundy.values.loopy import (
    NATIVE_FROM,
    Loopy,
    LoopyError,
    LoopyOutcome,
    _components,
    _order_table,
    _passers,
    _side_wins,
    outcomes,
)
from grundy.values.loopy_notation import MAX_TEXT, parse_loopy


def cg(text: str) -> Loopy:
    """CGSuite text, read with CGSuite's grammar (commas bind tighter than bars)."""
    return parse_loopy(text, "cgsuite")


STOPPERS = "CanonicalStopperTestCase.scala (GameTest: game.CanonicalStopperGame unary methods)"
SIDED = "SidedValueTestCase.scala (GameTest: game.StopperSidedValue)"

#: (input, what CGSuite prints, the same value in text this reader takes, source)
STOPPER_ROWS = [
    ("{pass|}", "on", "on", STOPPERS),
    ("{|pass}", "off", "off", STOPPERS),
    ("{0|pass}", "over", "over", STOPPERS),
    ("{pass|3/2}", "3/2under", "3/2under", STOPPERS),
    ("{0|||0||0|{|pass}}", "{0|Tiny(on)}", "{0|{0||0|off}}", STOPPERS),
    ("{{pass|}|0||0}", "Miny(on)", "{on|0||0}", STOPPERS),
    ("{0|||0||pass|0}", "Tiny(over)", "{0||0|under}", STOPPERS),
    ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}", STOPPERS),
    ("{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
     "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}",
     "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}", STOPPERS),
]


@pytest.mark.parametrize(("text", "cgsuite", "same", "source"), STOPPER_ROWS)
def test_cgsuite_stoppers(text: str, cgsuite: str, same: str, source: str) -> None:
    game = cg(text)
    assert game.is_stopper()
    assert game.equals(cg(same)), source
    simplest = game.canonical()
    assert simplest.equals(game) and len(simplest) <= len(game)
    assert cg(str(simplest)).equals(game)  # what we print reads back as the same value
    if "|||" not in cgsuite or "a{" in cgsuite[:2]:  # the two bracing rows aside
        assert str(game) == cgsuite


def test_cgsuite_stopper_options() -> None:
    """{-1/4+*|pass} is -1/4v[on]: Left option -1/4*, Right option itself (STOPPERS)."""
    game = cg("{-1/4+*|pass}").canonical()
    assert [str(g) for g in game.left_options()] == ["-1/4*"]
    assert game.right[0] == (game.start,)
    assert str(game) == "-1/4v[on]"


#: CanonicalStopperTestCase's isIdempotent column (G + G = G).
IDEMPOTENT = [("{pass|}", True), ("{|pass}", True), ("{0|pass}", True),
              ("{pass|3/2}", False), ("{-1/4+*|pass}", False), ("{0|||0||0|{|pass}}", False),
              ("{{pass|}|0||0}", True), ("{0|||0||pass|0}", True),
              ("a{0||||0|||a|*||*}", False)]


@pytest.mark.parametrize(("text", "idempotent"), IDEMPOTENT)
def test_cgsuite_idempotents(text: str, idempotent: bool) -> None:
    game = cg(text)
    assert (game + game).equals(game) is idempotent, STOPPERS


#: CanonicalStopperTestCase's isInfinitesimal column: -1/64 < G < 1/64 exactly for these.
INFINITESIMAL = [("{pass|}", False), ("{|pass}", False), ("{0|pass}", True),
                 ("{pass|3/2}", False), ("{0|||0||0|{|pass}}", True),
                 ("{{pass|}|0||0}", True), ("{0|||0||pass|0}", True),
                 ("a{0||||0|||a|*||*}", True)]


@pytest.mark.parametrize(("text", "infinitesimal"), INFINITESIMAL)
def test_cgsuite_infinitesimals(text: str, infinitesimal: bool) -> None:
    game, small = cg(text), cg("1/64")
    within = game <= small and not small <= game and -small <= game and not game <= -small
    assert within is infinitesimal, STOPPERS


SIDED_ROWS = [
    ("dud", "on", "off", "D", "dud"),
    ("a{{|a}|}", "1", "0", "PHat", "1 & 0"),
    ("{0|{dud|},*}", "^", "v*", "NHat", "^ & v*"),
    # GameTest, game.StopperSidedValue: ^.Pow(on) + {0|upon}, with ^.Pow(on) = {0||0|0,pass}
    ("{0||0|0,pass} + {0|upon}", "{0||0|{0||0|0,pass}+*}", "{0|upon}", "L", None),
]


@pytest.mark.parametrize(("text", "onside", "offside", "outcome", "printed"), SIDED_ROWS)
def test_cgsuite_sided_values(text: str, onside: str, offside: str, outcome: str,
                              printed: str | None) -> None:
    game = cg(text)
    assert not game.is_stopper()
    sides = game.sides()
    assert sides.onside.equals(cg(onside)), SIDED
    assert sides.offside.equals(cg(offside)), SIDED
    assert game.outcome().value == outcome, SIDED
    if printed is not None:
        assert str(game) == printed


def test_bachs_carousel() -> None:
    """Bach's Carousel (SIDED): outcome N, and its sides are not stoppers (CGSuite
    reports Onside and Offside as errors); ``tests/test_loopy_sides.py`` checks them."""
    carousel = cg("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}")
    assert carousel.outcome() is LoopyOutcome.N
    assert not carousel.sides().stopper_sided


def test_known_identities() -> None:
    """Winning Ways ch. 11 and Siegel 2013 ch. VI: on + off = dud, on absorbs stoppers,
    over is positive and below every positive number, upon = {pass|*} lies above ^."""
    on, off, over = Loopy.on(), Loopy.off(), Loopy.over()
    assert str(on + off) == "dud" and (on + off).sides().onside.is_on()
    assert Loopy.dud().outcome() is LoopyOutcome.D
    assert (on + cg("5")).equals(on) and (off + cg("{3|-7}")).equals(off)
    assert over > cg("0") and over < cg("1/1024") and not over <= cg("^")
    assert (over + Loopy.under()).sides().onside.equals(over)
    assert Loopy.upon() > cg("^") and Loopy.upon() < cg("^^")
    assert str(Loopy.upon()) == "^[on]" and str(-over) == "under"
    assert (on - on).outcome() is LoopyOutcome.D


# -- notation ---------------------------------------------------------------------


@pytest.mark.parametrize(("text", "problem"), [
    ("a:{0|b}", "unknown name 'b'"),
    ("{0|pass", "unbalanced"),
    ("pass", "pass is an option"),
    ("a:{0|a+1}", "label stands alone"),
    ("{0|1|2}", "two runs of bars"),
    ("{0,1}", "needs a bar"),
    ("x" * (MAX_TEXT + 1), "past the cap"),
    ("{0|" * 150 + "0" + "}" * 150, "nesting deeper"),
    ("*over", "over and under follow a number"),
])
def test_bad_notation_is_one_line(text: str, problem: str) -> None:
    with pytest.raises(LoopyError, match=problem) as error:
        parse_loopy(text)
    assert "\n" not in str(error.value)


def test_labels_and_dialects() -> None:
    assert parse_loopy("a:{0|{a|-1}}").equals(parse_loopy("a{0|{a|-1}}"))
    assert str(parse_loopy("{0||0|0,pass}")) != str(cg("{0||0|0,pass}"))  # commas nest
    assert str(cg("2over")) == "2over" and cg("2over").equals(cg("2 + over"))


# -- hypothesis: outcomes, simplest forms, sums ------------------------------------


@st.composite
def graphs(draw: st.DrawFn, most: int = 5) -> Loopy:
    n = draw(st.integers(1, most))
    edges = st.lists(st.integers(0, n - 1), max_size=2, unique=True)
    return Loopy([draw(edges) for _ in range(n)], [draw(edges) for _ in range(n)])


def naive_outcomes(game: Loopy) -> list[tuple[str, str]]:
    """Who wins each (position, mover) by the definition, iterated to a fixed point:
    a mover wins with a move to a state the opponent loses, loses when every move (or
    none) reaches a state the opponent wins; whatever never settles is a draw."""
    n = len(game)
    result: dict[tuple[int, str], str] = {}
    for _ in range(2 * n + 2):
        for v in range(n):
            for mover, other, options in (("L", "R", game.left[v]), ("R", "L", game.right[v])):
                if (v, mover) in result:
                    continue
                answers = [result.get((w, other)) for w in options]
                if mover in answers:
                    result[(v, mover)] = mover
                elif all(answer == other for answer in answers):
                    result[(v, mover)] = other
    return [(result.get((v, "L"), "D"), result.get((v, "R"), "D")) for v in range(n)]


@settings(max_examples=150, deadline=None)
@given(graphs(6))
def test_retrograde_outcomes_match_the_definition(game: Loopy) -> None:
    assert outcomes(game.left, game.right) == naive_outcomes(game)


@settings(max_examples=80, deadline=None)
@given(graphs())
def test_simplest_form_keeps_the_value(game: Loopy) -> None:
    if not game.is_stopper():
        return
    simplest = game.canonical()
    assert simplest.is_stopper() and len(simplest) <= len(game)
    difference = game - simplest  # a draw or a second-player win (zero) under the order
    assert game >= simplest and simplest >= game and difference.outcome().value in "PD"
    assert simplest.canonical().equals(simplest) and len(simplest.canonical()) == len(simplest)


@settings(max_examples=60, deadline=None)
@given(graphs(4), graphs(4))
def test_sums_commute(g: Loopy, h: Loopy) -> None:
    assert (g + h).outcome() == (h + g).outcome()
    if (g + h).is_stopper():
        assert (g + h).equals(h + g)
    assert (g + h).is_stopper() == (h + g).is_stopper()


# -- the command line ---------------------------------------------------------------


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_calc_reads_loopy_games() -> None:
    status, out = run("calc", "on + off")
    assert status == 0 and out.splitlines()[0] == "dud" and out.splitlines()[1].startswith("D:")
    status, out = run("calc", "{0|pass}", "--json")
    assert status == 0 and json.loads(out)["value"] == "over"
    status, out = run("calc", "a:{0|b}")
    assert status == 2 and "unknown name 'b'" in out and len(out.strip().splitlines()) == 1


def test_values_loopy_command() -> None:
    status, out = run("values", "loopy", "a:{{|a}|}", "--compare", "1", "--json")
    answer = json.loads(out)
    assert status == 0 and answer["value"] == "1 & 0" and answer["outcome"] == "PHat"
    assert (answer["onside"], answer["offside"], answer["ge"], answer["le"]) == (
        "1", "0", False, True)
    status, out = run("values", "loopy", "fox-and-geese", "G.G./..../F...")
    assert status == 0 and out.splitlines()[0] == "{2|over}"
    status, out = run("values", "loopy", "chess", "x")
    assert status == 2 and "unknown ruleset 'chess'" in out
    status, out = run("values", "loopy", "nim", "3")
    assert status == 2 and "never repeat" in out
    status, out = run("values", "loopy", "fox-and-geese",
                      ".G.G.G.G/......../......../......../......../......../......../F.......",
                      "--outcome-only", "--max-nodes", "1000")
    assert status == 3 and "budget" in out


@settings(max_examples=60, deadline=None)
@given(st.integers(70, 200).flatmap(lambda n: st.tuples(
    st.lists(st.lists(st.integers(0, n - 1), max_size=3), min_size=n, max_size=n),
    st.lists(st.lists(st.integers(0, n - 1), max_size=3), min_size=n, max_size=n))))
def test_native_outcomes_match_python(rows: tuple[list[list[int]], list[list[int]]]) -> None:
    """The Rust retrograde analysis against the Python one (graphs past NATIVE_FROM)."""
    from grundy.values.native import available, python_only

    left, right = rows
    edges_left = tuple(map(tuple, left))
    edges_right = tuple(map(tuple, right))
    assert len(left) >= NATIVE_FROM
    found = outcomes(edges_left, edges_right)
    with python_only():
        assert found == outcomes(edges_left, edges_right)
    assert available() or found is not None


@settings(max_examples=80, deadline=None)
@given(graphs(7), graphs(7))
def test_native_comparison_tables_match_python(g: Loopy, h: Loopy) -> None:
    """The Rust tables of every pair of positions (survival, for the order of stoppers;
    the onside and offside orders, Büchi games) against the Python ones."""
    from grundy.values.native import python_only

    pairs = [(u, v) for u in range(len(g)) for v in range(len(h))]
    found = [_side_wins(g.left, g.right, h.left, h.right, onside, pairs)
             for onside in (True, False)]
    table = _order_table(g.left, g.right)
    with python_only():
        assert found == [_side_wins(g.left, g.right, h.left, h.right, onside, pairs)
                         for onside in (True, False)]
        assert table == _order_table(g.left, g.right)


def test_native_comparison_refuses_bad_lists() -> None:
    from grundy import _native

    with pytest.raises(ValueError, match="outside the graph"):
        _native.loopy_compare([[3]], [[]], [[]], [[]])
    with pytest.raises(ValueError, match="offsets"):
        _native.loopy_compare([[0]], [], [[]], [[]], True)


def test_native_outcomes_refuse_bad_arrays() -> None:
    from grundy import _native

    with pytest.raises(ValueError, match="outside the graph"):
        _native.loopy_outcomes([0, 1], [5], [0, 0], [])
    with pytest.raises(ValueError, match="offsets"):
        _native.loopy_outcomes([0, 2], [0], [0, 0], [])
    with pytest.raises(ValueError, match="offsets"):
        _native.loopy_outcomes([], [], [], [])


@settings(max_examples=80, deadline=None)
@given(graphs(6), st.integers(0, 3))
def test_positions_found_off_or_on_outright_are_below_or_above_every_integer(
        game: Loopy, n: int) -> None:
    """What sidling fixes at off (on) before it starts: Right wins v + n with Left moving
    first (Left wins v - n with Right moving first), by retrograde analysis of the sum."""
    successors = [[*a, *b] for a, b in zip(game.left, game.right, strict=True)]
    for component in _components(successors):
        for v, value in _passers(game, component, [None] * len(game)).items():
            if value.is_off():
                assert (game.at(v) + Loopy.from_game(Game.integer(n))).outcome().winner(
                    "L") == "R"
            else:
                assert (game.at(v) - Loopy.from_game(Game.integer(n))).outcome().winner(
                    "R") == "L"


def test_calc_and_values_loopy_read_sided_values() -> None:
    """A & B (CGSuite's EvalTest.scala, "explicit specifier of sided values") at the
    command line: the sides, no outcome; compared side by side."""
    status, out = run("calc", "{2&-2|1&-2}")
    assert status == 0 and out.splitlines() == ["{2|1} & -2*", "onside: {2|1}",
                                                "offside: -2*"]
    status, out = run("values", "loopy", "over & v", "--compare", "0", "--json")
    answer = json.loads(out)
    assert status == 0 and "outcome" not in answer
    assert (answer["value"], answer["ge"], answer["le"]) == ("over & v", False, False)
    status, out = run("calc", "0 & 1")
    assert status == 2 and "offside 1 is not <= the onside 0" in out
    assert len(out.strip().splitlines()) == 1
