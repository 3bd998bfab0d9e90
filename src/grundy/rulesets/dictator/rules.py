"""BASIC DICTATOR and CHAIN-PROOF DICTATOR.

Burke's voting games (seed 004, ``004_d08755248cee49c5.txt`` §3.4).  BASIC DICTATOR
(Def 3.4.7, L528-534): m ballots of n slots over candidates A, B, ... (1..n); the
social choice function F satisfies IIA and F(ballots) = (A, B, ..., n-th).  A state is
legal iff no ballot has exactly one empty slot.  A turn: the player may prove that F
cannot be Pareto efficient however the board is completed, and wins; otherwise they put
into an empty slot a candidate not yet in that ballot, the last slot of a ballot is
filled automatically, and whoever completes a ballot equal to (A, B, ...) — a possible
dictator — loses.

Lemma 4.4.1 (L1094): Pareto is violated iff no ballot can still become the dictator,
i.e. every ballot has a filled slot k holding a candidate other than the k-th [inferred
reading of "can exist"].  Cor 4.4.2 (L1117-1124): the next player wins a live board iff
x(y-1) - z is even (x ballots, y candidates), with z the plays made — a completed ballot
took y - 1 plays for its y slots — not the filled slots (reading notes §3).

Game ends are positions too, under the terminal convention of L364 (a game that ends on
a losing move leaves the next player a win worth 1): a board holding the dictator has one
move, ``win``, to the finished game, and a board violating Pareto has the move ``prove``
to it besides its fills.  ``BasicDictator(drop_suicidal=True)`` is the other convention
of the reading notes: moves that complete the dictator are not offered (same outcomes,
other nimbers).

CHAIN-PROOF DICTATOR (Def 3.4.16, L616): the proof must be a chain of IIA-manipulations
(Def 3.4.13) ending in a direct violation — a pair X > Y in the result with Y above X in
every ballot.  ``find_chain_proof`` searches for one under a budget; ``verify_chain_proof``
checks a certificate in O(m n²) per step (Lemma 4.5.1, L1132-1140).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, cast

from grundy.protocol import Citation, GrundyError, ImpartialRuleset, Move, ParseError
from grundy.rulesets.drawing import GREEN, INK, PURPLE, spot, svg_document, text
from grundy.rulesets.registry import register
from grundy.values.nimber import mex

if TYPE_CHECKING:  # grundy.search imports this package: no import cycle at run time
    from grundy.search.budget import Budget

#: A ballot: ``ballot[k]`` is the candidate (1..n) in slot k + 1, 0 when empty.
Ballot = tuple[int, ...]
#: A board: the ballots X1..Xm.  The empty tuple is the finished game.
Board = tuple[Ballot, ...]
#: A partial preference list (Def 3.4.10): an ordered tuple of disjoint candidate sets.
Result = tuple[frozenset[int], ...]

FINISHED: Board = ()
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def letter(candidate: int) -> str:
    return LETTERS[candidate - 1]


def can_be_dictator(ballot: Ballot) -> bool:
    """Every filled slot k holds the k-th candidate."""
    return all(c in (0, k) for k, c in enumerate(ballot, 1))


def is_dictator(ballot: Ballot) -> bool:
    return all(c == k for k, c in enumerate(ballot, 1))


def pareto_violated(board: Board) -> bool:
    """Lemma 4.4.1 (L1094): F violates Pareto iff no ballot can still be the dictator."""
    return bool(board) and not any(can_be_dictator(b) for b in board)


def plays_made(board: Board) -> int:
    """Plays so far: a ballot's filled slots, less the automatic last one once complete."""
    filled = [len(b) - b.count(0) for b in board]
    return sum(k - (k == len(b)) for k, b in zip(filled, board, strict=True))


def remaining_plays(board: Board) -> int:
    """x(y - 1) - z of Cor 4.4.2: the plays left if nobody ends the game early."""
    return sum(len(b) - 1 for b in board) - plays_made(board)


def fill(ballot: Ballot, slot: int, candidate: int) -> Ballot:
    """Put ``candidate`` in ``slot`` (0-based); a last empty slot is filled automatically."""
    new = list(ballot)
    new[slot] = candidate
    if new.count(0) == 1:
        missing = set(range(1, len(new) + 1)) - set(new)
        new[new.index(0)] = missing.pop()
    return tuple(new)


def completions(ballot: Ballot) -> Iterator[Ballot]:
    """Every way to complete a ballot."""
    empty = [k for k, c in enumerate(ballot) if not c]
    missing = sorted(set(range(1, len(ballot) + 1)) - set(ballot))
    for order in itertools.permutations(missing):
        new = list(ballot)
        for k, c in zip(empty, order, strict=True):
            new[k] = c
        yield tuple(new)


@register
class BasicDictator(ImpartialRuleset[Board]):
    name = "basic-dictator"
    aliases = ("dictator-basic",)
    summary = "Fill ballots without completing the dictator or ruling every dictator out."
    citation = Citation("004_d08755248cee49c5.txt", "L528-534, L1094-1124",
                        "Def 3.4.7, Lemma 4.4.1, Cor 4.4.2")
    text_format = (
        "ballots separated by ';', one letter per slot (A = most preferred by F), '_' for an "
        "empty slot, e.g. 'A___;B_D_'; 'finished' is the ended game"
    )
    examples: ClassVar[tuple[str, ...]] = ("____;____", "A___;____", "AC__;B___")

    def __init__(self, drop_suicidal: bool = False) -> None:
        self.drop_suicidal = drop_suicidal

    # -- rules ---------------------------------------------------------------------
    def can_prove(self, board: Board) -> bool:
        """Can the player to move show a Pareto violation (Lemma 4.4.1)?"""
        return pareto_violated(board)

    def moves(self, position: Board) -> Iterator[tuple[Move, Board]]:
        if not position:
            return
        if any(is_dictator(b) for b in position):
            yield "win", FINISHED
            return
        if self.can_prove(position):
            yield "prove", FINISHED
        for i, ballot in enumerate(position):
            for slot, here in enumerate(ballot):
                if here:
                    continue
                for candidate in range(1, len(ballot) + 1):
                    if candidate in ballot:
                        continue
                    new = fill(ballot, slot, candidate)
                    if self.drop_suicidal and is_dictator(new):
                        continue
                    yield (i + 1, slot + 1, candidate), (*position[:i], new, *position[i + 1:])

    def key(self, position: Board) -> Board:
        return tuple(sorted(position))

    def fast_outcome(self, position: Board) -> bool | None:
        """Cor 4.4.2 with z = plays made: a live board is won iff x(y-1) - z is even."""
        if not position:
            return False
        if any(is_dictator(b) for b in position) or pareto_violated(position):
            return True
        return remaining_plays(position) % 2 == 0

    def fast_grundy(self, position: Board) -> int | None:
        """The nimber, by the induction behind Cor 4.4.2 [inferred; checked against search].

        A board violating Pareto with r plays left is worth mex{0, its fills} = 1 if r is
        even, else 2.  A live board with r odd is worth 0; with r even, mex of 0 (a fill
        keeping it live), 1 (completing the dictator: possible when a possible-dictator
        ballot has two empty slots) and 2 (ruling out the only possible dictator).
        """
        if not position:
            return 0
        r = remaining_plays(position)
        if any(is_dictator(b) for b in position):
            return 1
        possible = [b for b in position if can_be_dictator(b)]
        if not possible:
            return 1 if r % 2 == 0 else 2
        if r % 2:
            return 0
        values = {0}
        if not self.drop_suicidal and any(b.count(0) == 2 for b in possible):
            values.add(1)
        if len(possible) == 1:
            values.add(2)
        return mex(values)

    # -- text ----------------------------------------------------------------------
    def parse(self, text: str) -> Board:
        text = text.strip()
        if text.lower() == "finished":
            return FINISHED
        rows = [row.strip() for row in text.split(";")]
        n = len(rows[0])
        if not 2 <= n <= len(LETTERS):
            raise ParseError(f"ballot 1 has {n} slots: ballots need 2 to 26 slots, "
                             "written as letters and _, e.g. 'A___;____'")
        board = []
        for index, row in enumerate(rows, 1):
            if len(row) != n:
                raise ParseError(f"ballot {index} has {len(row)} slots but ballot 1 has {n}")
            ballot = []
            for ch in row.upper():
                if ch == "_":
                    ballot.append(0)
                elif ch in LETTERS[:n]:
                    ballot.append(LETTERS.index(ch) + 1)
                else:
                    raise ParseError(f"ballot {index} has {ch!r}: use the letters "
                                     f"A..{LETTERS[n - 1]} and _ for an empty slot")
            if len(set(ballot) - {0}) != n - ballot.count(0):
                raise ParseError(f"ballot {index} lists a candidate twice")
            if ballot.count(0) == 1:
                raise ParseError(f"ballot {index} has exactly one empty slot, which is not a "
                                 "legal state: fill it in")
            board.append(tuple(ballot))
        return tuple(board)

    def format(self, position: Board) -> str:
        if not position:
            return "finished"
        return ";".join("".join(letter(c) if c else "_" for c in b) for b in position)

    def format_move(self, move: Move) -> str:
        if isinstance(move, str):
            return move
        ballot, slot, candidate = cast(tuple[int, int, int], move)
        return f"{ballot}.{slot}={letter(candidate)}"

    # -- rendering -------------------------------------------------------------------
    def data(self, position: Board) -> dict[str, Any]:
        return {"ballots": [[letter(c) if c else None for c in b] for b in position],
                "plays_made": plays_made(position),
                "remaining_plays": remaining_plays(position),
                "pareto_violated": pareto_violated(position)}

    def render_text(self, position: Board) -> str:
        """One row per ballot, ``*`` marking a ballot that can still be the dictator."""
        if not position:
            return "finished"
        lines = [f"X{i} {' '.join(letter(c) if c else '_' for c in b)}"
                 f"{'  *' if can_be_dictator(b) else ''}" for i, b in enumerate(position, 1)]
        result = " > ".join(LETTERS[:len(position[0])])
        return "\n".join([f"F = {result}", *lines])

    def render_svg(self, position: Board) -> str:
        cell, margin = 30, 30
        columns = max(len(position), 1)
        rows = len(position[0]) if position else 1
        body = []
        for i, ballot in enumerate(position):
            x = margin + i * (cell + 10)
            body.append(text(x + cell / 2, margin / 2, f"X{i + 1}", 11))
            colour = GREEN if can_be_dictator(ballot) else PURPLE
            for k, c in enumerate(ballot):
                y = margin + k * cell
                body.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                            f'fill="white" stroke="{colour}" stroke-width="2" '
                            f'{spot(f"{i + 1}.{k + 1}")}/>')
                if c:
                    body.append(text(x + cell / 2, y + cell / 2, letter(c), 14, INK))
        return svg_document(2 * margin + columns * (cell + 10), 2 * margin + rows * cell,
                            body, f"{self.name} {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Board:
        m = 1 + size % 2
        n = 2 + size // 4
        board = [(0,) * n for _ in range(m)]
        for _ in range(rng.randint(0, m * (n - 1))):
            i = rng.randrange(m)
            empty = [k for k, c in enumerate(board[i]) if not c]
            if empty:
                missing = [c for c in range(1, n + 1) if c not in board[i]]
                board[i] = fill(board[i], rng.choice(empty), rng.choice(missing))
        return tuple(board)


# -- Chain-Proof Dictator ------------------------------------------------------------


def shuffle(result: Result, subset: frozenset[int]) -> Result:
    """Def 3.4.12 (L591): merge neighbouring sets that both hold members of ``subset``."""
    merged = [set(part) for part in result[:1]]
    for before, part in itertools.pairwise(result):
        if before & subset and part & subset:
            merged[-1] |= part
        else:
            merged.append(set(part))
    return tuple(frozenset(part) for part in merged)


def manipulations(ballot: Ballot, subset: frozenset[int]) -> Iterator[Ballot]:
    """The ballots that differ from ``ballot`` only in relations inside ``subset`` (the
    IIA-manipulation of Def 3.4.13 on one ballot): each maximal run of consecutive
    members of ``subset`` may be reordered, nothing else moves."""
    runs: list[list[int]] = []
    for c in ballot:
        if c in subset and runs and runs[-1][0] in subset:
            runs[-1].append(c)
        else:
            runs.append([c])
    for choice in itertools.product(*(itertools.permutations(run) for run in runs)):
        yield tuple(c for run in choice for c in run)


def ranked_above(result: Result) -> set[tuple[int, int]]:
    """The pairs (X, Y) with X in an earlier set than Y."""
    return {(x, y) for i, high in enumerate(result) for low in result[i + 1:]
            for x in high for y in low}


def surely_above(ballot: Ballot, y: int, x: int) -> bool:
    """Y is above X in every completion of a (partial) ballot."""
    empty = [k for k, c in enumerate(ballot) if not c]
    if y in ballot and x in ballot:
        return ballot.index(y) < ballot.index(x)
    if y in ballot:  # X goes into an empty slot
        return all(k > ballot.index(y) for k in empty)
    if x in ballot:
        return all(k < ballot.index(x) for k in empty)
    return False  # both missing: two empty slots, either order


def direct_violations(result: Result, ballots: Sequence[Ballot]) -> list[tuple[int, int]]:
    """Pairs (X, Y) ranked X > Y by the result with Y above X in every ballot, however
    its empty slots are filled (Figure 3.5, L546)."""
    return sorted((x, y) for x, y in ranked_above(result)
                  if all(surely_above(b, y, x) for b in ballots))


def initial_result(n: int) -> Result:
    return tuple(frozenset({k}) for k in range(1, n + 1))


@dataclass(frozen=True)
class ChainProof:
    """A chain of IIA-manipulation subsets ending in the violation Y > X in every ballot
    against X > Y in the result."""

    subsets: tuple[frozenset[int], ...]
    pair: tuple[int, int]

    def __str__(self) -> str:
        chain = ", ".join("{" + ",".join(letter(c) for c in sorted(s)) + "}"
                          for s in self.subsets) or "no manipulation"
        x, y = self.pair
        return f"{chain}; then {letter(y)} > {letter(x)} in every ballot, {letter(x)} > " \
               f"{letter(y)} in the result"


def misplaced(old: Ballot, new: Ballot, subset: frozenset[int]) -> tuple[int, int] | None:
    """A pair, not both in ``subset``, whose order differs between two ballots (None if
    ``new`` is an IIA-manipulation of ``old`` on ``subset``): O(n²).

    Partial ballots hold the same candidates (the caller checks); ``new`` moves the slots of ``old``
    the same way for every completion.  An empty slot stands for any missing candidate,
    so it may pass a candidate of ``subset`` only when every missing candidate is in
    ``subset``; the k-th empty slot of ``old`` is taken to the k-th of ``new`` (any other
    matching of the empty slots crosses more pairs).  A pair holding an empty slot is
    returned as (candidate, 0) or (0, 0)."""
    free = set(range(1, len(old) + 1)) - set(old) <= subset

    def labels(ballot: Ballot) -> list[int]:  # empty slots become -1, -2, ... in order
        count = itertools.count(-1, -1)
        return [c or next(count) for c in ballot]

    rank_old = {c: k for k, c in enumerate(labels(old))}
    rank_new = {c: k for k, c in enumerate(labels(new))}
    for p, q in itertools.combinations(sorted(rank_old, key=lambda c: (c < 0, abs(c))), 2):
        inside = all(c in subset if c > 0 else free for c in (p, q))
        if not inside and (rank_old[p] < rank_old[q]) != (rank_new[p] < rank_new[q]):
            return max(p, 0), max(q, 0)
    return None


#: Per ballot, the boards a chain can reach.  A partial ballot is carried as the tuple of
#: its completions, all moved by the same rearrangement of slots (a proof is written once,
#: without splitting into cases).
Reach = tuple[frozenset[tuple[Ballot, ...]], ...]


@functools.lru_cache(maxsize=1 << 16)
def _step(written: tuple[Ballot, ...], subset: frozenset[int]) -> frozenset[tuple[Ballot, ...]]:
    """The rearrangements of slots that are IIA-manipulations on ``subset`` for every
    completion at once (cached: searches meet the same ballots again and again)."""
    first = written[0]
    steps = set()
    for target in manipulations(first, subset):
        source = [first.index(c) for c in target]
        moved = tuple(tuple(ballot[k] for k in source) for ballot in written)
        if all(misplaced(old, new, subset) is None
               for old, new in zip(written[1:], moved[1:], strict=True)):
            steps.add(moved)
    return frozenset(steps)


def _stepped(written: tuple[Ballot, ...], subset: frozenset[int],
             budget: Budget | None) -> frozenset[tuple[Ballot, ...]]:
    """``_step``, after a look at the budget's clock: one step of a large reach can take
    a good fraction of a second, the successors of one state many seconds."""
    if budget is not None:
        budget.check()
    return _step(written, subset)


def _proved(result: Result, reach: Reach) -> tuple[int, int] | None:
    for x, y in sorted(ranked_above(result)):
        if all(any(all(b.index(y) < b.index(x) for b in written) for written in ballot)
               for ballot in reach):
            return x, y
    return None


def find_chain_proof(board: Board, max_steps: int | None = None,
                     budget: Budget | None = None,
                     subsets: Sequence[frozenset[int]] | None = None) -> ChainProof | None:
    """The shortest chain proof of a Pareto violation (Def 3.4.16, L616), or None.

    A proof must hold however the empty slots are filled, without splitting into cases
    (that is what Chain-Proof Dictator forbids): each step rearranges the slots of a
    ballot in one way that is an IIA-manipulation for every completion [inferred; with
    this reading Lemma 3.4.17 (L631-650) holds, while letting each completion move on its
    own would prove Figure 3.10].
    Breadth-first over (result, reachable ballots), so it terminates and finds a
    shortest chain; ``max_steps`` bounds the chain, ``budget`` the successor states
    built (one per state and subset; its clock is read before each ballot's step), and
    ``subsets`` restricts the manipulations (default: every set of two or more candidates).
    """
    if not board:
        return None
    n = len(board[0])
    if subsets is None:
        subsets = [frozenset(s) for k in range(2, n + 1)
                   for s in itertools.combinations(range(1, n + 1), k)]
    if budget is not None:
        budget.start()
    start: tuple[Result, Reach] = (initial_result(n), tuple(
        frozenset({tuple(completions(b))}) for b in board))
    frontier: list[tuple[tuple[Result, Reach], tuple[frozenset[int], ...]]] = [(start, ())]
    seen = {start}
    while frontier:
        next_frontier = []
        for (result, reach), chain in frontier:
            pair = _proved(result, reach)
            if pair is not None:
                return ChainProof(chain, pair)
            if max_steps is not None and len(chain) >= max_steps:
                continue
            for subset in subsets:
                if budget is not None:
                    budget.tick(len(seen))
                state = (shuffle(result, subset), tuple(
                    frozenset(moved for written in ballot
                              for moved in _stepped(written, subset, budget))
                    for ballot in reach))
                if state not in seen:
                    seen.add(state)
                    next_frontier.append((state, (*chain, subset)))
        frontier = next_frontier
    return None


def written(completed: tuple[Ballot, ...]) -> Ballot:
    """The partial ballot whose completions are ``completed`` (slots they all agree on)."""
    return tuple(column[0] if len(set(column)) == 1 else 0 for column in zip(*completed,
                                                                           strict=True))


def chain_certificate(board: Board, proof: ChainProof) -> list[tuple[frozenset[int], Board]]:
    """The explicit ballots after each step of ``proof`` (the certificate that
    ``verify_chain_proof`` checks); partial ballots keep their empty slots."""
    x, y = proof.pair
    paths = []
    for ballot in board:
        # walk back from the last step: which ballots at each step can still finish Y > X
        layers = [{tuple(completions(ballot))}]
        for subset in proof.subsets:
            layers.append({q for w in layers[-1] for q in _step(w, subset)})
        good = {w for w in layers[-1] if all(b.index(y) < b.index(x) for b in w)}
        path = [min(good)]
        for step in range(len(proof.subsets) - 1, -1, -1):
            subset = proof.subsets[step]
            path.append(min(w for w in layers[step] if path[-1] in _step(w, subset)))
        paths.append([written(w) for w in path[::-1]])
    return [(subset, tuple(path[step + 1] for path in paths))
            for step, subset in enumerate(proof.subsets)]


def check_manipulation(ballots: Board, after: Board, subset: frozenset[int]) -> str | None:
    """Why ``after`` is not an IIA-manipulation of ``ballots`` on ``subset`` (Def 3.4.13,
    L600), or None; O(m n²)."""
    if len(after) != len(ballots) or any(len(b) != len(ballots[0]) for b in after):
        return f"there must be {len(ballots)} ballots of {len(ballots[0])} slots"
    for index, (old, new) in enumerate(zip(ballots, after, strict=True), 1):
        if sorted(old) != sorted(new):
            return f"ballot {index} must hold the same candidates, moved"
        wrong = misplaced(old, new, subset)
        if wrong is not None:
            p, q = (letter(c) if c else "an empty slot" for c in wrong)
            return f"ballot {index}: {p} and {q} change places but are not both in the " \
                   "step's subset"
    return None


def verify_chain_proof(board: Board, steps: Sequence[tuple[frozenset[int], Board]]) -> \
        tuple[int, int]:
    """Check a chain-proof certificate (Lemma 4.5.1, L1132): each step's ballots differ
    from the previous ones only in relations inside the step's subset (O(m n²) per step),
    the result is shuffled, and the last board has a direct violation (however its empty
    slots are filled).  Returns the violated pair (X, Y); raises GrundyError naming the
    first bad step."""
    n = len(board[0])
    result, ballots = initial_result(n), board
    for number, (subset, after) in enumerate(steps, 1):
        problem = check_manipulation(ballots, after, subset)
        if problem is not None:
            raise GrundyError(f"step {number}, {problem}")
        result, ballots = shuffle(result, subset), after
    violations = direct_violations(result, ballots)
    if not violations:
        raise GrundyError("the last board has no direct Pareto violation")
    return violations[0]


@register
class ChainProofDictator(BasicDictator):
    name = "chain-proof-dictator"
    aliases = ("dictator",)
    summary = "Dictator where a Pareto challenge must be a chain of IIA-manipulations."
    citation = Citation("004_d08755248cee49c5.txt", "L616-620, L1132-1140",
                        "Def 3.4.16, Lemma 4.5.1")
    examples = ("A_C_;__CA", "A_D_;__DA", "ABDC;BACD")

    def can_prove(self, board: Board) -> bool:
        """A chain proof exists.  IIA-manipulations are sound, so none exists while a
        ballot can still be the dictator (Lemma 4.4.1); otherwise an exhaustive search,
        under the budget of the search asking for the moves (``active_budget``)."""
        from grundy.search.budget import active_budget  # grundy.search imports us

        return pareto_violated(board) and find_chain_proof(
            board, budget=active_budget()) is not None

    # no closed form is known: back to the protocol's "search it"
    fast_outcome = ImpartialRuleset.fast_outcome
    fast_grundy = ImpartialRuleset.fast_grundy
