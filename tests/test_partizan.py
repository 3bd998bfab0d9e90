"""The partizan search and the partizan rulesets (issue 3): seeds 001 and 003."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import GrundyError, ParseError, PartizanRuleset, Player
from grundy.reductions.black_white import (
    REDUCTIONS,
    gpos_star_to_col,
    gpos_to_gpos_star,
    tqbf_poset,
)
from grundy.reductions.verify import outcome_of as outcome_of_any
from grundy.rulesets import all_rulesets, get
from grundy.rulesets.graph_games.col import independence_number
from grundy.rulesets.heaps.superstars import StarSum, epmx_superstars, superstar_class
from grundy.rulesets.posets.rules import poset_number
from grundy.search import Budget, BudgetExceeded, Solver, Store
from grundy.search.naive import naive_grundy
from grundy.search.partizan import (
    PartizanSolver,
    naive_misere_outcome,
    naive_value,
    outcome_of,
)
from grundy.values import Game, Outcome, format_nimber, parse

#: The short partizan rulesets (those whose positions repeat: ``test_loopy_rulesets.py``).
PARTIZAN = [r for r in all_rulesets() if isinstance(r, PartizanRuleset) and not r.loopy]
OURS = {"partizan-subtraction", "col", "black-white-col", "snort", "black-white-node-kayles",
        "black-white-poset", "superstars", "domineering", "g-pos", "g-pos-star"}


def small_positions(ruleset: PartizanRuleset[Any], count: int = 30) -> list[Any]:
    rng = random.Random(ruleset.name)
    return [ruleset.random_position(rng, rng.randint(0, 6)) for _ in range(count)]


def value(name: str, text: str) -> Game:
    ruleset = get(name)
    assert isinstance(ruleset, PartizanRuleset)
    return PartizanSolver(ruleset).value(ruleset.parse(text))


def test_every_issue_ruleset_is_registered_as_partizan() -> None:
    assert {r.name for r in PARTIZAN} >= OURS
    assert all(not r.impartial for r in PARTIZAN)


# -- the engine against the naive reference, on every partizan ruleset ---------------
@pytest.mark.parametrize("ruleset", PARTIZAN, ids=lambda r: r.name)
def test_engine_matches_naive_reference(ruleset: PartizanRuleset[Any]) -> None:
    solver = PartizanSolver(ruleset)  # one shared table, as in real use
    for position in small_positions(ruleset):
        expected = naive_value(ruleset, position)
        assert solver.value(position) is expected, ruleset.format(position)
        assert PartizanSolver(ruleset).outcome(position) is expected.outcome()
        assert solver.misere_outcome(position) is naive_misere_outcome(ruleset, position)


@pytest.mark.parametrize("ruleset", PARTIZAN, ids=lambda r: r.name)
def test_text_round_trips_and_keys_agree_with_values(ruleset: PartizanRuleset[Any]) -> None:
    solver = PartizanSolver(ruleset)
    by_key: dict[Any, Game] = {}
    for position in small_positions(ruleset):
        assert ruleset.parse(ruleset.format(position)) == position
        for player in Player:
            for move, child in ruleset.moves(position, player):
                assert ruleset.play(position, move, player) == child
                text = ruleset.format_move(move)
                assert ruleset.parse_move(position, text, player) == move
                for part in ruleset.components(child):
                    found = by_key.setdefault(ruleset.key(part), solver.value(part))
                    assert found is solver.value(part)
        assert ruleset.render_svg(position).startswith("<svg")


def test_outcome_of_covers_the_four_classes() -> None:
    assert [outcome_of(a, b) for a, b in itertools.product((True, False), repeat=2)] == [
        Outcome.N, Outcome.L, Outcome.R, Outcome.P]


# -- seed 001: SUBTRACTION{(1,3)|(2,3)} (notes/ferland-thesis.md §1) -------------------
def test_partizan_subtraction_canonical_forms_g1_to_g6() -> None:
    g = [value("partizan-subtraction", f"1,3|2,3:{n}") for n in range(7)]
    assert g[0] is Game.zero()
    assert g[1] is Game.integer(1)
    assert g[2] is parse("{1|0}")
    assert g[3] is Game.of([Game.zero(), g[2]], [Game.zero()])
    assert g[4] is Game.of([Game.integer(1)], [Game.integer(1), g[2]])
    assert g[5] is Game.of([g[4]], [g[3]])
    assert g[6] is Game.of([g[5]], [g[3]])


def test_partizan_subtraction_heaps_add() -> None:
    assert value("partizan-subtraction", "1,3|2,3:4,5") is (
        value("partizan-subtraction", "1,3|2,3:4") + value("partizan-subtraction", "1,3|2,3:5"))


def test_partizan_subtraction_parse_errors() -> None:
    rules = get("partizan-subtraction")
    for bad in ["1,3:6", "1,3|2,3", "0|1:4", "1|x:3"]:
        with pytest.raises(ParseError):
            rules.parse(bad)


# -- seed 003: black-white posets (notes/black-white-games.md §2, §4) -------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("1;;black=0", "1"),
    ("1;;white=0", "-1"),
    ("2;0<1;black=0;white=1", "1/2"),
    ("2;0<1;black=1;white=0", "-1/2"),
    ("3;0<1,1<2;black=0,2;white=1", "3/4"),
    ("3;0<1,1<2;black=1;white=0,2", "-3/4"),
    ("9;0<8,1<8,2<8,3<8,4<8,5<8,6<8,7<8;black=0,1,2,3,4,5,6,7;white=8", "15/2"),
    ("4;0<1,2<3;black=0,2;white=1,3", "1"),  # a sum: 1/2 + 1/2
])
def test_black_white_poset_examples(text: str, expected: str) -> None:
    ruleset = get("black-white-poset")
    position = ruleset.parse(text)
    assert value("black-white-poset", text) is parse(expected)
    assert naive_value(ruleset, position) is parse(expected)  # no fast path there


def test_k_black_below_one_white_is_k_minus_half() -> None:
    ruleset = get("black-white-poset")
    for k in range(1, 7):
        text = f"{k + 1};" + ",".join(f"{i}<{k}" for i in range(k))
        position = ruleset.parse(f"{text};black={','.join(map(str, range(k)))};white={k}")
        assert naive_value(ruleset, position) is Game.number(Fraction(2 * k - 1, 2))


def test_black_white_posets_are_numbers_and_the_simplicity_rule_agrees() -> None:
    """Proposition 2.1 and Definition A.9 (fast path) against the canonical form."""
    ruleset = get("black-white-poset")
    for position in small_positions(ruleset, 60):
        general = naive_value(ruleset, position)
        assert general.is_number
        fast = ruleset.fast_value(position)
        assert fast is general
        assert poset_number(position.up, position.black, position.alive) == general.number()


def test_poset_parse_errors_name_the_problem() -> None:
    ruleset = get("black-white-poset")
    with pytest.raises(ParseError, match="cycle 0<1<2<0"):
        ruleset.parse("3;0<1,1<2,2<0;black=0,1,2")
    with pytest.raises(ParseError, match="white vertex 4 is out of range"):
        ruleset.parse("3;0<1;black=0;white=1,4")
    with pytest.raises(ParseError, match="element 2 has no colour"):
        ruleset.parse("3;0<1;black=0;white=1")
    with pytest.raises(ParseError, match="both black and white"):
        ruleset.parse("2;0<1;black=0,1;white=1")
    with pytest.raises(ParseError, match="down-set"):
        ruleset.parse("2;0<1;black=0,1;removed=0")
    with pytest.raises(ParseError, match="'<'"):
        get("poset").parse("3;0-1")


def test_chomp_is_the_poset_game_on_the_bar_without_the_poison() -> None:
    chomp, poset = get("chomp"), get("poset")
    for rows in [(2,), (3, 3), (3, 2), (4, 3, 1), (3, 3, 3), (4, 4)]:
        cells = [(i, j) for i, r in enumerate(rows) for j in range(r) if (i, j) != (0, 0)]
        index = {cell: k for k, cell in enumerate(cells)}
        relations = [f"{index[c]}<{index[d]}" for c in cells for d in cells
                     if c != d and c[0] <= d[0] and c[1] <= d[1]]
        order = poset.parse(f"{len(cells)};{','.join(relations)}")
        found = Solver(chomp).grundy(rows)
        assert found == naive_grundy(poset, order)
        if len(set(rows)) == 1:
            assert found != 0  # a rectangle is a first-player win (strategy stealing)


def test_chomp_parse() -> None:
    chomp = get("chomp")
    assert chomp.parse("2x3") == (3, 3) == chomp.parse("3,3")
    with pytest.raises(ParseError, match="increase"):
        chomp.parse("2,3")


# -- seed 003: Col ---------------------------------------------------------------------
def test_col_on_uncoloured_graphs_is_zero_or_star() -> None:
    col = get("col")
    rng = random.Random(3)
    seen = set()
    solver = PartizanSolver(col)
    for _ in range(80):
        position = col.random_position(rng, rng.randint(1, 8))
        untinted = position._replace(black=(1 << position.n) - 1, white=(1 << position.n) - 1)
        found = naive_value(col, untinted)  # the general search, no hooks
        assert found in (Game.zero(), Game.nimber(1)), col.format(untinted)
        assert solver.value(untinted) is found  # value_by_left_first: a win/loss search
        seen.add(found)
    assert seen == {Game.zero(), Game.nimber(1)}


@pytest.mark.parametrize("name", ["col", "snort", "black-white-node-kayles"])
def test_exchanging_tints_gives_the_conjugate_under_the_same_signed_key(name: str) -> None:
    rules = get(name)
    for position in small_positions(rules, 40):
        swapped = position._replace(black=position.white, white=position.black)
        key, negated = rules.signed_key(position)
        other_key, other_negated = rules.signed_key(swapped)
        expected = naive_value(rules, position)
        assert key == other_key
        assert naive_value(rules, swapped) is -expected
        if negated == other_negated:  # its own conjugate
            assert expected is -expected
        solver = PartizanSolver(rules)
        assert solver.value(position) is expected
        assert solver.value(swapped) is -expected  # read back through the shared key


def test_col_values_are_a_number_or_a_number_plus_star() -> None:
    col = get("col")
    for position in small_positions(col, 60):
        found = PartizanSolver(col).value(position)
        assert found.is_number or (found + Game.nimber(1)).is_number, col.format(position)


def test_black_white_col_closed_form_matches_search() -> None:
    bw = get("black-white-col")
    for position in small_positions(bw, 60):
        assert bw.fast_value(position) is naive_value(bw, position), bw.format(position)


def test_independence_number() -> None:
    col = get("col")
    for text, alpha in [("5;0-1,1-2,2-3,3-4", 3), ("5;0-1,1-2,2-3,3-4,4-0", 2), ("4;", 4),
                        ("4;0-1,0-2,0-3,1-2,1-3,2-3", 1)]:
        position = col.parse(text)
        assert independence_number(position.adj, (1 << position.n) - 1) == alpha


def test_tinted_parse_errors() -> None:
    col = get("col")
    with pytest.raises(ParseError, match="black vertex 7 is out of range"):
        col.parse("3;0-1;black=7")
    with pytest.raises(ParseError, match="both black and white"):
        col.parse("3;0-1;black=1;white=1")
    with pytest.raises(ParseError, match="has no tint"):
        get("black-white-col").parse("3;0-1;black=0;white=1")


def test_col_and_snort_small_values() -> None:
    assert value("col", "1;") is Game.nimber(1)
    assert value("col", "2;0-1") is Game.zero()
    assert value("col", "2;0-1;black=0") is parse("1/2")  # {0, -1 | 1}
    assert value("snort", "1;") is Game.nimber(1)
    assert value("snort", "2;0-1") is parse("+-1")  # {1|-1}: the first mover also gets the other
    assert value("black-white-node-kayles", "3;0-1,1-2;black=0,2;white=1") is parse("{1|0}")


def test_snort_and_col_with_one_player_only_count_moves() -> None:
    """A graph where only Left may play: Col takes an independent set (α); Snort takes
    every vertex (its tokens only block Right)."""
    text = "5;0-1,1-2,2-3,3-4;black=0,1,2,3,4"
    assert value("col", text) is Game.integer(3)
    assert value("snort", text) is Game.integer(5)


# -- seed 001: superstars ----------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 4), st.sets(st.integers(5, 8), max_size=2),
       st.sets(st.integers(5, 8), max_size=2))
def test_proposition_4_1_2_superstar_with_all_small_nimbers_is_star_n(
    n: int, xs: set[int], ys: set[int]
) -> None:
    if n == 0 and not (xs and ys):
        return  # both players need options in a superstar
    left = ",".join(map(format_nimber, [*range(n), *xs]))
    right = ",".join(map(format_nimber, [*range(n), *ys]))
    assert value("superstars", f"{{{left}|{right}}}") is Game.nimber(n)


def test_superstar_classes_and_corollary_4_2_2_no_0_games_are_zero() -> None:
    rules = get("superstars")
    seen = set()
    for position in small_positions(rules, 80):
        for star in position.stars:
            kind = superstar_class(star)
            seen.add(kind)
            found = naive_value(rules, StarSum((star,), ()))
            if kind == "no-0":
                assert found is Game.zero()
            if kind == "nimber":
                assert found.is_nimber
    assert seen == {"nimber", "no-0", "left-0", "right-0", "both-0"}


def test_epmx_example_from_the_thesis() -> None:
    """@113639: x0 = {*,*2,*16|0}, x1 = {*7,*4,*32|0}, y0 = {0|*,*2}, y1 = {0|*10,*8,*9},
    plus *15; the sum is N [checked in the reading notes]."""
    clauses = [
        [("x", 0, "a"), ("x", 1, "a"), ("y", 0, "a"), ("y", 1, "c")],
        [("x", 0, "b"), ("x", 1, "a"), ("y", 0, "b"), ("y", 1, "a")],
        [("x", 1, "a"), ("x", 1, "b")],
        [("y", 1, "a"), ("y", 1, "b"), ("y", 1, "c")],
    ]
    built = epmx_superstars(clauses, [["a", "b"], ["a", "b"]], [["a", "b"], ["a", "b", "c"]])
    rules = get("superstars")
    assert built in [rules.parse(example) for example in rules.examples]
    assert [superstar_class(s) for s in built.stars] == ["right-0", "right-0", "left-0", "left-0"]
    assert PartizanSolver(rules).outcome(built) is Outcome.N


# -- Domineering ---------------------------------------------------------------------------
@pytest.mark.parametrize(("board", "expected"), [
    ("1x2", "-1"), ("2x1", "1"), ("2x2", "+-1"), ("3x3", "+-1"), ("1x4", "-2"),
    ("..#/.../#..", "+-1*"), ("2x4", "Miny(2)"), ("4x2", "Tiny(2)"),  # as CGSuite writes them
])
def test_domineering_small_boards(board: str, expected: str) -> None:
    assert value("domineering", board) is parse(expected)


def test_domineering_parse_errors_and_symmetry() -> None:
    rules = get("domineering")
    with pytest.raises(ParseError, match="row 1 has 2 cells but row 0 has 3"):
        rules.parse(".../..")
    with pytest.raises(ParseError, match="'x'"):
        rules.parse("..x/...")
    assert rules.key(rules.parse("#../..#/...")) == rules.key(rules.parse("..#/#../..."))
    assert value("domineering", "3x2") is -value("domineering", "2x3")  # transpose negates


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4), st.integers(0, 2**16 - 1), st.booleans())
def test_domineering_signed_keys_pair_each_board_with_its_transpose(
    rows: int, columns: int, holes: int, mirror: bool
) -> None:
    rules = get("domineering")
    board = rules.parse("/".join(
        "".join("#" if holes >> (r * columns + c) & 1 else "." for c in range(columns))
        for r in range(rows)))
    lines = rules.format(board).split("/")
    transposed = rules.parse("/".join(
        "".join(line[c] for line in (reversed(lines) if mirror else lines))
        for c in range(columns)))
    key, negated = rules.signed_key(board)
    other_key, other_negated = rules.signed_key(transposed)
    expected = naive_value(rules, board)
    assert key == other_key
    if negated == other_negated:  # the board is its own conjugate: its value is its negative
        assert expected is -expected
    solver = PartizanSolver(rules)  # one table: the transpose is read back negated
    assert solver.value(board) is expected
    assert solver.value(transposed) is -expected
    assert solver.outcome(transposed) is (-expected).outcome()


# -- solver machinery ------------------------------------------------------------------------
def test_store_keeps_values_as_text_and_resumes(tmp_path: Path) -> None:
    rules = get("domineering")
    board = rules.parse("4x4")
    with Store(tmp_path / "s.sqlite") as store:
        first = PartizanSolver(rules, store=store).value(board)
        assert store.count("domineering") > 0
    with Store(tmp_path / "s.sqlite") as store:
        again = PartizanSolver(rules, store=store)
        assert again.value(board) is first
        assert again.budget.nodes == 0


def test_budget_stops_cleanly_and_the_table_is_kept() -> None:
    rules = get("domineering")
    solver = PartizanSolver(rules, Budget(max_nodes=20), engine="python")
    with pytest.raises(BudgetExceeded, match="node budget"):
        solver.value(rules.parse("4x4"))
    assert solver.table  # what was solved is kept


def test_deep_games_need_no_recursion() -> None:
    rules = get("partizan-subtraction")
    assert PartizanSolver(rules).value(rules.parse("1|1:1500")) is Game.zero()
    assert PartizanSolver(rules).misere_outcome(rules.parse("1|1:1501")) is Outcome.P


def test_misere_outcomes_of_small_games() -> None:
    solver = PartizanSolver(get("col"))
    col = get("col")
    assert solver.misere_outcome(col.parse("0;")) is Outcome.N  # nobody can move: mover wins
    assert solver.misere_outcome(col.parse("1;")) is Outcome.P
    assert solver.misere_outcome(col.parse("1;;black=0")) is Outcome.R  # Left must move


# -- seed 003: formula games and reductions ------------------------------------------------
def left_first_wins(name: str, position: Any) -> bool:
    ruleset = get(name)
    assert isinstance(ruleset, PartizanRuleset)
    return PartizanSolver(ruleset).outcome(position) in (Outcome.L, Outcome.N)


def brute_force_player_one_wins(clauses: tuple[int, ...], player_one_sets: bool) -> bool:
    """Minimax over assignments, Player 1 first: an independent check of the encoding."""
    variables = [v for v in range(8) if any(c >> v & 1 for c in clauses)]

    def wins(true: int, assigned: int, player_one: bool) -> bool:
        free = [v for v in variables if not assigned >> v & 1]
        if not free:
            return all(c & true for c in clauses) == player_one_sets
        sets_true = player_one == player_one_sets
        results = [wins(true | (sets_true << v), assigned | 1 << v, not player_one) for v in free]
        return any(results) if player_one else all(results)

    return wins(0, 0, True)


def test_formula_games_encode_the_formula_game() -> None:
    gpos = get("g-pos")
    rng = random.Random(8)
    for _ in range(60):
        position = gpos.random_position(rng, rng.randint(1, 4))
        for name, sets in (("g-pos", True), ("g-pos-star", False)):
            assert left_first_wins(name, position) == brute_force_player_one_wins(
                position.clauses, sets), (name, gpos.format(position))


def test_figure_3_formula_gives_col_value_zero() -> None:
    """(x1∨x2)∧(x1∨x3)∧(x2∨x3∨x4): 12 vertices, 17 edges, Player 1 wins G*_pos, so the
    second player wins Col: value 0 (notes/black-white-games.md §3)."""
    formula = get("g-pos-star").parse("(x1|x2)&(x1|x3)&(x2|x3|x4)")
    graph = gpos_star_to_col(formula)
    assert graph.n == 12
    assert sum(bin(a).count("1") for a in graph.adj) // 2 == 17
    assert left_first_wins("g-pos-star", formula)
    assert PartizanSolver(get("col")).value(graph) is Game.zero()


@pytest.mark.parametrize("reduction", REDUCTIONS, ids=lambda r: r.name)
def test_reductions_keep_their_promise_on_random_formulas(reduction: Any) -> None:
    source, target = get(reduction.source), get(reduction.target)
    assert isinstance(target, PartizanRuleset)
    rng = random.Random(reduction.name)
    for _ in range(40):
        # a reduction with its own image evaluator has images the generic search reaches
        # only at size 1 (Theorem 3.7's posets at the paper's size)
        size = 1 if reduction.image_outcome is not None else rng.randint(1, 4)
        position = reduction.instances(rng, size)
        image = reduction.map_position(position)
        a = outcome_of_any(source, position)
        b = PartizanSolver(target).outcome(image)
        assert reduction.promise(a, b), (source.format(position), a, b)


def test_reductions_refuse_positions_in_play() -> None:
    with pytest.raises(GrundyError, match="starting formulas"):
        gpos_to_gpos_star(get("g-pos").parse("(x1|x2); T=x1"))


def test_tqbf_poset_structure_and_gadget_values() -> None:
    """n = 1, m = 1: ∃x1 ∀x2 ∃x3 (x1 ∨ ¬x2): 280 elements (M = 40, |W_i| = 120, 80, 40)."""
    built = tqbf_poset(3, [((1,), (2,))])
    poset = built.poset
    assert poset.n == 280
    assert [len(w) for w in built.waiting] == [120, 80, 40]
    non_waiting = poset.n - sum(map(len, built.waiting))
    assert non_waiting == 20 * 1 + 1 + 19
    white = poset.alive & ~poset.black
    for i, (choice, waiting) in enumerate(zip(built.choice, built.waiting, strict=True), 1):
        odd = i % 2 == 1
        assert all((white if odd else poset.black) >> c & 1 for c in choice)
        assert all((poset.black if odd else white) >> w & 1 for w in waiting)
        assert all(poset.up[c] >> w & 1 for c in choice for w in waiting)
    for i, (a, b) in enumerate(zip(built.alpha, built.beta, strict=True)):
        for bits in range(8):
            assert poset.up[built.choice[i][bits]] >> (b if bits & 1 else a) & 1
            assert poset.up[built.choice[i + 1][bits]] >> (b if bits & 4 else a) & 1
    # clause (x1 ∨ ¬x2) sits above the C_1 nodes with assignment 1 and C_2's with 0
    clause = built.clause[0]
    for i, wanted in ((0, 1), (1, 0), (2, None)):
        for bits in range(8):
            assert (poset.up[built.choice[i][bits]] >> clause & 1) == (bits >> 1 & 1 == wanted)
    # gadgets (Black positive: the paper's −7½ and ½ change sign)
    balance = sum(1 << x for x in built.balance_black) | 1 << built.balance_white
    assert poset_number(poset.up, poset.black & balance, balance) == Fraction(15, 2)
    section = 1 << built.dummy | 1 << built.interrupt
    assert poset_number(poset.up, poset.black & section, section) == Fraction(-1, 2)
    bw = get("black-white-poset")
    assert bw.parse(bw.format(poset)) == poset
    assert len(bw.components(poset)) == 2  # the balance section stands apart


# -- the command line ----------------------------------------------------------------------
def test_cli_value_prints_canonical_form_then_outcome() -> None:
    from click.testing import CliRunner

    from grundy.cli.main import cli

    runner = CliRunner()
    result = runner.invoke(cli, ["value", "domineering", "3x3"])
    assert result.exit_code == 0 and result.output == "+-1\nN: first player (next mover) wins\n"
    result = runner.invoke(cli, ["value", "black-white-poset", "2;0<1;black=0;white=1",
                                 "nim", "1"])
    assert result.output.splitlines()[0] == "1/2*"
    result = runner.invoke(cli, ["value", "col", "1;;black=0", "--misere"])
    assert result.output.splitlines()[0] == "R"
    result = runner.invoke(cli, ["value", "black-white-poset", "3;0<1,1<2,2<0;black=0,1,2"])
    assert result.exit_code == 2 and "cycle 0<1<2<0" in result.output
    result = runner.invoke(cli, ["value", "domineering", "5x5", "--max-nodes", "50"])
    assert result.exit_code == 3


def test_erratum_section_3_signs() -> None:
    """docs/errata.md, seed 003 §3: with Black positive the balance gadget is +15/2 (printed
    −7½) and the dummy above the interrupt node is −1/2 (printed ½)."""
    balance = "9;" + ",".join(f"{i}<8" for i in range(8)) + ";black=0,1,2,3,4,5,6,7;white=8"
    assert value("black-white-poset", balance) is Game.number(Fraction(15, 2))
    pair = "2;0<1;black=1;white=0"
    assert value("black-white-poset", pair) is Game.number(Fraction(-1, 2))
    built = tqbf_poset(3, [((1,), ())])
    dummy = get("black-white-poset").fast_value(
        built.poset._replace(alive=1 << built.dummy | 1 << built.interrupt,
                             black=1 << built.dummy))
    assert dummy is Game.number(Fraction(-1, 2))
