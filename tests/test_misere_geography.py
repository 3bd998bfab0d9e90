"""Misère play on the Theorem 3.2.1 gadget (Ferland 2024, §3.5, seed 001 @77611):
claims (1) and (2) hold by misère search, claim (3) fails because of the pendant leaf."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

from grundy.protocol import ImpartialRuleset
from grundy.reductions.misere_geography import gadget_claims
from grundy.rulesets import get
from grundy.values import Outcome

GEOGRAPHY = get("geography")
UNDIRECTED = cast(ImpartialRuleset[Any], get("undirected-geography"))


def test_claims_one_and_two_hold_and_three_fails_on_random_digraphs() -> None:
    rng = random.Random(3511)
    tally: Counter[tuple[int, bool]] = Counter()
    for size in range(1, 5):
        for _ in range(12):
            for check in gadget_claims(GEOGRAPHY.random_position(rng, size)):
                tally[check.claim, check.holds] += 1
                if check.claim == 3:  # the leaf is the only move left, and it loses
                    assert check.found is Outcome.P
                    assert len(list(UNDIRECTED.moves(check.position))) == 1
    assert set(tally) == {(1, True), (2, True), (3, False)}
    assert tally[1, True] > 50 and tally[2, True] > 50


def test_smallest_counterexample_to_claim_three() -> None:
    """One vertex, no arcs: after the prelude the token's only move is to its leaf."""
    [check] = gadget_claims(GEOGRAPHY.parse("1;;start=0"))
    assert check.claim == 3 and check.printed is Outcome.N and check.found is Outcome.P
    assert UNDIRECTED.format(check.position) == "6;0-1,0-4,2-3,2-4,4-5;start=0;removed=2,4"
