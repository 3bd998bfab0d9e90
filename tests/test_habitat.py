"""The habitat (values over all positions up to a size): search against the naive
reference, and the ``grundy habitat`` command."""

from __future__ import annotations

from typing import Any, cast

import pytest
from click.testing import CliRunner

from grundy.cli.main import cli
from grundy.protocol import GrundyError, ImpartialRuleset, PartizanRuleset
from grundy.rulesets import get
from grundy.search.habitat import habitat
from grundy.search.naive import naive_grundy
from grundy.search.partizan import naive_value
from grundy.values import parse


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


@pytest.mark.parametrize(("name", "size"), [
    ("domineering", 5), ("toads-and-frogs", 4), ("snort", 4), ("col", 4),
    ("black-white-col", 3), ("black-white-node-kayles", 4), ("black-white-poset", 3),
])
def test_partizan_habitat_matches_naive_values(name: str, size: int) -> None:
    """Partizan habitats (Ferland 2024, §2.3.2): the search's canonical values against
    the naive game tree's, size by size."""
    rules = cast(PartizanRuleset[Any], get(name))
    steps = habitat(rules, size)
    expected: set[object] = set()
    for step in steps:
        values = {naive_value(rules, p) for p in rules.small_positions(step.size)}
        count = rules.count_small_positions(step.size)
        assert count is None or step.positions == count
        assert set(step.new) == values - expected
        expected |= values
        assert set(step.habitat) == expected


@pytest.mark.parametrize(("name", "counts"), [
    ("domineering", [1, 2, 6, 19, 63, 216]),  # fixed polyominoes, OEIS A001168
    ("poset", [1, 2, 7, 40, 357]),  # naturally labelled posets, OEIS A006455
    ("toads-and-frogs", [3, 9, 27, 81]),
    ("snort", [1, 2, 8, 64]),
])
def test_small_positions_are_counted_as_published(name: str, counts: list[int]) -> None:
    rules = get(name)
    assert [sum(1 for _ in rules.small_positions(n)) for n in range(1, len(counts) + 1)] \
        == counts


@pytest.mark.parametrize(("name", "size", "present", "absent"), [
    # Uncoloured Col positions are 0 or * (Berlekamp, Conway & Guy 1982, ch. 2).
    ("col", 4, [], ["1", "-1", "1/2", "^"]),
    # Black-white posets take numbers only (Fenner et al. 2015, Prop 2.1); halves at 2.
    ("black-white-poset", 2, ["1/2", "-1/2", "2"], ["*", "^"]),
    # Snort: a lone edge is the switch +-1 (each token reserves the other end).
    ("snort", 2, ["+-1", "*"], ["1", "-1"]),
    # Domineering's trominoes: straight ones are 1 and -1, an L is {0|0} = *.
    ("domineering", 3, ["1", "-1", "*", "0"], ["+-1"]),
])
def test_partizan_habitats_hold_the_known_values(name: str, size: int, present: list[str],
                                                 absent: list[str]) -> None:
    found = set(habitat(get(name), size)[-1].habitat)
    assert {parse(v) for v in present} <= found
    assert not {parse(v) for v in absent} & found


def test_habitat_command_takes_partizan_rulesets() -> None:
    result = CliRunner().invoke(cli, ["habitat", "black-white-poset", "--max-size", "2",
                                      "--json"])
    assert result.exit_code == 0, result.output
    assert "1/2" in result.output
