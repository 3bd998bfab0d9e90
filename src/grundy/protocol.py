"""The ruleset protocol: the seam every solver, reduction and front end hangs on.

A ruleset is a small object describing one family of games.  Positions are small
immutable values (ints, bitmasks, tuples, named tuples); moves carry *labels*,
because game isomorphism (seed 002, Def 8, ``002_8bc4c30c443a0021.txt`` L135) and
quantum collapse (seed 000 §3.1, ``000_7d67923f02e8dd4e.txt`` L298) are defined on
move labels, not only on resulting positions.
"""

from __future__ import annotations

import functools
import itertools
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from grundy import bibliography
from grundy.bibliography import Paper

if TYPE_CHECKING:
    from grundy.values.game import Game

Position = TypeVar("Position", bound=Hashable)
Position_contra = TypeVar("Position_contra", bound=Hashable, contravariant=True)
Move = Hashable
#: A transposition key.  Built only from ints, strs, bytes and tuples of them, so
#: that its text (``search.store.key_text``) is canonical and can be persisted.
Key = Hashable


class GrundyError(Exception):
    """Base of every error that the CLI reports as one line (exit status 2)."""


class ParseError(GrundyError, ValueError):
    """A position or move text that does not follow the ruleset's format."""


class IllegalMoveError(GrundyError, ValueError):
    """A move that is not legal in the given position."""


class TooBig(GrundyError):
    """A position, move list or picture over a documented size limit, refused before
    it is built."""


class SizeLimitError(ParseError, TooBig):
    """A position text whose written sizes (cells, vertices, heaps, digits) exceed the
    ruleset's documented ``limits``."""


#: Longest position text any ruleset reads.
MAX_TEXT = 100_000
#: Most digits of a number in a position text (sizes are checked against ``limits``
#: after reading; this keeps the reading itself cheap).
MAX_DIGITS = 30


def read_int(text: str, what: str) -> int:
    """A non-negative decimal integer of at most ``MAX_DIGITS`` digits."""
    text = text.strip()
    if not text.isascii() or not text.isdigit():
        raise ParseError(f"{what} must be a non-negative whole number, not {text[:20]!r}")
    if len(text) > MAX_DIGITS:
        raise SizeLimitError(f"{what} has {len(text):,} digits: at most {MAX_DIGITS} are read")
    return int(text)


def _guarded(parse: Callable[[Any, str], Any]) -> Callable[[Any, str], Any]:
    """``parse`` with the text length checked first and every error it can raise turned
    into one ParseError (a safety net: parsers check their sizes themselves)."""

    @functools.wraps(parse)
    def guarded(self: Ruleset[Any], text: str) -> Any:
        if not isinstance(text, str):
            raise ParseError(f"a {self.name} position is text, not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise SizeLimitError(
                f"the position text has {len(text):,} characters: {self.name} reads at most "
                f"{MAX_TEXT:,}"
            )
        try:
            return parse(self, text)
        except (ParseError, TooBig) as error:
            error.args = (" ".join(str(error).split()),)  # one line, whatever the text held
            raise
        except RecursionError:
            raise ParseError(f"the {self.name} position is nested too deeply to read") from None
        except MemoryError:
            raise SizeLimitError(
                f"the {self.name} position is too big to build in memory: write a smaller one"
            ) from None
        except (ValueError, ArithmeticError, LookupError, TypeError) as error:
            reason = " ".join(str(error).split())[:120] or type(error).__name__
            raise ParseError(
                f"cannot read {text.strip()[:40]!r} as a {self.name} position ({reason}); "
                "see `grundy rulesets --formats`"
            ) from None

    guarded.guarded = True  # type: ignore[attr-defined]
    return guarded


@dataclass(frozen=True)
class Citation:
    """Where a paper defines a ruleset, algorithm or reduction.

    ``source`` names the paper (a key of :mod:`grundy.bibliography`, or the seed file a
    maintainer reads it in); ``lines`` is that file's line (``L57-59``) or character
    offset (``@162818``), for maintainers; ``locator`` is what a reader of the paper
    looks for (``Ruleset 1``, ``Def 3.2.3``, ``§4.2``).  Users see
    ``Burke, Ferland & Teng 2021, Ruleset 1``.
    """

    source: str
    lines: str = ""
    locator: str = ""

    @property
    def paper(self) -> Paper:
        return bibliography.paper(self.source)

    @property
    def reference(self) -> str:
        """The full bibliography entry of the cited paper."""
        return str(self.paper)

    def __str__(self) -> str:
        return f"{self.paper.short}, {self.locator}" if self.locator else self.paper.short

    def to_json(self) -> dict[str, str]:
        """What a user sees of the citation (the seed file stays with the maintainers)."""
        paper = self.paper
        return {"paper": paper.key, "cited_as": str(self), "locator": self.locator,
                "reference": str(paper), "link": paper.link}


class Ruleset(ABC, Generic[Position]):
    """Metadata, text format, rendering and keys shared by every ruleset."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    impartial: ClassVar[bool] = True
    citation: ClassVar[Citation]
    summary: ClassVar[str]
    #: Human description of ``parse``/``format``, shown by ``grundy rulesets --formats``.
    text_format: ClassVar[str]
    #: Example positions (texts) used by the docs, the tour and the tests.
    examples: ClassVar[tuple[str, ...]] = ()
    #: Documented size limits (what is counted -> largest value), checked by ``parse``
    #: before anything is built; over them the answer is one ``SizeLimitError``.
    limits: ClassVar[Mapping[str, int]] = {}
    #: Positions may repeat (an infinite play is a draw): solved by
    #: ``grundy.search.loopy.LoopySolver``, never by the short-game searches.
    loopy: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        parse = cls.__dict__.get("parse")
        if parse is not None and not getattr(parse, "guarded", False):
            cls.parse = _guarded(parse)  # type: ignore[method-assign,assignment]

    def check_size(self, what: str, value: int) -> int:
        """``value`` if it is within the documented limit ``limits[what]``, else one
        SizeLimitError naming the limit."""
        limit = self.limits[what]
        if value > limit:
            raise SizeLimitError(
                f"{what} {value:,} is over the {self.name} limit of {limit:,}: "
                "write a smaller position"
            )
        return value

    # -- text ----------------------------------------------------------------
    @abstractmethod
    def parse(self, text: str) -> Position:
        """Read a position; raise ParseError naming the problem and the fix."""

    @abstractmethod
    def format(self, position: Position) -> str:
        """Write a position so that ``parse(format(p)) == p``."""

    def format_move(self, move: Move) -> str:
        return str(move)

    # -- structure -----------------------------------------------------------
    def key(self, position: Position) -> Key:
        """A transposition key: equal keys only for positions that are the same game.

        Rulesets override this with normalisation and symmetry so that isomorphic
        positions share work; the default is the position itself.
        """
        return position

    def components(self, position: Position) -> Sequence[Position]:
        """Split into a disjunctive sum of independent positions (default: no split).

        Every returned component must itself return ``(component,)`` here, and an
        empty sequence means the empty sum (a terminal position).
        """
        return (position,)

    # -- rendering -----------------------------------------------------------
    def data(self, position: Position) -> dict[str, Any]:
        """A structured, JSON-ready description of the position."""
        return {}

    def to_json(self, position: Position) -> dict[str, Any]:
        return {"ruleset": self.name, "position": self.format(position), **self.data(position)}

    def render_text(self, position: Position) -> str:
        """A plain-text picture for terminals (default: the text format)."""
        return self.format(position)

    @abstractmethod
    def render_svg(self, position: Position) -> str:
        """A standalone SVG picture of the position."""

    # -- generation ----------------------------------------------------------
    @abstractmethod
    def random_position(self, rng: random.Random, size: int) -> Position:
        """A random position whose game tree grows with ``size`` (tests, benchmarks)."""

    def small_positions(self, size: int) -> Iterator[Position]:
        """Every position of exactly this size, for exhaustive checks (default: none).

        What "size" counts is the ruleset's choice (cells, tokens, vertices); the
        number of positions should grow exponentially, so callers keep it small.
        """
        return iter(())

    def count_small_positions(self, size: int) -> int | None:
        """How many positions ``small_positions(size)`` lists, where a closed form
        knows it without listing them (default: None, not known)."""
        return None

    def small_positions_from(self, size: int, start: int) -> Iterator[Position]:
        """``small_positions(size)`` from its ``start``-th position on (default: by
        skipping); a ruleset whose listing is indexed overrides it to start there
        directly, so a census chunk deep in a large size costs only its own positions."""
        return itertools.islice(self.small_positions(size), start, None)


class NativeMemo(Protocol):
    """A native kernel's transposition table as the store saves it and reads it back
    (``grundy._native.NodeKayles``, ``Geography``, ``TransverseWave``), in batches of
    bytes only the kernel reads."""

    def record(self) -> None:
        """From now on, keep each newly solved entry for ``take_new``."""
        ...

    def take_new(self) -> bytes:
        """The entries solved since the last call, as one batch."""
        ...

    def learn(self, batch: bytes) -> None:
        """A batch ``take_new`` gave, from an earlier run (ValueError if malformed)."""
        ...


class NativeKernel(Protocol[Position_contra]):
    """A native (Rust, ``grundy._native``) Grundy search over some positions of one
    ruleset, keeping its own transposition table between calls."""

    #: What fits, for the one-line refusal, e.g. "graphs of at most 64 vertices".
    limit: str

    def fits(self, position: Position_contra) -> bool:
        """Whether the kernel can solve this position."""
        ...

    def grundy(
        self, position: Position_contra, max_nodes: int | None, max_seconds: float | None
    ) -> tuple[int | None, int]:
        """The Grundy value (None when a budget stopped the search) and the number of
        positions expanded."""
        ...

    def memo(self, position: Position_contra) -> tuple[Key, NativeMemo] | None:
        """The table that solves this position with the key naming it in the store
        (None: nothing worth storing), so that a stopped search resumes from the store."""
        ...


class PartizanNativeKernel(Protocol[Position_contra]):
    """A native (Rust, ``grundy._native``) search for canonical partizan values over some
    positions of one ruleset, keeping its transposition table and its store of
    canonical games between calls."""

    #: What fits, for the one-line refusal, e.g. "boards of at most 64 cells".
    limit: str

    def fits(self, position: Position_contra) -> bool:
        """Whether the kernel can solve this position."""
        ...

    def value(
        self, position: Position_contra, max_nodes: int | None, max_seconds: float | None
    ) -> tuple[Game | None, int]:
        """The canonical value (None when a budget stopped the search) and the number of
        positions expanded."""
        ...


class ImpartialRuleset(Ruleset[Position]):
    """A ruleset where both players have the same moves (normal play by default)."""

    impartial: ClassVar[bool] = True

    @abstractmethod
    def moves(self, position: Position) -> Iterable[tuple[Move, Position]]:
        """Every legal move with its label and the resulting position."""

    def options(self, position: Position) -> Iterable[Position]:
        """The positions reachable in one move; the search's hot path.

        Rulesets may return a normalised but equivalent form of each option here
        (same game tree), which is cheaper to key than the literal position.
        """
        return (child for _, child in self.moves(position))

    def fast_grundy(self, position: Position) -> int | None:
        """A closed-form Grundy value where a theorem gives one, else None."""
        return None

    def fast_outcome(self, position: Position) -> bool | None:
        """Whether the player to move wins (normal play) where a polynomial algorithm
        decides it without search, else None."""
        return None

    def own_outcome(self, position: Position, budget: Any, store: Any) -> bool | None:
        """Whether the player to move wins (normal play), by a search of the ruleset's
        own that is faster than the generic one, under ``budget`` (a
        ``grundy.search.Budget``) with ``store`` (a ``grundy.search.Store`` or None);
        None where the ruleset has none."""
        return None

    def native_kernel(self) -> NativeKernel[Position] | None:
        """A fresh native kernel for this ruleset's Grundy values, or None if it has none
        (the search then runs in Python)."""
        return None

    def parse_move(self, position: Position, text: str) -> Move:
        """The legal move whose label prints as ``text``."""
        wanted = text.strip().replace(" ", "")
        labels = [move for move, _ in self.moves(position)]
        for move in labels:
            if self.format_move(move).replace(" ", "") == wanted:
                return move
        legal = ", ".join(self.format_move(move) for move in labels) or "none"
        raise IllegalMoveError(f"{text!r} is not a legal move here; legal moves: {legal}")

    def play(self, position: Position, move: Move) -> Position:
        """The position after ``move``; IllegalMoveError if it is not legal."""
        for label, child in self.moves(position):
            if label == move:
                return child
        raise IllegalMoveError(f"{self.format_move(move)} is not a legal move here")


class Player(StrEnum):
    """The two players of a partizan game.  Left is Black and counts positive (seed 003,
    ``003_b9b71f74cb16b358.txt`` L490, Appendix A); Right is White."""

    LEFT = "L"
    RIGHT = "R"

    @property
    def opponent(self) -> Player:
        return Player.RIGHT if self is Player.LEFT else Player.LEFT


class PartizanRuleset(Ruleset[Position]):
    """A ruleset where Left and Right may have different moves (normal play by default)."""

    impartial: ClassVar[bool] = False
    #: Positions are played alone (never in sums) and ``own_wins_first`` decides who
    #: wins: the workbench shows the outcome, not a canonical value (Hex).
    outcomes_only: ClassVar[bool] = False

    @abstractmethod
    def moves(self, position: Position, player: Player) -> Iterable[tuple[Move, Position]]:
        """Every legal move of ``player`` with its label and the resulting position."""

    def options(self, position: Position, player: Player) -> Iterable[Position]:
        """The positions ``player`` reaches in one move; the search's hot path (rulesets
        may return a normalised but equivalent form of each option)."""
        return (child for _, child in self.moves(position, player))

    def fast_value(self, position: Position) -> Game | None:
        """A closed-form canonical value where a theorem gives one, else None."""
        return None

    def fast_wins_first(self, position: Position, player: Player) -> bool | None:
        """Whether ``player`` wins moving first (normal play), where a direct search or
        a theorem answers faster than canonical forms; None to let the solver search."""
        return None

    def own_wins_first(self, position: Position, player: Player, budget: Any) -> bool | None:
        """Whether ``player`` wins moving first (normal play), by a search of the
        ruleset's own on the whole position under ``budget`` (a ``grundy.search.Budget``);
        None where the ruleset has none."""
        return None

    def value_by_left_first(self, position: Position) -> tuple[Game, Game] | None:
        """Where a theorem fixes the value once we know whether Left wins moving first
        (an uncoloured Col position is 0 or *), the values ``(if Left loses, if Left
        wins)``; the search then runs the cheaper win/loss search, which stops at the
        first winning move.  Default: None."""
        return None

    def native_kernel(self) -> PartizanNativeKernel[Position] | None:
        """A fresh native kernel for this ruleset's canonical values, or None if it has
        none (the search then runs in Python)."""
        return None

    def signed_key(self, position: Position) -> tuple[Key, bool]:
        """A key shared with the position's *conjugate* (the same game with Left and
        Right exchanged, whose value is the negative), and whether this position is the
        conjugate of the one the key stands for.

        Rulesets with a board symmetry that exchanges the players (transposing a
        Domineering board) override this to halve the positions searched; the
        default is ``(key(position), False)``.
        """
        return self.key(position), False

    def parse_move(self, position: Position, text: str, player: Player) -> Move:
        """The legal move of ``player`` whose label prints as ``text``."""
        wanted = text.strip().replace(" ", "")
        labels = [move for move, _ in self.moves(position, player)]
        for move in labels:
            if self.format_move(move).replace(" ", "") == wanted:
                return move
        legal = ", ".join(self.format_move(move) for move in labels) or "none"
        raise IllegalMoveError(
            f"{text!r} is not a legal move for {player.name.lower()} here; legal moves: {legal}"
        )

    def play(self, position: Position, move: Move, player: Player) -> Position:
        """The position after ``player`` makes ``move``; IllegalMoveError if not legal."""
        for label, child in self.moves(position, player):
            if label == move:
                return child
        raise IllegalMoveError(
            f"{self.format_move(move)} is not a legal move for {player.name.lower()} here"
        )
