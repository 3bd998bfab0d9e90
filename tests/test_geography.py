"""GENERALIZED GEOGRAPHY (seed 002, ``002_8bc4c30c443a0021.txt`` L40) and UNDIRECTED
GEOGRAPHY (seed 002 L70)."""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from grundy.protocol import ParseError
from grundy.rulesets.geography.vertex import (
    CANONICAL_LIMIT,
    REACHABLE_LIMIT,
    Geography,
    GeographyPosition,
    UndirectedGeography,
    reachable,
)
from grundy.rulesets.registry import get
from grundy.search import Solver
from grundy.search.naive import naive_grundy, naive_misere_wins
from grundy.values import Outcome

GG = Geography()
UG = UndirectedGeography()
BOTH = pytest.mark.parametrize("rules", [GG, UG], ids=["directed", "undirected"])


def text_of(rules: Geography, n: int, edges: list[tuple[int, int]], start: int) -> str:
    sep = ">" if rules.directed else "-"
    return f"{n};" + ",".join(f"{a}{sep}{b}" for a, b in edges) + f";start={start}"


@st.composite
def positions(draw: st.DrawFn, rules: Geography, max_vertices: int = 9) -> GeographyPosition:
    """A graph on 1..max_vertices vertices with the token somewhere after a few moves."""
    n = draw(st.integers(1, max_vertices))
    pairs = list(
        itertools.permutations(range(n), 2)
        if rules.directed
        else itertools.combinations(range(n), 2)
    )
    present = draw(st.lists(st.booleans(), min_size=len(pairs), max_size=len(pairs)))
    edges = [e for e, keep in zip(pairs, present, strict=True) if keep]
    position = rules.parse(text_of(rules, n, edges, draw(st.integers(0, n - 1))))
    for choice in draw(st.lists(st.integers(0, n), max_size=3)):
        moves = list(rules.moves(position))
        if moves:
            position = moves[choice % len(moves)][1]
    return position


def relabel(position: GeographyPosition, perm: list[int]) -> GeographyPosition:
    """The same position with vertex v renamed perm[v]."""
    n, adj, token, removed = position
    new = [0] * n
    for v, out in enumerate(adj):
        for u in range(n):
            if out >> u & 1:
                new[perm[v]] |= 1 << perm[u]
    moved = sum(1 << perm[v] for v in range(n) if removed >> v & 1)
    return GeographyPosition(n, tuple(new), perm[token], moved)


# -- text ----------------------------------------------------------------------
def test_registered_with_aliases() -> None:
    assert get("geography") is get("generalized-geography") is get("directed-geography")
    assert get("undirected-geography").name == "undirected-geography"


@pytest.mark.parametrize(
    "text",
    [
        *Geography.examples,
        "1;;start=0",
        "4;;start=0",
        "5;0>1,1>2,2>3,3>4;start=2;removed=0,1",
    ],
)
def test_directed_examples_round_trip_exactly(text: str) -> None:
    assert GG.format(GG.parse(text)) == text


@pytest.mark.parametrize(
    "text", [*UndirectedGeography.examples, "4;;start=3", "4;0-1,1-2;start=2;removed=1"]
)
def test_undirected_examples_round_trip_exactly(text: str) -> None:
    assert UG.format(UG.parse(text)) == text


@BOTH
@given(data=st.data())
def test_parse_format_round_trip(rules: Geography, data: st.DataObject) -> None:
    position = data.draw(positions(rules))
    assert rules.parse(rules.format(position)) == position


def test_sections_in_any_order_and_duplicate_edges() -> None:
    assert GG.parse("3;0>1,0>1,1>2;removed=0;start=1") == GG.parse("3;0>1,1>2;start=1;removed=0")
    assert UG.parse("3;0-1,1-0;start=0") == GeographyPosition(3, (2, 1, 0), 0, 0)
    assert GG.parse("3;0>1,1>0;start=0") == GeographyPosition(3, (2, 1, 0), 0, 0)
    assert GG.parse("3;0>1;start=0") == GeographyPosition(3, (2, 0, 0), 0, 0)


@pytest.mark.parametrize(
    ("rules", "text", "message"),
    [
        (GG, "4;0>1", "missing ;start=s: say which vertex holds the token"),
        (GG, "4;0>1;start=", "start= needs exactly one vertex"),
        (GG, "4;0>1;start=0,1", "start= needs exactly one vertex"),
        (GG, "4;0>1;start=7", "start vertex 7 is out of range: this graph has vertices 0..3"),
        (GG, "0;;start=0", "start vertex 0 is out of range: this graph has no vertices"),
        (GG, "4;0>1;start=x", "start vertex 'x' is not a vertex number"),
        (GG, "4;0>1;start=0;removed=0", "start vertex 0 is removed"),
        (GG, "4;0>1;start=1;removed=5", "removed vertex 5 is out of range"),
        (GG, "4;0>1;start=1;start=2", "start= is given twice"),
        (GG, "4;0>1;token=1", "unexpected 'token=1' after the edges: write ;start=... or"),
        (GG, "4;start=0", "the edge list is missing before 'start=0': write 4;;start=0"),
        (GG, "4;2>2;start=0", "self-loop at vertex 2"),
        (GG, "4;0-1;start=0", "arc '0-1' uses '-': these graphs are directed, write arcs like 0>1"),
        (GG, "4;0>9;start=0", "vertex 9 is out of range: this graph has vertices 0..3"),
        (GG, "4;0>;start=0", "arc '0>' is not two vertex numbers joined by '>'"),
        (GG, "4 0>1 start=0", "missing ';' after the vertex count"),
        (GG, "-1;;start=0", "vertex count -1 is negative"),
        (UG, "4;0>1;start=0", "edge '0>1' uses '>': these graphs are undirected"),
        (UG, "4;1-1;start=0", "self-loop at vertex 1"),
        (UG, "4;0-1;start=4", "start vertex 4 is out of range"),
        (UG, "4;0-1;start=1;removed=1,2", "start vertex 1 is removed"),
    ],
)
def test_bad_text_names_the_problem_and_the_fix(rules: Geography, text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)) as caught:
        rules.parse(text)
    assert "\n" not in str(caught.value)


# -- rules -----------------------------------------------------------------------
def test_a_move_deletes_the_current_vertex() -> None:
    cycle = GG.parse("4;0>1,1>2,2>0,2>3;start=0")
    assert [move for move, _ in GG.moves(cycle)] == [1]
    after = GG.play(cycle, 1)
    assert GG.format(after) == "4;0>1,1>2,2>0,2>3;start=1;removed=0"
    last = GG.play(after, 2)
    assert [move for move, _ in GG.moves(last)] == [3]  # 0 is gone
    assert GG.format_move(GG.parse_move(last, "3")) == "3"
    undirected = UG.parse("3;0-1,1-2;start=1")
    assert [move for move, _ in UG.moves(undirected)] == [0, 2]
    assert list(UG.moves(UG.play(undirected, 0))) == []  # 1 was deleted behind the token


@pytest.mark.parametrize(
    ("rules", "text", "value"),
    [
        (GG, "1;;start=0", 0),  # no move
        (GG, "2;0>1;start=0", 1),  # one move to a dead end
        (GG, "2;1>0;start=0", 0),  # the arc points the wrong way
        (GG, "3;0>1,1>2,2>0;start=0", 0),  # 0 -> 1 -> 2, then 0 is gone: two moves
        (GG, "4;0>1,0>2,0>3;start=0", 1),  # every option is terminal
        (GG, "4;0>1,0>2,2>3;start=0", 2),  # options: dead end (0) and 2 -> 3 (*)
        (GG, "5;0>1,0>2,2>3,0>4,4>1,1>3;start=0", 2),  # options 1 (*), 2 (*), 4 -> 1 (0)
        (UG, "4;0-1,0-2,0-3;start=0", 1),  # centre of a star: every leaf is terminal
        (UG, "4;0-1,0-2,0-3;start=1", 0),  # leaf: forced to the centre, which is *
        (UG, "3;0-1,0-2,1-2;start=0", 0),  # triangle: two forced moves
        (UG, "3;0-1,1-2;start=1", 1),  # middle of P3
        (UG, "4;0-1,1-2,2-3;start=1", 2),  # options: 0 (terminal) and 2 -> 3 (*)
    ],
)
def test_hand_checked_values(rules: Geography, text: str, value: int) -> None:
    position = rules.parse(text)
    assert Solver(rules).grundy(position) == value == naive_grundy(rules, position)


def binomial_tree(order: int) -> tuple[int, list[tuple[int, int]]]:
    """t(0) is one vertex; t(n) is a root joined to the roots of t(n-1), ..., t(0).
    Returns (vertex count, edges) with the root at vertex 0."""
    if order == 0:
        return 1, []
    n, edges = 1, []
    for smaller in range(order):
        size, inner = binomial_tree(smaller)
        edges.append((0, n))
        edges += [(a + n, b + n) for a, b in inner]
        n += size
    return n, edges


@pytest.mark.parametrize("order", range(6))
def test_binomial_trees_reach_star_n(order: int) -> None:
    """Seed 001 Obs 3.6.1 (``001_56c9c94dd1ec088e.wrapped.txt`` L542-545): the root of
    t(n) has options t(n-1), ..., t(0), so it is *n, with 2^n vertices."""
    n, edges = binomial_tree(order)
    assert n == 2**order
    assert Solver(UG).grundy(UG.parse(text_of(UG, n, edges, 0))) == order


def long_path(rules: Geography, length: int) -> GeographyPosition:
    return rules.parse(text_of(rules, length, [(i, i + 1) for i in range(length - 1)], 0))


@BOTH
def test_a_long_path_is_solved_without_recursion(rules: Geography) -> None:
    """From one end of a path of L vertices every move is forced and there are L-1 of
    them.  A chain of m forced moves has value m mod 2 (mex{0} = 1, mex{1} = 0), and in
    misère play the mover wins iff m is even (no move at m = 0 is a win)."""
    length = 5000
    position = long_path(rules, length)
    assert Solver(rules).grundy(position) == (length - 1) % 2 == 1
    assert Solver(rules).outcome(position) is Outcome.N
    assert Solver(rules).misere_outcome(position) is Outcome.P
    assert Solver(rules).grundy(long_path(rules, 1001)) == 0


def matching_number(n: int, edges: list[tuple[int, int]]) -> int:
    """The size of a maximum matching, by brute force over edge subsets (small graphs)."""
    for size in range(n // 2, 0, -1):
        for chosen in itertools.combinations(edges, size):
            if len({v for edge in chosen for v in edge}) == 2 * size:
                return size
    return 0


def test_undirected_winner_is_decided_by_maximum_matchings() -> None:
    """Fraenkel-Scheinerman-Ullman (seed 001 ``…wrapped.txt`` L413-417): the player to
    move wins iff the token's vertex is in every maximum matching, i.e. deleting it
    lowers the matching number."""
    rng = random.Random(11)
    for _ in range(200):
        n = rng.randint(1, 8)
        edges = [e for e in itertools.combinations(range(n), 2) if rng.random() < 0.35]
        start = rng.randrange(n)
        without = [e for e in edges if start not in e]
        wins = matching_number(n, without) < matching_number(n, edges)
        outcome = Solver(UG).outcome(UG.parse(text_of(UG, n, edges, start)))
        assert (outcome is Outcome.N) == wins


@BOTH
@settings(deadline=None)
@given(data=st.data())
def test_engine_matches_naive_reference(rules: Geography, data: st.DataObject) -> None:
    position = data.draw(positions(rules))
    expected = naive_grundy(rules, position)
    assert Solver(rules).grundy(position) == expected
    assert (Solver(rules).outcome(position) is Outcome.N) == (expected != 0)
    misere = Solver(rules).misere_outcome(position) is Outcome.N
    assert misere == naive_misere_wins(rules, position)


@BOTH
def test_one_solver_shared_across_many_graphs(rules: Geography) -> None:
    """One transposition table for many graphs: keys must never merge different games."""
    rng = random.Random(5)
    solver = Solver(rules)
    for _ in range(200):
        position = rules.random_position(rng, rng.randint(1, 10))
        assert solver.grundy(position) == naive_grundy(rules, position), rules.format(position)


# -- keys ------------------------------------------------------------------------
@BOTH
@settings(deadline=None)
@given(data=st.data())
def test_keys_are_invariant_under_relabelling(rules: Geography, data: st.DataObject) -> None:
    """Canonical keys (reachable parts up to CANONICAL_LIMIT vertices) ignore labels."""
    position = data.draw(positions(rules))
    part = reachable(position.adj, position.token, position.removed, CANONICAL_LIMIT)
    assume(part.bit_count() <= CANONICAL_LIMIT)
    perm = data.draw(st.permutations(range(position.n)))
    assert rules.key(relabel(position, list(perm))) == rules.key(position)


def brute_canonical(position: GeographyPosition) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The smallest sorted arc list, over all labellings with the token first, of the
    part the token can reach, without arcs into the token."""
    n, adj, token, removed = position
    out = {v: [u for u in range(n) if adj[v] >> u & 1 and not removed >> u & 1] for v in range(n)}
    reach, stack = {token}, [token]
    while stack:
        for u in out[stack.pop()]:
            if u not in reach:
                reach.add(u)
                stack.append(u)
    arcs = [(a, b) for a in reach for b in out[a] if b != token]
    others = sorted(reach - {token})
    best = min(
        tuple(sorted((label[a], label[b]) for a, b in arcs))
        for label in (
            {token: 0, **{v: i + 1 for i, v in enumerate(perm)}}
            for perm in itertools.permutations(others)
        )
    )
    return len(reach), best


@pytest.mark.parametrize(("rules", "n"), [(GG, 3), (GG, 4), (UG, 4), (UG, 5)])
def test_keys_separate_exactly_the_rooted_isomorphism_classes(rules: Geography, n: int) -> None:
    """Over every graph on n vertices and every start: equal keys ⇔ the reachable parts
    (token fixed, arcs into the token ignored) are isomorphic."""
    pairs = list(
        itertools.permutations(range(n), 2)
        if rules.directed
        else itertools.combinations(range(n), 2)
    )
    key_to_form: dict[object, object] = {}
    form_to_key: dict[object, object] = {}
    for bits in range(1 << len(pairs)):
        edges = [e for i, e in enumerate(pairs) if bits >> i & 1]
        for start in range(n if not rules.directed else 1):
            position = rules.parse(text_of(rules, n, edges, start))
            key, form = rules.key(position), brute_canonical(position)
            assert key_to_form.setdefault(key, form) == form, rules.format(position)
            assert form_to_key.setdefault(form, key) == key, rules.format(position)


def test_key_ignores_what_the_token_cannot_use() -> None:
    base = GG.key(GG.parse("3;0>1,1>2;start=0"))
    assert GG.key(GG.parse("3;0>1,1>2,2>0,1>0;start=0")) == base  # arcs into the token
    assert GG.key(GG.parse("5;0>1,1>2,3>4,4>3;start=0")) == base  # unreachable part
    assert GG.key(GG.parse("4;3>0,0>1,1>2,2>3;start=0;removed=3")) == base  # removed
    assert GG.key(GG.parse("3;1>0,2>1;start=2")) == base  # relabelled
    assert GG.key(GG.parse("3;0>1,1>2;start=1")) != base


@BOTH
def test_big_trees_beyond_the_canonical_limit(rules: Geography) -> None:
    """Random trees (arcs pointing away from vertex 0 when directed) bigger than
    CANONICAL_LIMIT, solved with one shared table, against the naive reference."""
    rng = random.Random(17)
    solver = Solver(rules)
    for _ in range(6):
        n = rng.randint(CANONICAL_LIMIT + 1, REACHABLE_LIMIT + 20)
        edges = [(rng.randrange(v), v) for v in range(1, n)]
        start = 0 if rules.directed else rng.randrange(n)
        position = rules.parse(text_of(rules, n, edges, start))
        assert solver.grundy(position) == naive_grundy(rules, position), rules.format(position)


def test_keys_beyond_the_canonical_limit_are_sound() -> None:
    length = CANONICAL_LIMIT + 10
    position = long_path(GG, length)
    again = long_path(GG, length)  # an equal graph parsed separately
    assert GG.key(position) == GG.key(again)
    assert GG.key(position) != GG.key(long_path(GG, length + 1))
    assert GG.key(position) != GG.key(GG.play(position, 1))


# -- rendering -------------------------------------------------------------------
def test_data_and_svg() -> None:
    position = GG.parse("4;0>1,1>2,2>0,2>3;start=1;removed=0")
    assert GG.data(position) == {
        "vertices": 4,
        "directed": True,
        "edges": [[0, 1], [1, 2], [2, 0], [2, 3]],
        "token": 1,
        "removed": [0],
        "moves": [2],
    }
    json.dumps(GG.to_json(position))
    svg = GG.render_svg(position)
    assert svg.startswith("<svg") and 'marker-end="url(#arrow)"' in svg
    assert svg.count("<circle") == 4 and svg.count("<line") == 4
    assert "marker-end" not in UG.render_svg(UG.parse("3;0-1,1-2;start=0"))


@BOTH
def test_random_positions(rules: Geography) -> None:
    rng = random.Random(3)
    for size in (1, 2, 9, 30):
        position = rules.random_position(rng, size)
        assert position.n == size and position.removed == 0
        assert rules.parse(rules.format(position)) == position
