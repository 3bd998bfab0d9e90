"""The feature table (issue 26 item 5): generated from the registry and from
``grundy.features.OPERATIONS``, and never stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.features import OPERATIONS, RULESETS, Feature, page, resolve, ruleset_rows
from grundy.rulesets import all_rulesets

PAGE = Path(__file__).resolve().parents[1] / "docs" / "features.md"


def test_the_committed_page_is_the_generated_one() -> None:
    assert PAGE.read_text(encoding="utf-8") == page(), (
        "docs/features.md is stale: run python -m grundy.features > docs/features.md")


@pytest.mark.parametrize("feature", [f for f in OPERATIONS if f.grundy], ids=lambda f: f.name)
def test_every_operation_names_the_code_that_computes_it(feature: Feature) -> None:
    """``resolve`` raises for a name the code does not have."""
    assert resolve(feature.grundy) is not None


def test_every_registered_ruleset_is_a_row_and_the_others_follow() -> None:
    rows = ruleset_rows()
    names = [ruleset.name for ruleset in all_rulesets()]
    assert [row.grundy for row in rows[:len(names)]] == names
    missing = [row.name for row in rows[len(names):]]
    assert missing == [name for name in RULESETS if name not in names]
    assert all(any(row.cells()) for row in rows[len(names):])


def test_resolve_refuses_what_does_not_exist() -> None:
    with pytest.raises(AttributeError):
        resolve("grundy.values.game.Game.no_such_operation")
    with pytest.raises(ImportError):
        resolve("nowhere.at.all")
