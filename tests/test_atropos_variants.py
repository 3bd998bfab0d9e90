"""Atropos variants, dice probabilities, computer opponents and the conjecture checker
(seed 004, ``004_d08755248cee49c5.txt`` L430-434, L1190-1194, L1363-1447)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import GrundyError, IllegalMoveError
from grundy.rulesets.atropos.board import BLUE, COLOURS, GREEN, RED
from grundy.rulesets.atropos.conjectures import can_force_fill, check
from grundy.rulesets.atropos.players import (
    Heuristic,
    Perfect,
    RandomSafe,
    all_moves,
    player,
    safe_moves,
)
from grundy.rulesets.atropos.rules import (
    AtroposPosition,
    bad_triangles,
    colour_cell,
    parse_position,
    playable_cells,
    start,
    state_of,
)
from grundy.rulesets.atropos.search import AtroposSolver
from grundy.rulesets.atropos.variants import (
    DECK,
    DICE,
    Match,
    bot_answer,
    loss_probability,
    win_next_turn_probability,
)

#: A board found by searching random games for the situation of Fig 6.4 (L1390), whose
#: picture is missing: the only playable circle takes two colours; after one the next
#: player needs the other, after the other the next player needs it or the third.  Here
#: the thesis's R, B, Y are our blue, red, green (the die is symmetric in the colours).
FIG_6_4 = "[32][103][3002][10123][300122][12121]LastPlay:(1,1,3,2)"


def random_play(rng: random.Random, n: int, moves: int) -> AtroposPosition:
    position = start(n)
    for _ in range(moves):
        options = safe_moves(position, True)
        if not options:
            break
        position = colour_cell(position, rng.choice(options))
    return position


def loses_with(position: AtroposPosition, face: tuple[int, ...]) -> bool:
    """Brute force: every move with the face's colours makes a bad triangle."""
    return all(
        bad_triangles(colour_cell(position, (j, i, c)))
        for j, i in playable_cells(position)
        for c in face
    )


# -- dice (Def 6.1.1) -----------------------------------------------------------------------
def test_dice_have_their_faces_but_the_d20_lists_19() -> None:
    sides = {name: len(faces) for name, faces in DICE.items()}
    assert sides == {"d4": 4, "d6": 6, "d6-singles": 6, "d8": 8, "d10": 10, "d12": 12, "d20": 19}
    assert Counter(DECK) == {COLOURS: 1, **{f: 7 for f in set(DECK) - {COLOURS}}}
    assert len(DECK) == 43


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.integers(0, 8), st.sampled_from(sorted(DICE)),
       st.randoms(use_true_random=False))
def test_dice_probabilities_match_enumeration(
    n: int, moves: int, name: str, rng: random.Random
) -> None:
    position = random_play(rng, n, moves)
    faces = DICE[name]
    lose = Fraction(sum(loses_with(position, f) for f in faces), len(faces))
    assert loss_probability(position, faces) == lose
    best = Fraction(0)
    for face in faces:
        children = [
            colour_cell(position, (j, i, c))
            for j, i in playable_cells(position) for c in face
        ]
        chances = [
            Fraction(sum(loses_with(child, f) for f in faces), len(faces))
            for child in children if not bad_triangles(child)
        ]
        best += max(chances, default=Fraction(0))
    assert win_next_turn_probability(position, faces) == best / len(faces)


def test_erratum_dice_example_is_11_over_36() -> None:
    """L1390-1404 prints 5/6 (1/2 · 1/2 + 1/3 · 1/6) = 55/216; the faces R, RB, RY
    (3/6) and B, YB (2/6) are already the survivals, so the 5/6 counts them twice:
    the right value is 3/6 · 1/2 + 2/6 · 1/6 = 11/36 = 66/216 (docs/errata.md)."""
    position = parse_position(FIG_6_4)
    (cell,) = playable_cells(position)
    assert {m[2] for m in safe_moves(position, True) if m[:2] == cell} == {RED, BLUE}
    after_red = colour_cell(position, (*cell, RED))
    after_blue = colour_cell(position, (*cell, BLUE))
    assert {m[2] for m in safe_moves(after_blue, True)} == {RED}
    assert {m[2] for m in safe_moves(after_red, True)} == {RED, GREEN}
    assert loss_probability(position, DICE["d6"]) == Fraction(1, 6)
    assert win_next_turn_probability(position, DICE["d6"]) == Fraction(66, 216)
    assert Fraction(66, 216) != Fraction(55, 216)
    # the 5/6 factor of the printed formula reproduces the printed value
    assert Fraction(5, 6) * (Fraction(1, 4) + Fraction(1, 18)) == Fraction(55, 216)


def test_example_where_only_blue_is_safe_loses_half_the_time() -> None:
    """L1384: one colour is playable, the {R,B,Y,RB,RY,YB} die loses with probability .5."""
    position = colour_cell(parse_position(FIG_6_4), (1, 2, BLUE))
    assert {m[2] for m in safe_moves(position, True)} == {RED}
    assert loss_probability(position, DICE["d6"]) == Fraction(1, 2)


# -- matches --------------------------------------------------------------------------------
def play_out(match: Match) -> None:
    bots = [Heuristic() if seat % 2 else RandomSafe() for seat in range(match.players)]
    for _ in range(1000):
        decision = match.decision()
        if decision is None:
            return
        if decision.kind == "move":
            cells = set(playable_cells(match.position, match.restricted))
            assert decision.moves and all(m[:2] in cells for m in decision.moves)
            assert all(m[2] in match.colours() for m in decision.moves)
        match.answer(bot_answer(match, bots[decision.player]))
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("seed", range(12))
def test_two_player_matches_end_with_the_bad_triangle_maker_losing(seed: int) -> None:
    for variant in ("plain", "dice", "cards"):
        match = Match(4, variant, rng=random.Random(seed))
        play_out(match)
        assert bad_triangles(match.position)
        assert match.loser is not None and match.winner == 1 - match.loser


@pytest.mark.parametrize("seed", range(12))
def test_three_player_winner_moved_just_before_the_loser(seed: int) -> None:
    match = Match(4, "three-player", restricted=False, rng=random.Random(seed))
    assert [match.colours()] == [(RED,)]
    play_out(match)
    assert match.loser is not None and match.winner == (match.loser - 1) % 3


@pytest.mark.parametrize("seed", range(12))
def test_multiplayer_cards_only_safe_moves_and_one_survivor(seed: int) -> None:
    match = Match(5, "multi-cards", players=4, rng=random.Random(seed))
    play_out(match)
    assert not bad_triangles(match.position)
    assert match.winner is not None and match.alive.count(True) == 1
    assert match.alive[match.winner]


def test_card_phase_ends_when_the_others_have_passed() -> None:
    match = Match(4, "cards", rng=random.Random(1))
    match.hands = [[(RED,)], [(BLUE,)]]
    match.answer(None)  # player 1 passes
    match.answer(0)  # player 2 plays B
    decision = match.decision()
    assert decision is not None and decision.kind == "card" and decision.player == 0
    match.answer(None)  # player 1 passes: everyone else passed since the last card
    decision = match.decision()
    assert decision is not None and decision.kind == "move" and decision.colours == (BLUE,)
    with pytest.raises(IllegalMoveError):
        match.answer((1, 1, RED))


def test_dropped_players_hand_goes_to_the_top_cards_owner() -> None:
    match = Match(2, "multi-cards", players=3, rng=random.Random(0))
    match.hands, match.deck = [[(GREEN,)], [(BLUE,), (RED,)], [(RED,)]], []
    for card in (None, None, 0, None, None):  # player 3 plays R, the others pass
        match.answer(card)
    decision = match.decision()
    assert decision is not None and decision.moves == ((1, 1, RED),)
    match.answer((1, 1, RED))
    # player 2 must colour (1,2) or (2,1) red: both would make a bad triangle
    match.answer(None)  # player 2 passes; player 3 has no card; player 1 passes
    assert match.alive[1]
    match.answer(None)
    assert not match.alive[1]
    assert match.hands[2] == [(BLUE,), (RED,)]
    assert match.current == 2 and not match.over


def test_bad_match_settings() -> None:
    with pytest.raises(GrundyError, match="players"):
        Match(3, "dice", players=3)
    with pytest.raises(GrundyError, match="opponent"):
        player("clever")


# -- computer opponents ------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.integers(2, 5), st.integers(0, 10), st.sets(st.sampled_from(COLOURS), min_size=1),
       st.randoms(use_true_random=False))
def test_opponents_avoid_avoidable_losses(
    n: int, moves: int, colours: set[int], rng: random.Random
) -> None:
    position = random_play(rng, n, moves)
    allowed = tuple(sorted(colours))
    safe = safe_moves(position, True, allowed)
    for bot in (RandomSafe(), Heuristic(), Perfect(max_nodes=2000)):
        move = bot.choose(position, True, allowed, rng)
        assert move in all_moves(position, True, allowed)
        assert (move in safe) == bool(safe)
    traps = [m for m in safe if not safe_moves(colour_cell(position, m), True)]
    if traps:
        assert Heuristic().choose(position, True, allowed, rng) in traps


@pytest.mark.parametrize("n", [3, 4])
def test_perfect_player_wins_from_the_start_as_first_player(n: int) -> None:
    for seed in range(5):
        rng = random.Random(seed)
        match = Match(n, rng=rng)
        bots = [Perfect(), RandomSafe()]
        while not match.over:
            decision = match.decision()
            assert decision is not None
            match.answer(bot_answer(match, bots[decision.player]))
        assert match.winner == 0


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 4), st.integers(0, 8), st.randoms(use_true_random=False))
def test_perfect_moves_lead_to_lost_positions(n: int, moves: int, rng: random.Random) -> None:
    position = random_play(rng, n, moves)
    solver = AtroposSolver(n)
    if safe_moves(position, True) and solver.wins(state_of(position)):
        move = Perfect().choose(position, True, COLOURS, rng)
        assert not solver.wins(state_of(colour_cell(position, move)))


# -- conjectures ---------------------------------------------------------------------------------
def brute_fill(position: AtroposPosition, enforcer: bool) -> bool:
    """Conjecture 5.2.2's game on literal colourings (restricted, safe moves only)."""
    children = [colour_cell(position, m) for m in safe_moves(position, True)]
    if not children:
        return position.colours.count(0) == 1
    results = (brute_fill(child, not enforcer) for child in children)
    return any(results) if enforcer else all(results)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_fill_game_matches_brute_force(n: int) -> None:
    for first in (True, False):
        assert can_force_fill(n, first) is brute_fill(start(n), first)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_conjectures_hold_for_small_boards(n: int) -> None:
    """Conjectures 4.2.1 (L1030), 5.2.1 (L1190) and 5.2.2 (L1194)."""
    result = check(n)
    assert result.conjecture_4_2_1 and result.conjecture_5_2_1 and result.conjecture_5_2_2
    # whoever can force the fill wins when a full board favours them
    parity_first = n * (n + 1) // 2 % 2 == 0
    enforcer = result.fill_enforcers[0] if parity_first else result.fill_enforcers[1]
    assert not enforcer or result.first_wins is parity_first
