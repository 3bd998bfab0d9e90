"""The partizan quantum transform (seed 001 §6.4.4): Quantum Snort, Quantum Bigraph Node
Kayles, and Schaefer's Partition-Free QBF -> Avoid True reduction, classical and
quantum (§6.4.3)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import ImpartialRuleset, ParseError, PartizanRuleset, Player
from grundy.reductions import get as reduction
from grundy.reductions.verify import verify
from grundy.rulesets import get
from grundy.rulesets.graph_games.tinted import TintedGraph
from grundy.search.partizan import PartizanSolver, naive_value
from grundy.transforms.quantum import PartizanQuantum, QuantumMove, superpose


def partizan(name: str) -> PartizanRuleset[Any]:
    found = get(name)
    assert isinstance(found, PartizanRuleset)
    return found


def impartial(name: str) -> ImpartialRuleset[Any]:
    found = get(name)
    assert isinstance(found, ImpartialRuleset)
    return found


def definition_moves(game: PartizanQuantum, position: tuple[Hashable, ...],
                     player: Player) -> set[tuple[frozenset[Any], Hashable]]:
    """Quantum moves written straight from variant D (seed 001 @139370) for one player."""
    base = partizan(game.base.name)
    tables = [dict(base.moves(b, player)) for b in position]
    labels = {label for table in tables for label in table}
    assert game.width is not None
    found: set[tuple[frozenset[Any], Hashable]] = set()
    for k in range(1, game.width + 1):
        for chosen in combinations(labels, k):
            if all(any(m in t for t in tables) for m in chosen):
                result = superpose(t[m] for t in tables for m in chosen if m in t)
                found.add((frozenset(chosen), result))
    return found


GAMES = ["quantum-snort", "quantum-bigraph-node-kayles", "quantum(col,3)",
         "demi-quantum(snort)", "quantum-partition-free-qbf"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10**6), st.sampled_from(list(Player)))
def test_partizan_quantum_moves_follow_variant_d(name: str, seed: int, player: Player) -> None:
    game = partizan(name)
    assert isinstance(game, PartizanQuantum)
    position = game.random_position(random.Random(seed), 6)
    ours = {(frozenset(m) if isinstance(m, QuantumMove) else frozenset([m]), child)
            for m, child in game.moves(position, player)}
    assert ours == definition_moves(game, position, player)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10**6))
def test_partizan_quantum_solver_matches_naive(name: str, seed: int) -> None:
    game = partizan(name)
    position = game.random_position(random.Random(seed), 6)
    assert PartizanSolver(game).value(position) == naive_value(game, position)


@pytest.mark.parametrize("name", ["snort", "black-white-node-kayles", "col"])
def test_one_wide_partizan_quantum_is_classical(name: str) -> None:
    base = partizan(name)
    one_wide = partizan(f"demi-quantum({name})")
    rng = random.Random(name)
    for _ in range(20):
        position = base.random_position(rng, 5)
        assert naive_value(one_wide, (position,)) == naive_value(base, position)


@pytest.mark.parametrize("name", ["quantum-snort", "quantum-bigraph-node-kayles",
                                  "quantum-partition-free-qbf", "partition-free-qbf"])
def test_round_trip_moves_and_pictures(name: str) -> None:
    game = partizan(name)
    rng = random.Random(name)
    for text in game.examples:
        once = game.format(game.parse(text))
        assert game.format(game.parse(once)) == once
    for _ in range(10):
        position = game.random_position(rng, 4)
        assert game.parse(game.format(position)) == position
        for player in Player:
            for move, child in game.moves(position, player):
                text = game.format_move(move)
                assert game.play(position, game.parse_move(position, text, player), player) == child
    assert game.render_svg(position).startswith("<svg")


def test_quantum_move_text_in_any_order() -> None:
    game = partizan("quantum-snort")
    position = game.parse("3;0-1")
    move = game.parse_move(position, "<2|0>", Player.LEFT)
    assert move == QuantumMove({0, 2})
    assert game.play(position, move, Player.LEFT) == superpose(
        [partizan("snort").play(p, v, Player.LEFT) for p in position for v in (0, 2)])


@pytest.mark.parametrize(("name", "text", "fragment"), [
    ("partition-free-qbf", "0:(t1)", "at least one"),
    ("partition-free-qbf", "1:(t2)", "not a literal"),
    ("partition-free-qbf", "1:(t1); t1=1,t1=0", "twice"),
    ("partition-free-qbf", "9:(t1)", "limit"),
    ("quantum-snort", "<(3;0-1)|3;0-1>", "realization 1"),
])
def test_bad_positions_are_one_line_errors(name: str, text: str, fragment: str) -> None:
    with pytest.raises(ParseError, match=fragment):
        get(name).parse(text)


def test_partition_free_qbf_last_assignment_must_win() -> None:
    """(t1|f1)&(~t1|~f1): False's last assignment must falsify the formula, and can
    (f1 = t1 ... no: f1 = not t1 satisfies both, f1 = t1 falsifies one clause)."""
    game = partizan("partition-free-qbf")
    after = game.parse("1:(t1|f1)&(~t1|~f1); t1=1")
    assert [game.format_move(m) for m, _ in game.moves(after, Player.RIGHT)] == ["f1=1"]
    assert PartizanSolver(game).wins_first(game.parse("1:(t1|f1)&(~t1|~f1)"), Player.LEFT) \
        is False


def test_schaefer_reduction_classical_and_quantum() -> None:
    """Thm 6.3.3 / 6.4.13: True wins the formula game iff the first player wins Schaefer's
    Avoid True instance, classically and under width-2 quantum play from a classical
    start; the verifier refutes the reversed promise."""
    classical = reduction("partition-free-qbf->avoid-true")
    assert verify(classical, instances=60, max_size=5).ok
    quantum = reduction("quantum-partition-free-qbf->quantum-avoid-true")
    assert verify(quantum, instances=12, max_size=4).ok
    promise = quantum.promise
    assert promise is not None
    reversed_ = dataclasses.replace(quantum, promise=lambda a, b: not promise(a, b))
    assert not verify(reversed_, instances=5).ok


def test_thm_6_4_19_hubs_keep_the_outcome_only_without_same_colour_edges() -> None:
    """Thm 6.4.19's hubs make Snort play as Bigraph Node Kayles, classically and quantumly,
    on properly coloured graphs; with an edge inside a colour class the Snort player may
    play both ends, and the smallest counterexample (docs/errata.md) has 3 vertices."""
    for name in ("bigraph-node-kayles->snort", "quantum-bigraph-node-kayles->quantum-snort"):
        assert verify(reduction(name), instances=60, max_size=6).ok
    bnk, snort = partizan("black-white-node-kayles"), partizan("snort")
    hubs = reduction("bigraph-node-kayles->snort").map_position

    def black_white_graphs(n: int) -> list[TintedGraph]:
        pairs = list(combinations(range(n), 2))
        found = []
        for edges in range(1 << len(pairs)):
            adj = [0] * n
            for k, (a, b) in enumerate(pairs):
                if edges >> k & 1:
                    adj[a] |= 1 << b
                    adj[b] |= 1 << a
            found += [TintedGraph(n, tuple(adj), black, (1 << n) - 1 & ~black)
                      for black in range(1 << n)]
        return found

    def fails(graph: TintedGraph) -> bool:
        return PartizanSolver(bnk).outcome(graph) != PartizanSolver(snort).outcome(hubs(graph))
    assert not any(fails(g) for n in (1, 2) for g in black_white_graphs(n))
    smallest = [bnk.format(g) for g in black_white_graphs(3) if fails(g)]
    assert "3;1-2;black=0;white=1,2" in smallest
    position = bnk.parse("3;1-2;black=0;white=1,2")
    assert (PartizanSolver(bnk).outcome(position).value,
            PartizanSolver(snort).outcome(hubs(position)).value) == ("P", "R")
    assert "`3;1-2;black=0;white=1,2`" in ERRATA


ERRATA = (Path(__file__).parents[1] / "docs" / "errata.md").read_text()


def line_parities(game: Any, position: Hashable) -> set[int]:
    """The parities of the lengths of every line of play to the end (impartial)."""
    memo: dict[Hashable, frozenset[int]] = {}

    def ends(p: Hashable) -> frozenset[int]:
        if p not in memo:
            children = [ends(c) for c in game.options(p)]
            memo[p] = frozenset({0}) if not children else frozenset(
                1 - parity for found in children for parity in found)
        return memo[p]
    return set(ends(position))


def test_lemma_6_4_14_parities_and_cor_6_4_16() -> None:
    """Lemma 6.4.14 as printed says even unsatisfied clauses make True win; its own proof
    and Cor 6.4.16 say False: on True's turn (an even number of variables left) a player
    is stuck only when every unsatisfied clause is exactly the unassigned variables.
    Checked on positions reached from Schaefer instances, classically (every line ends on
    True's turn iff the clauses are even) and under quantum play (Lemma 6.4.15: then
    quantumness does not matter)."""
    from grundy.reductions.quantum_partizan import schaefer
    from grundy.rulesets.formulas.avoid_true import Formula

    at, qat = impartial("avoid-true"), impartial("quantum-avoid-true")
    qsat = get("partition-free-qbf")
    rng = random.Random(6414)
    seen_even = False
    destined: dict[int, list[Formula]] = {}
    for _ in range(100):
        formula = schaefer(qsat.random_position(rng, 3))
        position = formula
        for _ in range(2 * rng.randint(1, 3)):  # True to move: an even number of moves
            moves = list(at.options(position))
            if not moves:
                break
            position = rng.choice(moves)
        else:
            open_ = [c for c in position.clauses if not c & position.true]
            lengths = {bin(c).count("1") % 2 for c in open_}
            if open_ and len(lengths) == 1:
                # True is to move: a line of even length ends on True's turn (False wins)
                expected = {0} if lengths == {0} else {1}
                seen_even |= lengths == {0}
                assert line_parities(at, position) == expected
                assert line_parities(qat, superpose([position])) == expected
                destined.setdefault(min(expected), []).append(position)
    assert seen_even and all(len(found) > 1 for found in destined.values())
    for parity, positions in destined.items():  # Lemma 6.4.15 with two realizations
        for first, second in pairwise(positions):
            assert line_parities(qat, superpose([first, second])) == {parity}
    smallest = schaefer(qsat.parse("1:true"))._replace(true=0b10100)  # T1' and F1 set
    assert line_parities(at, smallest) == {0}
    assert "`(x1|x2)&(x5|x6|x7); T=x3,x5; n=8`" in ERRATA


def node_kayles_graph(variables: int, clauses: list[tuple[int, int]], printed: bool) -> Any:
    """Thm 6.4.17's graph (Figure 6.5, untinted) for ∃x1 ∀x2 ... f, and its vertex index."""
    from grundy.reductions.quantum_partizan import level_graph
    from grundy.rulesets.formulas.tqbf import Tqbf
    from grundy.rulesets.graph_games.node_kayles import KaylesPosition

    graph, names = level_graph(Tqbf(variables, tuple(clauses)), printed)
    return KaylesPosition(graph.n, graph.adj, 0, 0), {name: k for k, name in enumerate(names)}


def test_thm_6_4_17_construction_fails_classically() -> None:
    """∃x1 ∀x2 ∃x3 (¬x3) is true, yet the first player loses Node Kayles on its 17-vertex
    Figure 6.5 graph: False answers x1 with x3T (a vertex of level 3), and the prescribed
    punishment y_{2,3} is already blocked by x1, since y_ij meets every vertex off level
    j, the played ones included.  With one variable the construction is right."""
    from grundy.search import Solver

    nk = impartial("node-kayles")
    solver = Solver(nk)
    for clauses in ([(0, 1)], [(1, 0)], [(0, 1), (1, 0)]):
        graph, _ = node_kayles_graph(1, clauses, printed=True)
        true = any(all(p & x or q & ~x & 1 for p, q in clauses) for x in (0, 1))
        assert (solver.outcome(graph).value == "N") == true
    graph, index = node_kayles_graph(3, [(0, 0b100)], printed=True)
    assert graph.n == 17 and solver.outcome(graph).value == "P"
    after_x1 = nk.play(graph, index[("x", 1, "")])
    reply = nk.play(after_x1, index[("x", 3, "T")])
    assert solver.outcome(reply).value == "P"
    assert index[("y", 2, "3")] not in dict(nk.moves(reply))
    quantum = Solver(impartial("quantum(node-kayles,2)"))
    assert quantum.outcome(superpose([graph])).value == "P"
    assert "∃x1 ∀x2 ∃x3 (¬x3)" in ERRATA
    # joining y_ij to levels >= i only repairs that line, not Node Kayles: (¬x1)
    graph, _ = node_kayles_graph(3, [(0, 0b001)], printed=False)
    assert solver.outcome(graph).value == "P"
    assert "∃x1 ∀x2 ∃x3 (¬x1)" in ERRATA


def test_thm_6_4_18_corrected_bigraph_construction() -> None:
    """Thm 6.4.18 with y_ij joined to levels >= i only: the ∃ player wins the QBF iff the
    first player (True, Left) wins Bigraph Node Kayles, classically and quantumly; the
    graph as printed fails, and Thm 6.4.19's hubs on it do too (Snort lets a player use
    two vertices of one level clique)."""
    from grundy.reductions.quantum_partizan import level_graph
    from grundy.rulesets.formulas.tqbf import Tqbf

    for name, quantum in (("tqbf-game->bigraph-node-kayles", False),
                          ("tqbf-game->quantum-bigraph-node-kayles", True)):
        good = reduction(name)
        assert verify(good, instances=60, max_size=4).ok

        def as_printed(position: Tqbf, quantum: bool = quantum) -> Hashable:
            graph = level_graph(position, printed=True)[0]
            return superpose([graph]) if quantum else graph
        printed = dataclasses.replace(good, map_position=as_printed)
        assert not verify(printed, instances=60, max_size=4).ok
    false = Tqbf(3, ((0, 0b010),))  # ∃x1 ∀x2 ∃x3 (¬x2) is false
    graph = level_graph(false)[0]
    assert not PartizanSolver(partizan("black-white-node-kayles")).wins_first(graph, Player.LEFT)
    assert PartizanSolver(partizan("snort")).wins_first(graph, Player.LEFT)
    assert PartizanSolver(partizan("quantum-snort")).wins_first(superpose([graph]), Player.LEFT)
    assert "∃x1 ∀x2 ∃x3 (¬x2)" in ERRATA
