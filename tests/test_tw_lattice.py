"""The Transverse Wave lattice (seed 000): Friend Circle, Demographic Influence, Power
Station, Hydropipe, the registered reductions, the verifier, the lattice and the CLI."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from click.testing import CliRunner, Result

from grundy.cli.main import cli
from grundy.reductions import Kind, all_reductions
from grundy.reductions import get as reduction
from grundy.reductions.lattice import FIGURE_11, build, composites
from grundy.reductions.transverse_wave import avoid_true_to_dqbn, dqbn_to_avoid_true, row_product
from grundy.reductions.verify import check, verify
from grundy.rulesets import ImpartialRuleset, ParseError, get
from grundy.rulesets.transverse_wave.rules import triangle
from grundy.search import Solver
from grundy.search.naive import naive_grundy
from grundy.values import format_nimber


def ruleset(name: str) -> ImpartialRuleset[Any]:
    found = get(name)
    assert isinstance(found, ImpartialRuleset)
    return found


TW = ruleset("transverse-wave")
NEW = ["friend-circle", "demographic-influence", "power-station", "hydropipe"]


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


# -- rulesets -------------------------------------------------------------------------
@pytest.mark.parametrize("name", NEW)
def test_round_trip_moves_and_solver(name: str) -> None:
    game = ruleset(name)
    rng = random.Random(name)
    for text in game.examples:
        assert game.format(game.parse(text)) == text
    for size in range(1, 7):
        for _ in range(8):
            position = game.random_position(rng, size)
            assert game.parse(game.format(position)) == position
            assert Solver(game).grundy(position) == naive_grundy(game, position)
            for move, child in game.moves(position):
                label = game.parse_move(position, game.format_move(move))
                assert game.play(position, label) == child
    assert game.render_svg(position).startswith("<svg")
    assert game.render_text(position)
    assert game.citation.paper.key == "burke-ferland-teng-2021"


def test_friend_circle_cascade_uses_old_colours() -> None:
    """Seed 0 has t-edge 0-3: 3's edges turn t; its f-edge 0-2 turns t; 1-3 turns t."""
    fc = ruleset("friend-circle")
    after = fc.play(fc.parse("4;0-2,1-3;0-3;seeds=0,1"), 0)
    assert fc.format(after) == "4;;0-2,0-3,1-3;seeds=0,1"


def test_demographic_influence_one_cascade_step() -> None:
    di = ruleset("demographic-influence")
    # D0 = {0, 1}; c = 1 takes vertex 1 from 0 to -1, which influences 0 and 2.
    after = di.play(di.parse("3;0-1,1-2;D=0,1/2;theta=2,0,1"), (0, 1))
    assert di.format(after) == "3;0-1,1-2;D=0,1/2;theta=-1,-1,-1"
    # Only vertices crossing from >= 0 to < 0 cascade: 1 is already negative.
    after = di.play(di.parse("3;0-1,1-2;D=1,2/0;theta=5,-1,3"), (0, 1))
    assert di.format(after) == "3;0-1,1-2;D=1,2/0;theta=5,-1,2"


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("friend-circle", "3;0-1;0-1;seeds=0", "both f and t"),
        ("friend-circle", "3;0-1", "seeds="),
        ("demographic-influence", "3;0-1;D=0;theta=1,2", "2 thresholds for 3 vertices"),
        ("demographic-influence", "3;0-1;theta=1,2,3", "D="),
        ("power-station", "0,1/0;token=0;batteries=0,1", "holds a battery"),
        ("power-station", "0,1/0;batteries=1", "missing token"),
        ("hydropipe", "x;0,1;water=0;cleaner=1", "vertex count"),
        ("hydropipe", "2;0,1;water=0,1;cleaner=1", "exactly one"),
    ],
)
def test_parse_errors(name: str, text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        ruleset(name).parse(text)


# -- notes §4 -----------------------------------------------------------------------------
def test_dqbn_avoid_true_example() -> None:
    """TW:L364-375: rows A, B, C ↔ (x2∨x3∨x6) ∧ (x1∨x3∨x7) ∧ (x2∨x3∨x7); both value 0."""
    dqbn, at = ruleset("demi-quantum-boolean-nim"), ruleset("avoid-true")
    position = dqbn.parse("<(1,0,0,1,1,0,1)|(0,1,0,1,1,1,0)|(1,0,0,1,1,1,0)>")
    formula = dqbn_to_avoid_true(position)
    printed = at.parse("(x2|x3|x6)&(x1|x3|x7)&(x2|x3|x7)")
    assert sorted(formula.clauses) == sorted(printed.clauses)  # realizations are a set
    assert formula.variables == printed.variables and formula.true == printed.true == 0
    labels = {move for move, _ in dqbn.moves(position)}
    assert 2 not in labels  # heap 3 is never playable
    assert all(not clause >> 3 & 1 and not clause >> 4 & 1 for clause in formula.clauses)
    assert naive_grundy(dqbn, position) == naive_grundy(at, formula) == 0


def test_avoid_true_example_drops_satisfied_clause() -> None:
    """TW:L379-390: clause D is satisfied by T = {x8} and is dropped; both value *."""
    at, dqbn = ruleset("avoid-true"), ruleset("demi-quantum-boolean-nim")
    formula = at.parse("(x1|x2|x3|x4)&(x1|x5|x6|x7)&(x1|x3|x6)&(x2|x5|x8); T=x8")
    position = avoid_true_to_dqbn(formula)
    assert position == dqbn.parse(
        "<(0,0,0,0,1,1,1,0)|(0,1,1,1,0,0,0,0)|(0,1,0,1,1,0,1,0)>"
    )
    assert naive_grundy(at, formula) == naive_grundy(dqbn, position) == 1


@pytest.mark.parametrize(("a", "b", "value", "shape"), [
    ("(01)(234)(035)", "(01)(234)(035)", 0, (9, 12)),
    ("(01)(234)(035)", "(012)(034)(0156)(2578)", 2, (12, 15)),
])
def test_row_product_sums(a: str, b: str, value: int, shape: tuple[int, int]) -> None:
    """*4 + *4 = 0 and *4 + *6 = *2 as single grids (notes §2, §4)."""
    left, right = TW.parse(a), TW.parse(b)
    grid = row_product(((0, left), (1, right)))
    assert (len(grid.rows), grid.width) == shape
    assert Solver(TW).grundy(grid) == value == Solver(TW).grundy(left) ^ Solver(TW).grundy(right)


# -- reductions, verifier, lattice ---------------------------------------------------------
def test_every_notes_construction_is_registered() -> None:
    names = {r.name for r in all_reductions()}
    chain = ["transverse-wave", "crosswise-and", "crosswise-or", "demi-quantum-boolean-nim",
             "avoid-true", "power-station", "hydropipe"]
    for other in chain[1:]:
        assert {f"transverse-wave->{other}", f"{other}->transverse-wave"} <= names or (
            other == "avoid-true"
            and {"demi-quantum-boolean-nim->avoid-true", "avoid-true->demi-quantum-boolean-nim"}
            <= names)
    for pair in [*FIGURE_11, ("boolean-nim", "demi-quantum-boolean-nim")]:
        assert "->".join(pair) in names
    assert "sum(transverse-wave,transverse-wave)->transverse-wave" in names
    for r in all_reductions():
        assert r.citation.lines and r.summary


def test_figure_11_is_in_the_lattice() -> None:
    lattice = build()
    for source, target in FIGURE_11:
        assert lattice.has_arrow(source, target), (source, target)
    tw_class = lattice.nodes[lattice.node_of("transverse-wave")]
    assert {"crosswise-and", "avoid-true", "power-station", "hydropipe"} <= set(tw_class)
    assert "demi-quantum-nim" not in tw_class
    for text in (lattice.mermaid(), lattice.dot(), lattice.svg()):
        assert "demographic-influence" in text


@pytest.mark.parametrize("name", [r.name for r in composites()])
def test_composite_paths(name: str) -> None:
    composite = next(r for r in composites() if r.name == name)
    assert verify(composite, 40, 4).ok


def test_composite_agrees_with_direct_map() -> None:
    """Node Kayles → Friend Circle → Demographic Influence vs Theorem 6's direct map."""
    direct = reduction("node-kayles->demographic-influence")
    composite = next(r for r in composites() if r.source == "node-kayles")
    di, nk = ruleset("demographic-influence"), ruleset("node-kayles")
    rng = random.Random(6)
    for _ in range(30):
        position = nk.random_position(rng, 5)
        value = Solver(nk).grundy(position)
        assert Solver(di).grundy(direct.map_position(position)) == value
        assert Solver(di).grundy(composite.map_position(position)) == value


def test_verifier_finds_and_shrinks_a_broken_isomorphism() -> None:
    broken = dataclasses.replace(reduction("transverse-wave->crosswise-and"),
                                 map_position=lambda grid: grid)
    report = verify(broken, 50, 5)
    assert not report.ok and report.counterexample is not None
    assert len(report.counterexample) <= 3


def test_verifier_compares_nimbers() -> None:
    broken = dataclasses.replace(reduction("sum(transverse-wave,transverse-wave)->transverse-wave"),
                                 map_position=lambda s: s[0][1])
    assert not verify(broken, 100, 4).ok
    outcome = dataclasses.replace(broken, kind=Kind.WINNABILITY_PRESERVING)
    sum_ruleset = ruleset("sum(transverse-wave,transverse-wave)")
    position = sum_ruleset.parse("transverse-wave:PG + transverse-wave:G")
    assert check(outcome, position) is not None


def test_cli_verify_all_small() -> None:
    result = run("verify", "--all", "--instances", "12", "--max-size", "3")
    assert result.exit_code == 0, result.output
    assert result.output.count("ok ") >= len(all_reductions())


def test_cli_verify_one_list_and_errors() -> None:
    assert "node-kayles->friend-circle" in run("verify", "--list").output
    result = run("verify", "node-kayles->friend-circle", "--instances", "20", "--json")
    assert result.exit_code == 0 and '"ok": true' in result.output
    assert run("verify").exit_code == 2
    assert "unknown reduction" in run("verify", "tw->nope").output


def test_cli_lattice(tmp_path: Any) -> None:
    picture = tmp_path / "lattice.svg"
    result = run("constructions", "lattice", "--svg", str(picture))
    assert result.exit_code == 0 and result.output.startswith("graph BT")
    assert picture.read_text().startswith("<svg")
    assert run("constructions", "lattice", "--format", "dot").output.startswith("digraph")


def test_cli_tw_triangle() -> None:
    """notes §3: rows p = 1..8 of the corrected triangle."""
    printed = ["0 0", "0 *2 *", "0 * * 0", "0 * *2 0 *", "0 * 0 0 * 0", "0 * 0 *2 * 0 *",
               "0 * 0 * * 0 * 0", "0 * 0 * *2 0 * 0 *"]
    lines = run("values", "triangle", "--rows", "12").output.splitlines()
    assert len(lines) == 12
    for p, (line, row) in enumerate(zip(lines, printed, strict=False), 1):
        assert " ".join(line.split()[1:]) == row
        assert [format_nimber(triangle(p, k)) for k in range(p + 1)] == row.split()
