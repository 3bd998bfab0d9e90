"""The classic rulesets (issue 16, item 4): values on small positions against the
published ones, closed forms and keys against the naive reference, formats."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import ImpartialRuleset, ParseError, PartizanRuleset, Player
from grundy.rulesets import get
from grundy.rulesets.grids.cutcake import cutcake_value
from grundy.rulesets.hackenbush.hackenbush import string_value
from grundy.rulesets.heaps.wythoff import golden_floor
from grundy.search import Solver
from grundy.search.naive import naive_grundy
from grundy.search.partizan import PartizanSolver, naive_value
from grundy.values import Game, Outcome, parse

PARTIZAN = ["clobber", "konane", "amazons", "toads-and-frogs", "cutcake", "hackenbush"]
IMPARTIAL = ["cram", "wythoff"]


def partizan(name: str) -> PartizanRuleset[Any]:
    ruleset = get(name)
    assert isinstance(ruleset, PartizanRuleset)
    return ruleset


def impartial(name: str) -> ImpartialRuleset[Any]:
    ruleset = get(name)
    assert isinstance(ruleset, ImpartialRuleset)
    return ruleset


def value(name: str, text: str) -> Game:
    ruleset = partizan(name)
    return PartizanSolver(ruleset).value(ruleset.parse(text))


# -- every classic: the solver against the naive reference, conjugates, formats --------
@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PARTIZAN), st.integers(0, 2**32), st.integers(0, 6))
def test_partizan_classics_match_the_naive_reference(name: str, seed: int, size: int) -> None:
    """Keys, components, option normalisation and closed forms change nothing."""
    ruleset = partizan(name)
    position = ruleset.random_position(random.Random(seed), size)
    expected = naive_value(ruleset, position)
    assert PartizanSolver(ruleset).value(position) is expected, ruleset.format(position)
    assert PartizanSolver(ruleset).outcome(position) is expected.outcome()
    assert ruleset.parse(ruleset.format(position)) == position


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(IMPARTIAL), st.integers(0, 2**32), st.integers(1, 7))
def test_impartial_classics_match_the_naive_reference(name: str, seed: int, size: int) -> None:
    ruleset = impartial(name)
    position = ruleset.random_position(random.Random(seed), size)
    expected = naive_grundy(ruleset, position)
    assert Solver(ruleset).grundy(position) == expected, ruleset.format(position)
    assert (Solver(ruleset).outcome(position) is Outcome.N) == (expected != 0)


@pytest.mark.parametrize(("name", "text", "conjugate"), [
    ("clobber", "xxo/o..", "oox/x.."),
    ("konane", "xo./..o", "ox./..x"),
    ("amazons", "x.#/..o", "o.#/..x"),
    ("toads-and-frogs", "TT.F.", ".T.FF"),
    ("cutcake", "2x3+1x4", "3x2+4x1"),
    ("hackenbush", "BRG,RR", "RBG,BB"),
])
def test_the_conjugate_is_the_negative_and_shares_the_key(
        name: str, text: str, conjugate: str) -> None:
    ruleset = partizan(name)
    position, other = ruleset.parse(text), ruleset.parse(conjugate)
    key, negated = ruleset.signed_key(position)
    other_key, other_negated = ruleset.signed_key(other)
    assert key == other_key and negated != other_negated
    solver = PartizanSolver(ruleset)  # one table: the conjugate is read back negated
    assert solver.value(other) is -solver.value(position) is -naive_value(ruleset, position)


@pytest.mark.parametrize(("name", "text", "message"), [
    ("clobber", "xo/x", "row 1 has 1 cells but row 0 has 2"),
    ("clobber", "xz", "Clobber cells are 'x', 'o', '.'"),
    ("clobber", "x" * 401, "more than 400 cells"),
    ("konane", "x#o", "Konane cells are"),
    ("amazons", "x.o/q..", "row 1 has 'q'"),
    ("toads-and-frogs", "TXF", "write T (toad), F (frog) or . (empty)"),
    ("toads-and-frogs", "T" * 201, "at most 200"),
    ("cutcake", "2x3+4", "piece 1 is '4'"),
    ("cutcake", "3x10001", "sides run from 0"),
    ("cutcake", "99999999999x2", "sides are at most"),
    ("cutcake", "1x2+" * 64 + "1x2", "at most 64 pieces"),
    ("hackenbush", "BRX", "string 0 has 'X'"),
    ("hackenbush", "0-1:B,1-2", "edge 1 is '1-2'"),
    ("hackenbush", "B" * 65, "more than 64 edges"),
    ("cram", "../.x", "row 1 has 'x'"),
    ("cram", "100x100", "at most 1024"),
    ("wythoff", "1,2,3", "3 heaps"),
    ("wythoff", "1,999999", "at most 100000"),
])
def test_bad_positions_get_one_line_errors(name: str, text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)) as error:
        get(name).parse(text)
    assert "\n" not in str(error.value)


# -- Clobber -------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("xo", "*"),        # either player clobbers and leaves a lone stone: {0|0}
    ("xxo", "^"),       # Left to 0, Right to xo = *: {0|*}
    ("xoo", "v"),
    ("xxxo", "{0|^}"),  # = ^^* (printed ^2*)
    ("xo/ox", "*"),
    ("xx/oo", "0"),
])
def test_clobber_small_values(text: str, expected: str) -> None:
    assert value("clobber", text) is parse(expected)


def test_clobber_alternating_rows_are_first_player_wins_except_xoxoxo() -> None:
    """Albert, Grossman, Nowakowski & Wolfe 2005 conjectured that every alternating row of
    even length but xoxoxo is a first-player win (proved since); xoxoxo is 0."""
    solver = PartizanSolver(partizan("clobber"))
    rules = partizan("clobber")
    outcomes = [solver.outcome(rules.parse("xo" * k)) for k in range(1, 8)]
    assert outcomes == [Outcome.N, Outcome.N, Outcome.P, Outcome.N, Outcome.N, Outcome.N,
                        Outcome.N]
    assert solver.value(rules.parse("xoxoxo")) is Game.zero()


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 8))
def test_clobber_is_all_small(seed: int, size: int) -> None:
    """Left can move exactly when Right can, so every value is all-small (AGNW 2005)."""
    rules = partizan("clobber")
    position = rules.random_position(random.Random(seed), size)
    assert PartizanSolver(rules).value(position).is_all_small


# -- Konane and Amazons --------------------------------------------------------------
@pytest.mark.parametrize(("name", "text", "expected"), [
    ("konane", "xo.", "1"), ("konane", ".xo", "-1"), ("konane", "xo.o.", "1"),
    ("konane", "xo.ox.", "0"), ("konane", "xoo.", "0"),
    ("amazons", "x..", "2"), ("amazons", "x.o", "*"), ("amazons", "x...o", "+-2"),
])
def test_konane_and_amazons_small_values(name: str, text: str, expected: str) -> None:
    assert value(name, text) is parse(expected)


def test_konane_jumps_go_on_in_a_line_and_stop_anywhere() -> None:
    rules = partizan("konane")
    labels = [rules.format_move(m) for m, _ in rules.moves(rules.parse("xo.o.o"), Player.LEFT)]
    assert labels == ["0,0-0,2", "0,0-0,4"]  # the last o has no empty cell beyond


@pytest.mark.parametrize("cells", [2, 3, 4, 5, 6])
def test_a_lone_amazon_in_a_row_moves_once_per_free_cell(cells: int) -> None:
    """Move one step and burn the cell left behind: n - 1 moves, and no better."""
    assert value("amazons", "x" + "." * (cells - 1)) is Game.integer(cells - 1)


# -- Toads and Frogs -----------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("T.F", "*"), ("T.TF", "1/2"),          # Erickson's toads program help: |t f| = *, |t tf| = 1/2
    ("TFT.F", "*"), ("T.TFF", "^"), ("TF.TF", "0"), ("TFTF.", "0"),
    ("TT.FF", "*"),                          # Winning Ways vol. 1 ch. 1
])
def test_toads_and_frogs_small_values(text: str, expected: str) -> None:
    assert value("toads-and-frogs", text) is parse(expected)


@pytest.mark.parametrize(("a", "b"), [(3, 2), (4, 2), (4, 3), (5, 2), (5, 3), (5, 4)])
def test_toads_and_frogs_erickson_e1(a: int, b: int) -> None:
    """Erickson 1996, conjecture E1 (proved by Thanatipanonda 2011):
    T^a □□ F^b = {{a-3 | a-b} | {* | 3-b}} for a > b ≥ 2."""
    expected = parse(f"{{{{{a - 3}|{a - b}}}|{{*|{3 - b}}}}}")
    assert value("toads-and-frogs", "T" * a + ".." + "F" * b) is expected


@pytest.mark.parametrize("a", [2, 3, 4, 5, 6])
def test_toads_and_frogs_erickson_e2(a: int) -> None:
    """E2: T^a □□□ FF = {a-2 | a-2}."""
    expected = Game.of([Game.integer(a - 2)], [Game.integer(a - 2)])
    assert value("toads-and-frogs", "T" * a + "..." + "FF") is expected


@pytest.mark.parametrize("a", [5, 6, 7])
def test_toads_and_frogs_erickson_e3(a: int) -> None:
    """E3: T^a □□□ FFF = a - 7/2 for a ≥ 5."""
    assert value("toads-and-frogs", "T" * a + "..." + "FFF") is parse(f"{2 * a - 7}/2")


def test_toads_and_frogs_walls_split_the_strip() -> None:
    rules = partizan("toads-and-frogs")
    assert rules.components(rules.parse("FT.FTTFF.T.TF")) == ["T.F", ".T.TF"]
    assert value("toads-and-frogs", "T.FTTFFT.TF") is value("toads-and-frogs", "T.F") + value(
        "toads-and-frogs", "T.TF")


# -- Cutcake -------------------------------------------------------------------------
def test_cutcake_table() -> None:
    """Winning Ways vol. 1 ch. 2: rows are the height, columns the width from 1."""
    assert [[cutcake_value(r, c) for c in range(1, 11)] for r in range(1, 5)] == [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        [-1, 0, 0, 1, 1, 2, 2, 3, 3, 4],
        [-2, 0, 0, 1, 1, 2, 2, 3, 3, 4],
        [-3, -1, -1, 0, 0, 0, 0, 1, 1, 1],
    ]


def test_cutcake_closed_form_matches_the_search() -> None:
    """The closed form against the search with it switched off, every piece to 10x10."""
    rules = partizan("cutcake")

    class Searched(type(rules)):  # type: ignore[misc]
        def fast_value(self, position: Any) -> Game | None:
            return None

    solver = PartizanSolver(Searched())
    for rows in range(11):  # a side of 0, as CGSuite allows, included
        for columns in range(11):
            assert solver.value(((rows, columns),)) is Game.integer(
                cutcake_value(rows, columns)), (rows, columns)


# -- Hackenbush ----------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("B", "1"), ("BR", "1/2"), ("BRR", "1/4"), ("BBR", "3/2"), ("BRB", "3/4"),
    ("BBRB", "7/4"), ("RBB", "-1/4"), ("BR,RB", "0"),    # Berlekamp's rule
    ("GGG", "*3"), ("GG,G", "*2+*"),                       # green strings are nim heaps
    ("GB", "^*"), ("BG", "1*"),                            # Winning Ways vol. 1 ch. 2
    ("0-1:G,1-2:G,2-0:G", "*"), ("0-1:G,1-2:G,2-3:G,3-0:G", "0"),  # fusion: odd/even cycles
    ("0-1:G,1-2:G,1-3:G,3-4:G", "*4"),                    # colon principle: 1 + (1 ⊕ 2)
    ("0-0:B,0-0:R", "0"),
])
def test_hackenbush_values(text: str, expected: str) -> None:
    rules = partizan("hackenbush")
    assert value("hackenbush", text) is parse(expected)
    assert naive_value(rules, rules.parse(text)) is parse(expected)


@settings(max_examples=60, deadline=None)
@given(st.text("BRG", min_size=1, max_size=8))
def test_hackenbush_string_rule_matches_the_naive_reference(colours: str) -> None:
    rules = partizan("hackenbush")
    expected = naive_value(rules, rules.parse(colours))
    closed = string_value(colours)
    assert closed is None or closed is expected
    if "G" not in colours:
        assert closed is not None and closed.is_number


def test_hackenbush_format_and_falling_edges() -> None:
    rules = partizan("hackenbush")
    assert rules.format(rules.parse(" brr , rb ")) == "BRR,RB"
    picture = rules.parse("0-1:B,1-2:R,2-3:G")
    assert rules.format(picture) == "BRG"
    cut = dict(rules.moves(picture, Player.LEFT))[0]  # cutting the bottom drops the rest
    assert cut == ()


# -- Wythoff and Cram ----------------------------------------------------------------
def test_wythoff_p_positions_are_the_golden_pairs() -> None:
    """Wythoff 1907: (⌊nφ⌋, ⌊nφ²⌋); OEIS A000201 and A001950."""
    golden = [(golden_floor(n), golden_floor(n) + n) for n in range(12)]
    assert golden == [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18),
                      (12, 20), (14, 23), (16, 26), (17, 28)]
    rules = impartial("wythoff")
    searched = [(a, b) for a in range(18) for b in range(a, 30)
                if naive_grundy(rules, (a, b)) == 0]
    assert searched == golden
    assert golden_floor(10**12) == int(Fraction(10**12) * (1 + Fraction(
        2236067977499789696, 10**18)) / 2)  # φ to 18 digits is enough here


def test_wythoff_nim_values() -> None:
    """Winning Ways vol. 1 ch. 3, the table of Wythoff nim-values (rows 0 to 2)."""
    solver = Solver(impartial("wythoff"))
    assert [[solver.grundy((a, b)) for b in range(10)] for a in range(3)] == [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        [1, 2, 0, 4, 5, 3, 7, 8, 6, 10],
        [2, 0, 1, 5, 3, 4, 8, 6, 7, 11],
    ]


def test_cram_strips_are_dawsons_kayles() -> None:
    """A 1-by-n strip is octal game 0.07 (Winning Ways; OEIS A002187 from n = 1)."""
    solver = Solver(impartial("cram"))
    rules = impartial("cram")
    assert [solver.grundy(rules.parse(f"1x{n}")) for n in range(1, 21)] == [
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]


@pytest.mark.parametrize(("rows", "columns"), [(2, 2), (2, 4), (4, 4), (2, 6), (2, 3), (2, 5),
                                               (4, 3), (3, 2)])
def test_cram_symmetry_strategies(rows: int, columns: int) -> None:
    """Even by even: the second player mirrors through the centre (P); even by odd: the
    first player covers the two centre cells, then mirrors (N)."""
    rules = impartial("cram")
    nimber = Solver(rules).grundy(rules.parse(f"{rows}x{columns}"))
    assert (nimber == 0) == (rows % 2 == 0 and columns % 2 == 0)


@pytest.mark.parametrize(("name", "cgsuite", "ours"), [
    ("clobber", "xo|ox", "xo/ox"), ("konane", "xo.|..o", "xo./..o"),
    ("amazons", "x.#|..o", "x.#/..o"), ("toads-and-frogs", "tt..ff", "TT..FF"),
    ("hackenbush", "bbr, rg", "BBR,RG"), ("cutcake", "3x2 + 1x4", "1x4+3x2"),
])
def test_cgsuite_style_input_is_read_and_printed_our_way(
        name: str, cgsuite: str, ours: str) -> None:
    ruleset = get(name)
    assert ruleset.format(ruleset.parse(cgsuite)) == ours
    assert ruleset.parse(ours) == ruleset.parse(cgsuite)
