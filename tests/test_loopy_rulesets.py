"""Registered rulesets whose positions repeat (issue 26 items 1 and 3): Wind-up's
generalized nim values, the loopy solver's perfect play, and ``grundy value``,
``moves`` and the workbench on Fox and Geese, Backsliding Toads and Frogs and Wind-up.

Wind-up facts come from cgt-tools' tests (t4ccer/cgt-tools,
``cgt/loopy/impartial/games/wind_up.rs``), facts only, each row citing its test.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.api import position, solver
from grundy.cli.main import cli
from grundy.protocol import GrundyError, Player
from grundy.rulesets import get
from grundy.search import Solver
from grundy.search.loopy import LoopySolver, game_graph, loopy_value
from grundy.search.partizan import PartizanSolver
from grundy.values import Game
from grundy.values.loopy import Loopy, LoopyOutcome
from grundy.values.loopy_nimber import LoopyNimber, loopy_nim_values
from grundy.web import create_app

WIND_UP = get("wind-up")
TOADS = get("backsliding-toads-and-frogs")
FOX = get("fox-and-geese")
WIND_UP_TESTS = "cgt-tools cgt/loopy/impartial/games/wind_up.rs"


# -- generalized nim values against their definition -----------------------------------

@st.composite
def digraphs(draw: st.DrawFn, most: int = 7) -> list[list[int]]:
    n = draw(st.integers(1, most))
    return [draw(st.lists(st.integers(0, n - 1), max_size=3, unique=True)) for _ in range(n)]


def naive_nim_values(successors: list[list[int]]) -> list[str]:
    """γ(u) = m exactly when u + *m is a second-player win (retrograde analysis of the
    sum, ``Loopy.outcome``); else ∞ with the finite values of u's options."""
    finite: list[int | None] = []
    for u in range(len(successors)):
        found = None
        at_u = Loopy(successors, successors, u)
        for m in range(len(successors[u]) + 1):
            if (at_u + Loopy.from_game(Game.nimber(m))).outcome() is LoopyOutcome.P:
                found = m
                break
        finite.append(found)
    shown = []
    for u, value in enumerate(finite):
        escapes = frozenset(x for v in successors[u] if (x := finite[v]) is not None)
        shown.append(str(LoopyNimber(value, escapes if value is None else frozenset())))
    return shown


@settings(max_examples=150, deadline=None)
@given(digraphs())
def test_generalized_nim_values_match_the_sums_with_nim_heaps(successors: list[list[int]]
                                                               ) -> None:
    values = loopy_nim_values(successors)
    assert [str(v) for v in values] == naive_nim_values(successors)
    for u, value in enumerate(values):  # the outcome read off the value is the real one
        assert value.outcome() is Loopy(successors, successors, u).outcome()


def test_generalized_nim_values_print_as_cgt_tools_writes_them() -> None:
    assert [str(LoopyNimber(0)), str(LoopyNimber(1)), str(LoopyNimber(3))] == ["0", "*", "*3"]
    assert str(LoopyNimber(None)) == "∞"
    assert str(LoopyNimber(None, frozenset({2, 0}))) == "∞(0,*2)"
    assert LoopyNimber(None, frozenset({1})).outcome() is LoopyOutcome.D
    assert LoopyNimber(None, frozenset({0})).outcome() is LoopyOutcome.N
    # a pass move: the position is ∞, a draw whoever moves
    assert [str(v) for v in loopy_nim_values([[0]])] == ["∞"]


# -- Wind-up --------------------------------------------------------------------------

def dial_values(size: int, moves: str) -> list[str]:
    """The value of a token at each place of the dial."""
    return [str(loopy_value(WIND_UP, WIND_UP.parse(f"{size}:{moves}:{place}")))
            for place in range(size)]


def mex_fixpoint(seed: list[int], size: int, moves: list[int]) -> list[int]:
    """Iterate g(0) = 0, g(p) = mex{g((p - s) mod n)} from a periodic seed until it
    repeats (the sequence method of the cgt-tools test)."""
    current = [seed[i % len(seed)] for i in range(size)]
    seen = [current]
    while True:
        after = [0] + [min(set(range(len(moves) + 1)) -
                           {current[(p - s) % size] for s in moves}) for p in range(1, size)]
        if after in seen:
            return after
        seen.append(after)
        current = after


def test_wind_up_40_6_7_is_the_fixpoint_of_the_sequence_method() -> None:
    """wind_up.rs, ``sequence_reduction_graph_equivalence``: on WindUp(n=40, {6,7}) the
    graph method and the sequence method (from the seed 0,0,0,0,0,0,1,1,1,1,1,1,2, and
    from the seed 1) agree: every place has a finite value."""
    expected = mex_fixpoint([0] * 6 + [1] * 6 + [2], 40, [6, 7])
    assert expected == mex_fixpoint([1], 40, [6, 7]), WIND_UP_TESTS
    assert dial_values(40, "6,7") == [
        "0" if g == 0 else "*" if g == 1 else f"*{g}" for g in expected], WIND_UP_TESTS


def test_wind_up_3_1_2_where_the_sequence_method_depends_on_its_seed() -> None:
    """wind_up.rs, ``weird_sequence``: on WindUp(n=3, {1,2}) the sequence method gives
    different answers from the seeds 0,0,0 and 0,1,2; the values are ∞(0) at places 1
    and 2 (each can move to 0, and a token moving between them never has to stop)."""
    assert mex_fixpoint([0, 0, 0], 3, [1, 2]) != mex_fixpoint([0, 1, 2], 3, [1, 2])
    assert dial_values(3, "1,2") == ["0", "∞(0)", "∞(0)"]


def test_wind_up_finite_values_that_lean_on_each_other() -> None:
    """WindUp(n=7, {1,2,5}): every place is finite, though places 2 and 4 each need the
    other's value (2's options are 1, 0, 4; 4's are 3, 2, 6): the labelling finds *2 and
    * one value at a time, where a method that takes a mex only once every option is
    known would leave them ∞ (the sum test above checks each against u + *m)."""
    assert dial_values(7, "1,2,5") == ["0", "*", "*2", "0", "*", "*2", "0"]
    successors = [[] if p == 0 else sorted({(p - s) % 7 for s in (1, 2, 5)})
                  for p in range(7)]
    assert dial_values(7, "1,2,5") == naive_nim_values(successors)


def test_wind_up_moves_wind_round_the_dial() -> None:
    dial = WIND_UP.parse("12:1,3:2")
    assert [(WIND_UP.format_move(m), WIND_UP.format(c)) for m, c in WIND_UP.moves(dial)] == [
        ("2-1", "12:1,3:1"), ("2-3", "12:1,3:11")]
    assert list(WIND_UP.moves(WIND_UP.parse("12:1,3:0"))) == []
    assert WIND_UP.parse(WIND_UP.format(dial)) == dial


@pytest.mark.parametrize(("text", "problem"), [
    ("12:1,3", "separated by colons"),
    ("0:1:0", "at least one place"),
    ("12:0,3:5", "positive"),
    ("12:1,3:12", "off the dial"),
    ("12:1:" + ",".join(["1"] * 9), "tokens"),
    ("2000000:1:1", "dial"),
])
def test_bad_dials_are_refused(text: str, problem: str) -> None:
    with pytest.raises(GrundyError, match=problem):
        WIND_UP.parse(text)


def test_a_sum_of_two_infinities_is_a_draw() -> None:
    """Two tokens each ∞(0) on WindUp(3, {1,2}): neither player may move to 0 (the
    opponent would answer to 0 + 0), so the play never ends."""
    value = loopy_value(WIND_UP, WIND_UP.parse("3:1,2:1,2"))
    assert isinstance(value, LoopyNimber) and value.finite is None
    assert value.outcome() is LoopyOutcome.D


# -- the loopy solver: perfect play ---------------------------------------------------

def result_for_mover(search: LoopySolver[Any], current: Any, player: Player | None) -> str:
    """"win", "lose" or "draw" for the player to move."""
    outcome = search.outcome(current)
    if player is None:
        return {LoopyOutcome.N: "win", LoopyOutcome.P: "lose"}.get(outcome, "draw")
    winner = outcome.winner(player.value)
    return "win" if winner == player.value else "draw" if winner == "D" else "lose"


def play_out(ruleset: Any, start: Any, mover: Player | None, rng: random.Random) -> None:
    """From a decided position the winner's best moves (the loser moving at random)
    end the game, each move keeping the result; from a draw, a best move keeps the
    draw."""
    search = LoopySolver(ruleset)
    current, player = start, mover
    for _ in range(4 * len(game_graph(ruleset, start).positions) + 4):
        result = result_for_mover(search, current, player)
        best = search.best_move(current, player, rng)
        if best is None:  # the player to move cannot move, and has lost
            assert result == "lose"
            return
        move, note = best
        if result == "lose":
            legal = list(ruleset.moves(current) if player is None
                         else ruleset.moves(current, player))
            child = rng.choice(legal)[1]
        else:
            child = (ruleset.play(current, move) if player is None
                     else ruleset.play(current, move, player))
        after = result_for_mover(search, child, None if player is None else player.opponent)
        assert after == {"win": "lose", "lose": "win", "draw": "draw"}[result], note
        if result == "draw":
            assert note.startswith("no winning move"), note
            return
        current, player = child, None if player is None else player.opponent
    pytest.fail("the winner's best moves did not end the game")


@settings(max_examples=30, deadline=None)
@given(st.text(alphabet="TF.", min_size=2, max_size=6), st.sampled_from(list(Player)),
       st.integers(0, 2**32))
def test_best_moves_win_in_backsliding_toads_and_frogs(strip: str, mover: Player,
                                                        seed: int) -> None:
    play_out(TOADS, strip, mover, random.Random(seed))


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 12), st.integers(0, 2**32))
def test_best_moves_win_in_wind_up(size: int, seed: int) -> None:
    rng = random.Random(seed)
    dial = WIND_UP.random_position(rng, size)
    play_out(WIND_UP, dial, None, rng)


# -- every surface --------------------------------------------------------------------

def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize(("args", "value", "outcome"), [
    (("wind-up", "3:1,2:1"), "∞(0)", "N"),
    (("wind-up", "3:1,2:1,2"), "∞", "D"),
    # a position equal to its own negative (reversed, toads and frogs swapped)
    (("backsliding-toads-and-frogs", "T..F"), "*", "N"),
    # a sum of the product graph: * + * = 0
    (("backsliding-toads-and-frogs", "T..F", "backsliding-toads-and-frogs", "T..F"), "0",
     "P"),
    (("fox-and-geese", "G.G./..../F..."), "{2|over}", "L"),
    # an impartial sum with a short game: ∞(0) + * = ∞(*), a draw (moving the token to
    # 0 or taking the heap loses, so the token goes round for ever)
    (("wind-up", "3:1,2:1", "nim", "1"), "∞(*)", "D"),
])
def test_cli_value_of_loopy_positions(args: tuple[str, ...], value: str, outcome: str
                                      ) -> None:
    status, out = run("value", *args, "--json")
    assert status == 0, out
    answer = json.loads(out)
    assert (answer["value"], answer["outcome"]) == (value, outcome)
    if len(args) == 2:
        assert str(position(*args).value()) == value
        assert position(*args).outcome().value == outcome
    status, out = run("value", *args, "--outcome")
    assert status == 0 and out.split()[0] == outcome, out
    status, out = run("value", *args)
    assert status == 0 and out.splitlines()[0] == value, out


def test_cli_moves_marks_winning_and_drawing_moves() -> None:
    status, out = run("moves", "wind-up", "3:1,2:1,2", "--json")
    assert status == 0, out
    moves = json.loads(out)["moves"]  # a token to 0 loses, the others keep the draw
    assert not any(m["winning"] for m in moves)
    assert [m["drawing"] for m in moves] == [",0" not in m["position"] and
                                             ":0" not in m["position"] for m in moves]
    assert any(m["drawing"] for m in moves)
    status, out = run("moves", "wind-up", "12:1,3:5", "--json")
    answer = json.loads(out)
    assert any(m["winning"] for m in answer["moves"]) == (answer["outcome"] == "N")
    status, out = run("moves", "backsliding-toads-and-frogs", "T..F")
    assert status == 0 and "winning" in out, out


@pytest.mark.parametrize("parts", [
    ("wind-up", "3:1,2:1", "nim", "1"),
    ("wind-up", "3:1,2:1,2", "wind-up", "4:1:2"),
    ("backsliding-toads-and-frogs", "T.F", "backsliding-toads-and-frogs", "T.F"),
    ("fox-and-geese", "G.G./..../F...", "domineering", "2x1"),
    ("backsliding-toads-and-frogs", "T.F", "nim", "1"),
])
def test_cli_moves_of_a_sum_value_and_mark_each_move_as_the_sum_after_it(
        parts: tuple[str, ...]) -> None:
    """Each move of a sum is a move in one part (``k:move``); its value and its mark are
    those ``grundy value`` gives the sum after it (the winner with the opponent to move:
    the mover wins, or it is a draw)."""
    status, out = run("moves", *parts, "--json")
    assert status == 0, out
    answer = json.loads(out)
    assert [p["ruleset"] for p in answer["sum"]] == [get(n).name for n in parts[::2]]
    status, out = run("value", *parts, "--json")
    assert (answer["value"], answer["outcome"]) == (json.loads(out)["value"],
                                                    json.loads(out)["outcome"])
    impartial = all(get(name).impartial for name in parts[::2])
    expected = []
    for player in [None] if impartial else list(Player):
        for k in range(len(parts) // 2):
            ruleset = get(parts[2 * k])
            here = ruleset.parse(parts[2 * k + 1])
            legal = (ruleset.moves(here) if ruleset.impartial  # type: ignore[call-arg]
                     else ruleset.moves(here, player))  # type: ignore[call-arg]
            for move, child in legal:
                after = list(parts)
                after[2 * k + 1] = ruleset.format(child)
                status, out = run("value", *after, "--json")
                valued = json.loads(out)
                outcome = LoopyOutcome(valued["outcome"])
                mover = "L" if player is None else player.value
                winner = ({LoopyOutcome.P: "L", LoopyOutcome.N: "R"}.get(outcome, "D")
                          if player is None else outcome.winner(player.opponent.value))
                expected.append((mover if player else None, f"{k}:{ruleset.format_move(move)}",
                                 valued["value"], winner == mover, winner == "D"))
    assert [(m.get("player"), m["move"], m["value"], m["winning"], m["drawing"])
            for m in answer["moves"]] == expected
    status, out = run("moves", *parts)
    title = out.splitlines()[0]
    assert status == 0 and " + " in title and f": {answer['value']} (" in title, out


def test_short_game_solvers_refuse_loopy_rulesets_in_one_line() -> None:
    with pytest.raises(GrundyError, match="positions repeat"):
        PartizanSolver(TOADS)
    with pytest.raises(GrundyError, match="positions repeat"):
        Solver(WIND_UP)
    assert isinstance(solver(WIND_UP), LoopySolver)


def play(*args: str, stdin: str) -> tuple[str, dict[str, Any]]:
    """``grundy play`` as a pipe drives it: the game shown, and its record (--json)."""
    runner = CliRunner()
    shown = runner.invoke(cli, ["play", *args], input=stdin)
    assert shown.exit_code == 0 and "Traceback" not in shown.output, shown.output
    recorded = runner.invoke(cli, ["play", *args, "--json"], input=stdin)
    assert recorded.exit_code == 0, recorded.output
    return shown.output, json.loads(recorded.stdout)


#: Every move label of a Backsliding Toads and Frogs strip of 4, over and over: the
#: human plays the first legal one, so some line of play whatever the computer does.
EVERY_LABEL = "".join(f"{i}\n{i}b\n" for i in range(4)) * 12


@pytest.mark.parametrize("seed", ["1", "2", "3"])
def test_play_a_loopy_ruleset_the_perfect_computer_wins_fast(seed: str) -> None:
    """T..F is N: Right (the computer, moving first) wins, and its fastest wins end the
    game whatever the human answers; each computer move says why it was chosen."""
    assert LoopySolver(TOADS).outcome("T..F") is LoopyOutcome.N
    shown, record = play("backsliding-toads-and-frogs", "T..F", "--first", "computer",
                         "--seed", seed, stdin=EVERY_LABEL)
    assert "a position that arises 3 times with the same player to move ends the game " \
           "in a draw" in shown
    assert "(a winning move)" in shown and "You cannot move: the computer wins." in shown
    assert (record["winner"], record["end"]) == ("computer", "no move")
    assert {m["side"] for m in record["moves"] if m["player"] == "computer"} == {"R"}


def test_play_a_draw_ends_by_repetition_and_hints_name_the_drawing_moves() -> None:
    """Wind-up 3:1,2:1,2 is ∞, a draw: moving a token to 0 loses, the other moves keep
    the draw; the computer keeps it, and the third time a position arises with the same
    player to move the game is drawn."""
    shown, record = play("wind-up", "3:1,2:1,2", "--seed", "3",
                         stdin="?\n" + "1-2\n2-1\n" * 10)
    assert "No winning move; moves that keep the draw: 1-2, 2-1" in shown
    assert "(no winning move: a move that keeps the draw)" in shown
    assert "arisen 3 times with the same player to move: a draw by repetition" in shown
    assert (record["winner"], record["end"]) == (None, "repetition")
    positions = [m["position"] for m in record["moves"]]
    assert positions.count("3:1,2:1,2") == 2  # the start, then twice more: a draw
    assert all(":0" not in p and ",0" not in p for p in positions)
    # the hint of a position with a winning move names it, and a sum with a short game
    # is played on the sum's graph (∞(0) + * is a draw: only the wind move keeps it)
    assert "Winning moves: 1-1" in play("wind-up", "3:1,2:1", stdin="?\n")[0]
    assert "moves that keep the draw: 0:1-2" in play("wind-up", "3:1,2:1", "nim", "1",
                                                      stdin="?\n")[0]


def test_the_workbench_reports_draws_and_plays_them(tmp_path: Any) -> None:
    with TestClient(create_app(tmp_path / "store.sqlite")) as client:
        analysed = client.post("/api/analyse", json={
            "ruleset": "wind-up", "position": "3:1,2:1,2"}).json()
        assert analysed["solved"] and analysed["value"] == "∞"
        assert analysed["outcome"] == "D" and "draw" in analysed["description"]
        hint = client.post("/api/hint", json={"ruleset": "wind-up",
                                              "position": "3:1,2:1,2"}).json()
        assert hint["solved"] and not any(m["winning"] for m in hint["moves"])
        assert any(m["drawing"] for m in hint["moves"])
        reply = client.post("/api/computer", json={
            "ruleset": "wind-up", "position": "3:1,2:1,2", "level": "perfect"}).json()
        assert "keeps the draw" in reply["note"]
        reply = client.post("/api/computer", json={
            "ruleset": "backsliding-toads-and-frogs", "position": "T..F", "player": "R",
            "level": "perfect"}).json()
        assert reply["note"] == "a winning move"
