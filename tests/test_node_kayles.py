"""NODE KAYLES (seed 000, ``000_7d67923f02e8dd4e.txt`` L233-237)."""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import ParseError
from grundy.rulesets.graph_games.node_kayles import KaylesPosition, NodeKayles, playable
from grundy.rulesets.registry import get
from grundy.search import Budget, Solver
from grundy.search.naive import naive_grundy, naive_misere_wins
from grundy.values import Outcome

RULES = NodeKayles()


def graph_text(n: int, edges: list[tuple[int, int]]) -> str:
    return f"{n};" + ",".join(f"{a}-{b}" for a, b in edges)


def path(n: int) -> KaylesPosition:
    return RULES.parse(graph_text(n, [(i, i + 1) for i in range(n - 1)]))


@st.composite
def positions(draw: st.DrawFn, max_vertices: int = 9) -> KaylesPosition:
    """A graph on at most ``max_vertices`` vertices after a few legal selections."""
    n = draw(st.integers(0, max_vertices))
    pairs = list(itertools.combinations(range(n), 2))
    present = draw(st.lists(st.booleans(), min_size=len(pairs), max_size=len(pairs)))
    position = RULES.parse(
        graph_text(n, [e for e, keep in zip(pairs, present, strict=True) if keep])
    )
    for v in draw(st.lists(st.integers(0, max(0, n - 1)), max_size=3)):
        if playable(position) >> v & 1:
            position = RULES.play(position, v)
    return position


def relabel(position: KaylesPosition, perm: list[int]) -> KaylesPosition:
    """The same position with vertex v renamed perm[v]."""
    adj = [0] * position.n
    for v, out in enumerate(position.adj):
        for u in range(position.n):
            if out >> u & 1:
                adj[perm[v]] |= 1 << perm[u]
    selected = sum(1 << perm[v] for v in range(position.n) if position.selected >> v & 1)
    return KaylesPosition(position.n, tuple(adj), selected)


# -- text ----------------------------------------------------------------------
def test_registered_with_aliases() -> None:
    assert get("node-kayles") is get("NodeKayles") is get("kayles-graph")


@pytest.mark.parametrize("text", [*NodeKayles.examples, "0;", "3;", "3;;selected=0,2"])
def test_examples_round_trip_exactly(text: str) -> None:
    assert RULES.format(RULES.parse(text)) == text


@given(positions())
def test_parse_format_round_trip(position: KaylesPosition) -> None:
    assert RULES.parse(RULES.format(position)) == position


def test_duplicate_edges_merge_and_spaces_are_allowed() -> None:
    assert RULES.parse(" 3; 0-1, 1-0 ,0-1 ") == RULES.parse("3;0-1")
    assert RULES.parse("3;0-1") == KaylesPosition(3, (2, 1, 0), 0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5", "missing ';' after the vertex count"),
        ("", "missing ';'"),
        ("x;0-1", "vertex count 'x' is not a whole number"),
        ("2.5;", "vertex count '2.5' is not a whole number"),
        ("-2;", "vertex count -2 is negative"),
        ("999999999;", "vertex count 999999999 is too large"),
        ("5;0-7", "vertex 7 is out of range: this graph has vertices 0..4"),
        ("1;0-1", "vertex 1 is out of range: this graph has only vertex 0"),
        ("0;0-1", "vertex 0 is out of range: this graph has no vertices"),
        ("5;3-3", "self-loop at vertex 3"),
        ("5;a-b", "edge 'a-b' is not two vertex numbers joined by '-': write edges like 0-1"),
        ("5;0-1-2", "edge '0-1-2' is not two vertex numbers"),
        ("5;01", "edge '01' is not two vertex numbers"),
        ("5;0>1", "edge '0>1' uses '>': these graphs are undirected"),
        ("5;0-1,,1-2", "empty edge between commas"),
        ("5;0-1,", "empty edge between commas"),
        ("5;selected=1", "the edge list is missing before 'selected=1': write 5;;selected=1"),
        ("5;0-1;chosen=2", "unexpected 'chosen=2' after the edges: write ;selected=..."),
        ("5;0-1;2", "unexpected '2' after the edges"),
        ("5;0-1;selected=1;selected=2", "selected= is given twice"),
        ("5;0-1;selected=9", "selected vertex 9 is out of range: this graph has vertices 0..4"),
        ("5;0-1;selected=x", "selected vertex 'x' is not a vertex number"),
        ("5;0-1;selected=0,1", "selected vertices 0 and 1 are adjacent"),
    ],
)
def test_bad_text_names_the_problem_and_the_fix(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)) as caught:
        RULES.parse(text)
    assert "\n" not in str(caught.value)


# -- rules -----------------------------------------------------------------------
def test_moves_delete_the_closed_neighbourhood_and_keep_original_labels() -> None:
    star = RULES.parse("5;0-1,0-2,0-3,3-4")
    assert [move for move, _ in RULES.moves(star)] == [0, 1, 2, 3, 4]
    after = RULES.play(star, 3)
    assert RULES.format(after) == "5;0-1,0-2,0-3,3-4;selected=3"
    assert [move for move, _ in RULES.moves(after)] == [1, 2]
    assert RULES.parse_move(after, "2") == 2
    assert [move for move, _ in RULES.moves(RULES.play(after, 1))] == [2]
    assert list(RULES.moves(RULES.play(RULES.play(after, 1), 2))) == []


@given(positions())
def test_components_partition_the_playable_vertices(position: KaylesPosition) -> None:
    parts = RULES.components(position)
    union = 0
    for part in parts:
        alive = playable(part)
        assert part.selected == 0 and alive and not union & alive
        assert part.removed == (1 << position.n) - 1 & ~alive
        assert RULES.components(part) == (part,)
        union |= alive
    assert union == playable(position)


@settings(deadline=None)
@given(positions())
def test_engine_matches_naive_reference(position: KaylesPosition) -> None:
    expected = naive_grundy(RULES, position)
    assert Solver(RULES).grundy(position) == expected
    assert (Solver(RULES).outcome(position) is Outcome.N) == (expected != 0)
    misere = Solver(RULES).misere_outcome(position) is Outcome.N
    assert misere == naive_misere_wins(RULES, position)


def test_one_solver_shared_across_many_graphs() -> None:
    """One transposition table for many graphs: keys must never merge different games."""
    rng = random.Random(2024)
    solver = Solver(RULES)
    for _ in range(150):
        position = RULES.random_position(rng, rng.randint(0, 11))
        assert solver.grundy(position) == naive_grundy(RULES, position), RULES.format(position)


@pytest.mark.parametrize("k", range(1, 8))
def test_cliques_are_star_one(k: int) -> None:
    clique = RULES.parse(graph_text(k, list(itertools.combinations(range(k), 2))))
    assert RULES.fast_grundy(clique) == 1 == naive_grundy(RULES, clique)
    assert RULES.fast_grundy(path(3)) is None  # P3 is *2, not a clique


# -- keys ------------------------------------------------------------------------
@settings(deadline=None)
@given(positions(), st.randoms(use_true_random=False))
def test_keys_are_invariant_under_relabelling(position: KaylesPosition, rng: random.Random) -> None:
    perm = list(range(position.n))
    rng.shuffle(perm)
    assert RULES.key(relabel(position, perm)) == RULES.key(position)


def brute_canonical(position: KaylesPosition) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The smallest sorted edge list of the playable subgraph over all its labellings."""
    alive = [v for v in range(position.n) if playable(position) >> v & 1]
    edges = [(a, b) for a, b in itertools.combinations(alive, 2) if position.adj[a] >> b & 1]
    best = min(
        tuple(sorted(tuple(sorted((label[a], label[b]))) for a, b in edges))
        for label in (
            dict(zip(alive, perm, strict=True))
            for perm in itertools.permutations(range(len(alive)))
        )
    )
    return len(alive), best


@pytest.mark.parametrize(("n", "classes"), [(0, 1), (1, 1), (2, 2), (3, 4), (4, 11), (5, 34)])
def test_keys_separate_exactly_the_isomorphism_classes(n: int, classes: int) -> None:
    """Over every labelled graph on n vertices, equal keys ⇔ isomorphic graphs, and the
    number of classes is the number of graphs on n nodes (OEIS A000088)."""
    pairs = list(itertools.combinations(range(n), 2))
    key_to_form: dict[object, object] = {}
    form_to_key: dict[object, object] = {}
    for bits in range(1 << len(pairs)):
        edges = [e for i, e in enumerate(pairs) if bits >> i & 1]
        position = RULES.parse(graph_text(n, edges))
        key, form = RULES.key(position), brute_canonical(position)
        assert key_to_form.setdefault(key, form) == form
        assert form_to_key.setdefault(form, key) == key
    assert len(key_to_form) == classes


def test_key_of_a_whole_position_is_its_playable_graph_up_to_isomorphism() -> None:
    two_edges = RULES.parse("4;0-1,2-3")
    assert RULES.key(two_edges) == RULES.key(RULES.parse("5;1-2,3-4;selected=0"))
    assert RULES.key(two_edges) != RULES.key(RULES.parse("4;0-1"))
    assert RULES.key(RULES.parse("3;0-1,1-2;selected=0")) == RULES.key(RULES.parse("1;"))
    assert RULES.key(RULES.parse("0;")) == RULES.key(RULES.parse("2;0-1;selected=0"))


# -- Dawson's Kayles ---------------------------------------------------------------
def octal_game_values(code: str, largest: int) -> list[int]:
    """Grundy values of heaps 0..largest of the octal game ``code`` (e.g. "0.137").

    Digit d_k says how k tokens may be taken from a heap: bit 1 if they are the whole
    heap, bit 2 if one non-empty heap remains, bit 4 if the rest is split into two
    non-empty heaps.
    """
    digits = [int(d) for d in code.split(".")[1]]
    values: list[int] = []
    for heap in range(largest + 1):
        seen = set()
        for take, digit in enumerate(digits, start=1):
            rest = heap - take
            if rest < 0:
                break
            if digit & 1 and rest == 0:
                seen.add(0)
            if digit & 2 and rest > 0:
                seen.add(values[rest])
            if digit & 4:
                seen.update(values[a] ^ values[rest - a] for a in range(1, rest // 2 + 1))
        values.append(min(set(range(len(seen) + 1)) - seen))
    return values


def test_octal_helper_reproduces_dawsons_chess() -> None:
    """0.137 (Dawson's chess, OEIS A002187) starts 0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5."""
    assert octal_game_values("0.137", 15) == [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5]


def test_paths_are_dawsons_kayles() -> None:
    """On a path, selecting an end vertex deletes 2 vertices, a vertex next to an end
    deletes 3 leaving one path, any other vertex deletes 3 and splits the path: the
    octal game 0.137 (Dawson's chess) on a heap of n = number of vertices, which is
    Dawson's Kayles 0.07 on n + 1 pins."""
    expected = octal_game_values("0.137", 40)
    assert octal_game_values("0.07", 41)[1:] == expected
    # the Python engine keys components up to isomorphism: each P_k is solved once
    solver = Solver(RULES, budget=Budget(max_nodes=100), engine="python")
    assert [solver.grundy(path(n)) for n in range(41)] == expected
    native = Solver(RULES, engine="native")  # keyed by vertex sets: every sub-path once
    assert [native.grundy(path(n)) for n in range(41)] == expected
    assert [naive_grundy(RULES, path(n)) for n in range(12)] == expected[:12]


# -- rendering -------------------------------------------------------------------
def test_data_and_svg() -> None:
    position = RULES.parse("4;0-1,1-2,2-3;selected=0")
    data = RULES.data(position)
    assert data == {
        "vertices": 4,
        "edges": [[0, 1], [1, 2], [2, 3]],
        "selected": [0],
        "removed": [],
        "playable": [2, 3],
    }
    json.dumps(RULES.to_json(position))
    svg = RULES.render_svg(position)
    assert svg.startswith("<svg") and svg.count("<circle") == 4 and svg.count("<line") == 3


def test_random_positions_are_sparse_graphs_of_the_given_size() -> None:
    rng = random.Random(7)
    for size in (0, 1, 5, 20):
        position = RULES.random_position(rng, size)
        assert position.n == size and position.selected == 0
        assert RULES.parse(RULES.format(position)) == position
