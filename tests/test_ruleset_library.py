"""The ruleset libraries CGSuite and cgt-tools ship (issue 26, item 3): every value their
test suites assert for these rulesets, each row citing the file and test it comes from
(facts only); the solver against the naive reference on random positions; conjugates,
formats and one-line errors."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import _native
from grundy.protocol import GrundyError, ImpartialRuleset, ParseError, PartizanRuleset, Player
from grundy.rulesets import get
from grundy.rulesets.graphs import coloured_certificate
from grundy.rulesets.grids.stones import Stones
from grundy.search import Solver
from grundy.search.naive import naive_grundy
from grundy.search.partizan import PartizanSolver, naive_value
from grundy.values import Game, parse

CGSUITE = "CGSuite lib/core/src/test/scala/org/cgsuite/lang/"
CGT_TOOLS = "cgt-tools cgt/short/partizan/games/"
CLOBBERS = ["diagonal-clobber", "king-clobber", "rook-clobber", "queen-clobber", "anti-clobber",
            "hot-clobber"]
CAKES = ["maundy-cake", "eatcake", "turn-and-eatcake"]
PARTIZAN = ["toppling-dominoes", "elephants-and-rhinos", "toads-and-frogs(2,2)", *CLOBBERS,
            *CAKES, "partizan-arc-kayles", "childish-hackenbush", "partizan-euclid"]
IMPARTIAL = ["arc-kayles"]


def partizan(name: str) -> PartizanRuleset[Any]:
    ruleset = get(name)
    assert isinstance(ruleset, PartizanRuleset)
    return ruleset


def value(name: str, text: str) -> Game:
    ruleset = partizan(name)
    return PartizanSolver(ruleset).value(ruleset.parse(text))


#: (ruleset, position in our text format, value in CGSuite notation, where it is asserted)
VALUES = [
    ("toppling-dominoes", "BRRBB", "{1|*}", CGT_TOOLS + "toppling_dominoes.rs, correct_canonical"),
    ("toppling-dominoes", "xooxx", "{1|*}", CGT_TOOLS + "toppling_dominoes.rs, correct_canonical"),
    ("toppling-dominoes", "BRRBRRB", "Tiny(1/2)",
     CGSUITE + "GameStripTest.scala, define Toppling Dominoes: TopplingDominoes"),
    ("toppling-dominoes", "BGRG", "{1|0,{0|-1}}",
     CGSUITE + "GameStripTest.scala, define Toppling Dominoes: TopplingDominoes (grey)"),
    ("toads-and-frogs", "TTTTT..FFFFF",
     "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}"
     "|||0}}", CGSUITE + "GameStripTest.scala, define Toads and Frogs: ToadsAndFrogs"),
    ("toads-and-frogs(1,2)", "TTTT..FFF", "{1/2*|v}",
     CGSUITE + "GameStripTest.scala, define Toads and Frogs: GenToadsAndFrogs (maxJump 2)"),
    ("elephants-and-rhinos", "TTTT..FFF", "1",
     CGSUITE + "GameStripTest.scala, define Toads and Frogs: ElephantsAndRhinos"),
    ("clobber", "xox/ox.", "{^^*|*,v}", CGSUITE + "GameGridTest.scala, define Clobber: Clobber"),
    ("diagonal-clobber", "xoxo/oox./xxx.", "{0,v*|vv}",
     CGSUITE + "GameGridTest.scala, define Clobber: Clobber (Diagonal)"),
    ("king-clobber", "xox/ox.", "{^^*|*,v[2]}",
     CGSUITE + "GameGridTest.scala, define Clobber: Kings"),
    ("rook-clobber", "xox/ox.", "{^^*|0,*}", CGSUITE + "GameGridTest.scala, define Clobber: Rooks"),
    ("queen-clobber", "xox/ox.", "^", CGSUITE + "GameGridTest.scala, define Clobber: Queens"),
    ("anti-clobber", "xoxo/oo..", "{*|-1}",
     CGSUITE + "GameGridTest.scala, define Clobber: AntiClobber"),
    *((name, f"8x{n}", expected, CGSUITE + "GameHeapTest.scala, define partizan coordinate "
       f"games: {cgsuite} canonical forms, (8,{n})")
      for name, cgsuite, values in [
          ("cutcake", "Cutcake", ["-7", "-7", "-3", "-3", "-1", "-1", "-1", "-1", "0"]),
          ("maundy-cake", "MaundyCake", ["-7", "-7", "-3", "-3", "-1", "-3", "-1", "-3", "0"]),
          ("eatcake", "Eatcake", ["-8", "^", "{^|||^*|v||0}", "{^^|*}", "{^^|*||0,{0|vv*}}",
                                  "{^3|^*||*}", "{^3|^*||*|||0,{0,{^|0,v*}|||0|vv*||0}}",
                                  "{0||^^*|0|||*}", "*"]),
          ("turn-and-eatcake", "TurnAndEatcake",
           ["0", "v", "0", "v", "0", "v<3>", "0", "v", "0"]),
      ] for n, expected in enumerate(values)),
    ("partizan-arc-kayles", "4;0-1:B,1-2:B,2-3:R", "1/2",
     CGSUITE + "GameGraphTest.scala, define Partizan Arc Kayles: Partizan Arc Kayles"),
    ("partizan-arc-kayles",  # lrlr(ll;ree(rl;l)) in CGSuite's graph notation
     "13;0-1:B,1-2:R,2-3:B,3-4:R,4-5:B,5-6:B,4-7:R,7-8:G,8-9:G,9-10:R,10-11:B,9-12:B",
     "{3*|2*||3/2,3/2*|1/2*}",
     CGSUITE + "GameGraphTest.scala, define Partizan Arc Kayles: Partizan Arc Kayles with Green"),
    # CGSuite's graphs written out as edges on vertices numbered from the ground, 0
    ("childish-hackenbush", "0-1:B,1-2:B,1-3:R,3-4:B", "2",  # l(l;rl)
     CGSUITE + "GameGraphTest.scala, define Childish Hackenbush: Childish Hackenbush"),
    ("childish-hackenbush",  # :{ground}llllllrrrr:{ground}
     "0-1:B,1-2:B,2-3:B,3-4:B,4-5:B,5-6:B,6-7:R,7-8:R,8-9:R,9-0:R", "{4|-2}",
     CGSUITE + "GameGraphTest.scala, define Childish Hackenbush: Childish Hackenbush hot"),
    ("childish-hackenbush",  # r(l:T;r(l:T;r(l:T;r(l:T;rl:T))))
     "0-1:R,1-6:B,1-2:R,2-6:B,2-3:R,3-6:B,3-4:R,4-6:B,4-5:R,5-6:B", "15/16",
     CGSUITE + "GameGraphTest.scala, define Childish Hackenbush: Childish Hackenbush "
     "fractional"),
    ("childish-hackenbush",  # (e:B;e:Bllllllrrr:B)
     "0-1:G,0-1:G,1-2:B,2-3:B,3-4:B,4-5:B,5-6:B,6-7:B,7-8:R,8-9:R,9-1:R", "{0|^[4]*||vv}",
     CGSUITE + "GameGraphTest.scala, define Childish Hackenbush: Childish Hackenbush lollipop"),
    *(("partizan-euclid", f"8,{n}", expected, CGSUITE + "GameHeapTest.scala, define partizan "
       f"coordinate games: PartizanEuclid canonical forms, (8,{n})")
      for n, expected in enumerate(["0", "0", "0", "v", "0", "0", "^", "^5", "0"])),
]


@pytest.mark.parametrize(("name", "text", "count"), [
    ("cutcake", "8x8", 4), ("maundy-cake", "8x8", 3), ("eatcake", "8x8", 4),
    ("turn-and-eatcake", "8x8", 4), ("partizan-euclid", "8,8", 0)])
def test_cgsuite_left_option_counts(name: str, text: str, count: int) -> None:
    """CGSuite GameHeapTest.scala, define partizan coordinate games: ``rs((8,8))
    .LeftOptions.Size`` (distinct options: cutting 8 into 3 + 5 or 5 + 3 is one cake)."""
    ruleset = partizan(name)
    assert len({child for _, child in ruleset.moves(ruleset.parse(text), Player.LEFT)}) == count


def test_childish_hackenbush_lollipop_atomic_weight() -> None:
    """CGSuite GameGraphTest.scala, define Childish Hackenbush: Childish Hackenbush
    lollipop 2, (e:B;e:B;e:Blllllllllrr:B).AtomicWeight = 3/2."""
    lollipop = ("0-1:G,0-1:G,0-1:G,1-2:B,2-3:B,3-4:B,4-5:B,5-6:B,6-7:B,7-8:B,8-9:B,9-10:B,"
                "10-11:R,11-1:R")
    assert value("childish-hackenbush", lollipop).atomic_weight() is parse("3/2")


def test_childish_hackenbush_cuts_only_where_nothing_falls() -> None:
    rules = partizan("childish-hackenbush")
    position = rules.parse("BBR,G")
    assert [move for move, _ in rules.moves(position, Player.LEFT)] == [3]
    assert [move for move, _ in rules.moves(position, Player.RIGHT)] == [2, 3]
    assert value("childish-hackenbush", "BBR") is Game.integer(0)  # { | BB} = { | 2}
    assert value("childish-hackenbush", "RBB") is Game.integer(1)  # {RB | } = {{R | } | }


def path(n: int, looped: bool = False) -> str:
    """The path on n vertices, in Arc Kayles' text format (a loop at each vertex)."""
    loops = ";loops=" + ",".join(map(str, range(n))) if looped else ""
    return f"{n};" + ",".join(f"{i}-{i + 1}" for i in range(n - 1)) + loops


#: CGSuite GameGraphTest.scala, define ArcKayles: "Arc Kayles paths are Dawson's Kayles
#: heaps" and "Arc Kayles looped paths are Kayles heaps" (paths of 1 to 50 vertices).
ARC_KAYLES_PATHS = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0,
                    2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5]
ARC_KAYLES_LOOPED_PATHS = [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7,
                           4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2,
                           7, 4, 1, 2]


@pytest.mark.parametrize(("looped", "expected"), [(False, ARC_KAYLES_PATHS),
                                                  (True, ARC_KAYLES_LOOPED_PATHS)])
def test_arc_kayles_on_paths(looped: bool, expected: list[int]) -> None:
    rules = get("arc-kayles")
    solver = Solver(rules)
    assert [solver.grundy(rules.parse(path(n, looped))) for n in range(1, 51)] == expected


@pytest.mark.parametrize(("name", "text", "expected", "source"), VALUES)
def test_values_the_reference_tools_assert(name: str, text: str, expected: str,
                                           source: str) -> None:
    assert value(name, text) is parse(expected, dialect="cgsuite"), source


def test_toppling_dominoes_moves_as_cgt_tools_lists_them() -> None:
    """cgt-tools toppling_dominoes.rs, correct_left and correct_right: the options of
    xooxx (BRRBB)."""
    rules = partizan("toppling-dominoes")
    position = rules.parse("BRRBB")
    left = sorted(rules.format(child) for _, child in rules.moves(position, Player.LEFT))
    right = sorted(rules.format(child) for _, child in rules.moves(position, Player.RIGHT))
    assert left == sorted(["", "RRBB", "BRR", "B", "BRRB", ""])
    assert right == sorted(["B", "RBB", "BR", "BB"])


def test_toppling_dominoes_rows_of_one_colour_are_integers() -> None:
    """A row of n blue dominoes is n: each topple leaves a shorter row, the longest
    option n - 1 (Lessons in Play's first examples of the game)."""
    for n in range(6):
        assert value("toppling-dominoes", "B" * n) is Game.integer(n)
        assert value("toppling-dominoes", "R" * n + ",G") is Game.integer(-n) + Game.nimber(1)


@pytest.mark.parametrize(("name", "count"), [
    ("cutcake", 4), ("maundy-cake", 3), ("eatcake", 4), ("turn-and-eatcake", 4),
    ("partizan-euclid", 0)])
def test_the_cakes_left_options_of_8x8(name: str, count: int) -> None:
    """CGSuite GameHeapTest.scala, define partizan coordinate games: (8,8).LeftOptions.Size
    (options counted as distinct positions)."""
    rules = partizan(name)
    text = "8,8" if name == "partizan-euclid" else "8x8"
    assert len({child for _, child in rules.moves(rules.parse(text), Player.LEFT)}) == count


def test_partizan_euclid_moves_as_defined() -> None:
    """Left leaves p mod q, Right q - p mod q; the pair turns over."""
    rules = partizan("partizan-euclid")
    assert [(rules.format_move(move), child) for move, child in
            rules.moves((17, 5), Player.LEFT)] == [("0-3", (5, 2))]
    assert [(rules.format_move(move), child) for move, child in
            rules.moves((17, 5), Player.RIGHT)] == [("0-4", (5, 3))]
    assert list(rules.moves((15, 5), Player.LEFT)) == list(rules.moves((7, 0), Player.RIGHT))\
        == []


def test_the_cakes_move_as_defined() -> None:
    """Maundy Cake divides into equal parts, Eatcake eats a column or a row, and
    Turn-and-Eatcake turns what is left."""
    def options(name: str, text: str, player: Player) -> set[str]:
        rules = partizan(name)
        return {rules.format(child) for _, child in rules.moves(rules.parse(text), player)}

    assert options("maundy-cake", "2x6", Player.LEFT) == {"2x3+2x3", "2x2+2x2+2x2",
                                                         "2x1+2x1+2x1+2x1+2x1+2x1"}
    assert options("maundy-cake", "3x6", Player.RIGHT) == {"1x6+1x6+1x6"}
    assert options("eatcake", "2x3", Player.LEFT) == {"2x2", "2x1+2x1"}
    assert options("eatcake", "2x3", Player.RIGHT) == {"1x3"}
    assert options("turn-and-eatcake", "2x3", Player.LEFT) == {"3x1"}
    assert options("turn-and-eatcake", "2x3", Player.RIGHT) == {"2x2", "1x2+1x2"}
    assert partizan("eatcake").components(partizan("eatcake").parse("1x1+2x2")) == [
        ((1, 1),), ((2, 2),)]
    assert partizan("maundy-cake").components(partizan("maundy-cake").parse("1x1+2x2")) == [
        ((2, 2),)]


def test_toads_and_frogs_variants_move_as_defined() -> None:
    """Slides of 1..S squares and jumps over runs of 1..J opposing pieces; labels name
    the target square when a piece may slide more than one."""
    wide = partizan("toads-and-frogs(2,2)")
    moves = {wide.format_move(move): child for move, child in
             wide.moves(wide.parse("T..FF.F"), Player.LEFT)}
    assert moves == {"0>1": ".T.FF.F", "0>2": "..TFF.F"}
    moves = {wide.format_move(move): child for move, child in
             wide.moves(wide.parse("TFF.F"), Player.LEFT)}
    assert moves == {"0>3": ".FFTF"}
    blocked = {move for move, _ in wide.moves(wide.parse("TFFF."), Player.LEFT)}
    assert blocked == set()
    elephants = partizan("elephants-and-rhinos")
    assert [child for _, child in elephants.moves(elephants.parse("TF."), Player.LEFT)] == []
    assert [child for _, child in elephants.moves(elephants.parse("T.F"), Player.RIGHT)] == \
        ["TF."]


def test_a_wall_holds_only_against_the_jumps_the_variant_allows() -> None:
    """TTFF walls standard Toads and Frogs in two; with jumps over two it does not, and
    TTTFFF does; with no jumps TF is a wall."""
    assert len(partizan("toads-and-frogs").components("T.FTTFFT.TF")) == 2
    assert partizan("toads-and-frogs(1,2)").components("T.TTFF.F") == ("T.TTFF.F",)
    assert len(partizan("toads-and-frogs(1,2)").components("T.FTTTFFFT.F")) == 2
    assert len(partizan("elephants-and-rhinos").components("T.TF.F")) == 2


def test_clobber_variants_move_as_defined() -> None:
    """Rooks and queens slide over empty cells and clobber the first stone met; kings
    and diagonal stones step diagonally; Anti-Clobber steps onto an empty cell and
    leaves an opposing stone."""
    def lefts(name: str, text: str) -> set[str]:
        rules = partizan(name)
        return {rules.format_move(move) for move, _ in rules.moves(rules.parse(text),
                                                                   Player.LEFT)}

    assert lefts("rook-clobber", "x..o/...x/o...") == {"0,0-0,3", "0,0-2,0", "1,3-0,3"}
    assert lefts("queen-clobber", "x..o/.x../o..o") == {"0,0-0,3", "0,0-2,0", "1,1-2,0"}
    assert lefts("diagonal-clobber", "xo/ox") == set()
    assert lefts("king-clobber", "xo/ox") == {"0,0-0,1", "0,0-1,0", "1,1-0,1", "1,1-1,0"}
    anti = partizan("anti-clobber")
    assert {anti.format(child) for _, child in anti.moves(anti.parse("x./.o"), Player.LEFT)} \
        == {"ox/.o", "o./xo"}
    assert lefts("hot-clobber", "xxo/..o") == {"0,0-0,1", "0,1-0,0", "0,1-0,2"}


@pytest.mark.parametrize(("text", "expected"), [
    ("xx", "1"),  # {lone x, lone x | } = {0 | } (Right has no stone)
    ("xo", "*"),  # {0 | 0}
    ("xxo", "^"),  # {.xo = *, x.o = 0, x.x = 0 | xo. = *} = {0, * | *} = {0 | *}
    ("x.x/.o.", "0"),  # no two stones are adjacent
])
def test_hot_clobber_takes_either_colour(text: str, expected: str) -> None:
    """Hot Clobber (CGSuite's ``game.grid.HotClobber``: either player clobbers a stone of
    either colour); values worked by hand."""
    assert value("hot-clobber", text) is parse(expected)


@pytest.mark.parametrize("name", ["toads-and-frogs(0,1)", "toads-and-frogs(1,99)"])
def test_a_variant_out_of_range_is_named(name: str) -> None:
    with pytest.raises(ParseError, match=re.escape("toads-and-frogs(S,J) slides 1 to 50")):
        get(name)


# -- every ruleset: the solver against the naive reference, conjugates, formats --------
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PARTIZAN), st.integers(0, 2**32), st.integers(0, 6))
def test_partizan_rulesets_match_the_naive_reference(name: str, seed: int, size: int) -> None:
    """Keys, components and option normalisation change nothing."""
    ruleset = partizan(name)
    position = ruleset.random_position(random.Random(seed), size)
    expected = naive_value(ruleset, position)
    assert PartizanSolver(ruleset).value(position) is expected, ruleset.format(position)
    assert ruleset.parse(ruleset.format(position)) == position


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(IMPARTIAL), st.integers(0, 2**32), st.integers(1, 7))
def test_impartial_rulesets_match_the_naive_reference(name: str, seed: int, size: int) -> None:
    ruleset = get(name)
    assert isinstance(ruleset, ImpartialRuleset)
    position = ruleset.random_position(random.Random(seed), size)
    assert Solver(ruleset).grundy(position) == naive_grundy(ruleset, position)
    assert ruleset.parse(ruleset.format(position)) == position


@pytest.mark.parametrize(("name", "text", "conjugate"), [
    ("toppling-dominoes", "BRGBB,RB", "RBGRR,BR"),
    ("elephants-and-rhinos", "TT.F.", ".T.FF"),
    ("toads-and-frogs(2,2)", "TT..F.", ".T..FF"),
    *((name, "xxo/o..", "oox/x..") for name in CLOBBERS),
    *((name, "2x3+1x4", "3x2+4x1") for name in CAKES),
    ("partizan-arc-kayles", "4;0-1:B,1-2:G,2-3:R,0-3:R", "4;0-1:R,1-2:G,2-3:B,0-3:B"),
    ("childish-hackenbush", "BRG,RR", "RBG,BB"),
])
def test_the_conjugate_is_the_negative_and_shares_the_key(
        name: str, text: str, conjugate: str) -> None:
    ruleset = partizan(name)
    position, other = ruleset.parse(text), ruleset.parse(conjugate)
    key, negated = ruleset.signed_key(position)
    other_key, other_negated = ruleset.signed_key(other)
    assert key == other_key and negated != other_negated
    solver = PartizanSolver(ruleset)
    assert solver.value(other) is -solver.value(position) is -naive_value(ruleset, position)


@pytest.mark.parametrize(("name", "text", "message"), [
    ("toppling-dominoes", "BRQ", "row 0 has 'Q'"),
    ("toppling-dominoes", "B" * 201, "more than 200 dominoes"),
    ("elephants-and-rhinos", "TXF", "write T (toad), F (frog) or . (empty)"),
    ("arc-kayles", "3;0-1;loops=4", "loops vertex 4"),
    ("arc-kayles", "3;0-0", "self-loop at vertex 0"),
    ("partizan-arc-kayles", "3;0-1:B,1-2", "edge 1 is '1-2'"),
    ("partizan-arc-kayles", "3", "missing ';' after the vertex count"),
    ("partizan-arc-kayles", "501;0-1:B", "at most 500"),
    ("partizan-euclid", "8", "1 numbers: Partizan Euclid has two"),
    ("partizan-euclid", "8,1000001", "number 1 is 1,000,001: over the limit of 1,000,000"),
])
def test_bad_positions_get_one_line_errors(name: str, text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)) as error:
        get(name).parse(text)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(("name", "foreign", "ours"), [
    ("toppling-dominoes", "lrre|xoo", "BRRG,BRR"),
])
def test_the_reference_tools_letters_are_read_and_printed_our_way(
        name: str, foreign: str, ours: str) -> None:
    ruleset = get(name)
    assert ruleset.format(ruleset.parse(foreign)) == ours


LIBRARY = ["toppling-dominoes", "elephants-and-rhinos", "diagonal-clobber", "king-clobber",
           "rook-clobber", "queen-clobber", "anti-clobber", "hot-clobber", "maundy-cake", "eatcake",
           "turn-and-eatcake", "arc-kayles", "partizan-arc-kayles", "childish-hackenbush",
           "partizan-euclid"]


@pytest.mark.parametrize("name", LIBRARY)
def test_the_docs_page_lists_each_ruleset_as_the_registry_does(name: str) -> None:
    """docs/ruleset-library.md: the summary, the citation users see and the first
    example, as the registry gives them."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "ruleset-library.md").read_text()
    ruleset = get(name)
    row = f"| `{name}` | {ruleset.summary} | {ruleset.citation} | `{ruleset.examples[0]}` |"
    assert row in page


# -- the native Clobber kernel: every variant against the Python rules and the naive search
def random_stones(rng: random.Random, max_cells: int) -> Stones:
    """Any mix of stones and empty cells, so that stones meet in every direction."""
    rows = rng.randint(1, 4)
    columns = rng.randint(1, max(1, max_cells // rows))
    empty = rng.uniform(0.1, 0.6)
    return Stones(rows, columns, "".join(
        "." if rng.random() < empty else rng.choice("xo") for _ in range(rows * columns)))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["clobber", *CLOBBERS]), st.integers(0, 2**32))
def test_clobber_native_matches_python_and_naive(name: str, seed: int) -> None:
    rules = partizan(name)
    board = random_stones(random.Random(seed), 8)
    native = PartizanSolver(rules, engine="native").value(board)
    assert Game.of(native.left, native.right) is native  # handed over canonical
    assert native is PartizanSolver(rules, engine="python").value(board)
    assert native is naive_value(rules, board)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["clobber", *CLOBBERS]), st.integers(0, 2**32))
def test_clobber_native_matches_python_on_larger_boards_and_options(name: str,
                                                                    seed: int) -> None:
    rules = partizan(name)
    board = random_stones(random.Random(seed), 11)
    solver = PartizanSolver(rules, engine="native")  # one table for board and options
    assert solver.value(board) is PartizanSolver(rules, engine="python").value(board)
    for move in solver.move_values(board)[:4]:
        assert move.value is PartizanSolver(rules, engine="python").value(move.position)


@pytest.mark.parametrize("name", ["clobber", *CLOBBERS])
def test_clobber_kernel_takes_64_cells_and_refuses_65(name: str) -> None:
    rules = partizan(name)
    board = Stones(1, 64, "xo" + "." * 60 + "ox")
    assert PartizanSolver(rules, engine="native").value(board) is \
        PartizanSolver(rules, engine="python").value(board)
    with pytest.raises(GrundyError, match="at most 64 cells"):
        PartizanSolver(rules, engine="native").value(Stones(1, 65, "xo" + "." * 63))


@pytest.mark.parametrize(("steps", "reach", "anti", "message"), [
    ([(0, 1)], 1, False, "not the orthogonal, diagonal or king steps"),
    ([(0, 1), (1, 0), (0, -1), (-1, 0)], 0, False, "stones move 1 or more cells"),
    ([(0, 1), (1, 0), (0, -1), (-1, 0)], 2, True, "Anti-Clobber's exactly 1"),
])
def test_the_clobber_kernel_refuses_rules_it_cannot_key(
        steps: list[tuple[int, int]], reach: int, anti: bool, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        _native.Clobber(steps, reach, anti)


def test_overlapping_colour_classes_are_refused_before_nauty() -> None:
    """Arc Kayles' first key passed a class and its superset: nauty then crashed the
    interpreter.  Overlapping classes are a ValueError now."""
    with pytest.raises(ValueError, match=re.escape("colour classes overlap on vertices [0]")):
        coloured_certificate((0b110, 0b101, 0b011), 0b111, (0b001, 0b111))
