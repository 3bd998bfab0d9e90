"""The impartial search engine: Grundy values, outcomes, winning moves, misère play.

Works on any ``ImpartialRuleset`` through its protocol.  Grundy values follow the
mex recursion of seed 002 (``002_8bc4c30c443a0021.txt`` L57-59) and the
Sprague-Grundy sum rule nimber(G + H) = nimber(G) XOR nimber(H) (L63) for
positions that decompose into independent components.

The search is iterative (an explicit stack of frames, so game depth is limited by
memory, not by Python's recursion limit), memoised in a transposition table keyed
by the ruleset's canonical keys, optionally backed by a persistent ``Store``, and
bounded by a ``Budget``.

Two engines compute Grundy values, as networkx dispatches to backends: a ruleset may
supply a native kernel (``ImpartialRuleset.native_kernel``, Rust code in
``grundy._native``), which ``engine="auto"`` uses wherever the position fits it, and
the Python search here, which works for every ruleset.  ``engine="native"`` insists on
the kernel (one-line error where there is none or the position does not fit) and
``engine="python"`` never uses it.  Misère play always runs in Python.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar, get_args

from grundy.protocol import (
    GrundyError,
    ImpartialRuleset,
    Key,
    Move,
    NativeKernel,
    NativeMemo,
    Position,
    Ruleset,
)
from grundy.search.budget import Budget
from grundy.search.store import Store
from grundy.values.outcome import Outcome

T = TypeVar("T")

#: Which engine computes Grundy values (see the module docstring).
Engine = Literal["auto", "native", "python"]
ENGINES: tuple[str, ...] = get_args(Engine)
#: Positions a native search expands between two progress reports and store batches
#: (about a second of Node Kayles).
NATIVE_STEP = 1 << 18


def kernel_takes(kernel: Any, engine: Engine, name: str, position: Any) -> bool:
    """Whether a solver's native kernel (None: none) takes this position; with
    engine="native", a position it cannot take is refused in one line."""
    if kernel is None:
        return False
    if kernel.fits(position):
        return True
    if engine == "native":
        raise GrundyError(f"{name}'s native kernel takes {kernel.limit}: "
                          "use --engine auto or --engine python for this position")
    return False


@dataclass(frozen=True)
class MoveValue(Generic[Position]):
    """One move of a position with the Grundy value of the position it leads to."""

    move: Move
    position: Position
    value: int

    @property
    def winning(self) -> bool:
        return self.value == 0


def refuse_loopy(ruleset: Ruleset[Any]) -> None:
    """GrundyError for a ruleset whose positions repeat: the short-game searches would
    never finish on a cycle."""
    if ruleset.loopy:
        raise GrundyError(
            f"{ruleset.name}'s positions repeat: solve it with "
            "grundy.search.loopy.LoopySolver, or grundy.api.solver for any ruleset")


class Solver(Generic[Position]):
    """Solve positions of one impartial ruleset, sharing one transposition table.

    >>> from grundy.rulesets import get
    >>> Solver(get("nim")).grundy((3, 5, 7))
    1
    """

    def __init__(
        self,
        ruleset: ImpartialRuleset[Position],
        budget: Budget | None = None,
        store: Store | None = None,
        engine: Engine = "auto",
    ) -> None:
        if not isinstance(ruleset, ImpartialRuleset):
            raise GrundyError(
                f"{ruleset.name} is partizan: Solver takes impartial rulesets; use "
                "grundy.search.partizan.PartizanSolver, or grundy.api.solver for either kind"
            )
        refuse_loopy(ruleset)
        if engine not in ENGINES:
            raise GrundyError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
        self.ruleset = ruleset
        self.budget = budget if budget is not None else Budget()
        self.store = store
        self.engine = engine
        #: the ruleset's native kernel (None: every search runs in Python)
        self.kernel: NativeKernel[Position] | None = (
            None if engine == "python" else ruleset.native_kernel()
        )
        if engine == "native" and self.kernel is None:
            raise GrundyError(
                f"{ruleset.name} has no native kernel: use --engine auto or --engine python"
            )
        #: canonical key -> Grundy value (normal play)
        self.grundy_table: dict[Key, int] = {}
        #: literal position -> Grundy value, a cheap first look before keying
        self.seen: dict[Position, int] = {}
        #: canonical key -> does the player to move win?  (normal play, Grundy unknown)
        self.win_table: dict[Key, bool] = {}
        #: canonical key of a whole position -> does the player to move win in misère play?
        self.misere_table: dict[Key, bool] = {}
        #: the native tables (``NativeKernel.memo``) already filled from the store
        self.loaded: set[Key] = set()

    # -- public API ----------------------------------------------------------
    def grundy(self, position: Position) -> int:
        """The Grundy value (nimber) of ``position`` under normal play; 0 at once where
        the ruleset's own outcome search (``own_outcome``) finds the player to move loses."""
        if self.ruleset.own_outcome(position, self.budget, self.store) is False:
            return 0
        if self._native_fits(position):
            return self._run(self._native_grundy, position)
        return self._run(self._grundy, position)

    def outcome(self, position: Position) -> Outcome:
        """P or N under normal play, stopping at the first winning move found: by the
        ruleset's own search where it has one (``ImpartialRuleset.own_outcome``), else by
        the native Grundy value where a kernel fits (cheaper there than a Python win/loss
        search), else by the Python search."""
        wins = self.ruleset.own_outcome(position, self.budget, self.store)
        if wins is None and self._native_fits(position):
            wins = self.grundy(position) != 0
        if wins is None:
            wins = self._run(self._wins, position, False)
        return Outcome.N if wins else Outcome.P

    def misere_outcome(self, position: Position) -> Outcome:
        """P or N under misère play (the player who cannot move wins)."""
        return Outcome.N if self._run(self._wins, position, True) else Outcome.P

    def move_values(self, position: Position) -> list[MoveValue[Position]]:
        """Every legal move with the Grundy value it leads to."""
        return [
            MoveValue(move, child, self.grundy(child))
            for move, child in self._legal(position)
        ]

    def winning_moves(self, position: Position) -> list[tuple[Move, Position]]:
        """The moves to a position of Grundy value 0 (empty iff ``position`` is P), each
        option searched only as far as its outcome (``outcome``)."""
        return [(move, child) for move, child in self._legal(position)
                if self.outcome(child) is Outcome.P]

    def winning_move(self, position: Position, rng: random.Random | None = None) -> Move | None:
        """One move to a P-position (None if there is none), searching each option only
        as far as its outcome; ``rng`` shuffles the order in which options are tried."""
        moves = self._legal(position)
        if rng is not None:
            rng.shuffle(moves)
        for move, child in moves:
            if self.outcome(child) is Outcome.P:
                return move
        return None

    def misere_winning_moves(self, position: Position) -> list[tuple[Move, Position]]:
        """The moves after which the opponent loses under misère play."""
        return [
            (move, child)
            for move, child in self._legal(position)
            if self.misere_outcome(child) is Outcome.P
        ]

    # -- machinery -----------------------------------------------------------
    def _run(self, search: Callable[..., T], *args: Any) -> T:
        """Run a search with this solver's budget active (``Budget.active``: move
        generation that searches charges it too); the store is flushed afterwards."""
        try:
            with self.budget.active():
                return search(*args)
        finally:
            if self.store is not None:
                self.store.flush()

    def _legal(self, position: Position) -> list[tuple[Move, Position]]:
        """The legal moves, generated with this solver's budget active."""
        with self.budget.active():
            return list(self.ruleset.moves(position))

    def _native_fits(self, position: Position) -> bool:
        return kernel_takes(self.kernel, self.engine, self.ruleset.name, position)

    def _native_grundy(self, position: Position) -> int:
        """The value from the native kernel, read from and written to the store under the
        ruleset's key of the whole position.

        The kernel runs in steps of ``NATIVE_STEP`` positions (its table stays between
        calls, so a step goes on where the last one stopped), and the progress callback
        hears of each.  With a store, the kernel's table starts from the batches earlier
        runs stored; a search that outlasts its first step commits the entries each step
        solved as one batch, which a stopped or killed run resumes from (a search done in
        one step stores only its value)."""
        assert self.kernel is not None
        key = self.ruleset.key(position) if self.store is not None else None
        if key is not None:
            known = self._known_grundy(key)
            if known is not None:
                return known
        memo = None if self.store is None else self.kernel.memo(position)
        if memo is not None:
            self._load(*memo)
        value, steps = None, 0
        while value is None:
            step, max_seconds = self.budget.step(NATIVE_STEP)
            try:
                value, nodes = self.kernel.grundy(position, step, max_seconds)
            finally:
                if memo is not None:
                    assert self.store is not None
                    batch = memo[1].take_new()
                    if steps or value is None:
                        self.store.put_batch(self.ruleset.name, memo[0], batch)
            steps += 1
            self.budget.charge_step(nodes, value is not None, step, len(self.grundy_table))
        if key is not None:
            self._record_grundy(key, value)
        return value

    def _load(self, table: Key, memo: NativeMemo) -> None:
        """Fill a native table from the store's batches and journal it from then on, the
        first time this solver meets it."""
        assert self.store is not None
        if table in self.loaded:
            return
        self.loaded.add(table)
        memo.record()
        for batch in self.store.batches(self.ruleset.name, table):
            try:
                memo.learn(batch)
            except ValueError:
                raise self.store.damaged("native", self.ruleset.name, batch) from None

    def _known_grundy(self, key: Key) -> int | None:
        value = self.grundy_table.get(key)
        if value is None and self.store is not None:
            value = self.store.get("grundy", self.ruleset.name, key)
            if value is not None:
                self.grundy_table[key] = value
        return value

    def _record_grundy(self, key: Key, value: int) -> None:
        self.grundy_table[key] = value
        if self.store is not None:
            self.store.put("grundy", self.ruleset.name, key, value)

    def _grundy(self, root: Position) -> int:
        """Iterative mex/XOR evaluation.

        A frame is ``[key, children, next_index, accumulator, position]``.  ``key is
        None`` marks a sum frame (accumulator = XOR of the components' values);
        otherwise the children are options and the accumulator is the bitmask of
        their values.  Values are cached by the literal position too, so a position
        met again skips decomposition and canonical keying.
        """
        rs = self.ruleset
        components, key_of, options, fast = rs.components, rs.key, rs.options, rs.fast_grundy
        table, known, tick = self.grundy_table, self._known_grundy, self.budget.tick
        seen = self.seen
        decomposes = type(rs).components is not Ruleset.components

        def open_frame(position: Position, component: bool) -> int | list[Any]:
            value = seen.get(position)
            if value is not None:
                return value
            part = position
            if decomposes and not component:
                parts = components(position)
                if len(parts) != 1:
                    return [None, list(parts), 0, 0, position]
                part = parts[0]
            value = fast(part)
            if value is None:
                key = key_of(part)
                value = table.get(key)
                if value is None:
                    value = known(key)
                if value is None:
                    tick(len(table))
                    return [key, list(options(part)), 0, 0, position]
            seen[position] = value
            return value

        top = open_frame(root, False)
        if isinstance(top, int):
            return top
        stack = [top]
        while True:
            frame = stack[-1]
            children = frame[1]
            index = frame[2]
            if index < len(children):
                frame[2] = index + 1
                # a sum frame's children are components already: no need to split them
                child = open_frame(children[index], frame[0] is None)
                if isinstance(child, list):
                    stack.append(child)
                    continue
                value = child
            else:
                stack.pop()
                key, acc = frame[0], int(frame[3])
                if key is None:
                    value = acc
                else:
                    value = (~acc & (acc + 1)).bit_length() - 1
                    self._record_grundy(key, value)
                seen[frame[4]] = value
                if not stack:
                    return value
                frame = stack[-1]
            if frame[0] is None:
                frame[3] ^= value
            else:
                frame[3] |= 1 << value

    def _wins(self, root: Position, misere: bool) -> bool:
        """Iterative win/loss search that stops at the first winning move.

        Under normal play a position that decomposes is decided by its Grundy value
        (a sum is lost iff the XOR is 0) and P-positions are recorded with Grundy
        value 0.  Under misère play no decomposition applies: the whole position is
        searched, and a terminal position is a win for the player to move.
        A frame is ``[key, children, next_index]``.
        """
        rs = self.ruleset
        key_of, options = rs.key, rs.options
        table = self.misere_table if misere else self.win_table
        kind = "misere-win" if misere else "win"
        store, name, tick = self.store, rs.name, self.budget.tick

        def decided(position: Position) -> bool | tuple[Key, list[Position]]:
            if not misere:
                parts = rs.components(position)
                if len(parts) != 1:
                    return self._grundy(position) != 0
                position = parts[0]
            key = key_of(position)
            won = table.get(key)
            if won is not None:
                return won
            if not misere:
                fast = rs.fast_outcome(position)
                if fast is not None:
                    return fast
                value = self._known_grundy(key)
                if value is None:
                    value = rs.fast_grundy(position)
                if value is not None:
                    return value != 0
            if store is not None:
                stored = store.get(kind, name, key)
                if stored is not None:
                    table[key] = bool(stored)
                    return bool(stored)
            tick(len(table))
            children = list(options(position))
            if misere and not children:
                return True
            return key, children

        def record(key: Key, won: bool) -> None:
            table[key] = won
            if not won and not misere:
                self._record_grundy(key, 0)
            elif store is not None:
                store.put(kind, name, key, int(won))

        top = decided(root)
        if isinstance(top, bool):
            return top
        stack: list[list[Any]] = [[top[0], top[1], 0]]
        while True:
            frame = stack[-1]
            children = frame[1]
            index = frame[2]
            if index < len(children):
                frame[2] = index + 1
                child = decided(children[index])
                if isinstance(child, tuple):
                    stack.append([child[0], child[1], 0])
                    continue
                if child:
                    continue  # that option wins for the opponent: keep looking
                won = True  # a move to a lost position
            else:
                won = False  # every option wins for the opponent
            stack.pop()
            record(frame[0], won)
            if not won and stack:  # the parent can move to this lost position
                record(stack.pop()[0], True)
                won = True
            if not stack:
                return won


def grundy_of_sum(parts: list[tuple[ImpartialRuleset[Any], Hashable]], **kwargs: Any) -> int:
    """The Grundy value of a disjunctive sum of positions from different rulesets."""
    value = 0
    for ruleset, position in parts:
        value ^= Solver(ruleset, **kwargs).grundy(position)
    return value
