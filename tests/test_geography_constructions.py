"""Geography positions of prescribed nimbers (seed 001 Ch. 3) and the Star Atlas
(seed 002 Thm 11-20), each checked by computing both sides."""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy.reductions.geography_constructions as constructions
import grundy.reductions.star_atlas as atlas
from grundy.reductions import Kind
from grundy.reductions import get as get_reduction
from grundy.reductions.geography_constructions import (
    binomial_tree,
    directed_to_undirected,
    nimber_generation,
    separate,
    star_chain,
)
from grundy.reductions.star_atlas import (
    TreeFactorizer,
    game_dag,
    homomorphic_sum,
    is_prime_geography,
    star_atlas,
)
from grundy.rulesets import GrundyError, ImpartialRuleset, get
from grundy.rulesets.geography.algorithms import branch_and_bound
from grundy.rulesets.geography.vertex import Geography, GeographyPosition, UndirectedGeography
from grundy.search import Solver
from grundy.search.naive import naive_grundy

GG = Geography()
UG = UndirectedGeography()


def value(position: GeographyPosition) -> int:
    return branch_and_bound(position.adj, position.token, position.removed)[0]


def impartial(name: str) -> ImpartialRuleset[object]:
    ruleset = get(name)
    assert isinstance(ruleset, ImpartialRuleset)
    return ruleset


def test_doctests() -> None:
    assert doctest.testmod(constructions).failed == 0
    assert doctest.testmod(atlas).failed == 0


@pytest.mark.parametrize("n", range(6))
def test_binomial_tree_is_star_n_with_2_to_the_n_vertices(n: int) -> None:
    tree = binomial_tree(n)
    assert tree.n == 2**n
    assert value(tree) == n == Solver(UG).grundy(tree)


@pytest.mark.parametrize(("n", "size"), [(4, 16), (5, 46), (6, 86), (7, 136), (8, 196)])
def test_nimber_generation_gives_star_n(n: int, size: int) -> None:
    """Alg 1 with the three fixes (seed 001 L570-617): *n in 5n² - 15n - 4 vertices."""
    position = nimber_generation(n)
    assert position.n == size == 5 * n * n - 15 * n - 4
    assert value(position) == n


def test_nimber_generation_small_and_bad() -> None:
    assert [value(nimber_generation(n)) for n in range(4)] == [0, 1, 2, 3]
    with pytest.raises(GrundyError, match="negative"):
        nimber_generation(-1)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5), st.integers(0, 2**32))
def test_directed_to_undirected(n: int, seed: int) -> None:
    """Thm 3.2.1 with the prelude (seed 001 L427-465): P ↦ *, N ↦ *2, checked against
    the naive reference on the directed side."""
    rng = random.Random(seed)
    directed = GG.random_position(rng, n)
    if rng.random() < 0.5 and n > 1:  # sometimes play a move first
        moves = list(GG.moves(directed))
        directed = moves[0][1] if moves else directed
    undirected = directed_to_undirected(directed)
    expected = 1 if naive_grundy(GG, directed) == 0 else 2
    assert value(undirected) == expected


@pytest.mark.parametrize("base", [1, 2])
@pytest.mark.parametrize("k", [2, 3, 4])
def test_theorem_3_6_10_chains(base: int, k: int) -> None:
    """(G2, v2) = * gives (Gk, vk) = *(k-1); *2 gives *k (seed 001 L619-628); then v_p
    separates: *p if (Gk, vk) = *k, else *k."""
    chain = star_chain(binomial_tree(base), k)
    chain_value = k - 1 if base == 1 else k
    assert value(chain) == chain_value
    for p in (k + 1, k + 2):
        assert value(separate(chain, k, p)) == (p if chain_value == k else k)
    with pytest.raises(GrundyError, match="k ≥ 2"):
        star_chain(binomial_tree(base), 1)
    with pytest.raises(GrundyError, match="0 < k < p"):
        separate(chain, k, k)


SOURCES = [("nim", 3), ("transverse-wave", 3), ("node-kayles", 5)]


@pytest.mark.parametrize(("name", "size"), SOURCES)
def test_star_atlas_preserves_nimbers(name: str, size: int) -> None:
    """Thm 16 (seed 002 L220) on random positions of three rulesets, with the output's
    game tree prime (Thm 20, L285) when small."""
    ruleset = impartial(name)
    rng = random.Random(name)
    seen = set()
    for _ in range(25):
        position = ruleset.random_position(rng, rng.randint(1, size))
        expected = naive_grundy(ruleset, position)
        seen.add(expected)
        output = star_atlas(ruleset, position)
        assert Solver(GG).grundy(output) == expected
        assert naive_grundy(GG, output) == expected
        if output.n <= 120:
            assert is_prime_geography(output)
    assert len(seen) >= 2


@pytest.mark.parametrize(("name", "size"), SOURCES)
def test_star_atlas_is_a_registered_nimber_preserving_reduction(name: str, size: int) -> None:
    reduction = get_reduction(f"star-atlas:{name}")
    assert reduction.kind is Kind.NIMBER_PRESERVING and reduction.target == "geography"
    assert reduction.instances is not None
    rng = random.Random(1)
    source = impartial(name)
    for _ in range(5):
        position = reduction.instances(rng, size)
        assert Solver(GG).grundy(reduction.map_position(position)) == naive_grundy(
            source, position
        )


def test_homomorphic_sum() -> None:
    """Thm 17 (seed 002 L243): one position of value nimber(G1) ⊕ nimber(G2), on pairs
    drawn from Transverse Wave, Node Kayles and Nim."""
    rng = random.Random(17)
    rulesets = [impartial(name) for name, _ in SOURCES]
    sizes = dict(SOURCES)
    for _ in range(12):
        first, second = rng.choice(rulesets), rng.choice(rulesets)
        g1 = first.random_position(rng, rng.randint(1, min(2, sizes[first.name])))
        g2 = second.random_position(rng, rng.randint(1, min(3, sizes[second.name])))
        output = homomorphic_sum((first, g1), (second, g2))
        assert Solver(GG).grundy(output) == naive_grundy(first, g1) ^ naive_grundy(second, g2)


def test_tree_factorizer() -> None:
    """Def 18 (seed 002 L277): NIM(1)+NIM(1) is composite; NIM(3) is prime though it has
    the nimber of NIM(1)+NIM(2) (L283); games with a terminal option are prime."""
    nim = impartial("nim")
    factorizer = TreeFactorizer()

    def tree(heaps: tuple[int, ...]) -> int:
        return factorizer.of_game(lambda p: [c for _, c in nim.moves(p)], heaps)

    assert factorizer.factors(tree((1, 1))) == (tree((1,)), tree((1,)))
    assert factorizer.factors(tree((1, 2))) is not None
    assert factorizer.factors(tree((3,))) is None
    assert factorizer.factors(tree((2, 2, 1))) is not None


def test_star_atlas_refuses_huge_games() -> None:
    with pytest.raises(GrundyError, match="positions"):
        game_dag(impartial("nim"), (9, 9, 9), limit=100)
