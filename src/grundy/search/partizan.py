"""The partizan search: canonical values, outcomes and misère outcomes of positions.

Works on any ``PartizanRuleset`` through its protocol.  A position's value is
the canonical form of {its Left options' values | its Right options' values}
(seed 003 Definition A.1, ``003_b9b71f74cb16b358.txt`` L468; seed 001 Ch. 2,
``001_56c9c94dd1ec088e.wrapped.txt`` L203-270), and a position that splits into
independent components is the sum of their values (Definition A.5, L501).

As in the impartial engine (``search/engine.py``) the search is iterative (an
explicit stack), memoised by the ruleset's signed keys (one key for a position and
its conjugate, whose value is the negative), optionally backed by a persistent
``Store`` (values kept as their CGSuite strings, read back by the linear-time parser of
``grundy.values.notation`` as the interned games themselves), bounded by a ``Budget``,
and takes a ruleset's closed form (``fast_value``) where a theorem gives one, or a
win/loss search where a theorem fixes the value by who wins (``value_by_left_first``);
the win/loss search asks ``fast_wins_first`` first (a direct search, e.g. superstar sums
by nim-sum), and a ruleset's own search of a whole position (``own_wins_first``, Hex)
answers outcomes before any of them.

A ruleset may supply a native kernel (``PartizanRuleset.native_kernel``, Rust code in
``grundy._native`` computing canonical forms in its own store of games), which
``engine="auto"`` uses wherever the position fits it, as the impartial ``Solver`` does;
``engine="native"`` insists on it and ``engine="python"`` never uses it.

Misère play (the player who cannot move wins) has no sum theory, so the misère
outcome searches the whole position, for each player moving first.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from grundy.protocol import (
    GrundyError,
    Key,
    Move,
    PartizanNativeKernel,
    PartizanRuleset,
    Player,
    Position,
    Ruleset,
)
from grundy.search import engine
from grundy.search.budget import Budget
from grundy.search.engine import ENGINES, Engine, kernel_takes, refuse_loopy
from grundy.search.naive import _deep
from grundy.search.store import Store
from grundy.values.game import Game
from grundy.values.notation import parse
from grundy.values.outcome import Outcome

T = TypeVar("T")


def first_player_wins(value: Game, player: Player) -> bool:
    """Does ``player`` win moving first in a game of this value?  Left does unless
    G ≤ 0, Right unless G ≥ 0."""
    zero = Game.zero()
    return not (value <= zero if player is Player.LEFT else zero <= value)


def outcome_of(left_first_wins: bool, right_first_wins: bool) -> Outcome:
    """The outcome class from who wins moving first."""
    if left_first_wins:
        return Outcome.N if right_first_wins else Outcome.L
    return Outcome.R if right_first_wins else Outcome.P


@dataclass(frozen=True)
class PartizanMoveValue(Generic[Position]):
    """One move of one player with the value of the position it leads to."""

    player: Player
    move: Move
    position: Position
    value: Game


class PartizanSolver(Generic[Position]):
    """Solve positions of one partizan ruleset, sharing one transposition table.

    >>> from grundy.rulesets import get
    >>> str(PartizanSolver(get("partizan-subtraction")).value(
    ...     get("partizan-subtraction").parse("1,3|2,3:2")))
    '{1|0}'
    """

    def __init__(
        self,
        ruleset: PartizanRuleset[Position],
        budget: Budget | None = None,
        store: Store | None = None,
        engine: Engine = "auto",
    ) -> None:
        refuse_loopy(ruleset)
        if engine not in ENGINES:
            raise GrundyError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
        self.ruleset = ruleset
        self.budget = budget if budget is not None else Budget()
        self.store = store
        self.engine = engine
        #: the ruleset's native kernel (None: every search runs in Python)
        self.kernel: PartizanNativeKernel[Position] | None = (
            None if engine == "python" else ruleset.native_kernel()
        )
        if engine == "native" and self.kernel is None:
            raise GrundyError(
                f"{ruleset.name} has no native kernel: use --engine auto or --engine python"
            )
        #: signed key -> the canonical value of the position the key stands for
        self.table: dict[Key, Game] = {}
        #: literal position -> value, a cheap first look before keying
        self.seen: dict[Position, Game] = {}
        #: (signed key, player to move in the position it stands for) -> does that player
        #: win moving first?  (normal play)
        self.win_table: dict[tuple[Key, Player], bool] = {}
        #: the same under misère play
        self.misere_table: dict[tuple[Key, Player], bool] = {}

    # -- public API ----------------------------------------------------------
    def value(self, position: Position) -> Game:
        """The canonical form of ``position`` under normal play."""
        if self._native_fits(position):
            return self._run(self._native_value, position)
        return self._run(self._value, position)

    def outcome(self, position: Position) -> Outcome:
        """L, R, N or P under normal play, by a search for each player moving first that
        stops at the first winning move (canonical forms only for sums): the ruleset's own
        search where it has one, else the native engine reads it off the value."""
        own = type(self.ruleset).own_wins_first is not PartizanRuleset.own_wins_first
        if not own and self._native_fits(position):
            return self.value(position).outcome()
        return self._run(self._outcome, position)

    def value_text(self, position: Position) -> tuple[str, Outcome]:
        """The canonical form as text and the outcome; for a ruleset searched for
        outcomes only (Hex), the outcome's letter in place of the form."""
        if self.ruleset.outcomes_only:
            outcome = self.outcome(position)
            return outcome.value, outcome
        value = self.value(position)
        return str(value), value.outcome()

    def misere_outcome(self, position: Position) -> Outcome:
        """L, R, N or P under misère play (the player who cannot move wins)."""
        return outcome_of(
            self._run(self._wins, position, Player.LEFT, True),
            self._run(self._wins, position, Player.RIGHT, True),
        )

    def wins_first(self, position: Position, player: Player) -> bool:
        """Does ``player`` win moving first (normal play)?  Stops at the first winning
        move."""
        own = self._own_wins(position, player)
        if own is not None:
            return own
        if self._native_fits(position):
            return first_player_wins(self.value(position), player)
        return self._run(self._wins, position, player, False)

    def winning_moves(self, position: Position, player: Player) -> list[tuple[Move, Position]]:
        """The moves of ``player`` after which the opponent, moving first, loses."""
        return [(move, child) for move, child in self._legal(position, player)
                if not self.wins_first(child, player.opponent)]

    def winning_move(self, position: Position, player: Player,
                     rng: random.Random | None = None) -> Move | None:
        """One winning move of ``player`` (None if there is none); ``rng`` shuffles the
        order in which the moves are tried."""
        moves = self._legal(position, player)
        if rng is not None:
            rng.shuffle(moves)
        return next((move for move, child in moves
                     if not self.wins_first(child, player.opponent)), None)

    def move_values(self, position: Position) -> list[PartizanMoveValue[Position]]:
        """Every legal move of each player with the value it leads to."""
        return [
            PartizanMoveValue(player, move, child, self.value(child))
            for player in Player
            for move, child in self._legal(position, player)
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

    def _legal(self, position: Position, player: Player) -> list[tuple[Move, Position]]:
        """The legal moves, generated with this solver's budget active."""
        with self.budget.active():
            return list(self.ruleset.moves(position, player))

    def _native_fits(self, position: Position) -> bool:
        return kernel_takes(self.kernel, self.engine, self.ruleset.name, position)

    def _native_value(self, position: Position) -> Game:
        """The value from the native kernel, read from and written to the store under the
        ruleset's signed key of the whole position.  The kernel runs in steps of
        ``engine.NATIVE_STEP`` positions, as the impartial engine's does."""
        assert self.kernel is not None
        key, negated = self.ruleset.signed_key(position) if self.store is not None else (
            None, False)
        if key is not None:
            known = self._known(key)
            if known is not None:
                return -known if negated else known
        value = None
        while value is None:  # in steps, so that progress shows during a long search
            step, max_seconds = self.budget.step(engine.NATIVE_STEP)
            value, nodes = self.kernel.value(position, step, max_seconds)
            self.budget.charge_step(nodes, value is not None, step, len(self.table))
        if key is not None:
            self._record(key, -value if negated else value)
        return value

    def _own_wins(self, position: Position, player: Player) -> bool | None:
        """The ruleset's own win/loss search (``own_wins_first``), or None."""
        return self._run(self.ruleset.own_wins_first, position, player, self.budget)

    def _outcome(self, position: Position) -> Outcome:
        return outcome_of(*(won if (won := self._own_wins(position, player)) is not None
                            else self._wins(position, player, False) for player in Player))

    def _known(self, key: Key) -> Game | None:
        value = self.table.get(key)
        if value is None and self.store is not None:
            text = self.store.get_text("value", self.ruleset.name, key)
            if text is not None:
                try:
                    value = self.table[key] = parse(text, trusted=True)
                except (ValueError, RecursionError):
                    raise self.store.damaged("value", self.ruleset.name, text) from None
        return value

    def _record(self, key: Key, value: Game) -> None:
        self.table[key] = value
        if self.store is not None:
            self.store.put("value", self.ruleset.name, key, str(value))

    def _value(self, root: Position) -> Game:
        """Iterative evaluation.

        A frame is ``[key, children, values, next_index, left_count, position,
        negated]``.  ``key is None`` marks a sum frame (the children are components,
        whose values are summed); otherwise the children are the Left options followed
        by the Right options.  ``values`` starts with every child already seen and is
        filled in as the search returns.  The table holds the value of the position a
        signed key stands for, so a ``negated`` position (its conjugate) records and
        reads the negative.
        """
        rs = self.ruleset
        components, signed_key, options = rs.components, rs.signed_key, rs.options
        table, known, tick, seen = self.table, self._known, self.budget.tick, self.seen
        look = seen.get
        decomposes = type(rs).components is not Ruleset.components
        fast = rs.fast_value if type(rs).fast_value is not PartizanRuleset.fast_value else None
        by_left_first = rs.value_by_left_first if type(rs).value_by_left_first is not (
            PartizanRuleset.value_by_left_first) else None
        zero = Game.zero()

        def open_frame(position: Position, component: bool) -> Game | list[Any]:
            value = look(position)
            if value is not None:
                return value
            part = position
            if decomposes and not component:
                parts = components(position)
                if len(parts) != 1:
                    return [None, parts, [look(p) for p in parts], 0, 0, position, False]
                part = parts[0]
            value = fast(part) if fast is not None else None
            if value is None:
                key, negated = signed_key(part)
                value = table.get(key)
                if value is None:
                    value = known(key)
                if value is not None:
                    value = -value if negated else value
                else:
                    by_winner = by_left_first(part) if by_left_first is not None else None
                    if by_winner is None:
                        tick(len(table))
                        children = list(options(part, Player.LEFT))
                        count = len(children)
                        children += options(part, Player.RIGHT)
                        return [key, children, [look(c) for c in children], 0, count,
                                position, negated]
                    value = by_winner[self._wins(part, Player.LEFT, False)]
                    self._record(key, -value if negated else value)
            seen[position] = value
            return value

        top = open_frame(root, False)
        if isinstance(top, Game):
            return top
        stack = [top]
        while True:
            frame = stack[-1]
            children, values, index = frame[1], frame[2], frame[3]
            while index < len(values) and values[index] is not None:
                index += 1
            if index < len(values):
                frame[3] = index
                child = open_frame(children[index], frame[0] is None)
                if isinstance(child, list):
                    stack.append(child)
                else:
                    values[index] = child
                continue
            stack.pop()
            key = frame[0]
            if key is None:
                value = zero
                for part in values:
                    value = value + part
            else:
                count = frame[4]
                value = Game.of(values[:count], values[count:])
                self._record(key, -value if frame[6] else value)
            seen[frame[5]] = value
            if not stack:
                return value
            parent = stack[-1]
            parent[2][parent[3]] = value

    def _wins(self, root: Position, mover: Player, misere: bool) -> bool:
        """Does ``mover`` win moving first?  Iterative, stopping at the first winning
        move; a frame is ``[entry, player, children, next_index]`` where the table
        ``entry`` is the signed key with the player it stands for.  Normal play follows
        ``options`` (which may be normalised); misère play follows the literal
        ``moves``, since it has no theory of equivalent positions.  A player with no
        move loses under normal play and wins under misère play.  Under normal play a
        position that splits into components is a sum, so its outcome is read off the
        sum of the components' values (``_value``), which share the search's tables."""
        rs = self.ruleset
        signed_key, tick = rs.signed_key, self.budget.tick
        table = self.misere_table if misere else self.win_table
        sums = not misere and type(rs).components is not Ruleset.components
        fast = None if misere or type(rs).fast_wins_first is PartizanRuleset.fast_wins_first \
            else rs.fast_wins_first

        def options(position: Position, player: Player) -> list[Position]:
            if misere:
                return [child for _, child in rs.moves(position, player)]
            return list(rs.options(position, player))

        def decided(position: Position, player: Player) -> bool | list[Any]:
            key, negated = signed_key(position)  # the conjugate with the other mover
            entry = (key, player.opponent if negated else player)
            won = table.get(entry)
            if won is not None:
                return won
            if fast is not None and (won := fast(position, player)) is not None:
                table[entry] = won
                return won
            if sums and len(rs.components(position)) > 1:  # a sum: add the parts' values
                won = table[entry] = first_player_wins(self._value(position), player)
                return won
            tick(len(table))
            children = options(position, player)
            if not children:
                table[entry] = misere
                return misere
            return [entry, player, children, 0]

        top = decided(root, mover)
        if isinstance(top, bool):
            return top
        stack = [top]
        while True:
            frame = stack[-1]
            entry, player, children, index = frame
            if index < len(children):
                frame[3] = index + 1
                child = decided(children[index], player.opponent)
                if isinstance(child, list):
                    stack.append(child)
                    continue
                if child:
                    continue  # the opponent wins from there: keep looking
                won = True
            else:
                won = False
            stack.pop()
            table[entry] = won
            if not won and stack:  # the parent's player moves here and wins
                table[stack.pop()[0]] = True
                won = True
            if not stack:
                return won


#: A native store's games reachable from a root, each after its options, as
#: ``(id, Left option ids, Right option ids)``.
Closure = list[tuple[int, list[int], list[int]]]


def games_from_closure(closure: Closure, games: dict[int, Game]) -> dict[int, Game]:
    """Rebuild a native store's games as ``Game``s, options first (``games`` caches the
    ids of that store already rebuilt and is returned).  The native forms are taken as
    canonical (``Game.of_canonical``); the tests check them against ``Game.of``."""
    for game_id, lefts, rights in closure:
        if game_id not in games:
            games[game_id] = Game.of_canonical([games[g] for g in lefts],
                                               [games[g] for g in rights])
    return games


# -- the naive reference ---------------------------------------------------------


def naive_value(ruleset: PartizanRuleset[Hashable], position: Hashable) -> Game:
    """{values of Left's moves | values of Right's moves} by plain recursion over the
    literal ``moves``, memoised on the exact position: no keys, no components, no
    closed forms.  For tests only."""
    memo: dict[Hashable, Game] = {}

    def value(p: Hashable) -> Game:
        if p not in memo:
            memo[p] = Game.of(
                [value(child) for _, child in ruleset.moves(p, Player.LEFT)],
                [value(child) for _, child in ruleset.moves(p, Player.RIGHT)],
            )
        return memo[p]

    return _deep(value, position)


def naive_misere_outcome(ruleset: PartizanRuleset[Hashable], position: Hashable) -> Outcome:
    """The misère outcome by plain recursion (no move: the player to move wins)."""
    memo: dict[tuple[Hashable, Player], bool] = {}

    def wins(p: Hashable, player: Player) -> bool:
        if (p, player) not in memo:
            children = [child for _, child in ruleset.moves(p, player)]
            memo[(p, player)] = not children or any(
                not wins(child, player.opponent) for child in children
            )
        return memo[(p, player)]

    return _deep(lambda p: outcome_of(wins(p, Player.LEFT), wins(p, Player.RIGHT)), position)

