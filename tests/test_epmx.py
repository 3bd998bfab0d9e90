"""EPMX and superstar sums (Ferland 2024, Ch. 4; seed 001 L728-784): the EPMX ruleset
against direct minimax, Theorem 4.2.4 as a verified reduction, and the Lemma 4.2.3
strategy played against every reply."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import cache
from typing import Any, cast

import pytest

from grundy.protocol import GrundyError, Move, ParseError, PartizanRuleset, Player
from grundy.reductions import get as reduction
from grundy.reductions.epmx import epmx_to_superstars, three_sat_to_epmx
from grundy.reductions.verify import verify
from grundy.rulesets import get
from grundy.rulesets.formulas.epmx import x_wins
from grundy.rulesets.heaps.superstars import (
    StarSum,
    sum_wins_first,
    superstar_class,
    zero_game_move,
)
from grundy.search.partizan import PartizanSolver, first_player_wins, naive_value
from grundy.values import Outcome

EPMX = cast(PartizanRuleset[Any], get("epmx"))
STARS = cast(PartizanRuleset[Any], get("superstars"))
EXAMPLE = EPMX.examples[0]  # @113639


def test_epmx_solver_agrees_with_direct_minimax() -> None:
    rng = random.Random(14)
    seen = set()
    for _ in range(150):
        position = EPMX.random_position(rng, rng.randint(1, 4))
        outcome = PartizanSolver(EPMX).outcome(position)
        seen.add(outcome)
        assert (outcome in (Outcome.L, Outcome.N)) == x_wins(position, x_to_move=True)
        assert (outcome in (Outcome.L, Outcome.P)) == x_wins(position, x_to_move=False)
        assert EPMX.parse(EPMX.format(position)) == position
    assert {Outcome.L, Outcome.P, Outcome.R} <= seen


def test_thesis_example_maps_to_its_printed_sum_and_x_loses() -> None:
    """@113639: x0 = {*,*2,*16|0}, x1 = {*7,*4,*32|0}, y0 = {0|*,*2},
    y1 = {0|*10,*8,*9}, + *15; the sum is N and X loses whoever starts."""
    position = EPMX.parse(EXAMPLE)
    image = epmx_to_superstars(position)
    assert image == STARS.parse(STARS.examples[1])  # the paper's sum
    assert PartizanSolver(STARS).outcome(image) is Outcome.N
    assert PartizanSolver(EPMX).outcome(position) is Outcome.R


def test_theorem_4_2_4_verifies_and_the_printed_direction_is_one_way() -> None:
    """X wins with Y moving first iff the sum is L (the verifier's promise).  The
    printed "X wins going first ⇒ L or P" cannot be reversed: (x0a^y0a) is P in EPMX
    (X loses moving first) but its sum is L (docs/errata.md)."""
    report = verify(reduction("epmx-superstars"), instances=150, max_size=5)
    assert report.ok, report
    small = EPMX.parse("(x0a^y0a); x0:ab, y0:ab")
    image = epmx_to_superstars(small)
    assert STARS.format(image) == "{*2,*3,*8|0} + {0|*4,*5} + *7"  # dummy clauses 2, 4
    assert PartizanSolver(EPMX).outcome(small) is Outcome.P
    assert PartizanSolver(STARS).outcome(image) is Outcome.L
    with pytest.raises(GrundyError, match="before any variable is set"):
        epmx_to_superstars(EPMX.parse("(x0a^y0a); x0:ab=a, y0:ab"))


def test_direct_superstar_search_agrees_with_canonical_values() -> None:
    rng = random.Random(4)
    for _ in range(120):
        position = STARS.random_position(rng, rng.randint(1, 9))
        value = naive_value(STARS, position)
        for player in Player:
            assert sum_wins_first(position, player) == first_player_wins(value, player)


def random_sum(rng: random.Random) -> StarSum:
    """A sum of left-0, right-0, no-0 and equal-sided superstars plus heaps."""
    def side(zero: bool) -> tuple[int, ...]:
        return tuple(sorted({*rng.sample(range(1, 6), rng.randint(1, 2)), *([0] * zero)}))

    stars = []
    for _ in range(rng.randint(1, 5)):
        kind = rng.choice(["left-0", "right-0", "no-0", "nimber"])
        if kind == "nimber":
            same = side(rng.random() < 0.5)
            stars.append((same, same))
        else:
            stars.append((side(kind == "left-0"), side(kind == "right-0")))
    return StarSum(tuple(stars), tuple(rng.randint(0, 4) for _ in range(rng.randint(0, 2))))


def wins_against_every_reply(strategy: Callable[[StarSum, Player], Move | None],
                             position: StarSum, player: Player) -> bool:
    """Does ``player``, moving first and always playing ``strategy``, win whatever the
    opponent does?"""
    @cache
    def wins(here: StarSum, to_move: Player) -> bool:
        if to_move is player:
            children = dict(STARS.moves(here, player))
            move = strategy(here, player)
            return move in children and wins(children[move], player.opponent)
        return all(wins(child, player) for _, child in STARS.moves(here, to_move))

    return wins(position, player)


def lemma_applies(position: StarSum, player: Player) -> bool:
    classes = [superstar_class(star) for star in position.stars]
    mine, theirs = ("left-0", "right-0") if player is Player.LEFT else ("right-0", "left-0")
    return "both-0" not in classes and classes.count(mine) > classes.count(theirs)


def first_move(position: StarSum, player: Player) -> Move | None:
    return next((move for move, _ in STARS.moves(position, player)), None)


def test_lemma_4_2_3_strategy_wins_against_every_reply() -> None:
    rng = random.Random(423)
    checked = 0
    first_move_loses = 0
    for _ in range(700):
        position = random_sum(rng)
        for player in Player:
            if lemma_applies(position, player):
                checked += 1
                assert wins_against_every_reply(zero_game_move, position, player), (
                    STARS.format(position), player)
                first_move_loses += not wins_against_every_reply(first_move, position, player)
            else:
                assert zero_game_move(position, player) is None or (
                    "both-0" not in map(superstar_class, position.stars))
    assert checked > 300
    assert first_move_loses > 0  # the check can fail: a careless strategy does lose


def test_epmx_parse_errors() -> None:
    for text, message in [
        ("(x0a^y0a); x0:ab", "as many x-variables as y-variables"),
        ("(x0c); x0:ab, y0:ab", "declare x0 with state c"),
        ("(x0a); x0:ab, y0:ba", "in order"),
        ("(x0a); x0:ab=c, y0:ab", "not one of its states"),
        ("x0a; x0:ab, y0:ab", "write (x0a^y1b)"),
        ("(x0a); x0:ab, y0:ab; done", "only '; over'"),
        ("(z0a); x0:ab, y0:ab", "not a literal"),
    ]:
        with pytest.raises(ParseError, match=re.escape(message)):
            EPMX.parse(text)


def random_restricted_3cnf(rng: random.Random, variables: int) -> list[list[int]]:
    """Clauses of 1-3 distinct variables, each variable used at most 3 times."""
    uses = dict.fromkeys(range(1, variables + 1), 0)
    clauses = []
    for _ in range(rng.randint(1, variables + 1)):
        free = [v for v, k in uses.items() if k < 3]
        if not free:
            break
        chosen = rng.sample(free, min(len(free), rng.randint(1, 3)))
        for v in chosen:
            uses[v] += 1
        clauses.append([v if rng.random() < 0.5 else -v for v in chosen])
    return clauses


def satisfiable(clauses: list[list[int]], variables: int) -> bool:
    return any(all(any((lit > 0) == bool(bits >> (abs(lit) - 1) & 1) for lit in clause)
                   for clause in clauses) for bits in range(1 << variables))


def test_theorem_4_2_5_three_sat_to_epmx_on_small_formulas() -> None:
    rng = random.Random(425)
    seen = set()
    for _ in range(120):
        variables = rng.randint(1, 4)
        clauses = random_restricted_3cnf(rng, variables)
        game = three_sat_to_epmx(clauses, variables)
        truth = satisfiable(clauses, variables)
        seen.add(truth)
        assert x_wins(game, x_to_move=True) is truth, clauses
        assert x_wins(game, x_to_move=False) is truth, clauses
    assert seen == {True, False}
    five = three_sat_to_epmx([[1, 2], [-1, 3], [-1, -2, -3]], 3)
    assert five.x_states[0] == 5  # x1: once positive, twice negative: states a-e
    with pytest.raises(GrundyError, match="at most 3"):
        three_sat_to_epmx([[1], [1], [-1], [1, 2]], 2)
