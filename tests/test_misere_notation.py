"""Misère canonical forms in CGSuite's notation (``MisereGame.parse`` of ``*[...]`` and
``MisereGame.cgsuite``): every instance CGSuite's own test table asserts (facts only,
each row citing its file and instance), and round trips on random games."""

from __future__ import annotations

import json

import pytest

from grundy.values.misere import MisereError, MisereGame, games_born_by
from test_cli import ok, run

TABLE = "CGSuite lib/core/src/test/scala/org/cgsuite/lang/MisereCanonicalGameTestCase.scala"

#: (CGSuite's input, its printed form, birthday, genus, misère outcome, misère nim value,
#: nim value, options as printed), one row per MisereCanonicalGameTestCase instance
ROWS = [
    ("*[0]", "*[0]", 0, "0", "N", 1, 0, []),
    ("*[1]", "*[1]", 1, "1", "P", 0, 1, ["*[0]"]),
    ("*[2]", "*[2]", 2, "2", "N", 2, 2, ["*[0]", "*[1]"]),
    ("*[[2]]", "*[2#]", 3, "0^0", "P", 0, 0, ["*[2]"]),
    ("*[[[2]]]", "*[2##]", 4, "1^1", "N", 1, 1, ["*[2#]"]),
    ("*[2]+*[2]", "*[2[2]]", 4, "0^0", "P", 0, 0, ["*[2]", "*[3]"]),
    ("*[[*[2]+*[[2]]]]", "*[2[#2#]]", 6, "0^0", "P", 0, 0, ["*[2[#2]]"]),
    ("*[[2],0]", "*[2#0]", 4, "1^2", "N", 2, 1, ["*[0]", "*[2#]"]),  # also "Restive"
    ("*[[2],1]", "*[2#1]", 4, "2^1420", "N", 1, 2, ["*[1]", "*[2#]"]),  # "Restless"
    ("*[[*[4]+*[2]]]", "*[4[2#]]", 7, "0^0", "P", 0, 0, ["*[4[2]]"]),  # "Multiple partitions"
    ("*[[[2]],[[2],1]]", "*[(2#1)2##]", 5, "0^0", "P", 0, 0, ["*[2##]", "*[2#1]"]),
    ("*[[[2]],[[[2],0],0,1]]", "*[((2#0)10)2##]", 6, "0^0", "P", 0, 0,
     ["*[2##]", "*[(2#0)10]"]),
    ("*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]", "*[((2#0)2[#1]2#)(2#1)[1]]", 6, "0^120",
     "N", 1, 0, ["*[(2#1)[1]]", "*[(2#0)2[#1]2#]"]),
    ("*[[[2],2,0],[[2],3],1]", "*[(2#20)2[#1]1]", 5, "0^2", "N", 2, 0,
     ["*[1]", "*[2[#1]]", "*[2#20]"]),
]


@pytest.mark.parametrize(
    ("text", "printed", "birthday", "genus", "outcome", "misere_value", "nim_value",
     "options"), ROWS, ids=[row[0] for row in ROWS])
def test_cgsuite_misere_canonical_game_instances(
        text: str, printed: str, birthday: int, genus: str, outcome: str,
        misere_value: int, nim_value: int, options: list[str]) -> None:
    """TABLE, the instance whose input is ``text``."""
    game = MisereGame.parse(text)
    assert game.cgsuite() == printed, TABLE
    assert game.birthday == birthday
    assert game.cgsuite_genus() == genus
    assert ("P" if game.is_p else "N") == outcome
    assert (game.misere_value(), game.nim_value()) == (misere_value, nim_value)
    assert sorted(x.cgsuite() for x in game.options) == sorted(options)


def test_the_tutorial_examples() -> None:
    """CGSuite's misère-theory tutorial (lib/core/src/main/resources/org/cgsuite/help/
    docs/tutorials/advanced-topics/misere-theory.cgsh): *[42] has the options *[4] and
    *[2]; 2# is the game whose only option is *[2]; 2[2] is *[2] + *[2]; 2[#2#] is the
    game whose only option is 2# + *[2]."""
    four_two = MisereGame.of([MisereGame.nimber(4), MisereGame.nimber(2)])
    assert four_two.cgsuite() == "*[42]" and MisereGame.parse("*[4,2]") is four_two
    two = MisereGame.nimber(2)
    sharp = MisereGame.of([two])
    assert sharp.cgsuite() == "*[2#]" and (two + two).cgsuite() == "*[2[2]]"
    assert MisereGame.of([sharp + two]).cgsuite() == "*[2[#2#]]"


def test_cgsuite_input_and_braces_agree() -> None:
    assert MisereGame.parse("*[[2],0]") is MisereGame.parse("{{*2},0}")
    assert MisereGame.parse("*[]") is MisereGame.zero()
    assert MisereGame.parse("*[[]]") is MisereGame.zero()  # {} is 0
    assert MisereGame.parse("*[3]") is MisereGame.nimber(3)


def test_distinct_games_print_distinct_forms() -> None:
    """Every game born by day 4, every sum of two and every game with two of them as
    options: one printed form each (the notation names games, no two alike)."""
    day4 = games_born_by(4)
    games = set(day4) | {g + h for g in day4 for h in day4} | {
        MisereGame.of([g, h]) for g in day4 for h in day4}
    printed = {g.cgsuite() for g in games}
    assert len(printed) == len(games) > 400


@pytest.mark.parametrize(("text", "words"), [
    ("*[2", "close"), ("*[[2],0", "close"), ("*[2 3]", "separate list entries"),
    ("*[99]", "too large")])
def test_bad_cgsuite_text_is_one_line(text: str, words: str) -> None:
    with pytest.raises(MisereError, match=words):
        MisereGame.parse(text)


def test_calc_and_values_print_the_cgsuite_form() -> None:
    lines = ok("calc", "*[2]+*[2]").stdout.splitlines()
    assert lines == ["*[2[2]]", "misère P: genus 0^0, simplest form {*2,*3}"]
    data = json.loads(ok("calc", "*[[2],1]", "--json").stdout)
    assert (data["value"], data["genus"], data["misere_outcome"]) == ("*[2#1]", "2^1420", "N")
    assert "cgsuite: *[2#0]" in ok("values", "misere", "*[[2],0]").stdout
    assert "cgsuite: *[2[2]]" in ok("values", "misere", "*2+*2").stdout
    result = run("calc", "*[2")
    assert result.exit_code == 2 and "close" in result.output
