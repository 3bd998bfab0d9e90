"""Loopy games: finite game graphs whose plays may repeat (Siegel 2013, Ch. VI; Winning
Ways, Ch. 11).

A ``Loopy`` is a finite graph of positions, each with Left and Right option edges (cycles
allowed), and a start position.  Play is normal (a player who cannot move loses) and an
infinite play is a draw.  What this module computes, each by a plain function:

* ``outcomes``: who wins from every position with each player to move, by retrograde
  analysis of the (position, mover) states: a mover with no move loses, a state with a
  move to a state lost for its mover is won, a state all of whose moves reach states won
  for the opponent is lost, and what is left unlabelled is a draw.  Time linear in the
  number of edges.  ``Loopy.outcome`` names the class as CGSuite does: L, R, N, P, D,
  and NHat (Left wins moving first, draws moving second), PHat (Left draws moving first,
  wins moving second), their mirror images NCheck and PCheck.
* sums: the product graph (``G + H`` moves in one component), built from the start
  position only, under a size budget; ``-G`` swaps Left's and Right's edges.
* stoppers (no follower has an infinite alternating sequence of moves): the order
  ``G >= H`` holds exactly when Left, moving second in G - H, never runs out of moves
  (Siegel 2013, Ch. VI; Winning Ways Ch. 11), decided by one retrograde analysis of
  the product graph; ``Loopy.canonical`` puts a stopper into its simplest form
  (Siegel 2013, Ch. VI): equal positions fused, dominated options deleted and
  reversible options bypassed, all decided from the table of every pair of positions
  compared at once, repeated until nothing changes.  Each step keeps every position's
  value, and a bypass never creates an alternating cycle, so the result is a stopper
  equal to the input (a hypothesis test checks G - simplified(G) both ways).
* sides: a game that is not a stopper has an onside and an offside, its classes in
  the onside and offside orders (``side_ge``: Büchi games on the states of G - H,
  Siegel 2013, Ch. VI); G = onside & offside.  They are found by sidling (Winning Ways
  Ch. 11, "Sidling"; Siegel 2013, Ch. VI), one strongly connected component of the
  graph at a time from the bottom: a component that is a stopper together with the
  sides below it is that stopper in simplest form; in any other, every position starts
  at ``on`` (for the onside; ``off`` for the offside) and is replaced by {its Left
  options' approximations | its Right options'} in simplest form until no
  approximation changes.  Positions that are off or on outright (``_passers``: Right
  forces Left's moves to run out, or the mirror image) are fixed at their values
  first: sidling would approach them as -1, -2, -3, ... without end.  When sidling
  does not settle (``MAX_SIDLING_ROUNDS`` rounds, or approximations growing), a small
  game's sides are simplified in the side orders instead (``_simplify_side``: fusion,
  dominated and reversible options, irrelevant options on alternating cycles, each
  step kept only when the start keeps its value); a stopper result is put in simplest
  form, else the simplified graph is the side (the game is not stopper-sided: Bach's
  Carousel).  A larger game gets ``LoopyError``.  Every side found is checked to equal
  the game on its side.  Sums of two stoppers (``loopy_degree``) first have their sides
  found one strongly connected component at a time (``_side_by_components``).

Known values: ``on`` = {pass|}, ``off`` = {|pass}, ``over`` = {0|pass}, ``under`` =
{pass|0}, ``upon`` = {pass|*}, ``dud`` = {pass|pass} (sides on & off).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from grundy.values.game import Game

__all__ = ["MAX_NODES", "MAX_SIDLING_ROUNDS", "Loopy", "LoopyError", "LoopyOutcome",
           "Sides", "outcomes", "retrograde", "side_ge"]

#: The most positions a loopy game (a sum, a parsed text, a ruleset's graph) may have.
MAX_NODES = 200_000
#: The most pairs of positions the stopper comparison of one graph may tabulate.
MAX_PAIRS = 4_000_000
#: Graphs from this many positions have their outcomes labelled natively (when built).
NATIVE_FROM = 64
#: The most rounds of sidling before the sides are declared out of reach.
MAX_SIDLING_ROUNDS = 32

Edges = tuple[tuple[int, ...], ...]

LEFT, RIGHT, DRAW = "L", "R", "D"


class LoopyError(ValueError):
    """A loopy computation that cannot be done here: the message says why and what to do."""


class LoopyOutcome(StrEnum):
    """The outcome class of a loopy game: the winners with Left and with Right moving first."""

    L = "L"
    R = "R"
    N = "N"
    P = "P"
    D = "D"
    NHAT = "NHat"
    PHAT = "PHat"
    NCHECK = "NCheck"
    PCHECK = "PCheck"

    @classmethod
    def of(cls, left_first: str, right_first: str) -> LoopyOutcome:
        return _CLASSES[left_first + right_first]

    def winner(self, first: str) -> str:
        """Who wins ("L", "R", or "D" for a draw) with ``first`` ("L" or "R") to move."""
        left_first, right_first = _PAIRS[self]
        return left_first if first == LEFT else right_first

    @property
    def description(self) -> str:
        left_first, right_first = _PAIRS[self]
        return (f"Left moving first: {_WORDS[left_first]}; "
                f"Right moving first: {_WORDS[right_first]}")


_CLASSES = {"LL": LoopyOutcome.L, "RR": LoopyOutcome.R, "LR": LoopyOutcome.N,
            "RL": LoopyOutcome.P, "DD": LoopyOutcome.D, "LD": LoopyOutcome.NHAT,
            "DL": LoopyOutcome.PHAT, "DR": LoopyOutcome.NCHECK, "RD": LoopyOutcome.PCHECK}
_PAIRS = {outcome: (pair[0], pair[1]) for pair, outcome in _CLASSES.items()}
_WORDS = {LEFT: "Left wins", RIGHT: "Right wins", DRAW: "a draw (infinite play)"}


def label_states(successors: Sequence[Sequence[int]], mover_of: Callable[[int], str]
                 ) -> list[str]:
    """Retrograde analysis of a finite game whose states are ``0..n-1``: the winner of
    each state (``"L"``, ``"R"``, or ``"D"`` for a draw: neither can force a win).

    ``successors[s]`` are the states the mover of ``s`` (``mover_of(s)``, ``"L"`` or
    ``"R"``) can move to; a mover with no move loses.  Linear in the number of edges.
    """
    return retrograde(successors, mover_of)[0]


def retrograde(successors: Sequence[Sequence[int]], mover_of: Callable[[int], str]
               ) -> tuple[list[str], list[int]]:
    """``label_states`` with each decided state's *depth*: the number of moves to the
    end of the game when the winner wins as fast as possible and the loser resists as
    long as possible (-1 for a draw).  A won state always has a move to a lost state of
    depth one less, so playing such moves ends the game: perfect play that never
    wanders in a cycle."""
    n = len(successors)
    predecessors: list[list[int]] = [[] for _ in range(n)]
    for s, targets in enumerate(successors):
        for t in targets:
            predecessors[t].append(s)
    winner = [DRAW] * n
    depth = [-1] * n
    waiting = [len(targets) for targets in successors]
    queue = deque(s for s in range(n) if not waiting[s])
    for s in queue:
        winner[s] = RIGHT if mover_of(s) == LEFT else LEFT
        depth[s] = 0
    while queue:
        s = queue.popleft()
        for p in predecessors[s]:
            if winner[p] != DRAW:
                continue
            if mover_of(p) == winner[s]:
                winner[p], depth[p] = winner[s], depth[s] + 1
                queue.append(p)
            else:
                waiting[p] -= 1
                if not waiting[p]:
                    winner[p], depth[p] = winner[s], depth[s] + 1
                    queue.append(p)
    return winner, depth


def outcomes(left: Edges, right: Edges) -> list[tuple[str, str]]:
    """For every position of the graph, the winner with Left and with Right to move.

    States are (position, mover), numbered 2v (Left to move) and 2v+1 (Right to move).
    Graphs of ``NATIVE_FROM`` positions or more are labelled by the native kernel when
    it is built (``values.native.python_only()`` keeps this Python labelling, the
    oracle of the hypothesis test that compares them).
    """
    if len(left) >= NATIVE_FROM:
        from grundy.values.native import loopy_winners

        native = loopy_winners(left, right)
        if native is not None:
            return [(native[2 * v], native[2 * v + 1]) for v in range(len(left))]
    successors = [[] for _ in range(2 * len(left))]  # type: list[list[int]]
    for v in range(len(left)):
        successors[2 * v] = [2 * w + 1 for w in left[v]]
        successors[2 * v + 1] = [2 * w for w in right[v]]
    winner = label_states(successors, lambda s: LEFT if s % 2 == 0 else RIGHT)
    return [(winner[2 * v], winner[2 * v + 1]) for v in range(len(left))]


def _check_size(n: int, what: str) -> None:
    if n > MAX_NODES:
        raise LoopyError(f"{what} has more than {MAX_NODES} positions: "
                         "write a smaller game")


def _reach(left: Edges, right: Edges, start: int) -> tuple[Edges, Edges, int]:
    """The part of the graph reachable from ``start``, renumbered from 0 (the start)."""
    order = [start]
    index = {start: 0}
    for v in order:
        for w in (*left[v], *right[v]):
            if w not in index:
                index[w] = len(order)
                order.append(w)
    return (tuple(tuple(sorted({index[w] for w in left[v]})) for v in order),
            tuple(tuple(sorted({index[w] for w in right[v]})) for v in order), 0)


@dataclass(frozen=True)
class Sides:
    """A game's onside and offside; the game is ``onside & offside``.  Each side is a
    stopper in simplest form when the game is stopper-sided, else a loopy graph
    simplified in its side's order (``side_ge``), which stands for its class there."""

    onside: Loopy
    offside: Loopy

    @property
    def stopper_sided(self) -> bool:
        """Both sides are stoppers (CGSuite's ``IsStopperSided``)."""
        return self.onside.is_stopper() and self.offside.is_stopper()

    @classmethod
    def of(cls, onside: Loopy, offside: Loopy) -> Sides:
        """The sided value ``onside & offside`` of two stoppers (CGSuite's ``&``), each put
        in simplest form; LoopyError unless offside <= onside, as every game's sides are
        (Siegel 2013, Ch. VI)."""
        for part, name in ((onside, "onside"), (offside, "offside")):
            if not part.is_stopper():
                raise LoopyError(f"the {name} of A & B must be a stopper; {part} is not one: "
                                 "write stoppers on both sides of &")
        if not _survives(onside, offside):
            raise LoopyError(f"the offside {offside} is not <= the onside {onside}: write "
                             "onside & offside with offside <= onside")
        return cls(onside.canonical(), offside.canonical())

    @classmethod
    def of_game(cls, game: Loopy | Sides) -> Sides:
        """A game's sides (a ``Sides`` as it is)."""
        return game if isinstance(game, Sides) else game.sides()

    def __add__(self, other: Sides) -> Sides:
        """The sum: the onside of G + H is the onside of G^+ + H^+ and so for the offside
        (Siegel 2013, Ch. VI): the sum of the two sides' graphs, put in simplest form
        when it is a stopper, else simplified (``_side``) when it has at most
        ``SIMPLIFY_SIDES_UP_TO`` positions, else kept as it is (it is in the class of
        that side; simplifying it would cost O(n^4) Büchi games)."""
        return Sides(_sum_side(self.onside + other.onside, True),
                     _sum_side(self.offside + other.offside, False))

    def __ge__(self, other: Sides) -> bool:
        """The order of sided values: onside >= onside in the onside order and offside >=
        offside in the offside order (``side_ge``; for stoppers, survival)."""
        return (side_ge(self.onside, other.onside, onside=True)
                and side_ge(self.offside, other.offside, onside=False))

    def __le__(self, other: Sides) -> bool:
        return other >= self

    def __neg__(self) -> Sides:
        """-(A & B) = -B & -A."""
        return Sides(-self.offside, -self.onside)

    def __sub__(self, other: Sides) -> Sides:
        return self + -other

    def times(self, n: int) -> Sides:
        """n copies of the game added (CGSuite's ``n * G``), one copy at a time, each
        partial sum reduced to its sides before the next copy is added: the graphs stay
        as small as the sides, not |G|^n."""
        if n < 0:
            return (-self).times(-n)
        if n == 0:
            zero = Loopy.from_game(Game.zero())
            return Sides(zero, zero)
        total = self
        for _ in range(n - 1):
            total = total + self
        return total

    def __str__(self) -> str:
        from grundy.values.loopy_notation import format_graph

        if self.onside.is_on() and self.offside.is_off():
            return "dud"
        if self.stopper_sided and self.onside.equals(self.offside):
            return str(self.onside)
        return f"{format_graph(self.onside)} & {format_graph(self.offside)}"


class Loopy:
    """A finite loopy game: a graph of positions with Left and Right edges, and a start.

    >>> on, off = Loopy.on(), Loopy.off()
    >>> str(on + off), str(Loopy.over() + Loopy.over()), (on + off).outcome().value
    ('dud', 'over', 'D')
    """

    __slots__ = ("_sides", "_stopper", "left", "right", "start")

    left: Edges
    right: Edges
    start: int

    def __init__(self, left: Iterable[Iterable[int]], right: Iterable[Iterable[int]],
                 start: int = 0) -> None:
        lefts = tuple(tuple(options) for options in left)
        rights = tuple(tuple(options) for options in right)
        if len(lefts) != len(rights):
            raise LoopyError("a loopy graph needs as many Left as Right option lists")
        _check_size(len(lefts), "this game")
        n = len(lefts)
        if not 0 <= start < n:
            raise LoopyError(f"the start position {start} is not one of the {n} positions")
        for options in (*lefts, *rights):
            for w in options:
                if not 0 <= w < n:
                    raise LoopyError(f"an option points to position {w}, outside 0..{n - 1}")
        self.left, self.right, self.start = _reach(lefts, rights, start)
        self._stopper: bool | None = None
        self._sides: Sides | None = None

    # -- construction -------------------------------------------------------------------

    @classmethod
    def from_game(cls, game: Game) -> Loopy:
        """The graph of a short game's canonical form (one position per follower)."""
        index: dict[int, int] = {}
        order: list[Game] = []

        def visit(g: Game) -> int:
            stack = [g]
            while stack:
                h = stack.pop()
                if h.id not in index:
                    index[h.id] = len(order)
                    order.append(h)
                    stack.extend((*h.left, *h.right))
            return index[g.id]

        visit(game)
        _check_size(len(order), "this game")
        return cls([[index[h.id] for h in g.left] for g in order],
                   [[index[h.id] for h in g.right] for g in order])

    @classmethod
    def on(cls) -> Loopy:
        """on = {pass |}: Left always has a move."""
        return cls([[0]], [[]])

    @classmethod
    def off(cls) -> Loopy:
        """off = {| pass}."""
        return cls([[]], [[0]])

    @classmethod
    def over(cls) -> Loopy:
        """over = {0 | pass}."""
        return cls([[1], []], [[0], []])

    @classmethod
    def under(cls) -> Loopy:
        """under = {pass | 0} = -over."""
        return -cls.over()

    @classmethod
    def upon(cls) -> Loopy:
        """upon = {pass | *}."""
        return cls([[0], [2], []], [[1], [2], []])

    @classmethod
    def dud(cls) -> Loopy:
        """dud = {pass | pass}: either player may always move; its sides are on & off."""
        return cls([[0]], [[0]])

    # -- structure ----------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.left)

    def at(self, position: int) -> Loopy:
        """The game started at another position of the same graph."""
        return Loopy(self.left, self.right, position)

    def left_options(self) -> list[Loopy]:
        return [self.at(w) for w in self.left[0]]

    def right_options(self) -> list[Loopy]:
        return [self.at(w) for w in self.right[0]]

    def is_loopfree(self) -> bool:
        """No position repeats: the game is a short game (``to_game`` gives it)."""
        return _acyclic([[*a, *b] for a, b in zip(self.left, self.right, strict=True)])

    def to_game(self) -> Game:
        """The canonical short game of a loopfree graph (LoopyError for a loopy one)."""
        if not self.is_loopfree():
            raise LoopyError("this game is loopy: it has no short canonical form")
        games: dict[int, Game] = {}
        for v in _postorder(self.left, self.right):
            games[v] = Game.of([games[w] for w in self.left[v]],
                               [games[w] for w in self.right[v]])
        return games[0]

    def is_stopper(self) -> bool:
        """No follower has an infinite alternating sequence of moves (Siegel 2013, Ch. VI):
        the graph of (position, mover) states, each move handing the turn over, has no
        cycle."""
        if self._stopper is None:
            n = len(self)
            states = [[2 * w + 1 for w in self.left[v]] for v in range(n)]
            successors: list[list[int]] = []
            for v in range(n):
                successors.append(states[v])
                successors.append([2 * w for w in self.right[v]])
            self._stopper = _acyclic(successors)
        return self._stopper

    def is_on(self) -> bool:
        return len(self) == 1 and self.left[0] == (0,) and not self.right[0]

    def is_off(self) -> bool:
        return len(self) == 1 and self.right[0] == (0,) and not self.left[0]

    # -- outcomes and arithmetic --------------------------------------------------------

    def outcome(self) -> LoopyOutcome:
        """Who wins with Left and with Right moving first; infinite play is a draw."""
        left_first, right_first = outcomes(self.left, self.right)[0]
        return LoopyOutcome.of(left_first, right_first)

    def __neg__(self) -> Loopy:
        return Loopy(self.right, self.left)

    def __add__(self, other: Loopy) -> Loopy:
        """The disjunctive sum: the product graph reachable from the two starts."""
        index = {(0, 0): 0}
        order = [(0, 0)]
        left: list[list[int]] = []
        right: list[list[int]] = []

        def node(pair: tuple[int, int]) -> int:
            found = index.get(pair)
            if found is None:
                found = index[pair] = len(order)
                order.append(pair)
                _check_size(len(order), "this sum")
            return found

        for a, b in order:
            left.append([node((x, b)) for x in self.left[a]] +
                        [node((a, y)) for y in other.left[b]])
            right.append([node((x, b)) for x in self.right[a]] +
                         [node((a, y)) for y in other.right[b]])
        return Loopy(left, right)

    def __sub__(self, other: Loopy) -> Loopy:
        return self + -other

    # -- the order of stoppers ----------------------------------------------------------

    def _require_stopper(self, what: str) -> None:
        if not self.is_stopper():
            raise LoopyError(f"{what} needs a stopper; {self} is not one (it has an "
                             "infinite alternating play): compare its sides instead")

    def __ge__(self, other: Loopy) -> bool:
        """The order of games: for stoppers, Left survives moving second in G - H; for
        any games, G >= H on the onside and on the offside (``side_ge``)."""
        if self.is_stopper() and other.is_stopper():
            return _survives(self, other)
        return side_ge(self, other, onside=True) and side_ge(self, other, onside=False)

    def __le__(self, other: Loopy) -> bool:
        return other >= self

    def __gt__(self, other: Loopy) -> bool:
        return self >= other and not other >= self

    def __lt__(self, other: Loopy) -> bool:
        return other > self

    def equals(self, other: Loopy) -> bool:
        """Equal values (for stoppers: each >= the other)."""
        return self >= other and other >= self

    def canonical(self) -> Loopy:
        """The simplest form of a stopper (Siegel 2013, Ch. VI): equal positions fused,
        dominated options deleted, reversible options bypassed, until none is left.

        Strongly connected components are simplified one at a time from the bottom,
        each with the values it leads out to; a round of simplification compares every
        pair of positions of that part by one retrograde analysis of the product graph
        (n² pairs), so a round costs O(n² · edges per position) for a part of n
        positions.
        """
        self._require_stopper("a simplest form")
        value = _canonical_all(self)[0]
        return Loopy.from_game(value) if isinstance(value, Game) else value

    def sides(self) -> Sides:
        """The onside and offside, by sidling (see the module docstring)."""
        if self._sides is None:
            if self.is_stopper():
                simplest = self.canonical()
                self._sides = Sides(simplest, simplest)
            else:
                self._sides = Sides(_side(self, onside=True), _side(self, onside=False))
        return self._sides

    def onside(self) -> Loopy:
        return self.sides().onside

    def offside(self) -> Loopy:
        return self.sides().offside

    def value(self) -> Loopy | Sides:
        """The simplest form of a stopper, else the sides."""
        return self.canonical() if self.is_stopper() else self.sides()

    # -- stops ---------------------------------------------------------------------------

    def pseudonumber(self) -> Loopy | None:
        """The pseudonumber this stopper equals (on, off, a number x, x + over or
        x + under: Siegel 2013, Ch. VI), or None."""
        simplest = self.canonical()
        key = _pseudonumbers(simplest).get(0)
        return None if key is None else _pseudonumber_game(key)

    def stops(self) -> tuple[Loopy, Loopy]:
        """The Left and Right stops of a stopper (Siegel 2013, Ch. VI): a pseudonumber
        is its own stop; otherwise the Left stop is the largest Right stop of a Left
        option and the Right stop the smallest Left stop of a Right option.  Alternating
        play from a stopper ends, so this recursion does; it runs on the simplest form,
        in time linear in its moves (after ``canonical``).

        >>> from grundy.values.loopy_notation import parse_loopy
        >>> [str(stop) for stop in parse_loopy("{pass|3/2}").stops()]
        ['3/2under', '3/2under']
        >>> [str(stop) for stop in parse_loopy("+-{5|pass}").stops()]
        ['5over', '-5under']
        """
        return (_pseudonumber_game(self._stop_keys()[0]),
                _pseudonumber_game(self._stop_keys()[1]))

    def _stop_keys(self) -> tuple[_Pseudo, _Pseudo]:
        self._require_stopper("stops")
        simplest = self.canonical()
        pseudo = _pseudonumbers(simplest)
        found: dict[tuple[int, int], _Pseudo] = {}
        stack = [(0, 0), (0, 1)]  # (position, 0 for Left to move or 1 for Right)
        while stack:
            v, side = stack[-1]
            if (v, side) in found:
                stack.pop()
                continue
            if v in pseudo:
                found[v, side] = pseudo[v]
                stack.pop()
                continue
            options = simplest.left[v] if side == 0 else simplest.right[v]
            if not options:
                raise LoopyError(f"{simplest.at(v)} has no options for one player but is "
                                 "not a pseudonumber: report this game")
            missing = [(w, 1 - side) for w in options if (w, 1 - side) not in found]
            if missing:
                stack.extend(missing)
                continue
            values = [found[w, 1 - side] for w in options]
            found[v, side] = max(values) if side == 0 else min(values)
            stack.pop()
        return found[0, 0], found[0, 1]

    def is_numberish(self) -> bool:
        """Infinitesimally close to a number: both stops are x, x + over or x + under for
        the same number x (CGSuite's ``IsNumberish``)."""
        (left_kind, x, _), (right_kind, y, _) = self._stop_keys()
        return left_kind == right_kind == 0 and x == y

    def subordinate(self, base: Game | Loopy) -> Loopy:
        """This stopper subordinated to the short game B (CGSuite's ``Subordinate``, as
        ``operations.subordinate`` for short games): the simplest form with every option
        equal to an option of B dropped; LoopyError when some B^L is neither matched by
        an X^L ≥ B^L nor reversed by a B^LR ≤ X at some position X (and so for Right).
        B is a short game's canonical form, or a loopfree graph taken as written (a
        base that is not canonical: upon subordinated to {*|*} is on, to its canonical
        form 0 upon itself)."""
        self._require_stopper("Subordinate")
        if isinstance(base, Game):
            base = Loopy.from_game(base)
        elif not base.is_loopfree():
            raise LoopyError(f"the base {base} of Subordinate must be a short game")
        g = self.canonical()
        lefts, rights = base.left_options(), base.right_options()
        kept_left: list[list[int]] = [[] for _ in range(len(g))]
        kept_right: list[list[int]] = [[] for _ in range(len(g))]
        seen, order = {0}, [0]
        for v in order:  # the positions reached by the options kept
            x = g.at(v)
            for b in lefts:
                if not any(g.at(w) >= b for w in g.left[v]) and not any(
                        x >= r for r in b.right_options()):
                    raise LoopyError(f"{self} cannot be subordinated to {base}")
            for b in rights:
                if not any(g.at(w) <= b for w in g.right[v]) and not any(
                        x <= r for r in b.left_options()):
                    raise LoopyError(f"{self} cannot be subordinated to {base}")
            kept_left[v] = [w for w in g.left[v] if not any(g.at(w).equals(b) for b in lefts)]
            kept_right[v] = [w for w in g.right[v]
                             if not any(g.at(w).equals(b) for b in rights)]
            for w in (*kept_left[v], *kept_right[v]):
                if w not in seen:
                    seen.add(w)
                    order.append(w)
        return Loopy(kept_left, kept_right)

    # -- text ---------------------------------------------------------------------------

    def __str__(self) -> str:
        from grundy.values.loopy_notation import format_loopy

        return format_loopy(self)

    def __repr__(self) -> str:
        return f"Loopy({self})"


#: A pseudonumber as a sort key: (-1, 0, 0) is off, (1, 0, 0) on, and (0, x, a) the number
#: x with a = -1 for x + under, 0 for x alone, 1 for x + over.
_Pseudo = tuple[int, Fraction, int]


def _pseudonumber_game(key: _Pseudo) -> Loopy:
    kind, x, adorned = key
    if kind:
        return Loopy.on() if kind > 0 else Loopy.off()
    number = Loopy.from_game(Game.number(x))
    if adorned:
        return number + (Loopy.over() if adorned > 0 else Loopy.under())
    return number


def _loopfree(left: Edges, right: Edges) -> list[bool]:
    """For each position, whether no cycle is reachable from it (iterative search)."""
    n = len(left)
    state = [0] * n  # 0 unseen, 1 on the search path, 2 done
    free = [True] * n
    for root in range(n):
        if state[root]:
            continue
        stack = [(root, iter((*left[root], *right[root])))]
        state[root] = 1
        while stack:
            v, successors = stack[-1]
            for w in successors:
                if state[w] == 0:
                    state[w] = 1
                    stack.append((w, iter((*left[w], *right[w]))))
                    break
                if state[w] == 1 or not free[w]:
                    free[v] = False
            else:
                stack.pop()
                state[v] = 2
                if stack and not free[v]:
                    free[stack[-1][0]] = False
    return free


def _pseudonumbers(game: Loopy) -> dict[int, _Pseudo]:
    """The positions of a simplest form that are pseudonumbers, by their shapes there:
    on = {pass|}, off = {|pass}, loopfree numbers, x + over = {x|pass} and x + under =
    {pass|x} (a test checks these shapes against the values they stand for)."""
    free = _loopfree(game.left, game.right)
    games: dict[int, Game] = {}
    found: dict[int, _Pseudo] = {}
    for v in range(len(game)):
        if free[v]:
            for w in _postorder(game.left, game.right, v):
                if w not in games:
                    games[w] = Game.of([games[u] for u in game.left[w]],
                                       [games[u] for u in game.right[w]])
            number = games[v].number()
            if number is not None:
                found[v] = (0, number, 0)
    for v in range(len(game)):
        left, right = game.left[v], game.right[v]
        if left == (v,) and not right:
            found[v] = (1, Fraction(0), 0)
        elif right == (v,) and not left:
            found[v] = (-1, Fraction(0), 0)
        elif len(left) == 1 and right == (v,) and found.get(left[0], (1,))[0::2] == (0, 0):
            found[v] = (0, found[left[0]][1], 1)
        elif len(right) == 1 and left == (v,) and found.get(right[0], (1,))[0::2] == (0, 0):
            found[v] = (0, found[right[0]][1], -1)
    return found


def rooted(lefts: Sequence[Loopy], rights: Sequence[Loopy]) -> Loopy:
    """The game {lefts | rights} whose options are these games' graphs."""
    left: list[list[int]] = [[]]
    right: list[list[int]] = [[]]
    for side, games in ((left[0], lefts), (right[0], rights)):
        for game in games:
            offset = len(left)
            left.extend([w + offset for w in options] for options in game.left)
            right.extend([w + offset for w in options] for options in game.right)
            side.append(offset + game.start)
    return Loopy(left, right)


def ordinal_sum(base: Game, game: Loopy) -> Loopy:
    """G : X for a short G and a loopy X: {G^L, G : X^L | G^R, G : X^R} at every position
    of X (a move in G discards X)."""
    g = Loopy.from_game(base)
    n = len(game)
    left = [[*(n + w for w in g.left[g.start]), *game.left[v]] for v in range(n)]
    right = [[*(n + w for w in g.right[g.start]), *game.right[v]] for v in range(n)]
    left += [[n + w for w in options] for options in g.left]
    right += [[n + w for w in options] for options in g.right]
    return Loopy(left, right, game.start)


def pow_to(base: Game, x: Loopy) -> Loopy:
    """G^→x = G : (x subordinated to 1) for a loopy pseudonumber x (CGSuite's PowTo:
    ↑.PowTo({1|pass}) = {↑ | *, pass}); LoopyError for an exponent that is not 1 : y."""
    try:
        tail = x.subordinate(Game.integer(1))
    except LoopyError:
        raise LoopyError(f"the exponent {x} is invalid: it is not 1 : y for any y") from None
    return ordinal_sum(base, tail).canonical()


def pow(base: Game, x: Loopy) -> Loopy:  # CGSuite's name
    """G^x = {0 | H − G^→(x − 1)} for G = {0 | H} and a loopy exponent x (CGSuite's Pow:
    ↑.Pow(on) = ↑^on = {0 || 0 | 0, pass})."""
    if len(base.left) != 1 or base.left[0] != Game.integer(0) or len(base.right) != 1:
        raise LoopyError(f"Pow needs a base of the form {{0|H}}; {base} is not")
    below = pow_to(base, (x + Loopy.from_game(Game.integer(-1))).canonical())
    return rooted([Loopy.from_game(Game.integer(0))],
                  [(Loopy.from_game(base.right[0]) - below).canonical()]).canonical()


def _acyclic(successors: Sequence[Sequence[int]]) -> bool:
    """No directed cycle (Kahn's algorithm)."""
    n = len(successors)
    indegree = [0] * n
    for targets in successors:
        for t in targets:
            indegree[t] += 1
    queue = [s for s in range(n) if not indegree[s]]
    seen = 0
    while queue:
        s = queue.pop()
        seen += 1
        for t in successors[s]:
            indegree[t] -= 1
            if not indegree[t]:
                queue.append(t)
    return seen == n


def _postorder(left: Edges, right: Edges, start: int = 0) -> list[int]:
    """The positions of an acyclic graph reachable from ``start``, each after all of its
    options."""
    done: set[int] = set()
    order: list[int] = []
    stack: list[tuple[int, bool]] = [(start, False)]
    while stack:
        v, expanded = stack.pop()
        if expanded:
            if v not in done:
                done.add(v)
                order.append(v)
            continue
        if v in done:
            continue
        stack.append((v, True))
        stack.extend((w, False) for w in (*left[v], *right[v]) if w not in done)
    return order


def _survives(g: Loopy, h: Loopy) -> bool:
    """Left, moving second in G - H, never runs out of moves (G >= H for stoppers)."""
    difference = g - h
    return outcomes(difference.left, difference.right)[0][1] != RIGHT


def _order_table(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]
                 ) -> list[list[bool]]:
    """``ge[u][v]``: position u >= position v, for every pair of positions of a stopper.

    One retrograde analysis of the states (u, v, mover) of the product of the graph with
    its negative: ``u >= v`` when Right, moving first in u - v, cannot force a win.  By
    the native kernel (``grundy._native.loopy_compare``) when it is built, else here
    (the oracle of the hypothesis test that compares them).
    """
    n = len(left)
    if n * n > MAX_PAIRS:
        raise LoopyError(f"a part of this stopper has {n} positions, too many to compare "
                         f"every pair (at most {MAX_PAIRS} pairs): write a smaller game")
    from grundy.values.native import loopy_table

    native = loopy_table(left, right, left, right)
    if native is not None:
        return [native[u * n:(u + 1) * n] for u in range(n)]
    successors: list[list[int]] = []
    for u in range(n):
        base = u * n
        for v in range(n):
            # Left moves: u -> u^L, or v -> v^R (a Left move of -v); then Right moves.
            successors.append([2 * (x * n + v) + 1 for x in left[u]] +
                              [2 * (base + y) + 1 for y in right[v]])
            successors.append([2 * (x * n + v) for x in right[u]] +
                              [2 * (base + y) for y in left[v]])
    winner = label_states(successors, lambda s: LEFT if s % 2 == 0 else RIGHT)
    return [[winner[2 * (u * n + v) + 1] != RIGHT for v in range(n)] for u in range(n)]


def _reach_all(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]],
               roots: Sequence[int]) -> tuple[list[list[int]], list[list[int]], list[int]]:
    """The part of the graph reachable from ``roots``, renumbered; the roots' numbers."""
    order: list[int] = []
    index: dict[int, int] = {}
    for root in roots:
        if root not in index:
            index[root] = len(order)
            order.append(root)
    for v in order:
        for w in (*left[v], *right[v]):
            if w not in index:
                index[w] = len(order)
                order.append(w)
    return ([sorted({index[w] for w in left[v]}) for v in order],
            [sorted({index[w] for w in right[v]}) for v in order],
            [index[root] for root in roots])


def _is_stopper_graph(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]) -> bool:
    successors: list[list[int]] = []
    for v in range(len(left)):
        successors.append([2 * w + 1 for w in left[v]])
        successors.append([2 * w for w in right[v]])
    return _acyclic(successors)


def _simplify_graph(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]],
                    roots: Sequence[int]) -> tuple[list[list[int]], list[list[int]], list[int]]:
    """The simplest form of every root of a stopper graph (see ``Loopy.canonical``): the
    simplified graph and where each root went."""
    cur_left, cur_right, cur_roots = _reach_all(left, right, roots)
    for _ in range(4 * len(cur_left) + 16):
        ge = _order_table(cur_left, cur_right)
        n = len(cur_left)
        # fuse equal positions onto the first of each class
        representative = list(range(n))
        for u in range(n):
            for v in range(u):
                if representative[v] == v and ge[u][v] and ge[v][u]:
                    representative[u] = v
                    break
        new_left = [sorted({representative[w] for w in cur_left[u]}) for u in range(n)]
        new_right = [sorted({representative[w] for w in cur_right[u]}) for u in range(n)]
        changed = any(representative[u] != u for u in range(n))
        if changed and not _is_stopper_graph(new_left, new_right):
            # fusing made an alternating cycle: simplify this round without fusing
            representative = list(range(n))
            new_left, new_right = cur_left, cur_right
            changed = False
        for u in range(n):
            if representative[u] != u:
                continue
            reduced_left, reduced_right = _reduce(u, new_left, new_right, ge)
            if reduced_left != new_left[u] or reduced_right != new_right[u]:
                changed = True
                new_left[u], new_right[u] = reduced_left, reduced_right
        cur_left, cur_right, cur_roots = _reach_all(
            new_left, new_right, [representative[r] for r in cur_roots])
        if not changed:
            return cur_left, cur_right, cur_roots
    raise LoopyError("the simplification of this stopper did not settle: please report the "
                     "game, it contradicts the simplest-form theorem")


def _components(successors: Sequence[Sequence[int]]) -> list[list[int]]:
    """The strongly connected components, each after every component it reaches
    (Tarjan's algorithm, iteratively)."""
    n = len(successors)
    index = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    components: list[list[int]] = []
    counter = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on_stack[v] = True
            if i < len(successors[v]):
                work.append((v, i + 1))
                w = successors[v][i]
                if index[w] < 0:
                    work.append((w, 0))
                elif on_stack[w]:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    component.append(w)
                    if w == v:
                        break
                components.append(component)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    return components


def _value_key(value: Loopy | Game | None) -> object:
    """Equal keys for the same value object (a cheap first test of equality)."""
    assert value is not None
    return value.id if isinstance(value, Game) else (value.left, value.right, value.start)


def _value_graph(value: Loopy | Game | None) -> Loopy:
    assert value is not None
    return Loopy.from_game(value) if isinstance(value, Game) else value


def _component_graph(game: Loopy, component: Sequence[int], key: Callable[[int], object],
                     graph: Callable[[int], Loopy]) -> tuple[list[list[int]], list[list[int]]]:
    """The positions of ``component`` (numbered from 0 in its order) with their options;
    an option outside it leads to the graph of its value (``graph``), embedded once per
    ``key``."""
    local = {v: i for i, v in enumerate(component)}
    left: list[list[int]] = [[] for _ in component]
    right: list[list[int]] = [[] for _ in component]
    exits: dict[object, int] = {}
    for v in component:
        for options, edges in ((game.left[v], left), (game.right[v], right)):
            targets = []
            for w in options:
                if w in local:
                    targets.append(local[w])
                    continue
                k = key(w)
                if k not in exits:
                    part = graph(w)
                    offset = len(left)
                    _check_size(offset + len(part), "a part of this game")
                    left.extend([x + offset for x in ops] for ops in part.left)
                    right.extend([x + offset for x in ops] for ops in part.right)
                    exits[k] = offset + part.start
                targets.append(exits[k])
            edges[local[v]] = targets
    return left, right


def _canonical_all(game: Loopy) -> list[Loopy | Game]:
    """The simplest form of every position of a stopper, component by component from
    the bottom: a position on no cycle whose options are short is a short game
    (``Game.of``); each strongly connected component is simplified together with the
    distinct values of the positions it leads out to.  A position alone in its component
    whose options have the values of one simplified before (a pass counting as itself)
    takes that one's value: the positions of a ruleset's graph repeat few values
    (Ceylonese Fox and Geese: about 10,000 such positions, 300 distinct)."""
    n = len(game)
    values: list[Loopy | Game | None] = [None] * n
    successors = [[*a, *b] for a, b in zip(game.left, game.right, strict=True)]
    known: dict[object, Loopy | Game] = {}
    for component in _components(successors):
        first = component[0]
        key: object = None
        if len(component) == 1:
            key = tuple(frozenset("pass" if w == first else _value_key(values[w])
                                  for w in options)
                        for options in (game.left[first], game.right[first]))
            if key in known:
                values[first] = known[key]
                continue
        if len(component) == 1 and first not in successors[first]:
            lefts = [values[w] for w in game.left[first]]
            rights = [values[w] for w in game.right[first]]
            if all(isinstance(g, Game) for g in (*lefts, *rights)):
                values[first] = known[key] = Game.of(lefts, rights)  # type: ignore[arg-type]
                continue
        left, right = _component_graph(game, component, lambda w: _value_key(values[w]),
                                       lambda w: _value_graph(values[w]))
        simple_left, simple_right, roots = _simplify_graph(left, right, range(len(component)))
        for v, root in zip(component, roots, strict=True):
            value = Loopy(simple_left, simple_right, root)
            values[v] = value.to_game() if value.is_loopfree() else value
        if key is not None:
            known[key] = values[first]  # type: ignore[assignment]
    return values  # type: ignore[return-value]


def _reduce(u: int, left: list[list[int]], right: list[list[int]], ge: list[list[bool]]
            ) -> tuple[list[int], list[int]]:
    """Position u's options with dominated ones deleted (of equal ones, the first is
    kept) and reversible ones bypassed."""
    lefts = [a for a in left[u]
             if not any(b != a and ge[b][a] and (b < a or not ge[a][b]) for b in left[u])]
    rights = [a for a in right[u]
              if not any(b != a and ge[a][b] and (b < a or not ge[b][a]) for b in right[u])]
    bypassed_left: set[int] = set()
    for a in lefts:
        reverse = next((b for b in right[a] if ge[u][b]), None)
        bypassed_left.update([a] if reverse is None else left[reverse])
    bypassed_right: set[int] = set()
    for a in rights:
        reverse = next((b for b in left[a] if ge[b][u]), None)
        bypassed_right.update([a] if reverse is None else right[reverse])
    return sorted(bypassed_left), sorted(bypassed_right)


def _attach(parts: Sequence[Loopy], left_count: int) -> Loopy:
    """The game {parts[:left_count] | parts[left_count:]} as one graph."""
    left: list[list[int]] = [[]]
    right: list[list[int]] = [[]]
    for i, part in enumerate(parts):
        offset = len(left)
        (left[0] if i < left_count else right[0]).append(offset)
        left.extend([w + offset for w in options] for options in part.left)
        right.extend([w + offset for w in options] for options in part.right)
        _check_size(len(left), "a sidling approximation")
    return Loopy(left, right)


def _passers(game: Loopy, component: Sequence[int], values: Sequence[Loopy | None]
             ) -> dict[int, Loopy]:
    """The positions of a strongly connected component that are ``off`` or ``on``
    outright, which sidling would only approach without end (the onside approximations
    of an off position are integers falling by one a round).

    A position v is off when Right wins v + n for every n with Left moving first, and no
    play is infinite: v is then below every integer, on both sides.  In v + n Right must
    move in v on each of his turns, and Left may move there or spend one of her n spare
    moves (a pass); Right wins for every n exactly when he can always move and can make
    Left's real moves finitely many whatever she does (passes run out, so Right may
    wait).  That is a co-Büchi game on the states "Right to move at v" and "Left's turn
    at v", solved by the classical nested fixed points: W grows by Right's attractor of
    the states from which Right keeps the play among Left's passes and his own moves
    for ever, every real Left move from there entering W.  A move out of the component
    counts for Right only to a position already known to be off.  The mirror image
    gives on.  Time O(n^3) in the component's size.
    """
    found: dict[int, Loopy] = {}
    inside = set(component)
    for mine, theirs, value in ((game.right, game.left, Loopy.off()),
                                (game.left, game.right, Loopy.on())):
        def known(w: int, value: Loopy = value) -> bool:
            found_value = values[w]
            return w not in inside and found_value is not None and found_value.equals(value)

        # won_move: we move at v and win; won_turn: the opponent's turn at v, we win
        won_move: set[int] = set()
        won_turn: set[int] = set()
        while True:
            # the positions where we can keep the opponent to passes for ever
            keep_move, keep_turn = set(component), set(component)
            while True:
                move = {v for v in keep_move
                        if any(known(w) or (w in inside and (w in keep_turn or w in won_turn))
                               for w in mine[v])}
                turn = {v for v in keep_turn
                        if (v in move or v in won_move)
                        and all(known(w) or w in won_move for w in theirs[v])}
                if move == keep_move and turn == keep_turn:
                    break
                keep_move, keep_turn = move, turn
            # and our attractor of what is won so far with them
            grown_move, grown_turn = won_move | keep_move, won_turn | keep_turn
            while True:
                move = grown_move | {v for v in component if any(
                    known(w) or w in grown_turn for w in mine[v])}
                turn = grown_turn | {v for v in component if v in move and all(
                    known(w) or w in move for w in theirs[v])}
                if move == grown_move and turn == grown_turn:
                    break
                grown_move, grown_turn = move, turn
            if grown_move == won_move and grown_turn == won_turn:
                break
            won_move, won_turn = grown_move, grown_turn
        found.update((v, value) for v in won_turn)
    return found


def _settled_as_stopper(game: Loopy, component: Sequence[int], values: list[Loopy | None],
                        exit_key: Callable[[int], object]) -> bool:
    """Whether ``component`` of ``game``, with each exit w standing for ``values[w]``
    (told apart by ``exit_key(w)``), is a stopper; if so its positions' simplest forms
    go into ``values``."""
    left, right = _component_graph(game, component, exit_key,
                                   lambda w: _value_graph(values[w]))
    if not _is_stopper_graph(left, right):
        return False
    simple_left, simple_right, roots = _simplify_graph(left, right, range(len(component)))
    for v, root in zip(component, roots, strict=True):
        values[v] = Loopy(simple_left, simple_right, root)
    return True


def _sidle(game: Loopy, onside: bool, rounds: int = MAX_SIDLING_ROUNDS,
           most: int | None = None) -> Loopy:
    """The onside (or offside) of ``game`` by sidling (Winning Ways Ch. 11), one strongly
    connected component at a time from the bottom: a component that forms a stopper with
    the sides of the positions it leads out to is that stopper in simplest form; any
    other component starts at on (off) and is sidled with those sides fixed.  LoopyError
    when the approximations change for ``rounds`` rounds, or a position's next one has
    more than ``most`` positions (when given)."""
    n = len(game)
    values: list[Loopy | None] = [None] * n
    successors = [[*a, *b] for a, b in zip(game.left, game.right, strict=True)]
    for component in _components(successors):
        inside = set(component)
        if _settled_as_stopper(game, component, values, lambda w: w):
            continue
        fixed = _passers(game, component, values)
        approx = {v: fixed.get(v) or (Loopy.on() if onside else Loopy.off())
                  for v in component}
        known: dict[object, Loopy] = {}  # options' approximations -> the simplest form
        for _ in range(rounds):
            fresh = dict(fixed)
            for v in component:
                if v in fixed:
                    continue
                options = [approx[w] if w in inside else values[w] for w in game.left[v]]
                options += [approx[w] if w in inside else values[w] for w in game.right[v]]
                key = (len(game.left[v]), *map(_value_key, options))
                if key not in known:
                    attached = _attach(options, len(game.left[v]))  # type: ignore[arg-type]
                    if most is not None and len(attached) > most:
                        raise LoopyError(f"sidling the {'onside' if onside else 'offside'} "
                                         "does not settle: its approximations keep growing")
                    known[key] = attached.canonical()
                fresh[v] = known[key]
            settled = all(fresh[v] is approx[v] or fresh[v].equals(approx[v])
                          for v in component)
            approx = fresh
            if settled:
                break
        else:
            side = "onside" if onside else "offside"
            raise LoopyError(f"sidling the {side} did not settle in {rounds} rounds")
        for v in component:
            values[v] = approx[v]
    start = values[0]
    assert start is not None
    return start


def _attractor(successors: Sequence[Sequence[int]], predecessors: Sequence[Sequence[int]],
               alive: Sequence[bool], target: Sequence[bool], mine: Sequence[bool]
               ) -> list[bool]:
    """The states of the subgame ``alive`` from which the player owning the ``mine``
    states forces a visit to ``target`` (in zero or more moves)."""
    n = len(successors)
    inside = [alive[s] and target[s] for s in range(n)]
    waiting = [sum(1 for t in successors[s] if alive[t]) for s in range(n)]
    queue = [s for s in range(n) if inside[s]]
    while queue:
        t = queue.pop()
        for s in predecessors[t]:
            if not alive[s] or inside[s]:
                continue
            waiting[s] -= 1
            if mine[s] or not waiting[s]:
                inside[s] = True
                queue.append(s)
    return inside


def buchi(successors: Sequence[Sequence[int]], left_moves: Sequence[bool],
          accepting: Sequence[bool]) -> list[bool]:
    """The states from which Left (who moves at the ``left_moves`` states) forces a play
    through ``accepting`` states infinitely often; every state has a move.  The
    classical nested fixed point of Büchi games: take away Right's attractor of the
    states from which Right avoids the accepting ones for ever, until there are none.
    Time O(n · edges)."""
    n = len(successors)
    predecessors: list[list[int]] = [[] for _ in range(n)]
    for s, targets in enumerate(successors):
        for t in targets:
            predecessors[t].append(s)
    right_moves = [not mine for mine in left_moves]
    alive = [True] * n
    while True:
        reach = _attractor(successors, predecessors, alive, accepting, left_moves)
        avoid = [alive[s] and not reach[s] for s in range(n)]
        if not any(avoid):
            return alive
        lost = _attractor(successors, predecessors, alive, avoid, right_moves)
        alive = [alive[s] and not lost[s] for s in range(n)]


def _side_wins(g_left: Sequence[Sequence[int]], g_right: Sequence[Sequence[int]],
               h_left: Sequence[Sequence[int]], h_right: Sequence[Sequence[int]],
               onside: bool, pairs: Sequence[tuple[int, int]]) -> list[bool]:
    """For each pair (u, v): G at u >= H at v on the onside (offside).

    G >= H on the onside when Left, moving second in G - H, wins with every infinite
    play that has infinitely many moves in G counted as hers (on the offside: in -H):
    the order of Siegel 2013, Ch. VI, in which a game equals its onside (offside); for
    stoppers both are "Left survives", since an infinite play of a difference of
    stoppers has infinitely many moves in each.  A Büchi game (``buchi``) on the states
    (u, v, mover, whether the last move was in the counted component) reachable from
    the pairs with Right to move; a player who cannot move loses.  At most 4nm states
    for parts of n and m positions, all pairs solved at once: by the native kernel
    (``grundy._native.loopy_compare``, every pair) when it is built, else here (the
    oracle of the hypothesis test that compares them).
    """
    if 4 * len(g_left) * len(h_left) <= MAX_PAIRS:
        from grundy.values.native import loopy_table

        native = loopy_table(g_left, g_right, h_left, h_right, onside)
        if native is not None:
            return [native[u * len(h_left) + v] for u, v in pairs]
    index: dict[tuple[int, int, int, int], int] = {}
    order: list[tuple[int, int, int, int]] = []

    def state(key: tuple[int, int, int, int]) -> int:
        found = index.get(key)
        if found is None:
            found = index[key] = len(order)
            order.append(key)
            if len(order) > MAX_PAIRS:
                raise LoopyError("comparing these games tabulates too many states (at most "
                                 f"{MAX_PAIRS}): write smaller games")
        return found

    mine, theirs = (1, 0) if onside else (0, 1)  # flag of a move in G, in -H
    roots = [state((u, v, 1, 0)) for u, v in pairs]
    successors: list[list[int]] = []
    accepting: list[bool] = []
    i = 0
    while i < len(order):  # order grows as states are found
        u, v, mover, flag = order[i]
        # Left moves in G or in -H (a Right move of H); Right the other way round
        ours, other = (g_left[u], h_right[v]) if mover == 0 else (g_right[u], h_left[v])
        moves = ([state((x, v, 1 - mover, mine)) for x in ours]
                 + [state((u, y, 1 - mover, theirs)) for y in other])
        successors.append(moves or [i])  # no move: a loop, won by the other player
        accepting.append(flag == 1 if moves else mover == 1)
        i += 1
    wins = buchi(successors, [key[2] == 0 for key in order], accepting)
    return [wins[root] for root in roots]


def _side_table(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]],
                onside: bool) -> list[list[bool]]:
    """``ge[u][v]``: position u >= position v of one graph on the onside (offside)."""
    n = len(left)
    wins = _side_wins(left, right, left, right, onside,
                      [(u, v) for u in range(n) for v in range(n)])
    return [wins[u * n:(u + 1) * n] for u in range(n)]


def side_ge(g: Loopy, h: Loopy, onside: bool) -> bool:
    """G >= H on the onside (or offside): see ``_side_wins``."""
    return _side_wins(g.left, g.right, h.left, h.right, onside, [(g.start, h.start)])[0]


def _side_equal(g: Loopy, h: Loopy, onside: bool) -> bool:
    return side_ge(g, h, onside) and side_ge(h, g, onside)


def _alternating_reach(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]],
                       start: int, mover: int) -> set[tuple[int, int]]:
    """The states (position, mover: 0 Left, 1 Right) an alternating play reaches from
    ``start`` with ``mover`` to move."""
    seen = {(start, mover)}
    stack = [(start, mover)]
    while stack:
        v, who = stack.pop()
        for w in (left[v] if who == 0 else right[v]):
            if (w, 1 - who) not in seen:
                seen.add((w, 1 - who))
                stack.append((w, 1 - who))
    return seen


def _simplify_side(game: Loopy, onside: bool) -> Loopy:
    """The onside (offside) of any game as a graph simplified in that side's order
    (``side_ge``), the way stoppers are simplified (Siegel 2013, Ch. VI): positions equal
    there fused, dominated options deleted, reversible options bypassed, and options on
    an alternating cycle deleted where they make no difference (CGSuite's "irrelevant
    cyclic edges").  Outside stoppers these steps keep the value only under conditions,
    so each step is tried and kept only when the start still equals the game on that
    side; the rounds repeat until none is kept.  Equal positions are first fused class
    by class from one table (``_fuse_classes``), and a graph met before is never taken
    again, so the rounds cannot wander round a cycle of equal graphs.  When no step is
    left and the graph is still not a stopper, any single option whose deletion keeps
    the start's value is deleted, one at a time (so 3 × Bach's Carousel's offside comes
    out as the graph CGSuite prints).  The result may still have alternating cycles:
    then it stands for a side that is not a stopper (Bach's Carousel).  Each check is a
    Büchi game of O(n²) states, so a round costs O(edges · n² · edges)."""
    cur = _fuse_classes(Loopy(game.left, game.right, game.start), onside)
    seen = {(cur.left, cur.right)}
    for _ in range(4 * len(cur) + 16):
        changed = False
        ge = _side_table(cur.left, cur.right, onside)
        n = len(cur)
        # first every dominated option deleted and every reversible one bypassed at once
        left, right = [list(options) for options in cur.left], [list(o) for o in cur.right]
        reduced = [_reduce(u, left, right, ge) for u in range(n)]
        found = _kept(cur, [a for a, _ in reduced], [b for _, b in reduced], onside, seen)
        if found is not None:
            cur = found
            continue
        for u in range(n):
            for v in range(u):
                if ge[u][v] and ge[v][u]:  # fuse u onto v
                    trial = [[[v if w == u else w for w in options] for options in edges]
                             for edges in (cur.left, cur.right)]
                    found = _kept(cur, trial[0], trial[1], onside, seen)
                    if found is not None:
                        cur, changed = found, True
                        break
            if changed:
                break
        if changed:
            continue
        for u in range(n):
            for side in (0, 1):
                for trial_options in _candidates(cur, u, side, ge):
                    edges = [list(map(list, cur.left)), list(map(list, cur.right))]
                    edges[side][u] = trial_options
                    found = _kept(cur, edges[0], edges[1], onside, seen)
                    if found is not None:
                        cur, changed = found, True
                        break
                if changed:
                    break
            if changed:
                break
        if not changed:
            break
    while not cur.is_stopper():  # last, options whose deletion keeps the value
        trials = ((side, u, [b for b in options if b != a])
                  for side, edges in enumerate((cur.left, cur.right))
                  for u, options in enumerate(edges) for a in options)
        for side, u, rest in trials:
            edges = [list(map(list, cur.left)), list(map(list, cur.right))]
            edges[side][u] = rest
            found = _kept(cur, edges[0], edges[1], onside, seen)
            if found is not None:
                cur = found
                break
        else:
            break
    return cur


def _candidates(game: Loopy, u: int, side: int, ge: list[list[bool]]) -> list[list[int]]:
    """The option lists to try at position u for Left (side 0) or Right (1): without a
    dominated option, with a reversible one bypassed, without an option on an
    alternating cycle through u."""
    options = list(game.left[u] if side == 0 else game.right[u])
    trials: list[list[int]] = []
    for a in options:
        rest = [b for b in options if b != a]
        if any(ge[b][a] if side == 0 else ge[a][b] for b in rest):  # a is dominated
            trials.append(rest)
        answers = game.right[a] if side == 0 else game.left[a]
        for b in answers:
            if (ge[u][b] if side == 0 else ge[b][u]):
                replies = game.left[b] if side == 0 else game.right[b]
                trials.append(sorted({*rest, *replies}))
        if (u, side) in _alternating_reach(game.left, game.right, a, 1 - side):
            trials.append(rest)
    return trials


def _kept(game: Loopy, left: list[list[int]], right: list[list[int]], onside: bool,
          seen: set[tuple[Edges, Edges]]) -> Loopy | None:
    """The changed graph (from the same start, renumbered) when it differs from ``game``
    (and from every graph in ``seen``, which it joins) and still equals it on this
    side, else None."""
    trial = Loopy(left, right, game.start)
    key = (trial.left, trial.right)
    if key == (game.left, game.right) or key in seen:
        return None
    if not _side_equal(trial, game, onside):
        return None
    seen.add(key)
    return trial


def _fuse_classes(game: Loopy, onside: bool) -> Loopy:
    """The first step of ``_simplify_side`` done from one table of the side order:
    each class of positions equal in it fused onto its first member, every class at
    once, else each half of the classes (recursively), a class alone at once, else
    member by member, each fusion kept only when the start still equals the game on
    that side.  The fusions change the graph, not the numbering, so one table serves
    them all (a stale table only changes which fusions are tried).  Cost: one table and
    a Büchi game per fusion tried, O(f log c) of them when f of c classes fail."""
    n = len(game)
    ge = _side_table(game.left, game.right, onside)
    left, right = [list(options) for options in game.left], [list(o) for o in game.right]
    classes: dict[int, list[int]] = {}
    for u in range(n):
        classes.setdefault(next(v for v in range(n) if ge[u][v] and ge[v][u]), []).append(u)

    def attempt(units: list[dict[int, int]]) -> None:
        """Fuse these units (position -> the one it is fused onto) at once when that
        keeps the start's value, else each half of them, and a class alone member by
        member."""
        nonlocal left, right
        mapping = {u: target for unit in units for u, target in unit.items()}
        new_left, new_right = ([[mapping.get(w, w) for w in options] for options in edges]
                               for edges in (left, right))
        if _side_equal(Loopy(new_left, new_right, game.start), game, onside):
            left, right = new_left, new_right
        elif len(units) > 1:
            attempt(units[:len(units) // 2])
            attempt(units[len(units) // 2:])
        elif len(units[0]) > 1:
            attempt([{u: target} for u, target in units[0].items()])

    # the start, 0, is the first of its class: never moved
    units = [{u: target for u in members[1:]} for target, members in classes.items()
             if len(members) > 1]
    if units:
        attempt(units)
    return Loopy(left, right, game.start)


def _exits_graph(game: Loopy, component: Sequence[int], values: Sequence[Loopy | None]
                 ) -> tuple[list[list[int]], list[list[int]]]:
    """The positions of ``component`` (numbered from 0 in its order) with their options,
    each option outside it leading to its value (a stopper): the values' graphs are
    joined and put in simplest form together (``_simplify_graph``), so that equal
    followers of different values are one position."""
    local = {v: i for i, v in enumerate(component)}
    exits = sorted({w for v in component for w in (*game.left[v], *game.right[v])
                    if w not in local})
    union_left: list[list[int]] = []
    union_right: list[list[int]] = []
    roots: list[int] = []
    for w in exits:
        value = values[w]
        assert value is not None
        offset = len(union_left)
        union_left.extend([x + offset for x in options] for options in value.left)
        union_right.extend([x + offset for x in options] for options in value.right)
        roots.append(offset + value.start)
    if exits:
        union_left, union_right, roots = _simplify_graph(union_left, union_right, roots)
    k = len(component)
    where = {w: k + root for w, root in zip(exits, roots, strict=True)}
    left = [[local[w] if w in local else where[w] for w in game.left[v]] for v in component]
    right = [[local[w] if w in local else where[w] for w in game.right[v]] for v in component]
    left += [[k + x for x in options] for options in union_left]
    right += [[k + x for x in options] for options in union_right]
    return left, right


def _side_by_components(game: Loopy, onside: bool, simplify_up_to: int) -> Loopy | None:
    """The onside (offside) of a game whose side is a stopper, one strongly connected
    component at a time from the bottom, or None when this does not find it.

    A component is taken with its exits, each option leaving it leading to the side
    already found for that position (a stopper in simplest form; ``_exits_graph``).
    Büchi games are prefix-independent and a play that leaves a component never comes
    back, so from there on only the exit's class in the side's order matters: the
    component's sides are those of this smaller graph.  When it is a stopper it is put
    in simplest form; otherwise its positions are simplified in the side's order one at
    a time (``_component_sides``: ``_simplify_side``, every step checked to keep the
    value) and must come out stoppers, put in simplest form.  None when a component's
    graph has more than ``simplify_up_to`` positions or a side found this way is not a
    stopper.  Time: for a component of c positions with its exits, c simplifications at
    most, each O(n⁴) checks of the side order at worst (Büchi games on O(c²) states),
    and in practice a few, since each side found shrinks the cycles left.  For a sum
    of stoppers G - G this works on components of about |C|² positions, C a component
    of G, instead of the whole |G|² (the 17-follower game of CGSuite's table: four
    components of 16 positions, with their exits about 40, instead of 289).  The
    caller checks the side found against the whole game."""
    n = len(game)
    values: list[Loopy | None] = [None] * n
    successors = [[*a, *b] for a, b in zip(game.left, game.right, strict=True)]
    for component in _components(successors):
        if _settled_as_stopper(game, component, values, lambda w: _value_key(values[w])):
            continue
        left, _ = _exits_graph(game, component, values)
        if len(left) > simplify_up_to or not _component_sides(game, component, values,
                                                              onside):
            return None
    return values[0]


def _component_sides(game: Loopy, component: Sequence[int], values: list[Loopy | None],
                     onside: bool) -> bool:
    """Fill in the sides of the positions of ``component`` (``_side_by_components``);
    False (and nothing filled in) when this does not find them.  One position at a
    time is simplified in the side's order (``_simplify_side``) on the component with
    its exits, and when that is not a stopper, sidled a few rounds from there; the
    stopper found, in simplest form, replaces the position in the graph the next ones
    are taken in (as an exit), which shrinks their cycles, and once what is left is a
    stopper it is put in simplest form at once.  That keeps their sides where the side
    order is a congruence, so every side found is checked against the component's own
    graph (False when one differs)."""
    original_left, original_right = _exits_graph(game, component, values)
    remaining = list(component)

    def fail() -> bool:
        for w in component:
            values[w] = None
        return False

    while remaining:
        left, right = _exits_graph(game, remaining, values)
        if _is_stopper_graph(left, right):
            simple_left, simple_right, roots = _simplify_graph(left, right,
                                                               range(len(remaining)))
            for v, root in zip(remaining, roots, strict=True):
                values[v] = Loopy(simple_left, simple_right, root)
            break
        side = _simplify_side(Loopy(left, right, 0), onside)
        if not side.is_stopper():
            try:
                side = _sidle(side, onside, QUICK_SIDLING_ROUNDS)
            except LoopyError:
                return fail()
        values[remaining.pop(0)] = side.canonical()
    union_left: list[list[int]] = []
    union_right: list[list[int]] = []
    pairs = []
    for i, v in enumerate(component):
        value = values[v]
        assert value is not None
        offset = len(union_left)
        union_left.extend([x + offset for x in options] for options in value.left)
        union_right.extend([x + offset for x in options] for options in value.right)
        pairs.append((offset + value.start, i))
    for ge in (_side_wins(union_left, union_right, original_left, original_right, onside,
                          pairs),
               _side_wins(original_left, original_right, union_left, union_right, onside,
                          [(i, w) for w, i in pairs])):
        if not all(ge):
            return fail()
    return True


#: Games up to this many positions whose sidling does not settle quickly have their
#: sides found by simplification in the side's order (``_simplify_side``).
SIMPLIFY_SIDES_UP_TO = 48
#: Rounds of sidling tried on a simplified side that is not a stopper.
QUICK_SIDLING_ROUNDS = 8


def _side_of(game: Loopy, onside: bool) -> Loopy:
    """The onside (offside) of any game: a stopper's simplest form, else ``_side``."""
    return game.canonical() if game.is_stopper() else _side(game, onside)


def _sum_side(game: Loopy, onside: bool) -> Loopy:
    """A side of a sum of sides (``Sides.__add__``)."""
    if game.is_stopper() or len(game) <= SIMPLIFY_SIDES_UP_TO:
        return _side_of(game, onside)
    return game


def _side(game: Loopy, onside: bool, simplify_up_to: int = SIMPLIFY_SIDES_UP_TO,
          rounds: int = MAX_SIDLING_ROUNDS) -> Loopy:
    """The onside (offside) of a game that is not a stopper, by sidling (``_sidle``).
    When that does not settle, a game of at most ``SIMPLIFY_SIDES_UP_TO`` positions
    is simplified in the side's order
    (``_simplify_side``): a stopper result is put in simplest form; otherwise a few
    rounds of sidling on it look for a stopper side, and failing that the simplified
    graph is the side (the game is not stopper-sided).  A larger game whose sidling
    does not settle gets LoopyError.  The side found is checked to equal the game on
    that side.  ``simplify_up_to`` and ``rounds`` change the size limit and the rounds
    of sidling (for sums of two stoppers, whose sides are stoppers: ``loopy_degree``)."""
    small = len(game) <= simplify_up_to
    try:  # a small game's approximations growing past twice its size: not settling
        found = _sidle(game, onside, rounds, most=2 * len(game) + 16 if small else None)
    except LoopyError as error:
        if not small:
            raise LoopyError(f"{error}, and this game has more than {simplify_up_to} "
                             "positions, too many to simplify its sides: write a smaller "
                             "game") from None
        simplified = _simplify_side(game, onside)
        if simplified.is_stopper():
            found = simplified.canonical()
        else:
            try:
                found = _sidle(simplified, onside, QUICK_SIDLING_ROUNDS)
            except LoopyError:  # no stopper in reach: not stopper-sided on this side
                found = simplified
    if not _side_equal(found, game, onside):
        raise LoopyError(f"the {'onside' if onside else 'offside'} found for this game "
                         "does not equal it: please report the game")
    return found
