"""Fox and Geese and Backsliding Toads and Frogs: loopy rulesets (issue 26 item 1).

Values from CGSuite's tests (aaron-siegel/cgsuite,
``lib/core/src/test/scala/org/cgsuite/lang/``), facts only, each row citing its test.
CGSuite's board is unbounded upwards; ours is as tall as the text, which changes no
value once the board reaches two rows above the top goose (the fox is then settled as
off exactly where CGSuite's ``Decomposition`` makes him off).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.test_loopy import naive_outcomes

from grundy.protocol import ParseError, Player
from grundy.rulesets.grids.fox_and_geese import Board, CeyloneseFoxAndGeese, FoxAndGeese
from grundy.rulesets.strips.backsliding_toads_and_frogs import BackslidingToadsAndFrogs
from grundy.search.budget import Budget, BudgetExceeded
from grundy.search.loopy import game_graph, loopy_outcome, loopy_value
from grundy.values.loopy import Loopy
from grundy.values.loopy_notation import parse_loopy

FOX = FoxAndGeese()
CEYLONESE = CeyloneseFoxAndGeese()
#: The outcome class of (winner with Left first, winner with Right first).
CLASSES = {"LL": "L", "RR": "R", "LR": "N", "RL": "P", "DD": "D", "LD": "NHat", "DL": "PHat",
           "DR": "NCheck", "RD": "PCheck"}
TABLE = "GameGridTest.scala, \"define FoxAndGeese properly\" (FoxAndGeese.ValuesTable)"


class Unsettled(FoxAndGeese):
    """Fox and Geese with no position settled by the theorem: the plain game graph."""

    def settled(self, board: Board) -> Loopy | None:
        return None


class UnsettledCeylonese(CeyloneseFoxAndGeese):
    def settled(self, board: Board) -> Loopy | None:
        return None


def board(geese: set[tuple[int, int]], fox: tuple[int, int], height: int, width: int = 8
          ) -> Board:
    return Board(height, width, frozenset(geese), fox)


#: ValuesTable({(3,1),(3,3),(3,5),(3,7)}): the value with the fox on each dark square
#: of rows 2 and 1 (CGSuite's (row, column), row 1 at the bottom).
VALUES_TABLE = [((2, 2), "2over"), ((2, 4), "2"), ((2, 6), "3*"), ((2, 8), "4over"),
                ((1, 1), "{6|2over}"), ((1, 3), "{2over|2}"), ((1, 5), "{4|3||2}"),
                ((1, 7), "{4over|3*}")]


@pytest.mark.slow
@pytest.mark.parametrize(("fox", "value"), VALUES_TABLE)
def test_cgsuite_values_table(fox: tuple[int, int], value: str) -> None:
    found = loopy_value(FOX, board({(3, 1), (3, 3), (3, 5), (3, 7)}, fox, height=5))
    assert isinstance(found, Loopy) and found.equals(parse_loopy(value)), TABLE
    assert str(found) == value


@pytest.mark.slow
@pytest.mark.parametrize(("geese", "fox", "width", "value", "source"), [
    ({(4, 2), (4, 4), (4, 6), (4, 8)}, (1, 1), 8, "{4*|7/2}",
     "GameGridTest.scala, FoxAndGeese"),
    ({(3, 1), (3, 3), (3, 5), (3, 7), (3, 9)}, (1, 9), 10, "{6over|5*}",
     "GameGridTest.scala, GenFoxAndGeese(boardWidth => 10)"),
])
def test_cgsuite_fox_and_geese(geese: set[tuple[int, int]], fox: tuple[int, int], width: int,
                               value: str, source: str) -> None:
    top = max(row for row, _ in geese)
    found = loopy_value(FOX, board(geese, fox, height=top + 2, width=width))
    assert isinstance(found, Loopy) and found.equals(parse_loopy(value)), source
    assert str(found) == value, source


@pytest.mark.slow
def test_cgsuite_ceylonese_fox_and_geese() -> None:
    """GameGridTest.scala, "define FoxAndGeese properly" (CeyloneseFoxAndGeese): geese
    (4,2), (4,4), (4,6), (4,8), fox (1,1) is {9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}; we
    brace the option {3|5/2*,5/2v}, which CGSuite writes bare."""
    start = board({(4, 2), (4, 4), (4, 6), (4, 8)}, (1, 1), height=6)
    found = loopy_value(CEYLONESE, start)
    expected = "{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}"
    assert isinstance(found, Loopy)
    assert found.equals(parse_loopy(expected, "cgsuite")), "GameGridTest.scala, Ceylonese"
    assert str(found) == "{9||4v[on]*|5/2*|||{3|5/2*,5/2v}|5/2}"


def test_the_ceylonese_fox_moves_up_to_two_squares_never_over_a_piece() -> None:
    for text, moves in ((".G../..../..../F...", ["a1-b2", "a1-c3"]),
                        (".G../..G./..../F...", ["a1-b2"]),
                        (".G../..../.G../F...", [])):
        start = CEYLONESE.parse(text)
        assert sorted(CEYLONESE.format_move(m)
                      for m, _ in CEYLONESE.moves(start, Player.RIGHT)) == moves
        assert sorted(FOX.format_move(m) for m, _ in FOX.moves(start, Player.RIGHT)) == (
            moves[:1])


@pytest.mark.parametrize(("text", "source"), [
    ("......../......../G.G.G.G./......../......../.....F..",
     "GameGridTest.scala, \"FoxAndGeese Validation - 1\": a fox on (1,6)"),
    ("......../......../G.G...G./....G.../F.......",
     "GameGridTest.scala, \"FoxAndGeese Validation - 2\": a goose on (2,5)"),
])
def test_cgsuite_validation_errors(text: str, source: str) -> None:
    """A piece on a square with row + column odd is refused with a one-line error."""
    for ruleset in (FOX, CEYLONESE):
        with pytest.raises(ParseError, match="light square"):
            ruleset.parse(text)


@st.composite
def small_boards(draw: st.DrawFn) -> Board:
    height, width = draw(st.integers(3, 5)), draw(st.integers(2, 4))
    dark = [(r, c) for r in range(1, height + 1) for c in range(1, width + 1)
            if (r + c) % 2 == 0]
    chosen = draw(st.lists(st.sampled_from(dark), min_size=2, max_size=4, unique=True))
    return board(set(chosen[1:]), chosen[0], height, width)


@settings(max_examples=40, deadline=None)
@given(small_boards())
def test_settling_the_free_fox_keeps_every_outcome_and_value(start: Board) -> None:
    """The theorem that settles a free fox as off agrees with the plain game graph, and
    the retrograde labelling with the definition iterated to a fixed point; so for the
    Ceylonese fox, who moves up to two squares."""
    for ruleset, plain in ((FOX, Unsettled()), (CEYLONESE, UnsettledCeylonese())):
        assert loopy_outcome(ruleset, start) == loopy_outcome(plain, start)
        settled, unsettled = loopy_value(ruleset, start), loopy_value(plain, start)
        assert isinstance(settled, Loopy) and isinstance(unsettled, Loopy)
        assert settled.equals(unsettled)
        graph = game_graph(plain, start).loopy()
        assert CLASSES["".join(naive_outcomes(graph)[0])] == loopy_outcome(plain, start).value


def test_every_position_is_a_stopper_and_moves_follow_the_rules() -> None:
    start = FOX.parse("G.G./..../F...")
    assert FOX.format(start) == "G.G./..../F..."
    assert game_graph(Unsettled(), start).loopy().is_stopper()  # geese move finitely often
    assert sorted(FOX.format_move(m) for m, _ in FOX.moves(start, Player.LEFT)) == [
        "a3-b2", "c3-b2", "c3-d2"]
    assert sorted(FOX.format_move(m) for m, _ in FOX.moves(start, Player.RIGHT)) == ["a1-b2"]


@pytest.mark.parametrize(("text", "problem"), [
    ("G./F.", "light square"),
    ("G.G./..../....", "exactly one fox"),
    ("G.G./.../F...", "same number of squares"),
    ("G.X./..../F...", "square 'X'"),
    ("/".join(["." * 13] * 2), "side"),
])
def test_bad_boards_are_refused(text: str, problem: str) -> None:
    with pytest.raises(ParseError, match=problem):
        FOX.parse(text)


def test_the_standard_board_is_budgeted() -> None:
    start = FOX.parse(FOX.examples[1])
    with pytest.raises(BudgetExceeded):
        loopy_outcome(FOX, start, Budget(max_nodes=2_000))


# -- Backsliding Toads and Frogs ------------------------------------------------------

TOADS = BackslidingToadsAndFrogs()


def test_backsliding_moves() -> None:
    moves = {TOADS.format_move(m): child for m, child in TOADS.moves(".TF.", Player.LEFT)}
    assert moves == {"1": "..FT", "1b": "T.F."}
    moves = {TOADS.format_move(m): child for m, child in TOADS.moves("T.F.", Player.RIGHT)}
    assert moves == {"2": "TF..", "2b": "T..F"}


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="TF.", min_size=2, max_size=6))
def test_backsliding_outcomes_match_the_definition(strip: str) -> None:
    graph = game_graph(TOADS, strip).loopy()
    assert CLASSES["".join(naive_outcomes(graph)[0])] == loopy_outcome(TOADS, strip).value


@pytest.mark.slow
def test_cgsuite_backsliding_value() -> None:
    """GameStripTest.scala, "define Toads and Frogs properly": BackslidingToadsAndFrogs
    ("ttt..fff").GameValue is {on||0|-1/2} & {1/2|0||off}.  The final shuffles (frogs
    all left of the toads) hold positions whose onside is off, which sidling approaches
    as -1, -2, -3, ... without end; they are found off outright first (Right forces
    Left's moves to run out: ``values.loopy._passers``)."""
    value = loopy_value(TOADS, "TTT..FFF")
    assert not isinstance(value, Loopy)
    assert value.onside.equals(parse_loopy("{on||0|-1/2}"))
    assert value.offside.equals(parse_loopy("{1/2|0||off}"))


def test_random_positions_parse_back() -> None:
    rng = random.Random(26)
    for _ in range(5):
        start = FOX.random_position(rng, 4)
        assert FOX.parse(FOX.format(start)) == start
        strip = TOADS.random_position(rng, 4)
        assert TOADS.parse(TOADS.format(strip)) == strip
