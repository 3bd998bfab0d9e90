"""TREE-PROOF DICTATOR: Pareto challenges as proof trees.

Burke 2009, Def 3.4.14-3.4.15 (seed ``004_d08755248cee49c5.txt`` L602-612).  A proof
board (Def 3.4.11) is a board of partial ballots with a result, a partial preference
list.  It is proved by a direct violation (X > Y in the result, Y above X in every
ballot however its empty slots are filled), by a proved IIA-manipulation of it
(Def 3.4.13), or by an empty slot (i, j) whose candidate cases (Def 3.4.14: the boards
with a candidate written there, the result unchanged) are all proved.  Chain-Proof
Dictator (Def 3.4.16) is the same without candidate cases.

A tree proof of a board exists iff every completion of the board has a chain proof
(follow a completion down the tree: cases pick its branch, manipulations move it with
the board; conversely split every empty slot first).  ``find_tree_proof`` builds one that
way, trying a chain proof before each split; ``verify_tree_proof`` checks a claimed tree.
"""

from __future__ import annotations

import itertools
import re
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grundy.protocol import Citation, GrundyError, ImpartialRuleset, ParseError
from grundy.rulesets.dictator.rules import (
    LETTERS,
    BasicDictator,
    Board,
    Result,
    chain_certificate,
    check_manipulation,
    completions,
    fill,
    find_chain_proof,
    initial_result,
    letter,
    pareto_violated,
    ranked_above,
    shuffle,
    surely_above,
)
from grundy.rulesets.registry import register

if TYPE_CHECKING:
    from grundy.search.budget import Budget


@dataclass(frozen=True)
class Violation:
    """A leaf: X > Y in the result while Y is above X in every ballot."""

    pair: tuple[int, int]


@dataclass(frozen=True)
class Manipulation:
    """An IIA-manipulation on ``subset`` to ``ballots``, then a proof of the new board."""

    subset: frozenset[int]
    ballots: Board
    then: ProofTree


@dataclass(frozen=True)
class Cases:
    """The candidate cases at slot ``slot`` of ballot ``ballot`` (both from 1), one proof
    per candidate missing from that ballot."""

    ballot: int
    slot: int
    cases: tuple[tuple[int, ProofTree], ...]


ProofTree = Violation | Manipulation | Cases


def leaves(tree: ProofTree) -> int:
    """The direct violations a tree ends in (how long it is to check by hand)."""
    if isinstance(tree, Violation):
        return 1
    if isinstance(tree, Manipulation):
        return leaves(tree.then)
    return sum(leaves(sub) for _, sub in tree.cases)


def describe(tree: ProofTree, depth: int = 0) -> Iterator[str]:
    """The tree as indented lines, as a player would state it."""
    pad = "  " * depth
    if isinstance(tree, Violation):
        x, y = tree.pair
        yield f"{pad}{letter(y)} above {letter(x)} in every ballot, " \
              f"{letter(x)} > {letter(y)} in the result"
    elif isinstance(tree, Manipulation):
        subset = "".join(letter(c) for c in sorted(tree.subset))
        ballots = ";".join("".join(letter(c) if c else "_" for c in b) for b in tree.ballots)
        yield f"{pad}IIA on {{{subset}}}: {ballots}"
        yield from describe(tree.then, depth)
    else:
        yield f"{pad}cases at ballot {tree.ballot}, slot {tree.slot}:"
        for candidate, sub in tree.cases:
            yield f"{pad}  {letter(candidate)}:"
            yield from describe(sub, depth + 2)


STEP = re.compile(r"IIA on \{([A-Z]+)\}: (\S+)")
LEAF = re.compile(r"([A-Z]) above ([A-Z]) in every ballot, ([A-Z]) > ([A-Z]) in the result")
SPLIT = re.compile(r"cases at ballot (\d+), slot (\d+):")
CASE = re.compile(r"([A-Z]):")


def parse_tree(text: str) -> ProofTree:
    """Read a proof tree written as ``describe`` writes it (common indentation ignored)."""
    lines = [(len(line) - len(line.lstrip(" ")), line.strip())
             for line in textwrap.dedent(text).splitlines() if line.strip()]
    at = 0

    def node(indent: int) -> ProofTree:
        nonlocal at
        if at == len(lines):
            raise ParseError("the proof ends before every branch reaches a violation")
        depth, line = lines[at]
        number = at + 1
        at += 1
        if depth != indent:
            raise ParseError(f"proof line {number} is indented {depth} spaces, expected {indent}")
        if step := STEP.fullmatch(line):
            subset = frozenset(LETTERS.index(c) + 1 for c in step[1])
            return Manipulation(subset, BasicDictator().parse(step[2]), node(indent))
        if leaf := LEAF.fullmatch(line):
            if (leaf[1], leaf[2]) != (leaf[4], leaf[3]):
                raise ParseError(f"proof line {number}: write 'Y above X in every ballot, "
                                 "X > Y in the result' with the same X and Y")
            return Violation((LETTERS.index(leaf[2]) + 1, LETTERS.index(leaf[1]) + 1))
        if split := SPLIT.fullmatch(line):
            cases = []
            while at < len(lines) and lines[at][0] == indent + 2:
                case = CASE.fullmatch(lines[at][1])
                if case is None:
                    raise ParseError(f"proof line {at + 1}: expected a case such as 'B:'")
                at += 1
                cases.append((LETTERS.index(case[1]) + 1, node(indent + 4)))
            return Cases(int(split[1]), int(split[2]), tuple(cases))
        raise ParseError(f"proof line {number} ({line!r}) is not a step: write 'IIA on {{AC}}: "
                         "BALLOTS', 'cases at ballot J, slot I:' or 'Y above X in every "
                         "ballot, X > Y in the result'")

    tree = node(0)
    if at != len(lines):
        raise ParseError(f"proof line {at + 1} follows a finished proof")
    return tree


def case_board(board: Board, ballot: int, slot: int, candidate: int) -> Board:
    """Def 3.4.14: write ``candidate`` in slot ``slot`` of ballot ``ballot`` (from 1); a
    last empty slot is then determined and written too."""
    row = fill(board[ballot - 1], slot - 1, candidate)
    return (*board[:ballot - 1], row, *board[ballot:])


def verify_tree_proof(board: Board, tree: ProofTree) -> int:
    """Check a claimed proof tree of a Pareto violation on ``board`` (Def 3.4.15): every
    manipulation moves only relations inside its subset and shuffles the result, every
    split lists exactly the candidates that can go in its (empty) slot, every leaf is a
    direct violation.  Returns the number of leaves; raises GrundyError naming the first
    bad node by its path (``2.B`` = case B of the node's second step...)."""

    def check(result: Result, ballots: Board, node: ProofTree, path: str) -> int:
        where = path or "the root"
        if isinstance(node, Violation):
            x, y = node.pair
            if (x, y) not in ranked_above(result):
                raise GrundyError(f"at {where}: the result does not rank "
                                  f"{letter(x)} > {letter(y)}")
            bad = next((i for i, b in enumerate(ballots, 1) if not surely_above(b, y, x)),
                       None)
            if bad is not None:
                raise GrundyError(f"at {where}: ballot {bad} need not rank "
                                  f"{letter(y)} above {letter(x)}")
            return 1
        if isinstance(node, Manipulation):
            problem = check_manipulation(ballots, node.ballots, node.subset)
            if problem is not None:
                raise GrundyError(f"at {where}, IIA on the subset: {problem}")
            return check(shuffle(result, node.subset), node.ballots, node.then,
                         f"{path}>" if path else ">")
        if not (1 <= node.ballot <= len(ballots) and 1 <= node.slot <= len(ballots[0])) \
                or ballots[node.ballot - 1][node.slot - 1]:
            raise GrundyError(f"at {where}: ballot {node.ballot}, slot {node.slot} is not an "
                              "empty slot")
        row = ballots[node.ballot - 1]
        missing = sorted(set(range(1, len(row) + 1)) - set(row))
        if sorted(c for c, _ in node.cases) != missing:
            raise GrundyError(f"at {where}: the cases must be exactly "
                              f"{', '.join(map(letter, missing))}, once each")
        return sum(check(result, case_board(ballots, node.ballot, node.slot, c), sub,
                         f"{path}{letter(c)}")
                   for c, sub in node.cases)

    if not board:
        raise GrundyError("the game is over: there is no board to prove")
    return check(initial_result(len(board[0])), board, tree, "")


def chain_tree(board: Board, budget: Budget | None = None) -> ProofTree | None:
    """A shortest chain proof of ``board`` as a (branchless) proof tree, or None."""
    proof = find_chain_proof(board, budget=budget)
    if proof is None:
        return None
    tree: ProofTree = Violation(proof.pair)
    for subset, ballots in reversed(chain_certificate(board, proof)):
        tree = Manipulation(subset, ballots, tree)
    return tree


def find_tree_proof(board: Board, budget: Budget | None = None) -> ProofTree | None:
    """A proof tree of a Pareto violation, or None if there is none.

    A chain proof where one exists; otherwise split the empty slot with the fewest cases
    and prove each case the same way.  None iff some completion has no chain proof.
    IIA-manipulations are sound, so a board on which a ballot can still be the dictator
    (Lemma 4.4.1) has none and is answered at once."""
    if not board or not pareto_violated(board):
        return None
    chained = chain_tree(board, budget)
    if chained is not None:
        return chained
    empty = [(ballot.count(0), i, k) for i, ballot in enumerate(board, 1)
             for k, c in enumerate(ballot, 1) if not c]
    if not empty:
        return None
    _, ballot, slot = min(empty)
    row = board[ballot - 1]
    cases = []
    for candidate in range(1, len(row) + 1):
        if candidate in row:
            continue
        sub = find_tree_proof(case_board(board, ballot, slot, candidate), budget)
        if sub is None:
            return None
        cases.append((candidate, sub))
    return Cases(ballot, slot, tuple(cases))


def unprovable_completion(board: Board) -> Board | None:
    """A completion of ``board`` without any ballot able to be the dictator yet without a
    chain proof, or None: the boards behind a failed tree proof."""
    for full in itertools.product(*(completions(b) for b in board)):
        if pareto_violated(full) and find_chain_proof(full) is None:
            return full
    return None


@register
class TreeProofDictator(BasicDictator):
    name = "tree-proof-dictator"
    aliases = ("dictator-tree",)
    summary = "Dictator where a Pareto challenge is a proof tree of IIA-manipulations and cases."
    citation = Citation("004_d08755248cee49c5.txt", "L602-612", "Def 3.4.14-3.4.15")
    examples = ("A_C_;__CA", "A_D_;__DA", "ABDC;BACD", "____;____")

    def can_prove(self, board: Board) -> bool:
        """A proof tree exists: an exhaustive search, under the budget of the search
        asking for the moves (``active_budget``)."""
        from grundy.search.budget import active_budget  # grundy.search imports us

        return find_tree_proof(board, active_budget()) is not None

    # no closed form is assumed: back to the protocol's "search it"
    fast_outcome = ImpartialRuleset.fast_outcome
    fast_grundy = ImpartialRuleset.fast_grundy

