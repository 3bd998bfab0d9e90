"""Heap games by code (issue 16, item 3): published nim sequences and periods, the
Guy–Smith periodicity theorem, the rulesets against plain search, and ``grundy octal``."""

from __future__ import annotations

import doctest
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import ParseError
from grundy.rulesets import get
from grundy.rulesets.heaps import take_and_break
from grundy.rulesets.heaps.octal import TakeAndBreakRuleset
from grundy.rulesets.heaps.take_and_break import (
    CodeError,
    TakeAndBreak,
    exceptional_heaps,
    nim_sequence,
    periodicity,
    python_nim_sequence,
)
from grundy.search import BudgetExceeded, Solver
from grundy.search.naive import naive_grundy
from test_cli import ok, run

# OEIS A002186 (Kayles, 0.77; WW ch. 4), A002187 (Dawson's chess, 0.137) and A002188
# (Grundy's game), from n = 0.
KAYLES = (
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8,
    5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2,
    1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
)
DAWSONS_CHESS = (
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1,
    1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5,
    5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3,
    3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
)
GRUNDYS_GAME = (
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4,
    1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1,
    5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5,
    2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
)


def test_doctests() -> None:
    assert doctest.testmod(take_and_break).failed == 0


def test_published_sequences() -> None:
    assert tuple(nim_sequence(TakeAndBreak.parse("0.77"), len(KAYLES))) == KAYLES
    assert tuple(nim_sequence(TakeAndBreak.parse("0.137"), len(DAWSONS_CHESS))) == DAWSONS_CHESS
    assert tuple(nim_sequence(TakeAndBreak.parse("grundy"), len(GRUNDYS_GAME))) == GRUNDYS_GAME
    # Dawson's Kayles is Dawson's chess shifted by one heap (WW ch. 4; A002187)
    assert nim_sequence(TakeAndBreak.parse("0.07"), 200)[1:] == nim_sequence(
        TakeAndBreak.parse("0.137"), 199)


def test_kayles_period_is_proved() -> None:
    """Period 12; the last exceptional value is at n = 70 (Guy & Smith 1956; WW ch. 4)."""
    found = periodicity(TakeAndBreak.parse("0.77"), 300)
    assert found is not None and found.proved
    assert (found.period, found.preperiod, found.saltus) == (12, 71, 0)
    assert found.last_checked == 2 * (71 + 12) + 2 - 1  # Guy–Smith: n < 2·n0 + p + t, plus p
    values = nim_sequence(TakeAndBreak.parse("0.77"), 300)
    assert exceptional_heaps(values, found) == [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39,
                                                57, 70]


def test_dawson_periods_are_proved() -> None:
    """Period 34, exceptions at 0, 14, 16, 17, 31, 34, 51 for 0.137 (A002187), one
    heap later for 0.07."""
    chess = periodicity(TakeAndBreak.parse("0.137"), 300)
    kayles = periodicity(TakeAndBreak.parse("0.07"), 300)
    assert chess is not None and kayles is not None and chess.proved and kayles.proved
    assert (chess.period, chess.preperiod, kayles.period, kayles.preperiod) == (34, 52, 34, 53)
    values = nim_sequence(TakeAndBreak.parse("0.137"), 300)
    assert exceptional_heaps(values, chess) == [0, 14, 16, 17, 31, 34, 51]


def test_too_few_values_prove_nothing() -> None:
    assert periodicity(TakeAndBreak.parse("0.77"), 150) is None  # the bound needs G(167)
    assert periodicity(TakeAndBreak.parse("0.6"), 300) is None  # 0.6 is famously open
    assert periodicity(TakeAndBreak.parse("grundy"), 300) is None


def test_subtraction_games_and_arithmetic_periods() -> None:
    rule = TakeAndBreak.subtraction((1, 2))
    assert str(rule) == "0.33" and nim_sequence(rule, 9) == [0, 1, 2] * 3
    found = periodicity(rule, 20)
    assert found is not None and (found.period, found.preperiod, found.proved) == (3, 0, True)
    arithmetic = periodicity(TakeAndBreak.parse("0.8"), 60)  # take 1, leave three heaps
    assert arithmetic is not None and not arithmetic.proved
    assert (arithmetic.period, arithmetic.saltus) == (3, 1)


codes = st.lists(st.sampled_from([0, 1, 2, 3, 4, 5, 6, 7]), min_size=1, max_size=3).map(
    lambda ds: TakeAndBreak((0, *ds)))


@settings(max_examples=40, deadline=None)
@given(codes)
def test_a_proved_period_holds_far_beyond_the_check(rule: TakeAndBreak) -> None:
    found = periodicity(rule, 400)
    if found is not None and found.proved:
        values = nim_sequence(rule, found.last_checked + 1 + 3 * (found.preperiod + found.period))
        assert all(values[n + found.period] == values[n]
                   for n in range(found.preperiod, len(values) - found.period))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 15), min_size=1, max_size=3), st.integers(0, 4),
       st.lists(st.integers(0, 9), min_size=1, max_size=3).filter(lambda h: sum(h) <= 12))
def test_the_sequence_agrees_with_plain_search(digits: list[int], head: int,
                                               heaps: list[int]) -> None:
    """The plain search keys positions by their exact heap order, so splitting moves make
    it exponential in the total: 9,9 takes seconds and 9,9,9 would not finish, hence at
    most 12 tokens in all."""
    rule = TakeAndBreak((head & 4 | head & 8, *digits))
    ruleset = TakeAndBreakRuleset(rule)
    assert ruleset.fast_grundy(tuple(heaps)) == naive_grundy(ruleset, tuple(heaps))


def test_subtraction_code_matches_the_subtraction_ruleset() -> None:
    subtraction, rng = get("subtraction"), random.Random(4)
    for _ in range(30):
        chosen = tuple(sorted(rng.sample(range(1, 7), rng.randint(1, 3))))
        heaps = tuple(rng.randint(0, 25) for _ in range(2))
        octal = TakeAndBreakRuleset(TakeAndBreak.subtraction(chosen))
        assert octal.fast_grundy(heaps) == Solver(subtraction).grundy(
            subtraction.parse(f"{','.join(map(str, chosen))}:{','.join(map(str, heaps))}"))


def test_subtraction_games_by_their_sets() -> None:
    """S(1,3,4): 0, 1, 0, 1, 2, 3, 2 repeated (period 7 from 0; WW ch. 4)."""
    rule = TakeAndBreak.parse("S(1,3,4)")
    assert rule == TakeAndBreak.parse("{4, 1,3}") == TakeAndBreak.subtraction((1, 3, 4))
    assert str(rule) == "0.3033" and nim_sequence(rule, 14) == [0, 1, 0, 1, 2, 3, 2] * 2
    found = periodicity(rule, 40)
    assert found is not None and (found.period, found.preperiod, found.proved) == (7, 0, True)
    assert get("octal(S(1,2))").name == "octal(0.33)"
    lines = ok("values", "octal", "S(1,3,4)", "--to", "21").stdout.splitlines()
    assert lines[0] == "0.3033: G(0..20)" and "period 7, pre-period 0" in lines[-1]


@pytest.mark.parametrize("code", ["0.g", "1.7", "77", "0.7x", "0." + "7" * 70, "S()", "S(0,1)",
                                  "S(64)", "{1,x}", "S(²)", "S(" + "1," * 200 + "1)"])
def test_bad_codes_are_named(code: str) -> None:
    with pytest.raises(CodeError):
        TakeAndBreak.parse(code)


def test_registered_rulesets() -> None:
    assert get("octal(0.77)").fast_grundy((7, 5)) == get("kayles").fast_grundy((7, 5)) == 6
    assert get("octal(.07)").name == "octal(0.07)"
    assert get("dawsons-chess").fast_grundy((10,)) == DAWSONS_CHESS[10]
    game = get("grundys-game")
    assert Solver(game).grundy(game.parse("20")) == GRUNDYS_GAME[20]
    with pytest.raises(ParseError):
        get("octal(0.g)")


def test_cli_octal(tmp_path: Path) -> None:
    lines = ok("values", "octal", "0.77", "--to", "200").stdout.splitlines()
    assert lines[0] == "0.77: G(0..199)"
    assert lines[1].split()[1:] == [str(v) for v in KAYLES[:12]]
    assert "period 12, pre-period 71" in lines[-2] and "proved" in lines[-2]
    data = json.loads(ok("values", "octal", "0.07", "--to", "200", "--json").stdout)
    assert data["periodicity"]["period"] == 34 and data["values"][1:53] == list(DAWSONS_CHESS[:52])
    path = tmp_path / "kayles.png"
    ok("values", "octal", "0.77", "--to", "100", "--plot", str(path))
    assert path.read_bytes().startswith(b"\x89PNG")
    assert "no period found" in ok("values", "octal", "0.6", "--to", "40").stdout
    bad = run("values", "octal", "0.g")
    assert bad.exit_code == 2 and "take-and-break code" in bad.stderr
    slow = run("values", "octal", "0.77", "--to", "100000", "--max-seconds", "0.2")
    assert slow.exit_code == 3 and "time budget" in slow.stderr


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=5), st.sampled_from([0, 4]))
def test_native_octal_sequence_agrees_with_the_python_reference(tail: list[int],
                                                                head: int) -> None:
    """The native kernel (grundy._native.octal_sequence) behind nim_sequence, against
    python_nim_sequence on random octal codes, digits before the point included."""
    rule = TakeAndBreak.parse(f"{head}." + "".join(map(str, tail)))
    assert nim_sequence(rule, 120) == python_nim_sequence(rule, 120)
    assert nim_sequence(rule, 120, check=lambda: None) == python_nim_sequence(rule, 120)


def test_native_octal_sequence_stops_at_its_time_budget() -> None:
    with pytest.raises(BudgetExceeded, match="time budget"):
        nim_sequence(TakeAndBreak.parse("0.777"), 200_000, max_seconds=0.05)
