"""Atropos with chance and more players (seed 004, ``004_d08755248cee49c5.txt``).

- Three-player Atropos (§3.2.1, L430-434): each player owns one colour and paints
  any uncoloured circle with it; whoever makes a bad triangle loses, the player who
  moved just before wins, the third neither wins nor loses.
- Atropos with a die (Def 6.1.1, L1367-1382): before each turn roll the die; you
  must colour with one of the colours on the face (a suicidal one if nothing else).
  The seven dice of L1376-1382 are ``DICE`` (yellow is our green).  Erratum: the
  20-sided die lists only 19 faces; ``d20`` rolls those 19 (docs/errata.md).
- Atropos with cards (Def 6.1.2, L1412-1420): 43 cards, one three-colour card face up,
  7 each of R, Y, B, RB, RY, BY; one card dealt to each player.  A turn has a
  card-playing phase (from the player to move, in turn order, each passes or plays a
  card on the pile; it ends when everyone has passed, or when everyone else has
  passed since the last card) and a colouring phase (a colour of the top card;
  a bad triangle loses; otherwise draw a card — none once the deck is empty).
- Multi-player Atropos with cards (Def 6.1.3, L1424-1428): the colouring must be
  safe; a player who cannot colour safely drops out and their hand goes to the player
  who played the top card (discarded if that is nobody still playing); the last player
  left wins.

``Match`` runs any of these as a state machine: ``decision()`` says who must choose
what, ``answer()`` applies the choice, so the CLI, the web workbench and the
computer players share one implementation of the rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from grundy.protocol import GrundyError, IllegalMoveError
from grundy.rulesets.atropos.board import BLUE, COLOURS, GREEN, LETTERS, RED
from grundy.rulesets.atropos.players import Player, all_moves, safe_moves
from grundy.rulesets.atropos.rules import (
    AtroposMove,
    AtroposPosition,
    bad_triangles,
    colour_cell,
    start,
)

#: A die face or a card: the colours shown on it.
Face = tuple[int, ...]
R, B, Y = (RED,), (BLUE,), (GREEN,)
RB, RY, YB, RYB = (RED, BLUE), (RED, GREEN), (BLUE, GREEN), COLOURS

#: The dice of L1376-1382 (Y = green).
DICE: dict[str, tuple[Face, ...]] = {
    "d4": (RB, RY, YB, RYB),
    "d6": (R, B, Y, RB, RY, YB),
    "d6-singles": (R, R, B, B, Y, Y),
    "d8": (R, B, Y, RB, RY, YB, RYB, RYB),
    "d10": (R, B, Y, RB, RB, RY, RY, YB, YB, RYB),
    "d12": (R, R, B, B, Y, Y, RB, RY, YB, RYB, RYB, RYB),
    # as printed (L1382): 19 faces for a 20-sided die; the 20th is unknown (erratum)
    "d20": (RYB, RYB, RY, RY, RY, RB, RB, RB, YB, YB, YB, R, R, R, B, B, B, Y, Y),
}
#: The deck of Def 6.1.2: the three-colour card and 7 each of six cards.
DECK: tuple[Face, ...] = (RYB,) + (R, Y, B, RB, RY, YB) * 7


def face_text(face: Face) -> str:
    return "".join("Y" if c == GREEN else LETTERS[c] for c in face)


def die(name: str) -> tuple[Face, ...]:
    if name not in DICE:
        raise GrundyError(f"unknown die {name!r}: choose one of {', '.join(DICE)}")
    return DICE[name]


def loss_probability(position: AtroposPosition, faces: tuple[Face, ...],
                     restricted: bool = True) -> Fraction:
    """The probability that the player to move loses this turn: the share of faces
    none of whose colours can be played safely (L1384-1390)."""
    return Fraction(sum(not safe_moves(position, restricted, f) for f in faces), len(faces))


def win_next_turn_probability(position: AtroposPosition, faces: tuple[Face, ...],
                              restricted: bool = True) -> Fraction:
    """The probability that the player to move survives this turn and the opponent
    then loses, when the mover picks, for each face, the safe move that maximises the
    opponent's chance of losing at once (the worked example of L1390-1404)."""
    total = Fraction(0)
    for face in faces:
        options = safe_moves(position, restricted, face)
        if options:
            total += max(
                loss_probability(colour_cell(position, m), faces, restricted) for m in options
            )
    return total / len(faces)


Variant = Literal["plain", "dice", "cards", "multi-cards", "three-player"]


@dataclass(frozen=True)
class Decision:
    """Who must choose what: a move (from ``moves``) or a card (index or None to pass)."""

    player: int
    kind: Literal["move", "card"]
    colours: Face = ()
    moves: tuple[AtroposMove, ...] = ()
    cards: tuple[Face, ...] = ()


@dataclass
class Match:
    """One game of Atropos or a variant between ``players`` seats (0 moves first)."""

    n: int
    variant: Variant = "plain"
    players: int = 2
    restricted: bool = True
    faces: tuple[Face, ...] = DICE["d6"]
    rng: random.Random = field(default_factory=random.Random)
    position: AtroposPosition = field(init=False)
    current: int = field(init=False, default=0)
    alive: list[bool] = field(init=False)
    hands: list[list[Face]] = field(init=False)
    deck: list[Face] = field(init=False)
    pile: list[tuple[Face, int | None]] = field(init=False)
    roll: Face = field(init=False, default=())
    card_turn: int | None = field(init=False, default=None)
    passes: int = field(init=False, default=0)
    played: bool = field(init=False, default=False)
    winner: int | None = field(init=False, default=None)
    loser: int | None = field(init=False, default=None)
    log: list[str] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        if self.variant == "three-player":
            self.players = 3
        if self.players < 2 or (
            self.variant not in ("multi-cards", "three-player") and self.players != 2
        ):
            raise GrundyError(
                f"{self.variant} Atropos is not for {self.players} players: use 2 "
                "(three-player: 3; multi-cards: 2 or more)"
            )
        self.position = start(self.n)
        self.alive = [True] * self.players
        self.deck = list(DECK[1:])
        self.rng.shuffle(self.deck)
        self.pile = [(RYB, None)]
        cards = self.variant in ("cards", "multi-cards")
        self.hands = [[self.deck.pop()] if cards else [] for _ in range(self.players)]
        self._begin_turn()

    # -- what the current decision is ----------------------------------------------------
    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def top(self) -> Face:
        return self.pile[-1][0]

    def colours(self) -> Face:
        """The colours the player to move may use now."""
        if self.variant == "dice":
            return self.roll
        if self.variant in ("cards", "multi-cards"):
            return self.top
        if self.variant == "three-player":
            return ((RED, GREEN, BLUE)[self.current],)
        return COLOURS

    def decision(self) -> Decision | None:
        if self.over:
            return None
        if self.card_turn is not None:
            return Decision(self.card_turn, "card", cards=tuple(self.hands[self.card_turn]))
        colours = self.colours()
        if self.variant == "multi-cards":
            moves = safe_moves(self.position, self.restricted, colours)
        else:
            moves = all_moves(self.position, self.restricted, colours)
        return Decision(self.current, "move", colours, tuple(moves))

    # -- applying choices ----------------------------------------------------------------
    def answer(self, choice: AtroposMove | int | None) -> None:
        """A move for a move decision; a hand index, or None to pass, for a card."""
        decision = self.decision()
        if decision is None:
            raise IllegalMoveError("the game is over")
        if decision.kind == "card":
            self._card(decision.player, choice if isinstance(choice, int) else None)
        elif choice not in decision.moves:
            raise IllegalMoveError(f"{choice} is not a legal move here")
        else:
            assert isinstance(choice, tuple)
            self._move(choice)

    def _card(self, seat: int, index: int | None) -> None:
        if index is None:
            self.passes += 1
            self.log.append(f"player {seat + 1} passes")
        else:
            if not 0 <= index < len(self.hands[seat]):
                raise IllegalMoveError(f"player {seat + 1} has no card {index}")
            card = self.hands[seat].pop(index)
            self.pile.append((card, seat))
            self.passes, self.played = 0, True
            self.log.append(f"player {seat + 1} plays the {face_text(card)} card")
        self.card_turn = self._next_alive(seat)
        self._advance_cards()

    def _advance_cards(self) -> None:
        """End the card phase once everyone else has passed; players without cards pass."""
        while self.card_turn is not None:
            if self.passes >= sum(self.alive) - (1 if self.played else 0):
                self.card_turn = None
            elif not self.hands[self.card_turn]:
                self.passes += 1
                self.card_turn = self._next_alive(self.card_turn)
            else:
                return
        if self.variant == "multi-cards" and not safe_moves(
            self.position, self.restricted, self.top
        ):
            self._drop_out(self.current)

    def _move(self, move: AtroposMove) -> None:
        mover = self.current
        self.position = colour_cell(self.position, move)
        self.log.append(f"player {mover + 1} colours {LETTERS[move[2]]}{move[0]},{move[1]}")
        if bad_triangles(self.position):
            self.loser = mover
            if self.variant == "three-player":
                self.winner = (mover - 1) % self.players
            else:
                self.winner = 1 - mover
            return
        if self.variant in ("cards", "multi-cards") and self.deck:
            self.hands[mover].append(self.deck.pop())
        self.current = self._next_alive(mover)
        self._begin_turn()

    def _begin_turn(self) -> None:
        """Roll the die, or open the card phase."""
        if self.variant == "dice":
            self.roll = self.rng.choice(self.faces)
            self.log.append(f"player {self.current + 1} rolls {face_text(self.roll)}")
        if self.variant in ("cards", "multi-cards"):
            self.card_turn, self.passes, self.played = self.current, 0, False
            self._advance_cards()

    def _drop_out(self, stuck: int) -> None:
        """Def 6.1.3: the stuck player leaves; their hand goes to the top card's owner."""
        self.alive[stuck] = False
        owner = self.pile[-1][1]
        if owner is not None and self.alive[owner]:
            self.hands[owner].extend(self.hands[stuck])
        self.hands[stuck] = []
        self.log.append(f"player {stuck + 1} cannot colour safely and drops out")
        if sum(self.alive) == 1:
            self.winner = self.alive.index(True)
            return
        self.current = self._next_alive(stuck)
        self._begin_turn()

    def _next_alive(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if self.alive[other]:
                return other
        return seat


def bot_card(match: Match, seat: int) -> int | None:
    """A card for a computer seat: rescue itself when it is to move and stuck, trap
    the player to move when a card leaves them no safe colour, otherwise pass."""
    position, restricted = match.position, match.restricted
    hand = match.hands[seat]
    if seat == match.current:
        if safe_moves(position, restricted, match.top):
            return None
        return next((k for k, c in enumerate(hand) if safe_moves(position, restricted, c)), None)
    return next((k for k, c in enumerate(hand) if not safe_moves(position, restricted, c)), None)


def bot_answer(match: Match, player: Player) -> AtroposMove | int | None:
    """What a computer seat answers to the current decision."""
    decision = match.decision()
    assert decision is not None
    if decision.kind == "card":
        return bot_card(match, decision.player)
    move = player.choose(match.position, match.restricted, decision.colours, match.rng)
    return move if move in decision.moves else match.rng.choice(decision.moves)
