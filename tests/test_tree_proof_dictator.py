"""Tree-Proof Dictator (Burke 2009, Def 3.4.14-3.4.15; seed 004 L602-612): proof trees of
IIA-manipulations and candidate cases, their checker, and the ruleset, against a brute
force straight from the definition."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from grundy.rulesets import GrundyError, ParseError, get
from grundy.rulesets.dictator.rules import (
    BasicDictator,
    Board,
    Result,
    completions,
    direct_violations,
    find_chain_proof,
    initial_result,
    is_dictator,
    misplaced,
    pareto_violated,
    shuffle,
)
from grundy.rulesets.dictator.tree import (
    Cases,
    Manipulation,
    ProofTree,
    TreeProofDictator,
    Violation,
    case_board,
    describe,
    find_tree_proof,
    leaves,
    parse_tree,
    unprovable_completion,
    verify_tree_proof,
)
from grundy.search.naive import naive_grundy

BASIC = get("basic-dictator")
CHAIN = get("chain-proof-dictator")
TREE = get("tree-proof-dictator")
assert isinstance(BASIC, BasicDictator) and isinstance(TREE, TreeProofDictator)
A, B, C, D = 1, 2, 3, 4


def ballots(n: int) -> list[tuple[int, ...]]:
    """Every legal ballot on n candidates (never exactly one empty slot)."""
    return [b for b in itertools.product(range(n + 1), repeat=n)
            if len(set(b) - {0}) == n - b.count(0) and b.count(0) != 1]


def boards(n: int, m: int) -> list[Board]:
    return list(itertools.combinations_with_replacement(ballots(n), m))


# -- brute force: Def 3.4.15 read literally, as a least fixed point ------------------------

State = tuple[Result, Board]


def children(state: State) -> Iterator[tuple[str, list[State]]]:
    """("iia", [one board]) for every IIA-manipulation on every subset of two or more
    candidates, and ("cases", [its cases]) for every empty slot."""
    result, board = state
    n = len(board[0])
    for k in range(2, n + 1):
        for subset in map(frozenset, itertools.combinations(range(1, n + 1), k)):
            options = [[new for new in sorted(set(itertools.permutations(b)))
                        if misplaced(b, new, subset) is None] for b in board]
            for after in itertools.product(*options):
                yield "iia", [(shuffle(result, subset), after)]
    for j, ballot in enumerate(board, 1):
        for i, c in enumerate(ballot, 1):
            if not c:
                yield "cases", [(result, case_board(board, j, i, x))
                                for x in range(1, n + 1) if x not in ballot]


def brute_proved(starts: list[Board]) -> set[State]:
    """The proof boards reachable from ``starts`` that the definition proves: direct
    violations, then repeatedly any board with an IIA-manipulation or a full set of
    candidate cases already proved, until nothing changes."""
    graph: dict[State, list[list[State]]] = {}
    todo: list[State] = [(initial_result(len(b[0])), b) for b in starts]
    while todo:
        state = todo.pop()
        if state not in graph:
            graph[state] = [kids for _, kids in children(state)]
            todo.extend(kid for kids in graph[state] for kid in kids if kid not in graph)
    proved = {s for s in graph if direct_violations(*s)}
    grew = True
    while grew:
        grew = False
        for state, options in graph.items():
            if state not in proved and any(all(k in proved for k in kids) for kids in options):
                proved.add(state)
                grew = True
    return proved


def test_brute_force_agrees_on_every_board_of_two_ballots_of_three() -> None:
    """Tree-provable (by the search) = provable by the literal definition, and = Pareto
    violated (the claim of L612) on every board of 1 or 2 ballots of 3 candidates."""
    starts = boards(3, 1) + boards(3, 2)
    proved = brute_proved(starts)
    for board in starts:
        found = find_tree_proof(board)
        literal = (initial_result(3), board) in proved
        assert (found is not None) == literal == pareto_violated(board), board
        if found is not None:
            assert verify_tree_proof(board, found) == leaves(found)


# -- the thesis' examples ----------------------------------------------------------------------


def test_figure_3_10_needs_candidate_cases() -> None:
    """Lemma 3.4.17 (L631-650): the reconstructed Figure 3.10 board (tests/test_dictator.py)
    has no chain proof but a tree proof, which splits into cases; its completions include
    a counterexample board of L635."""
    board = BASIC.parse("A_D_;__DA")
    assert find_chain_proof(board) is None
    tree = find_tree_proof(board)
    assert isinstance(tree, Cases) and verify_tree_proof(board, tree) == leaves(tree) == 2
    assert BASIC.parse("ACDB;BCDA") in set(itertools.product(*map(completions, board)))
    assert "prove" in {TREE.format_move(m) for m, _ in TREE.moves(board)}
    assert "prove" not in {CHAIN.format_move(m) for m, _ in CHAIN.moves(board)}


def test_candidate_cases_of_figure_3_9() -> None:
    """Figure 3.9 (L604): a slot of a ballot missing three candidates has three cases, with
    the same result; a case that leaves one empty slot writes it too."""
    board = BASIC.parse("A___;____")
    cases = [case_board(board, 1, 2, x) for x in (B, C, D)]
    assert [BASIC.format(b) for b in cases] == ["AB__;____", "AC__;____", "AD__;____"]
    assert BASIC.format(case_board(BASIC.parse("AB__;____"), 1, 3, D)) == "ABDC;____"


def test_full_boards_are_proved_by_chains() -> None:
    """On full boards there is nothing to split: a tree proof is a chain proof (Figure 3.12
    needs two steps, Lemma 3.4.18)."""
    board = BASIC.parse("ABDC;BACD")
    tree = find_tree_proof(board)
    assert isinstance(tree, Manipulation) and isinstance(tree.then, Manipulation)
    assert isinstance(tree.then.then, Violation) and leaves(tree) == 1


@pytest.mark.parametrize("n,m", [(3, 3), (4, 2)])
def test_tree_proofs_exist_exactly_when_no_ballot_can_be_the_dictator(n: int, m: int) -> None:
    """L612: a Tree-Proof challenge succeeds exactly when a Basic one does.  A tree proof
    exists iff every completion has a chain proof; every full board without the dictator
    on 3 ballots of 3 and 2 ballots of 4 candidates has one (also checked by hand on 3
    ballots of 4 and 2 ballots of 5: 2,300 and 7,140 boards)."""
    perms = list(itertools.permutations(range(1, n + 1)))
    for board in itertools.combinations_with_replacement(perms, m):
        if not any(is_dictator(b) for b in board):
            assert find_chain_proof(board) is not None, board
    assert unprovable_completion(BASIC.parse("____;____" if n == 4 else "___;___;___")) \
        is None


def test_ruleset_plays_like_basic_dictator_on_small_boards() -> None:
    """So on 1-2 ballots of 3 candidates the nimbers are Basic Dictator's."""
    for board in boards(3, 1) + boards(3, 2):
        assert naive_grundy(TREE, board) == naive_grundy(BASIC, board), BASIC.format(board)


def test_ruleset_is_registered_and_round_trips() -> None:
    assert TREE.name == "tree-proof-dictator"
    for example in TREE.examples:
        assert TREE.format(TREE.parse(example)) == example


# -- the checker ---------------------------------------------------------------------------


def proof_of(text: str) -> tuple[Board, ProofTree]:
    board = BASIC.parse(text)
    tree = find_tree_proof(board)
    assert tree is not None
    return board, tree


def test_checker_accepts_what_the_search_finds_and_prints_it() -> None:
    board, tree = proof_of("A_D_;__DA")
    assert verify_tree_proof(board, tree) == 2
    text = "\n".join(describe(tree))
    assert text.startswith("cases at ballot 1, slot 2:") and "IIA on {" in text


def test_checker_rejects_bad_trees() -> None:
    board, tree = proof_of("A_D_;__DA")
    assert isinstance(tree, Cases)
    with pytest.raises(GrundyError, match="cases must be exactly B, C"):
        verify_tree_proof(board, Cases(1, 2, tree.cases[:1]))
    with pytest.raises(GrundyError, match="slot 1 is not an empty slot"):
        verify_tree_proof(board, Cases(1, 1, tree.cases))
    with pytest.raises(GrundyError, match="at the root: ballot 1 need not rank"):
        verify_tree_proof(board, Violation((A, D)))
    with pytest.raises(GrundyError, match="does not rank D > A"):
        verify_tree_proof(board, Violation((D, A)))
    (first, sub), second = tree.cases
    assert isinstance(sub, Manipulation)
    wrong = Manipulation(frozenset({A, B}), sub.ballots, sub.then)  # D moves too
    with pytest.raises(GrundyError, match=r"at B, IIA on the subset: ballot 1: \w and \w "
                                          "change places"):
        verify_tree_proof(board, Cases(1, 2, ((first, wrong), second)))
    moved_empty = Manipulation(frozenset({A, D}), BASIC.parse("A_D_;D__A"), Violation((A, D)))
    with pytest.raises(GrundyError, match="ballot 2: D and an empty slot change places"):
        verify_tree_proof(board, moved_empty)


def test_trees_round_trip_through_their_text() -> None:
    for text in ("A_D_;__DA", "ABDC;BACD", "_DB_;_BD_"):
        _, tree = proof_of(text)
        written = "\n".join(describe(tree))
        assert parse_tree(written) == tree
        assert parse_tree("\n".join("    " + line for line in written.splitlines())) == tree
    for text, message in (("", "ends before"), ("IIA on {AC}: ABDC;BCAD", "ends before"),
                          ("IIA on {AB}: BACD;BACD\n  B above A in every ballot, "
                           "A > B in the result", "indented 2"),
                          ("B above A in every ballot, C > B in the result", "same X and Y"),
                          ("swap A and B", "is not a step"),
                          ("cases at ballot 1, slot 2:\n  b", "expected a case"),
                          ("B above A in every ballot, A > B in the result\nmore",
                           "follows a finished proof")):
        with pytest.raises(ParseError, match=message):
            parse_tree(text)
