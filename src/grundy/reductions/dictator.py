"""Tree-Proof Dictator is Basic Dictator: a proof tree of IIA-manipulations and candidate
cases exists exactly when no ballot can still be the dictator (Burke 2009, L612;
seed ``004_d08755248cee49c5.txt``).  The thesis states it; the verifier checks it on
small boards (tests/test_tree_proof_dictator.py checks every full board of 3 ballots of
3 and 2 of 4 candidates)."""

from __future__ import annotations

from grundy.protocol import Citation, Move
from grundy.reductions.registry import Kind, Reduction, register
from grundy.rulesets.dictator.rules import Board


def same_board(board: Board) -> Board:
    return board


def same_label(_: Board, move: Move) -> Move:
    return move


register(Reduction(
    name="tree-proof-dictator->basic-dictator", source="tree-proof-dictator",
    target="basic-dictator", kind=Kind.ISOMORPHISM, map_position=same_board,
    citation=Citation("004_d08755248cee49c5.txt", "L602-612", "Def 3.4.15 and its remark"),
    summary="a tree challenge succeeds iff a basic one does", map_move=same_label,
))
