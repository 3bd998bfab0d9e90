"""The verifier's exhaustive pass over every small source position."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from grundy.reductions import get as reduction
from grundy.reductions.transverse_wave import same_grid
from grundy.reductions.verify import verify
from grundy.rulesets import get
from grundy.search.naive import naive_grundy


@pytest.mark.parametrize(
    ("name", "size", "count"),
    [("transverse-wave", 4, 3 * 16), ("nim", 4, 8), ("boolean-nim", 3, 8), ("node-kayles", 3, 8)],
)
def test_small_positions_enumerate_every_position_once(name: str, size: int, count: int) -> None:
    ruleset = get(name)
    positions: list[Any] = list(ruleset.small_positions(size))
    assert len(positions) == count == len(set(positions))
    assert all(ruleset.parse(ruleset.format(p)) == p for p in positions)


def test_a_broken_map_is_caught_at_the_smallest_size() -> None:
    """Transverse Wave -> Crosswise AND without complementing the cells is wrong; the
    exhaustive pass reports a one-cell grid before any random instance is drawn."""
    correct = reduction("transverse-wave->crosswise-and")
    broken = dataclasses.replace(correct, map_position=same_grid)
    report = verify(broken, instances=0, exhaustive=2)
    assert not report.ok
    assert report.counterexample in {"P", "G"}
    grid = get("transverse-wave").parse(report.counterexample or "")
    crosswise = get("crosswise-and")
    assert naive_grundy(get("transverse-wave"), grid) != naive_grundy(crosswise, grid)


def test_every_registered_reduction_passes_the_exhaustive_pass() -> None:
    from grundy.reductions import all_reductions

    for r in all_reductions():
        assert verify(r, instances=0, exhaustive=3).ok, r.name


def test_outcome_relations_of_seed_003_are_registered_and_checked() -> None:
    """G_pos -> G*_pos swaps the winner (003 L308): the verifier confirms it, and the
    same map with the promise negated ("same winner") is refuted."""
    swap = reduction("g-pos->g-pos-star")
    assert verify(swap, instances=20).ok
    assert verify(reduction("g-pos-star->col"), instances=10, max_size=3).ok
    promise = swap.promise
    assert promise is not None
    same = dataclasses.replace(swap, promise=lambda a, b: not promise(a, b))
    assert not verify(same, instances=20).ok
