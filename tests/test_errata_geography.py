"""The errata of docs/errata.md on geography constructions and Tower Nim (seeds 001,
002), each counterexample re-derived by search."""

from __future__ import annotations

import itertools
from pathlib import Path

from grundy.protocol import ImpartialRuleset
from grundy.reductions.geography_constructions import (
    GraphBuilder,
    attach_nimber,
    binomial_tree,
    nimber_generation,
)
from grundy.reductions.star_atlas import game_dag, star_atlas_graph
from grundy.rulesets import get
from grundy.rulesets.geography.algorithms import branch_and_bound
from grundy.rulesets.geography.tower_nim import TowerNim, winning_move
from grundy.rulesets.geography.vertex import Geography, GeographyPosition
from grundy.search import Solver
from grundy.search.naive import naive_grundy

ERRATA = " ".join((Path(__file__).parent.parent / "docs" / "errata.md").read_text().split())
GG = Geography()
NIM = get("nim")
assert isinstance(NIM, ImpartialRuleset)


def value(position: GeographyPosition) -> int:
    return branch_and_bound(position.adj, position.token, position.removed)[0]


def nim_positions() -> list[tuple[int, ...]]:
    """Nim positions by total size, then number of heaps."""
    return sorted(
        (heaps for k in range(4) for heaps in itertools.product(range(4), repeat=k)),
        key=lambda h: (sum(h), len(h), h),
    )


def atlas_values(heaps: tuple[int, ...], printed: bool) -> dict[object, int]:
    """The value at every named vertex of the Star Atlas graph of a Nim position."""
    dag = game_dag(NIM, heaps)
    graph = star_atlas_graph(dag, len(dag[0]), printed_d_range=printed)
    solver = Solver(GG)
    return {name: solver.grundy(graph.position(name)) for name in graph.index
            if not (isinstance(name, tuple) and name[0] == "fresh")}


def test_algorithm_1_as_printed() -> None:
    smallest = next(n for n in itertools.count() if value(nimber_generation(n, False)) != n)
    assert smallest == 4
    printed = [value(nimber_generation(n, fixed=False)) for n in (4, 5, 6)]
    assert printed == [0, 1, 2]
    assert "as printed gives 0, *, *2 for n = 4, 5, 6" in ERRATA
    assert [value(nimber_generation(n)) for n in (4, 5, 6)] == [4, 5, 6]


def test_lemma_13_at_i_equal_1() -> None:
    """Lemma 13 (002 L197): c_i = *(i-1) if G ≠ *i, else 0 -- wrong for i = 1."""
    def claim(i: int, nimber: int) -> int:
        return 0 if nimber == i else i - 1

    smallest = next(
        heaps for heaps in nim_positions()
        if any(atlas_values(heaps, False)[("c", i)] != claim(i, naive_grundy(NIM, heaps))
               for i in range(1, 3) if ("c", i) in atlas_values(heaps, False))
    )
    assert smallest == ()
    assert atlas_values((), False)[("c", 1)] == 1
    assert "the empty Nim position (G = 0), c_1 = *" in ERRATA


def test_the_d_range() -> None:
    """With d_i → c_2..c_(i-1) (002 L193) the start is still right, but Lemma 14
    (G = 0 ⇒ d_i = *i) fails; with c_2..c_i (the lemmas' range) it holds."""
    def lemma(i: int, k: int) -> int:
        return i if k == 0 or i < k else k - 1

    for heaps in nim_positions()[:25]:
        k = naive_grundy(NIM, heaps)
        assert atlas_values(heaps, True)["start"] == k
        fixed = atlas_values(heaps, False)
        assert all(v == lemma(name[1], k) for name, v in fixed.items()
                   if isinstance(name, tuple) and name[0] == "d")
    smallest = next(
        heaps for heaps in nim_positions()
        if any(v != lemma(name[1], naive_grundy(NIM, heaps))
               for name, v in atlas_values(heaps, True).items()
               if isinstance(name, tuple) and name[0] == "d")
    )
    assert smallest == (1, 1)
    assert atlas_values(smallest, True)[("d", 2)] == 1
    assert "`1,1` (G = 0): d_2 = * where Lemma 14 says *2" in ERRATA


def test_theorem_3_6_10_last_vertex() -> None:
    """Giving v_k its own 0..*(k-1), as printed for v_k, makes v_3 = *3 whatever v_2 is."""
    printed = []
    for base in (1, 2):
        graph = GraphBuilder(directed=False)
        v2 = graph.copy(binomial_tree(base))
        v3 = graph.fresh()
        graph.join(v3, v2)
        for own in range(3):
            attach_nimber(graph, v3, own)
        printed.append(value(GeographyPosition(len(graph.adj), tuple(graph.adj), v3, 0)))
    assert printed == [3, 3]
    assert "own 0 to *(k − 1)" in ERRATA


def test_tower_nim_q_as_printed() -> None:
    """q = 1 iff s_(i+1) exists (001 L1126) loses; q = 1 iff s_i exists wins."""
    rules = TowerNim()

    def loses(stack: tuple[int, ...]) -> bool:
        target = winning_move(stack, printed=True)
        return naive_grundy(rules, (target, *stack[1:]) if target else stack[1:]) != 0

    smallest = next(
        stack for n in range(1, 5) for stack in itertools.product(range(1, 4), repeat=n)
        if naive_grundy(rules, stack) and loses(stack)
    )
    assert smallest == (2, 1, 2)
    assert "`2,1,2`" in ERRATA
