"""Divisors and Hackendot, the named poset games of seed 003 (L61)."""

from __future__ import annotations

import random

import pytest

from grundy.protocol import ImpartialRuleset, ParseError
from grundy.rulesets import get
from grundy.search import Solver
from grundy.search.naive import naive_grundy

DIVISORS = get("divisors")
HACKENDOT = get("hackendot")
CHOMP = get("chomp")
assert isinstance(DIVISORS, ImpartialRuleset) and isinstance(HACKENDOT, ImpartialRuleset)
assert isinstance(CHOMP, ImpartialRuleset)


@pytest.mark.parametrize("game", [DIVISORS, HACKENDOT], ids=lambda g: g.name)
def test_round_trip_solver_and_moves(game: ImpartialRuleset[object]) -> None:
    for text in game.examples:
        assert game.format(game.parse(text)) == text
    rng = random.Random(game.name)
    for size in range(0, 7):
        for _ in range(6):
            position = game.random_position(rng, size)
            assert game.parse(game.format(position)) == position
            assert Solver(game).grundy(position) == naive_grundy(game, position)
            for move, child in game.moves(position):
                assert game.play(position, game.parse_move(position, game.format_move(move))) \
                    == child
    assert game.render_svg(position).startswith("<svg")


@pytest.mark.parametrize(("rows", "columns"), [(1, 1), (1, 4), (2, 2), (2, 5), (3, 3), (3, 4)])
def test_divisors_of_2a_3b_is_chomp(rows: int, columns: int) -> None:
    """Cell (i, j) of the bar is the divisor 2^i 3^j; the poisoned corner is 1."""
    number = 2 ** (rows - 1) * 3 ** (columns - 1)
    assert Solver(DIVISORS).grundy(DIVISORS.parse(str(number))) == \
        Solver(CHOMP).grundy(CHOMP.parse(f"{rows}x{columns}"))


def test_chains_are_nim_heaps() -> None:
    for k in range(6):
        assert naive_grundy(DIVISORS, DIVISORS.parse(str(3**k))) == k
        path = ",".join(["-", *map(str, range(k - 1))]) if k else ""
        assert naive_grundy(HACKENDOT, HACKENDOT.parse(path)) == k


def test_a_top_element_means_a_first_player_win() -> None:
    """Strategy stealing: N is above every divisor, a root above its whole tree."""
    for number in range(2, 80):
        assert Solver(DIVISORS).grundy(DIVISORS.parse(str(number))) != 0, number
    rng = random.Random(5)
    for _ in range(30):
        n = rng.randint(1, 9)
        tree = ",".join(["-", *(str(rng.randrange(x)) for x in range(1, n))])
        assert Solver(HACKENDOT).grundy(HACKENDOT.parse(tree)) != 0, tree


def test_moves_and_taken_divisors() -> None:
    position = DIVISORS.parse("12; taken=4")
    assert [DIVISORS.format_move(m) for m, _ in DIVISORS.moves(position)] == ["2", "3", "6"]
    assert DIVISORS.format(DIVISORS.play(position, 2)) == "12; taken=2"
    tree = HACKENDOT.parse("-,0,0,1")
    after = HACKENDOT.play(tree, 3)  # node 3 and its path 1, 0 go: node 2 stays alone
    assert HACKENDOT.format(after) == "-,0,0,1; removed=0,1,3"
    assert naive_grundy(HACKENDOT, after) == 1


@pytest.mark.parametrize(("game", "text", "message"), [
    (DIVISORS, "0", "whole number"), (DIVISORS, "12; taken=5", "not a divisor"),
    (DIVISORS, "12; gone=2", "taken="), (DIVISORS, "720720", "divisors"),
    (HACKENDOT, "-,5", "parent of node 1"), (HACKENDOT, "1,0", "cycle"),
    (HACKENDOT, "-,0; removed=1", "ancestor 0"),
])
def test_errors_name_the_problem(game: ImpartialRuleset[object], text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        game.parse(text)


def test_divisor_keys_are_exponent_vectors_and_sound() -> None:
    """12 = 2^2·3 and 18 = 2·3^2 have isomorphic divisor posets: one key, one value; the
    key of 360360's 191 divisors > 1 is cheap where nauty took minutes (the fuzz test)."""
    divisors = get("divisors")
    twelve, eighteen = divisors.parse("12; taken=4"), divisors.parse("18; taken=9")
    assert divisors.key(twelve) == divisors.key(eighteen)
    solver = Solver(divisors, engine="python")  # type: ignore[arg-type]
    fresh = Solver(divisors, engine="python")  # type: ignore[arg-type]
    assert solver.grundy(twelve) == fresh.grundy(eighteen)
    assert divisors.key(divisors.parse("12")) != divisors.key(divisors.parse("16"))
    big = divisors.parse("360360")
    assert len(divisors.key(big)[1]) == big.alive.bit_count() == 191
