"""Thm 2.5.2 (Ferland 2024, @55229): the outcome of a sum of many constant-size games by
count vectors, against the outcome of the canonical sum."""

from __future__ import annotations

import itertools
import random

from grundy.values import Game
from grundy.values.count_vectors import CountVectorSum, sum_outcome


def born_by_day_two() -> list[Game]:
    games = [Game.zero()]
    for _ in range(2):
        sides = [s for k in range(len(games) + 1) for s in itertools.combinations(games, k)]
        games = list({Game.of(left, right) for left in sides for right in sides})
    return games


def canonical_outcome(games: list[Game]) -> object:
    total = Game.zero()
    for game in games:
        total = total + game
    return total.outcome()


def test_count_vectors_agree_with_the_canonical_sum() -> None:
    day2 = born_by_day_two()
    assert len(day2) == 22  # @54536
    rng = random.Random(252)
    seen = set()
    for _ in range(250):
        games = [rng.choice(day2) for _ in range(rng.randint(0, 6))]
        outcome = sum_outcome(games)
        seen.add(outcome)
        assert outcome == canonical_outcome(games)
    assert len(seen) == 4


def test_many_copies_of_few_games_stay_small() -> None:
    """Many games of 3 kinds: the search visits count vectors, not products."""
    rng = random.Random(7)
    day2 = born_by_day_two()
    for _ in range(5):
        kinds = rng.sample(day2, 3)
        games = [rng.choice(kinds) for _ in range(10)]
        search = CountVectorSum(games)
        assert search.outcome() == canonical_outcome(games)
        followers = len(search.games)
        assert len(search.table) <= 2 * (11 ** followers)
