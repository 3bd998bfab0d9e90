"""The mechanical verifier: check a reduction's promise on many small instances.

Instances are first every small source position the source ruleset can enumerate
(``small_positions``, sizes 1 up to ``exhaustive``), then random ones from size 1 up
to ``max_size``, so the first failure is already small.  The check depends on the
reduction's ``Kind``:

- isomorphism / special case with a move map: a lock-step walk of both game trees
  (seed 002 Def 8, ``002_8bc4c30c443a0021.txt`` L135): at every pair of positions the
  move map must be a bijection from the source's labels onto the target's, and the
  walk continues into every pair of children;
- nimber-preserving, value-preserving, special case: equal nimbers (seed 002 Def 2, L78);
- winnability-preserving: equal outcomes;
- misère winnability: the source's normal-play outcome equals the image's misère outcome;
- outcome relation: the reduction's ``promise`` holds of the two outcome classes
  (partizan games too);
- outcome to nimber: the ``promise`` holds of the source's outcome class and the
  image's nimber.

On failure the verifier keeps looking at instances of the failing size and reports
the one with the shortest text.  Cost: one solve (or one tree walk) per instance.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, cast

from grundy.protocol import ImpartialRuleset, Move, PartizanRuleset, Ruleset
from grundy.reductions.registry import Kind, Reduction
from grundy.rulesets.registry import get
from grundy.search import Solver
from grundy.search.partizan import PartizanSolver
from grundy.values import Outcome

#: Extra instances of the failing size searched for a shorter counterexample.
SHRINK_TRIES = 200


@dataclass(frozen=True)
class Report:
    """What one verification found."""

    reduction: str
    kind: Kind
    instances: int
    seconds: float
    counterexample: str | None = None
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.counterexample is None

    def to_json(self) -> dict[str, Any]:
        return {"reduction": self.reduction, "kind": self.kind.value, "ok": self.ok,
                "instances": self.instances, "seconds": round(self.seconds, 4),
                "counterexample": self.counterexample, "problem": self.problem}


def impartial(name: str) -> ImpartialRuleset[Any]:
    ruleset = get(name)
    assert isinstance(ruleset, ImpartialRuleset), f"{name} is not impartial"
    return ruleset


def compose(first: Reduction, second: Reduction) -> Reduction:
    """``second`` after ``first`` (``first.target`` must be ``second.source``); the
    promise is the weaker of the two, and moves compose when both map them."""
    if first.target != second.source:
        raise ValueError(f"cannot compose {first.name} with {second.name}")
    if Kind.MISERE_WINNABILITY in (first.kind, second.kind):
        raise ValueError(f"cannot compose {first.name} with {second.name}: one of them "
                         "changes the play convention to misère")
    order = list(Kind)
    kind = max(first.kind, second.kind, key=order.index)
    if kind is Kind.SPECIAL_CASE:
        kind = Kind.ISOMORPHISM
    map_move: Callable[[Any, Move], Move] | None = None
    inner, outer = first.map_move, second.map_move
    if inner is not None and outer is not None:
        def composed(position: Any, move: Move) -> Move:
            return outer(first.map_position(position), inner(position, move))

        map_move = composed
    if map_move is None and kind is Kind.ISOMORPHISM:
        kind = Kind.NIMBER_PRESERVING
    return Reduction(
        name=f"{first.name}->{second.target}", source=first.source, target=second.target,
        kind=kind, map_position=lambda p: second.map_position(first.map_position(p)),
        citation=first.citation, summary=f"{first.name}, then {second.name}",
        map_move=map_move, instances=first.instances,
    )


def lockstep(reduction: Reduction, position: Hashable) -> str | None:
    """Walk both game trees in lock-step under the move map; None if isomorphic, else
    what went wrong.  Pairs already walked are not walked again."""
    assert reduction.map_move is not None
    source, target = impartial(reduction.source), impartial(reduction.target)
    stack = [(position, reduction.map_position(position))]
    done: set[tuple[Hashable, Hashable]] = set()
    while stack:
        pair = stack.pop()
        if pair in done:
            continue
        done.add(pair)
        here, there = pair
        theirs = dict(target.moves(there))
        mapped = {}
        for move, child in source.moves(here):
            image = reduction.map_move(here, move)
            if image not in theirs:
                return (f"move {source.format_move(move)} maps to {target.format_move(image)}, "
                        f"not legal in {target.format(there)}")
            if image in mapped:
                return f"two moves map to {target.format_move(image)}"
            mapped[image] = child
        extra = set(theirs) - set(mapped)
        if extra:
            return (f"target move {target.format_move(extra.pop())} in {target.format(there)} "
                    f"has no source move in {source.format(here)}")
        stack.extend((child, theirs[image]) for image, child in mapped.items())
    return None


def outcome_of(ruleset: Ruleset[Any], position: Hashable) -> Outcome:
    """The outcome class of a position of any ruleset (impartial: P or N)."""
    if isinstance(ruleset, PartizanRuleset):
        return PartizanSolver(ruleset).outcome(position)
    return Solver(impartial(ruleset.name)).outcome(position)


def check(reduction: Reduction, position: Hashable) -> str | None:
    """None if the reduction keeps its promise on ``position``, else what went wrong."""
    if reduction.promise is not None:
        image = reduction.map_position(position)
        before = outcome_of(get(reduction.source), position)
        after: object = (Solver(impartial(reduction.target)).grundy(image)
                         if reduction.kind is Kind.OUTCOME_TO_NIMBER
                         else reduction.image_outcome(position)
                         if reduction.image_outcome is not None
                         else outcome_of(get(reduction.target), image))
        kept = reduction.promise(before, after)
        return None if kept else f"source is {before}, target is {after}"
    source, target = impartial(reduction.source), impartial(reduction.target)
    image = reduction.map_position(position)
    if reduction.map_move is not None and reduction.kind in (Kind.ISOMORPHISM,
                                                             Kind.SPECIAL_CASE):
        return lockstep(reduction, position)
    a, b = Solver(source), Solver(target)
    if reduction.kind is Kind.WINNABILITY_PRESERVING:
        x: object = a.outcome(position).value
        y: object = b.outcome(image).value
    elif reduction.kind is Kind.MISERE_WINNABILITY:
        x, y = a.outcome(position).value, b.misere_outcome(image).value
    else:
        x, y = a.grundy(position), b.grundy(image)
    return None if x == y else f"source gives {x}, target gives {y}"


def instance(reduction: Reduction, rng: random.Random, size: int) -> Hashable:
    if reduction.instances is not None:
        return cast(Hashable, reduction.instances(rng, size))
    return cast(Hashable, get(reduction.source).random_position(rng, size))


def verify(reduction: Reduction, instances: int = 100, max_size: int = 5,
           seed: int = 0, exhaustive: int = 3) -> Report:
    """Check every source position of sizes 1..``exhaustive`` that the source ruleset
    can enumerate (``small_positions``; skipped for reductions that draw their own
    instances, whose domain may be narrower), then ``instances`` random instances of
    sizes 1..max_size (evenly, small first)."""
    rng = random.Random(f"{reduction.name}/{seed}")
    source = get(reduction.source)
    start = time.perf_counter()
    checked = 0
    if reduction.instances is None:
        for size in range(1, exhaustive + 1):
            for position in source.small_positions(size):
                checked += 1
                problem = check(reduction, position)
                if problem is not None:  # enumeration is by size: already small
                    return Report(reduction.name, reduction.kind, checked,
                                  time.perf_counter() - start, source.format(position),
                                  problem)
    for index in range(instances):
        size = 1 + index * max_size // max(1, instances)
        position = instance(reduction, rng, size)
        problem = check(reduction, position)
        if problem is not None:
            best, best_problem = position, problem
            for _ in range(SHRINK_TRIES):
                other = instance(reduction, rng, size)
                if len(source.format(other)) < len(source.format(best)):
                    found = check(reduction, other)
                    if found is not None:
                        best, best_problem = other, found
            return Report(reduction.name, reduction.kind, checked + index + 1,
                          time.perf_counter() - start, source.format(best), best_problem)
    return Report(reduction.name, reduction.kind, checked + instances,
                  time.perf_counter() - start)

