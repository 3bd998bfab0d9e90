"""Reductions as first-class objects: position maps between rulesets, each citing its theorem.

A reduction maps positions of a source ruleset to positions of a target ruleset and
promises something about the two games (``Kind``).  The verifier
(``grundy.reductions.verify``) checks that promise on random and exhaustive small
instances; the lattice of rulesets is drawn from this registry.
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from grundy.protocol import Citation, GrundyError, Move
from grundy.values import Outcome


class Kind(StrEnum):
    """What a reduction preserves, strongest first."""

    #: The game trees are isomorphic under ``map_move`` (seed 002 Def 8, L135).
    ISOMORPHISM = "isomorphism"
    #: Every source position is literally a target position (the source is a special
    #: case of the target): the same game tree, so the same value.
    SPECIAL_CASE = "special-case"
    #: Same canonical value (partizan) or nimber (impartial).
    VALUE_PRESERVING = "value-preserving"
    #: Same nimber (seed 002 Def 2, L78).
    NIMBER_PRESERVING = "nimber-preserving"
    #: Same winner: the first player wins one iff they win the other.
    WINNABILITY_PRESERVING = "winnability-preserving"
    #: Same winner, the image played under misère rules (the last mover loses) and the
    #: source under normal play (Ferland 2024, Thm 3.5.1).
    MISERE_WINNABILITY = "misere-winnability"
    #: The outcome classes of a position and its image satisfy the reduction's
    #: ``promise`` (e.g. the first player wins one iff the second wins the other,
    #: seed 003 ``003_b9b71f74cb16b358.txt`` L308).
    OUTCOME_RELATION = "outcome-relation"
    #: The image's nimber is fixed by the source's outcome class: the reduction's
    #: ``promise`` holds of (source outcome, image nimber) (e.g. Ferland 2024,
    #: Thm 3.2.1: P to *, N to *z with z ≥ 2).
    OUTCOME_TO_NIMBER = "outcome-to-nimber"


@dataclass(frozen=True)
class Reduction:
    """A map from positions of ``source`` to positions of ``target`` (ruleset names)."""

    name: str
    source: str
    target: str
    kind: Kind
    map_position: Callable[[Any], Hashable]
    citation: Citation
    summary: str
    #: For isomorphisms: (source position, source move label) -> target move label.
    map_move: Callable[[Any, Move], Move] | None = None
    #: Random source instances of a given size for the verifier (default: the source
    #: ruleset's ``random_position``).
    instances: Callable[[random.Random, int], Any] | None = None
    #: For ``Kind.OUTCOME_RELATION``: (source outcome, image outcome) -> promise kept?
    #: For ``Kind.OUTCOME_TO_NIMBER``: (source outcome, image nimber) -> promise kept?
    promise: Callable[[Outcome, Any], bool] | None = None
    #: For ``Kind.OUTCOME_RELATION`` whose images are beyond the generic search: the
    #: image's outcome from the source position, by an evaluator that knows the
    #: construction (its tests cross-check it against the generic search where that
    #: reaches).
    image_outcome: Callable[[Any], Outcome] | None = None
    #: Its verification takes a minute or more (its instances are large games):
    #: ``grundy verify --all`` leaves it to ``--slow``.
    slow: bool = False


class UnknownReductionError(GrundyError, KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


_REDUCTIONS: dict[str, Reduction] = {}


def register(reduction: Reduction) -> Reduction:
    """Add a reduction to the registry (names are unique)."""
    if reduction.name in _REDUCTIONS:
        raise ValueError(f"reduction {reduction.name!r} is registered twice")
    if reduction.kind is Kind.ISOMORPHISM and reduction.map_move is None:
        raise ValueError(f"isomorphism {reduction.name!r} needs a move map")
    relation = reduction.kind in (Kind.OUTCOME_RELATION, Kind.OUTCOME_TO_NIMBER)
    if relation != (reduction.promise is not None):
        raise ValueError(f"{reduction.name!r}: a promise goes with Kind.OUTCOME_RELATION "
                         "and Kind.OUTCOME_TO_NIMBER")
    _REDUCTIONS[reduction.name] = reduction
    return reduction


def get(name: str) -> Reduction:
    """The reduction called ``name``."""
    try:
        return _REDUCTIONS[name]
    except KeyError:
        close = difflib.get_close_matches(name, list(_REDUCTIONS), n=3)
        hint = f"did you mean {', '.join(close)}?" if close else "see `grundy verify --list`"
        raise UnknownReductionError(f"unknown reduction {name!r}: {hint}") from None


def all_reductions() -> list[Reduction]:
    """Every registered reduction, in registration order."""
    return list(_REDUCTIONS.values())
