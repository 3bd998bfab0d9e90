"""Uncooperative Uno → Undirected Geography (seed 002, ``002_8bc4c30c443a0021.txt`` L324:
"Demaine et al. presented a polynomial-time reduction to Undirected Geography").

Vertex 0 is the pile's top card (or an empty pile), then one vertex per card of the
mover's hand, then one per card of the other hand.  Edges join two cards of different
hands that match (same colour or same rank), and the top to every card of the
mover's hand it lets start.  The token starts on the top; moving it to a card is
playing that card, and a card's vertex is deleted once the token leaves it, as the
card stays on the pile.  Both games have the same tree up to labels, so the nimbers
agree; the verifier compares them.
"""

from __future__ import annotations

from grundy.protocol import Citation
from grundy.reductions.registry import Kind, Reduction, register
from grundy.rulesets.geography.uno import UnoPosition, matches
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graphs import HashedAdjacency


def uno_to_undirected_geography(position: UnoPosition) -> GeographyPosition:
    """The top card (vertex 0), the mover's cards, the other's; edges where cards match."""
    mover, other = position.mover, position.other
    n = 1 + len(mover) + len(other)
    adj = [0] * n

    def join(a: int, b: int) -> None:
        adj[a] |= 1 << b
        adj[b] |= 1 << a

    for i, card in enumerate(mover, 1):
        if matches(card, position.top):
            join(0, i)
        for j, answer in enumerate(other, 1 + len(mover)):
            if matches(answer, card):
                join(i, j)
    return GeographyPosition(n, HashedAdjacency(adj), 0, 0)


register(Reduction(
    name="uncooperative-uno->undirected-geography", source="uncooperative-uno",
    target="undirected-geography", kind=Kind.NIMBER_PRESERVING,
    map_position=uno_to_undirected_geography,
    citation=Citation("002_8bc4c30c443a0021.txt", "L324", "Demaine et al.'s reduction"),
    summary="a vertex per card, edges between matching cards of different hands",
))
