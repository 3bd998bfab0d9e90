"""Parity switches of unrestricted Atropos (Burke 2009, §4.2; seed 004 L985-1028):
switch plays, A-switches, the search of small boards and its command."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cli.main import cli
from grundy.protocol import GrundyError
from grundy.rulesets import get
from grundy.rulesets.atropos.board import COLOURS, UNCOLOURED, board
from grundy.rulesets.atropos.rules import (
    AtroposPosition,
    bad_triangles,
    colour_cell,
    parse_position,
    safe_colours,
)
from grundy.rulesets.atropos.switches import (
    a_switches,
    b_switches,
    find_switches,
    is_a_switch,
    ring,
    ring_pattern,
    safe_colourings,
    switch_plays,
)

#: Hand-built: the circle 2,2 of the size-4 board ringed G, R, B, G, R, B.
HAND_BUILT = "./RB/G.G/.BR."


def test_a_hand_built_switch_is_found() -> None:
    position = parse_position(HAND_BUILT)
    assert is_a_switch(position, (2, 2))
    assert a_switches(position) == [(2, 2)]
    assert sorted(switch_plays(position)) == [((2, 2), c, 2) for c in COLOURS]
    assert ring_pattern(position, (2, 2)) == "abcabc"
    # a ring circle uncoloured: no longer a switch, though a play there may still be one
    opened = position._replace(colours=tuple(
        UNCOLOURED if k == position.board.index[(3, 1)] else c
        for k, c in enumerate(position.colours)))
    assert a_switches(opened) == [] and not is_a_switch(opened, (2, 2))


def is_b_switch(position: AtroposPosition, t: tuple[int, int], u: tuple[int, int]) -> bool:
    """The B-switch definition, checked directly with the rules' safe colours."""
    b = position.board
    if u not in ring(b, t) or any(position.colours[b.index[c]] for c in (t, u)):
        return False
    others = [x for x in ring(b, u) + ring(b, t) if x not in (t, u)]
    safe = safe_colours(position, u)
    return (not safe_colours(position, t) and len(safe) == 1
            and all(b.colour_of(x, position.colours) for x in others)
            and is_a_switch(colour_cell(position, (*u, safe[0])), t))


#: Hand-built B-switch: 2,2 is dead, 1,3 can only be blue, which makes 2,2 an A-switch.
HAND_BUILT_B = "./RB/G.G/.R.B"


def test_a_hand_built_b_switch_is_found() -> None:
    position = parse_position(HAND_BUILT_B)
    assert b_switches(position) == [((2, 2), (1, 3), COLOURS[1])]
    assert is_b_switch(position, (2, 2), (1, 3))
    assert a_switches(position) == []
    after = colour_cell(position, (1, 3, COLOURS[1]))
    assert a_switches(after) == [(2, 2)]


def brute_force(n: int) -> list[AtroposPosition]:
    """Every colouring of the open circles (4^circles) with no bad triangle, by the
    board's own bad-triangle test: independent of ``safe_colourings``."""
    size = board(n).size
    every = (AtroposPosition(n, colours)
             for colours in itertools.product((UNCOLOURED, *COLOURS), repeat=size))
    return [p for p in every if not bad_triangles(p)]


@pytest.mark.parametrize("n", [1, 2, 3])
def test_none_where_exhaustive_analysis_finds_none(n: int) -> None:
    """Sizes 1-3: the search visits exactly the brute force's positions, and neither
    it nor the definition, tried on every uncoloured circle, finds an A-switch."""
    positions = brute_force(n)
    assert sorted(p.colours for p in safe_colourings(n)) == sorted(p.colours for p in positions)
    report = find_switches(n)
    assert report.complete and report.positions == len(positions)
    assert report.with_a_switch == 0 and report.witnesses == {}
    assert report.with_b_switch == 0 and report.b_witness is None
    b = board(n)
    assert not any(is_a_switch(p, cell) for p in positions for cell in b.cells)
    assert not any(is_b_switch(p, t, u) for p in positions for t in b.cells for u in b.cells)


def test_size_4_has_the_two_a_switch_rings_each_rechecked() -> None:
    """The smallest board with A-switches: every witness meets the definition (bad
    triangles counted on the board after each colour), with exactly two bad triangles
    whatever the colour; the two rings are the two A-switches of Fig 4.23."""
    report = find_switches(4)
    assert report.complete
    assert sorted(report.witnesses) == ["abacbc", "abcabc"]
    for position, cell in report.witnesses.values():
        assert is_a_switch(position, cell)
        b = position.board
        assert all(b.colour_of(x, position.colours) for x in ring(b, cell))
        for colour in COLOURS:
            assert len(bad_triangles(colour_cell(position, (*cell, colour)))) == 2
    assert report.with_a_switch > 0 and report.with_b_switch > 0
    assert report.b_witness is not None
    position, (t, u, colour) = report.b_witness
    assert is_b_switch(position, t, u) and safe_colours(position, u) == (colour,)
    limited = find_switches(4, max_positions=10)
    assert not limited.complete and limited.positions == 10


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_switch_plays_match_the_bad_triangles_made(seed: int) -> None:
    """Each play's count of bad triangles (the fast count around the circle) against the
    board's bad triangles after the play, on random positions of boards up to size 4."""
    ruleset = get("unrestricted-atropos")
    position = ruleset.random_position(random.Random(seed), 12)
    plays = {(cell, colour): made for cell, colour, made in switch_plays(position)}
    b = position.board
    for k, cell in enumerate(b.cells):
        if position.colours[k] == UNCOLOURED:
            for colour in COLOURS:
                made = len(bad_triangles(colour_cell(position, (*cell, colour))))
                assert plays.get((cell, colour), 0) == (made if made and made % 2 == 0 else 0)
            assert (cell in a_switches(position)) == is_a_switch(position, cell)


def test_the_command_and_the_picture() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["solve", "atropos", "switches", "3", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["complete"] and data["a_switches"] == [] and data["positions"] == 164
    result = runner.invoke(cli, ["solve", "atropos", "switches", HAND_BUILT, "--json"])
    assert json.loads(result.output)["a_switches"] == [[2, 2]]
    result = runner.invoke(cli, ["solve", "atropos", "switches", HAND_BUILT])
    assert result.exit_code == 0 and "A-switches: 2,2" in result.output
    result = runner.invoke(cli, ["solve", "atropos", "switches", HAND_BUILT_B, "--json"])
    assert json.loads(result.output)["b_switches"] == [
        {"dead": [2, 2], "forced": [1, 3], "colour": "B"}]
    result = runner.invoke(cli, ["solve", "atropos", "switches", "0"])
    assert result.exit_code != 0 and "board size 0" in result.output
    with pytest.raises(GrundyError, match="bad triangle"):
        switch_plays(parse_position("./RB/GBG/.BR."))
    unrestricted, restricted = get("unrestricted-atropos"), get("atropos")
    assert "parity switch at 2,2" in unrestricted.render_svg(
        unrestricted.parse(HAND_BUILT))
    assert "parity switch" not in restricted.render_svg(restricted.parse(HAND_BUILT))
