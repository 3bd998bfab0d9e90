"""The habitat (values over all positions up to a size): search against the naive
reference, and the ``grundy habitat`` command."""

from __future__ import annotations

from typing import Any, cast

import pytest
from click.testing import CliRunner

from grundy.cli.main import cli
from grundy.protocol import GrundyError, ImpartialRuleset
from grundy.rulesets import get
from grundy.search.habitat import habitat
from grundy.search.naive import naive_grundy


@pytest.mark.parametrize(("name", "size"), [("kayles", 9), ("node-kayles", 4), ("nim", 5)])
def test_habitat_matches_naive_values(name: str, size: int) -> None:
    rules = cast(ImpartialRuleset[Any], get(name))
    steps = habitat(rules, size)
    expected: set[int] = set()
    for step in steps:
        positions = list(rules.small_positions(step.size))
        values = {naive_grundy(rules, p) for p in positions}
        assert step.positions == len(positions)
        assert set(step.new) == values - expected
        expected |= values
        assert set(step.habitat) == expected


def test_habitat_command_and_its_error() -> None:
    result = CliRunner().invoke(cli, ["values", "habitat", "kayles", "--max-size", "5"])
    assert result.exit_code == 0, result.output
    assert "new: *4" in result.output.splitlines()[4]
    with pytest.raises(GrundyError, match="small_positions"):
        habitat(get("epmx"), 3)
    result = CliRunner().invoke(cli, ["values", "habitat", "epmx"])
    assert result.exit_code != 0 and "small_positions" in result.output
