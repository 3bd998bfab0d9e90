"""UNCOOPERATIVE UNO (seed 002, ``002_8bc4c30c443a0021.txt`` L324 and footnote 6, L340;
Demaine, Demaine, Harvey, Uehara, Uno & Uno 2014).

Two open hands of cards, each card a colour and a rank.  The players take turns
playing a card from their own hand onto the shared pile; a card may be played only if
it matches the top card's colour or its rank (any card when the pile is empty).
Normal play: a player who cannot play loses [inferred: the footnote gives only the
matching rule; this is the reading under which Demaine et al.'s reduction to
Undirected Geography, ``grundy.reductions.uno``, keeps the winner].

The position names the hand of the player to move first, so the game is impartial.
Text format: ``R1,G2|B2,R3;top=G3`` -- the mover's hand, '|', the other hand, and
optionally the top card; a card is a colour (letters) then a rank (digits).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any, NamedTuple, cast

from grundy.protocol import Citation, ImpartialRuleset, Move, ParseError
from grundy.rulesets.drawing import svg_document, text
from grundy.rulesets.registry import register

Card = tuple[str, int]
#: Most cards in the two hands together.
MAX_CARDS = 40
_CARD = re.compile(r"([A-Za-z]+)(\d+)")


class UnoPosition(NamedTuple):
    """The mover's hand, the other hand (sorted tuples of cards) and the top card."""

    mover: tuple[Card, ...]
    other: tuple[Card, ...]
    top: Card | None = None


def matches(card: Card, top: Card | None) -> bool:
    return top is None or card[0] == top[0] or card[1] == top[1]


def card_text(card: Card) -> str:
    return f"{card[0]}{card[1]}"


def _card(item: str) -> Card:
    match = _CARD.fullmatch(item.strip())
    if match is None:
        raise ParseError(f"{item.strip()!r} is not a card: write a colour then a rank, like R3")
    return match.group(1), int(match.group(2))


def _hand(part: str) -> tuple[Card, ...]:
    cards = [_card(item) for item in part.split(",") if item.strip()]
    if len(set(cards)) != len(cards):
        raise ParseError(f"a card appears twice in the hand {part.strip()!r}: list it once")
    return tuple(sorted(cards))


@register
class UncooperativeUno(ImpartialRuleset[UnoPosition]):
    name = "uncooperative-uno"
    aliases = ("uno",)
    summary = "Play a card from your open hand matching the top card's colour or rank."
    citation = Citation("002_8bc4c30c443a0021.txt", "L324, L340", "Uncooperative Uno, fn 6")
    text_format = ("the mover's hand, '|', the other hand (cards like R1, G10 separated by "
                   "commas), optionally ';top=G3' (the pile's top card; none: any card "
                   "may start), e.g. G2,R1|B2,R3;top=G3")
    examples = ("G2,R1|B2,R3;top=G3", "B2,G3,R1|B3,G1,R2")

    def parse(self, text: str) -> UnoPosition:
        body, _, top_text = text.strip().partition(";")
        hands = body.split("|")
        if len(hands) != 2:
            raise ParseError("give two hands separated by '|', like R1,G2|B2,R3")
        mover, other = _hand(hands[0]), _hand(hands[1])
        if len(mover) + len(other) > MAX_CARDS:
            raise ParseError(f"{len(mover) + len(other)} cards: at most {MAX_CARDS}")
        top = None
        if top_text.strip():
            name, equals, value = top_text.partition("=")
            if name.strip() != "top" or not equals:
                raise ParseError(f"unexpected {top_text.strip()!r}: write ;top=G3")
            top = _card(value)
        return UnoPosition(mover, other, top)

    def format(self, position: UnoPosition) -> str:
        hands = "|".join(",".join(map(card_text, hand))
                         for hand in (position.mover, position.other))
        return hands + (f";top={card_text(position.top)}" if position.top else "")

    def format_move(self, move: Move) -> str:
        return card_text(cast(Card, move))

    def moves(self, position: UnoPosition) -> Iterator[tuple[Move, UnoPosition]]:
        """Play a matching card (the label is the card); the other player moves next."""
        mover, other, top = position
        for card in mover:
            if matches(card, top):
                rest = tuple(c for c in mover if c != card)
                yield card, UnoPosition(other, rest, card)

    def data(self, position: UnoPosition) -> dict[str, Any]:
        return {"mover": [card_text(c) for c in position.mover],
                "other": [card_text(c) for c in position.other],
                "top": card_text(position.top) if position.top else None}

    def render_svg(self, position: UnoPosition) -> str:
        label = self.format(position)
        return svg_document(20 + 8 * len(label), 40, [text(10 + 4 * len(label), 20, label)],
                            f"{self.name} {label}")

    def random_position(self, rng: random.Random, size: int) -> UnoPosition:
        """Two hands of about size/2 cards from colours R, G, B and ranks 1-3."""
        deck = [(colour, rank) for colour in "RGB" for rank in (1, 2, 3)]
        cards = rng.sample(deck, min(len(deck), max(1, size) + 1))
        split = rng.randint(0, len(cards) - 1)
        top, mover, other = cards[0], cards[1:split + 1], cards[split + 1:]
        return UnoPosition(tuple(sorted(mover)), tuple(sorted(other)),
                           top if rng.random() < 0.7 else None)
