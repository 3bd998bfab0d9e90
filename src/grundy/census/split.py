"""One large position across workers: split the game tree near the root.

The client expands the position ``depth`` moves deep (splitting sums into their
components as the engine does, and closing positions a ruleset's closed form
settles), keeps the distinct positions at that depth as leaves (one per canonical
key), solves the leaves on the Dask workers, and merges upwards: the Grundy value of
a position is the mex of its options' values and a sum's is the XOR of its
components' (seed 002, ``002_8bc4c30c443a0021.txt`` L57-63); a partizan value is
{Left options | Right options} in canonical form and a sum's the sum of its
components' (seed 003 Definitions A.1 and A.5, ``003_b9b71f74cb16b358.txt`` L468,
L501).  Every merged position's value goes to the store, under the key the engine
would use, so a later search finds it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import reduce
from operator import add, xor
from typing import TYPE_CHECKING, Any

from grundy.census.compute import solve_positions
from grundy.census.extra import require
from grundy.census.run import connect
from grundy.protocol import ImpartialRuleset, Key, PartizanRuleset, Player, Ruleset
from grundy.rulesets import get
from grundy.search import Store
from grundy.values import Game, Outcome, mex, parse

if TYPE_CHECKING:
    from distributed import Client

#: A node of the expanded tree: ("leaf", leaf number), ("const", value),
#: ("sum", [nodes]), ("mex", [nodes], position) or ("game", [left], [right], position).
Node = tuple[Any, ...]


@dataclass(frozen=True)
class SplitResult:
    """The value of the position (an int nimber or a canonical ``Game``), its outcome,
    how many distinct subpositions the workers solved, and the wall-clock time."""

    value: int | Game
    outcome: Outcome
    leaves: int
    seconds: float


class _Tree:
    """The first ``depth`` levels of a game tree, leaves shared by canonical key."""

    def __init__(self, ruleset: Ruleset[Any]) -> None:
        self.ruleset = ruleset
        self.leaf_numbers: dict[Key, int] = {}
        self.leaves: list[Any] = []

    def expand(self, position: Any, depth: int) -> Node:
        rs = self.ruleset
        parts = rs.components(position)
        if len(parts) != 1:
            return ("sum", [self.expand(part, depth) for part in parts])
        part = parts[0]
        if isinstance(rs, ImpartialRuleset):
            fast: Any = rs.fast_grundy(part)
        else:
            assert isinstance(rs, PartizanRuleset)
            fast = rs.fast_value(part)
        if fast is not None:
            return ("const", fast)
        if depth == 0:
            key = rs.key(part)
            if key not in self.leaf_numbers:
                self.leaf_numbers[key] = len(self.leaves)
                self.leaves.append(part)
            return ("leaf", self.leaf_numbers[key])
        if isinstance(rs, ImpartialRuleset):
            return ("mex", [self.expand(o, depth - 1) for o in rs.options(part)], part)
        assert isinstance(rs, PartizanRuleset)
        return ("game", [self.expand(o, depth - 1) for o in rs.options(part, Player.LEFT)],
                [self.expand(o, depth - 1) for o in rs.options(part, Player.RIGHT)], part)


def _merge(node: Node, leaves: list[Any], record: Callable[[Any, Any], None],
           zero: Any) -> Any:
    """The value of a node from its leaves' values (``zero``: 0 or the game 0)."""
    kind = node[0]
    if kind == "leaf":
        return leaves[node[1]]
    if kind == "const":
        return node[1]
    values = [_merge(child, leaves, record, zero) for child in node[1]]
    if kind == "sum":
        return reduce(xor if isinstance(zero, int) else add, values, zero)
    if kind == "mex":
        value: Any = mex(values)
    else:
        value = Game.of(values, [_merge(child, leaves, record, zero) for child in node[2]])
    record(node[-1], value)
    return value


def split_solve(ruleset_name: str, position: Any, *, depth: int = 2,
                client: Client | None = None, scheduler: str | None = None,
                workers: int | None = None, store: str | None = None,
                max_nodes: int | None = None) -> SplitResult:
    """Solve ``position`` by solving its subpositions ``depth`` moves deep on the Dask
    workers (of ``client``, the scheduler at ``scheduler``, or a new LocalCluster of
    ``workers`` processes) and merging their values here."""
    ruleset = get(ruleset_name)
    start = time.perf_counter()
    tree = _Tree(ruleset)
    root = tree.expand(position, depth)
    if tree.leaves:
        if client is None:
            with connect(scheduler, workers) as made:
                solved = _solve_leaves(made, ruleset.name, tree.leaves, store, max_nodes)
        else:
            solved = _solve_leaves(client, ruleset.name, tree.leaves, store, max_nodes)
    else:
        solved = []
    leaves = solved if ruleset.impartial else [parse(text) for text in solved]

    opened = None if store is None else Store(store)

    def record(part: Any, value: Any) -> None:
        if opened is None:
            return
        if ruleset.impartial:
            opened.put("grundy", ruleset.name, ruleset.key(part), value)
        else:
            assert isinstance(ruleset, PartizanRuleset)
            key, negated = ruleset.signed_key(part)
            opened.put("value", ruleset.name, key, str(-value if negated else value))

    try:
        value = _merge(root, leaves, record, 0 if ruleset.impartial else Game.zero())
    finally:
        if opened is not None:
            opened.close()
    outcome = value.outcome() if isinstance(value, Game) else Outcome.N if value else Outcome.P
    return SplitResult(value, outcome, len(tree.leaves), time.perf_counter() - start)


def _solve_leaves(client: Client, ruleset_name: str, leaves: list[Any], store: str | None,
                  max_nodes: int | None) -> list[Any]:
    """The leaves in contiguous batches, four per worker thread: neighbours in the tree
    share subpositions, which a worker's solver then finds in its table, and the
    batches are small enough for the workers to share the load as it comes."""
    require("distributed")
    batches = 4 * max(1, sum(client.nthreads().values()))
    size = -(-len(leaves) // batches)
    futures = [client.submit(solve_positions, ruleset_name, leaves[start:start + size], store,
                             max_nodes, pure=False) for start in range(0, len(leaves), size)]
    try:
        return [value for result in client.gather(futures) for value in result]
    finally:
        client.cancel(futures)
