"""Hostile position texts against every registered ruleset (issue 19 item 1).

Each input either parses or raises ParseError; on success the position round-trips
through its text, and formatting, keying, its first moves and its picture (or a
one-line TooBig refusal) all finish within ``SECONDS_PER_INPUT``.  Moves are generated
under a time budget, as the front ends generate them: a move generator that searches
(proof Dictator, quantum moves) stops with "not within the budget" (issue 30).
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from fuzz_support import (
    EXAMPLES,
    SECONDS_PER_INPUT,
    hostile_texts,
    memory_limit,
    time_limit,
)
from grundy.protocol import ImpartialRuleset, ParseError, Player, TooBig
from grundy.rulesets import all_rulesets
from grundy.search import Budget, BudgetExceeded

RULESETS = {ruleset.name: ruleset for ruleset in all_rulesets()}
#: Address space one input may add: far more than any position within its ruleset's
#: limits needs; a parser that builds what the text claims runs out of it.
MAX_GROWTH = 1 << 30


def exercise(ruleset: Any, text: str) -> None:
    """Parse ``text`` and, if it is a position, use it the way the front ends do."""
    try:
        position = ruleset.parse(text)
    except ParseError as error:
        assert "\n" not in str(error).strip()
        assert "in memory" not in str(error), f"{text[:60]!r} was built before its size checked"
        return
    written = ruleset.format(position)
    assert ruleset.parse(written) == position, f"{written!r} does not round-trip"
    ruleset.key(position)
    try:  # as the front ends do: move generation that searches stops with the budget
        with Budget(max_seconds=SECONDS_PER_INPUT / 2).active():
            if isinstance(ruleset, ImpartialRuleset):
                legal = list(itertools.islice(ruleset.moves(position), 301))
            else:
                legal = list(itertools.islice(ruleset.moves(position, Player.LEFT), 301))
    except BudgetExceeded as stopped:
        assert "\n" not in str(stopped)
        legal = []
    for _, child in legal[:20]:
        ruleset.format(child)
    try:
        ruleset.render_svg(position)
    except TooBig as refusal:
        assert "\n" not in str(refusal).strip()


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_parser_survives_hostile_text(name: str) -> None:
    ruleset = RULESETS[name]

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(hostile_texts(ruleset.examples))
    def run(text: str) -> None:
        with memory_limit(MAX_GROWTH), time_limit(SECONDS_PER_INPUT, f"{name} on {text[:60]!r}"):
            exercise(ruleset, text)

    run()


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_example_round_trips(name: str) -> None:
    ruleset = RULESETS[name]
    for text in ruleset.examples:
        with time_limit(SECONDS_PER_INPUT, f"{name} example {text!r}"):
            exercise(ruleset, text)
