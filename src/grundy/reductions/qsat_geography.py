"""Figure 2 of Burke, Ferland & Teng 2022: "is G = *i?" as a GENERALIZED GEOGRAPHY
gadget through QSAT (``002_8bc4c30c443a0021.txt`` L175-187, Fig 2 caption L197).

The text names two steps: Q_i = "G = *i" to QSAT (by Prop 10, Q_i is in PSPACE), then
QSAT to Geography "using the classic reduction f" (Lichtenstein-Sipser, Schaefer), and
adds b_i → a_i → s_i, where s_i, the start of f(Q_i), has exactly two options.

- ``qbf_geography`` is the classic f, reconstructed from its published form, for a
  prenex CNF formula ∃x1 ∀x2 ...: a chain of diamonds v_k → (x_k's node | ¬x_k's node)
  → w_k → v_(k+1), whose player at v_k is x_k's quantifier; setting x_k true walks
  through ¬x_k's node, so x_k's node stays free.  After the last diamond the ∀
  player moves to c and picks a clause vertex; the ∃ player must go on to a free
  literal node of that clause, whose only arc leads back to a visited w_k.  So the
  player at v_1 wins iff the formula is true, and v_1 (= s_i) has two options.  Two
  variables in a row with the same quantifier get one vertex w_k → p_k → v_(k+1) in
  between (a dummy variable of the other quantifier whose two choices coincide).
- The first step is the generic PSPACE → QSAT reduction, which the paper does not
  construct.  ``nimber_question`` replaces it by an explicit formula that is true iff
  the second player wins G + *i: the moves' indices as blocks of bits, one clause
  per losing line of the ∃ player (an index past the options, or no option left).
  It is exact but lists lines of the game tree, so it is exponential where the
  paper's step is polynomial: only the QSAT → Geography half is polynomial here.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, NamedTuple

from grundy.protocol import Citation, GrundyError, ImpartialRuleset
from grundy.reductions.geography_constructions import GraphBuilder
from grundy.reductions.registry import Kind, Reduction, register
from grundy.reductions.star_atlas import game_dag, star_atlas_graph
from grundy.rulesets.formulas.tqbf import Tqbf
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.registry import get
from grundy.values import Outcome

SEED = "002_8bc4c30c443a0021.txt"
#: Most variables a formula may have here (the Geography chain grows by four per variable).
MAX_VARIABLES = 400


class Qbf(NamedTuple):
    """A prenex CNF formula: ``exists[k]`` says whether variable k is existential;
    clauses as (positive, negative) bitmasks over the variables."""

    exists: tuple[bool, ...]
    clauses: tuple[tuple[int, int], ...]


def truth(formula: Qbf) -> bool:
    """The formula's truth by brute force over the quantifiers."""
    def value(k: int, assignment: int) -> bool:
        if k == len(formula.exists):
            everything = (1 << k) - 1
            return all(pos & assignment or neg & everything & ~assignment
                       for pos, neg in formula.clauses)
        branches = (value(k + 1, assignment | bit << k) for bit in (0, 1))
        return any(branches) if formula.exists[k] else all(branches)

    return value(0, 0)


def of_tqbf(position: Tqbf) -> Qbf:
    """The TQBF game's formula ∃x1 ∀x2 ... ∃xN f (before any move)."""
    if position.assigned or position.over:
        raise GrundyError("QSAT → Geography maps formulas before play: give one with no x1=...")
    return Qbf(tuple(k % 2 == 0 for k in range(position.variables)), position.clauses)


def add_qbf_gadget(graph: GraphBuilder, formula: Qbf, tag: Hashable) -> int:
    """Add f(formula) to ``graph`` (its vertices named (tag, ...)); returns its start v_1,
    from which the player to move wins iff the formula is true.  The first variable
    must be existential (s_i's two options are its diamond)."""
    exists = formula.exists
    if not exists or not exists[0]:
        raise GrundyError("the formula must start with an existential variable")
    if len(exists) > MAX_VARIABLES:
        raise GrundyError(f"{len(exists)} variables: at most {MAX_VARIABLES}")
    n = len(exists)
    for k in range(n):
        v, w = (tag, "v", k), (tag, "w", k)
        for literal in (True, False):
            graph.edge(v, (tag, literal, k))
            graph.edge((tag, literal, k), w)
        if k + 1 < n:
            following = (tag, "v", k + 1)
            if exists[k + 1] == exists[k]:  # the same player chooses again
                graph.edge(w, (tag, "p", k))
                graph.edge((tag, "p", k), following)
            else:
                graph.edge(w, following)
    last = (tag, "w", n - 1)
    if exists[-1]:  # the ∀ player moves from c
        graph.edge(last, (tag, "c"))
    else:
        graph.edge(last, (tag, "p", n - 1))
        graph.edge((tag, "p", n - 1), (tag, "c"))
    graph.vertex((tag, "c"))
    for j, (pos, neg) in enumerate(formula.clauses):
        clause = (tag, "clause", j)
        graph.edge((tag, "c"), clause)
        for k in range(n):
            for literal, mask in ((True, pos), (False, neg)):
                if mask >> k & 1:
                    graph.edge(clause, (tag, literal, k))
    return graph.vertex((tag, "v", 0))


def qbf_geography(formula: Qbf) -> GeographyPosition:
    """Figure 2 for one formula: b → a → s with s = f(formula)'s start; the token on s."""
    graph = GraphBuilder(directed=True)
    graph.edge("b", "a")
    graph.join(graph.vertex("a"), add_qbf_gadget(graph, formula, "f"))
    return graph.position(("f", "v", 0))


def tqbf_geography(position: Tqbf) -> GeographyPosition:
    """The registered map: a TQBF game before play to Figure 2's position at s."""
    return qbf_geography(of_tqbf(position))


def nimber_question(dag: Sequence[Sequence[int]], i: int) -> Qbf:
    """A formula true iff the game of ``dag`` (node 0 the position) has nimber i: the
    second player wins G + *i (see the module docstring).  A leading dummy ∃
    variable lets the first mover of G + *i be ∀."""
    nodes = {(v, k) for v in range(len(dag)) for k in range(i + 1)}
    children = {(v, k): [(c, k) for c in dag[v]] + [(v, j) for j in range(k)]
                for v, k in nodes}
    height: dict[tuple[int, int], int] = {}

    def tall(node: tuple[int, int]) -> int:
        if node not in height:
            height[node] = 1 + max((tall(c) for c in children[node]), default=-1)
        return height[node]

    moves = tall((0, i))
    widest = max(len(c) for c in children.values())
    bits = max(1, (widest - 1).bit_length())
    exists = (True, *(t % 2 == 1 for t in range(moves) for _ in range(bits)))
    clauses: list[tuple[int, int]] = []

    def lines(node: tuple[int, int], t: int, pos: int, neg: int) -> None:
        """Clauses for the lines through ``node`` before move t (0-based), the bits so
        far fixed as pos (ones) and neg (zeros); a clause forbids a line ∃ loses."""
        options, first = children[node], 1 + t * bits
        ours = t % 2 == 1
        if not options:
            if ours:
                clauses.append((neg, pos))
            return
        for index in range(1 << bits):
            ones = sum(1 << (first + b) for b in range(bits) if index >> b & 1)
            zeros = sum(1 << (first + b) for b in range(bits) if not index >> b & 1)
            if index < len(options):
                lines(options[index], t + 1, pos | ones, neg | zeros)
            elif ours:
                clauses.append((neg | zeros, pos | ones))

    lines((0, i), 0, 0, 0)
    return Qbf(exists, tuple(clauses))


def qsat_star_atlas(ruleset: ImpartialRuleset[Any], position: Hashable) -> GeographyPosition:
    """The Star Atlas (Thm 16) with Figure 2's gadgets: s_i is f(Q_i), Q_i the formula
    of ``nimber_question``, instead of two copies of the game DAG."""
    dag = game_dag(ruleset, position)

    def gadget(graph: GraphBuilder, i: int) -> int:
        return add_qbf_gadget(graph, nimber_question(dag, i), ("q", i))

    return star_atlas_graph(dag, len(dag[0]), question=gadget).position("start")


def few_variable_formulas(rng: random.Random, size: int) -> Tqbf:
    """Formulas of 1 or 3 variables with up to ``size`` clauses."""
    return get("tqbf-game").random_position(rng, min(size, 3))  # type: ignore[no-any-return]


register(Reduction(
    name="qsat->geography",
    source="tqbf-game",
    target="geography",
    kind=Kind.OUTCOME_RELATION,
    map_position=tqbf_geography,
    citation=Citation(SEED, "L175-187", "Fig 2"),
    summary="the classic QSAT to Generalized Geography gadget of Figure 2: the player at "
            "s wins iff the formula is true",
    instances=few_variable_formulas,
    promise=lambda formula, image: (formula in (Outcome.R, Outcome.N)) == (image is Outcome.N),
))


def _register(source: str, size: int) -> None:
    ruleset = get(source)
    assert isinstance(ruleset, ImpartialRuleset)
    register(Reduction(
        name=f"qsat-star-atlas:{source}",
        source=source,
        target="geography",
        kind=Kind.NIMBER_PRESERVING,
        map_position=lambda position: qsat_star_atlas(ruleset, position),
        citation=Citation(SEED, "L175-226", "Fig 2 in Thm 16"),
        summary=f"{source} to Generalized Geography by the Star Atlas with Figure 2's "
                "QSAT gadgets",
        instances=lambda rng, _: ruleset.random_position(rng, rng.randint(1, size)),
    ))


_register("nim", 2)  # heaps of 0-2 tokens: the formulas list lines of the game tree
