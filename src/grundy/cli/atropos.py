"""``grundy atropos``: outcomes, conjectures, dice odds, pictures and play (Burke 2009).

The library does the work (``grundy.rulesets.atropos.rules*``); these commands only read
options, call it and print.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from grundy.cli import Output, Spinner
from grundy.cli.common import Search, emit_json, json_option, search_options
from grundy.cli.play import COMPUTER, HUMAN, LEVELS, play_game
from grundy.protocol import GrundyError, IllegalMoveError
from grundy.rulesets import get
from grundy.rulesets.atropos.board import FROM_LETTER, LETTERS
from grundy.rulesets.atropos.conjectures import check
from grundy.rulesets.atropos.players import player
from grundy.rulesets.atropos.rules import (
    AtroposMove,
    bad_triangles,
    board_svg,
    board_text,
    colour_cell,
    format_course,
    format_rows,
    parse_position,
    playable_cells,
    safe_colours,
    state_of,
)
from grundy.rulesets.atropos.search import (
    AtroposSolver,
    MoveProgress,
    nimber_census,
    project_work,
    solve_split,
    table_capacity,
    wins_by_first_move,
)
from grundy.rulesets.atropos.switches import (
    MAX_POSITIONS,
    a_switches,
    b_switches,
    find_switches,
    switch_plays,
)
from grundy.rulesets.atropos.variants import (
    DICE,
    Decision,
    Match,
    bot_answer,
    die,
    face_text,
    loss_probability,
    win_next_turn_probability,
)

UNRESTRICTED = click.option("--unrestricted", is_flag=True,
                            help="Unrestricted Atropos (Def 3.2.2): play anywhere.")


@click.group()
def atropos() -> None:
    """Atropos (Burke 2009): outcomes, conjectures, parity switches, dice odds, pictures
    and play.

    POSITION is a bare size (the empty board), the course string
    `[13][302]...[121212]LastPlay:null`, or readable rows such as `./r./...`
    (open circles top-down; the last move in lower case).
    """


@atropos.command()
@click.argument("position")
@UNRESTRICTED
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Solve the first moves in this many processes (with --store, each "
                   "move's result is kept as it is found, so a stopped run resumes); "
                   "each move solved is reported on stderr.")
@click.option("--threads", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Search on this many threads sharing one transposition table (the "
                   "native kernel; with --max-nodes, each thread's limit).")
@click.option("--table", type=int, default=None,
              help="Bound the transposition table to this many states (one thread: 16 "
                   "bytes each, rounded down to a power of two; --threads: about 90 bytes "
                   "each; --workers: each worker's table); when it is full, old states "
                   "make way (those that took least work first) and may be searched again; "
                   "the answer stays exact.  Default: 2^23 states (128 MB; --threads: "
                   "2^25 states).")
@click.option("--progress", "every", type=click.FloatRange(0, 86_400), default=60.0,
              show_default=True,
              help="A run longer than this many seconds reports on stderr, this often, the "
                   "first move being solved, the first moves decided, the states expanded "
                   "per second and a rough estimate of the work left; 0: never.")
@search_options
@json_option
def outcome(position: str, unrestricted: bool, workers: int, threads: int, table: int | None,
            every: float, max_nodes: int | None, max_seconds: float | None, store: str | None,
            as_json: bool) -> None:
    """Who wins from POSITION with perfect play, and a winning move.

    The first moves are solved one symmetry class at a time, those that leave the
    opponent fewest safe moves first; with --store each one's result is kept, so a
    stopped run resumes.  `grundy atropos estimate` projects the work of a size."""
    if workers > 1 and threads > 1:
        raise GrundyError("--workers (processes, each with its own table) and --threads "
                          "(one shared table) do not combine: give one of them")
    if table is not None:
        table_capacity(table, threads)  # a bad size is an error before any search
    start = parse_position(position)
    if bad_triangles(start):
        raise IllegalMoveError("this board already has a bad triangle: the game is over")
    restricted = not unrestricted
    search = Search(max_nodes, max_seconds, store)
    state = state_of(start, restricted)
    with search.opened_store() as opened, Spinner() as spinner:
        budget = search.budget(spinner)
        began = time.perf_counter()
        if workers > 1:
            def progress(done: int, total: int) -> None:
                click.echo(f"{done} of {total} first moves solved "
                           f"({time.perf_counter() - began:.0f} s)", err=True)

            split = solve_split(state, start.n, restricted, opened, workers, budget, progress,
                                table)
            wins, found, solved = split.wins, split.winning_move, split.nodes
        else:
            solver = AtroposSolver(start.n, restricted, budget, opened, threads=threads,
                                   table=table)
            wins, found = wins_by_first_move(solver, state,
                                             _reporter(start, every, began))
            solved = solver.solved
        seconds = time.perf_counter() - began
    label = None if found is None else _move_label(start, found)
    result = {
        "size": start.n, "position": format_rows(start), "restricted": restricted,
        "player_to_move_wins": wins, "winning_move": label,
        "states_solved": solved, "positions_expanded": budget.nodes,
        "seconds": round(seconds, 3),
    }
    if as_json:
        emit_json(result)
        return
    click.echo("N: the player to move wins" if wins else "P: the player to move loses")
    if label:
        click.echo(f"winning move: {label}")
    click.echo(f"{solved:,} states solved ({budget.nodes:,} expanded) in {seconds:.2f} s")


def _move_label(start: Any, move: tuple[int, int]) -> str:
    """A move (open circle, colour) as `grundy atropos` writes it: `R1,1`."""
    j, i = start.board.cells[move[0]]
    return f"{LETTERS[move[1]]}{j},{i}"


def _reporter(start: Any, every: float, began: float) -> Callable[[MoveProgress], None]:
    """What `outcome` prints on stderr as it goes (nothing in a run shorter than `every`
    seconds, or with `every` 0)."""
    last = began

    def report(at: MoveProgress) -> None:
        nonlocal last
        now = time.perf_counter()
        if not every or now - began < every or (at.opponent_wins is None
                                               and now - last < every):
            return
        last = now
        move = f"first move {at.index} of {at.total} ({_move_label(start, at.move)})"
        if at.opponent_wins is not None:
            click.echo(f"{move} decided: the opponent {'wins' if at.opponent_wins else 'loses'}"
                       f" ({at.expanded:,} states expanded)", err=True)
            return
        rate = at.total_expanded / (now - began)
        line = (f"{move}: {at.expanded:,} states expanded; {len(at.decided)} decided; "
                f"{rate:,.0f} states/s over {now - began:,.0f} s")
        left = at.remaining()
        if left is not None:
            line += (f"; if each move left costs the mean of those decided, about {left:,} "
                     f"states ({left / rate / 3600:,.1f} h) to go")
        click.echo(line, err=True)

    return report


@atropos.command()
@click.argument("size", type=click.IntRange(1, 9))
@UNRESTRICTED
@click.option("--depth", type=click.IntRange(1, 3), default=2, show_default=True,
              help="Sample the states this many plies after the start.")
@click.option("--samples", type=click.IntRange(1, 100_000), default=20, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@search_options
@json_option
def estimate(size: int, unrestricted: bool, depth: int, samples: int, seed: int,
             max_nodes: int | None, max_seconds: float | None, store: str | None,
             as_json: bool) -> None:
    """Project the work of `grundy atropos outcome SIZE` by sampling: the states DEPTH
    plies after the start are listed up to symmetry, SAMPLES of them drawn at random and
    solved one by one; classes x mean work estimates solving all of them.  The outcome
    search does a fraction of that (it stops at a first winning move and shares its
    table): docs/atropos.md gives the fraction measured at sizes 5 to 8."""
    restricted = not unrestricted
    search = Search(max_nodes, max_seconds, store)
    with Spinner() as spinner:
        budget = search.budget(spinner)
        began = time.perf_counter()
        projection = project_work(size, depth, samples, restricted, seed, budget)
        seconds = time.perf_counter() - began
    result = {
        "size": size, "restricted": restricted, "depth": depth, "classes": projection.classes,
        "samples": list(projection.samples), "estimate": round(projection.estimate),
        "standard_error": round(projection.error), "seconds": round(seconds, 3),
        "states_per_second": round(sum(projection.samples) / seconds) if seconds else None,
    }
    if as_json:
        emit_json(result)
        return
    click.echo(f"{projection.classes:,} states {depth} plies after the start; "
               f"{len(projection.samples)} solved: {sum(projection.samples):,} states "
               f"expanded in {seconds:.1f} s")
    click.echo(f"solving all of them on their own: about {projection.estimate:,.0f} "
               f"± {projection.error:,.0f} states expanded")


@atropos.command()
@click.argument("position")
@UNRESTRICTED
@click.option("--suicide", is_flag=True,
              help="Suicidal moves are moves to a finished game of value 1 (Def 2.1.6); "
                   "by default they are dropped.")
@click.option("--table", type=click.IntRange(1, 1 << 40), default=None,
              help="Bound the table to two generations of this many states (about 200 "
                   "bytes each); states may then be expanded again and counted twice, the "
                   "largest value and its positions stay exact.  Default: keep all.")
@search_options
@json_option
def nimbers(position: str, unrestricted: bool, suicide: bool, table: int | None,
            max_nodes: int | None, max_seconds: float | None, store: str | None,
            as_json: bool) -> None:
    """The nimbers of every position reachable from POSITION: how many states have each
    value and a position reaching each, so the largest (Burke, Ferland & Teng 2022,
    Lemma 21: at most *7; Ferland 2024: *6).  Every state is kept in memory (about 200
    bytes each) unless --table bounds it: n = 5 takes 0.3 GB."""
    root = parse_position(position)
    if bad_triangles(root):
        raise IllegalMoveError("this board already has a bad triangle: the game is over")
    restricted = not unrestricted
    search = Search(max_nodes, max_seconds, store)
    with Spinner() as spinner:
        budget = search.budget(spinner)
        began = time.perf_counter()
        census = nimber_census(root.n, state_of(root, restricted), restricted, suicide, budget,
                               table)
        seconds = time.perf_counter() - began
    witnesses = []
    for path in census.witnesses:
        reached = root
        for k, colour in path:
            reached = colour_cell(reached, (*root.board.cells[k], colour))
        witnesses.append(format_rows(reached))
    result = {
        "size": root.n, "position": format_rows(root), "restricted": restricted,
        "suicide": suicide, "nimber": census.nimber, "largest": census.largest,
        "counts": list(census.counts),
        "witnesses": [w if c else None for w, c in zip(witnesses, census.counts, strict=True)],
        "positions_expanded": census.nodes, "seconds": round(seconds, 3),
    }
    if as_json:
        emit_json(result)
        return
    click.echo(f"value *{census.nimber}; largest value reachable *{census.largest}")
    for value, (count, witness) in enumerate(zip(census.counts, witnesses, strict=True)):
        if count:
            click.echo(f"*{value}: {count:,} states, e.g. {witness}")
    click.echo(f"{census.nodes:,} states expanded in {seconds:.2f} s")


@atropos.command()
@click.option("--max-size", type=click.IntRange(1, 8), default=5, show_default=True)
@search_options
@json_option
def conjectures(max_size: int, max_nodes: int | None, max_seconds: float | None,
                store: str | None, as_json: bool) -> None:
    """Check Conjectures 4.2.1, 5.2.1 and 5.2.2 (Burke 2009) for sizes 1..N."""
    search = Search(max_nodes, max_seconds, store)
    with Spinner() as spinner:
        budget = search.budget(spinner)
        results = [check(n, budget) for n in range(1, max_size + 1)]
    if as_json:
        emit_json([r.to_json() for r in results])
        return
    yes = {True: "yes", False: "NO"}
    Output().table(
        ["n", "first wins", "unrestricted first wins", "fill: by first / second",
         "4.2.1", "5.2.1", "5.2.2"],
        [[str(r.n), yes[r.first_wins], yes[r.unrestricted_first_wins],
          f"{yes[r.fill_enforcers[0]]} / {yes[r.fill_enforcers[1]]}",
          *(("holds" if ok else "FAILS") for ok in
            (r.conjecture_4_2_1, r.conjecture_5_2_1, r.conjecture_5_2_2))]
         for r in results],
    )


@atropos.command()
@click.argument("position")
@UNRESTRICTED
@click.option("--colour-blind", is_flag=True,
              help="Barred | / shaded % / filled # symbols instead of letters (Fig 2.1).")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False, writable=True),
              help="Also write an SVG picture to this file.")
@json_option
def show(position: str, unrestricted: bool, colour_blind: bool, svg_path: str | None,
         as_json: bool) -> None:
    """The board, the playable circles with their safe colours, and any bad triangle."""
    board = parse_position(position)
    if svg_path is not None:
        Path(svg_path).write_text(board_svg(board, colour_blind), encoding="utf-8")
    cells = playable_cells(board, not unrestricted)
    safe = {f"{j},{i}": "".join(LETTERS[c] for c in safe_colours(board, (j, i)))
            for j, i in cells}
    bad = [[list(c) for c in t] for t in bad_triangles(board)]
    if as_json:
        emit_json({"size": board.n, "position": format_rows(board),
                   "course": format_course(board), "playable": safe, "bad_triangles": bad})
        return
    click.echo(board_text(board, colour_blind))
    click.echo(format_course(board))
    if bad:
        click.echo(f"bad triangle(s): {bad}: the player who made it has lost")
    else:
        click.echo("playable circles (safe colours): "
                   + ", ".join(f"{k} ({v or 'none'})" for k, v in safe.items()))


@atropos.command()
@click.argument("board")
@click.option("--max-positions", type=click.IntRange(1), default=MAX_POSITIONS,
              show_default=True, metavar="N",
              help="Stop the search of a board size after N positions (then not complete).")
@json_option
def switches(board: str, max_positions: int, as_json: bool) -> None:
    """Parity switches of unrestricted Atropos (Burke 2009, §4.2): plays that make an
    even, positive number of bad triangles, A-switches (an uncoloured circle whose
    coloured ring makes every colour such a play) and B-switches (a dead circle next to a
    circle with one safe colour, which once played leaves an A-switch).

    BOARD is a size, to search every position of that board reachable by safe play (one
    witness per A-switch ring), or a position, to list its switch plays and A-switches.
    Example: grundy solve atropos switches 4 finds the two A-switch rings.
    """
    if board.strip().isdigit():
        report = find_switches(int(board), max_positions)
        found = [{"pattern": pattern, "position": format_rows(position),
                  "circle": list(cell)} for pattern, (position, cell) in report.witnesses.items()]
        b_found = None
        if report.b_witness is not None:
            position, (t, u, x) = report.b_witness
            b_found = {"position": format_rows(position), "dead": list(t), "forced": list(u),
                       "colour": LETTERS[x]}
        if as_json:
            emit_json({"size": report.n, "positions": report.positions,
                       "complete": report.complete, "with_a_switch": report.with_a_switch,
                       "with_b_switch": report.with_b_switch,
                       "with_switch_play": report.with_switch_play, "a_switches": found,
                       "b_switch": b_found})
            return
        click.echo(f"size {report.n}: {report.positions:,} positions reachable by safe play"
                   f"{'' if report.complete else ' (stopped at --max-positions)'}; "
                   f"{report.with_switch_play:,} with a switch play, "
                   f"{report.with_a_switch:,} with an A-switch, "
                   f"{report.with_b_switch:,} with a B-switch")
        for item in found:
            click.echo(f"A-switch ring {item['pattern']}: circle {item['circle'][0]},"
                       f"{item['circle'][1]} in {item['position']}")
        if b_found is not None:
            click.echo(f"B-switch: {b_found['colour']} forced at {b_found['forced'][0]},"
                       f"{b_found['forced'][1]} leaves {b_found['dead'][0]},"
                       f"{b_found['dead'][1]} an A-switch, in {b_found['position']}")
        return
    position = parse_position(board)
    plays = switch_plays(position)
    cells = a_switches(position)
    pairs = b_switches(position)
    if as_json:
        emit_json({"position": format_rows(position),
                   "switch_plays": [{"circle": list(c), "colour": LETTERS[x], "bad_triangles": k}
                                    for c, x, k in plays],
                   "a_switches": [list(c) for c in cells],
                   "b_switches": [{"dead": list(t), "forced": list(u), "colour": LETTERS[x]}
                                  for t, u, x in pairs]})
        return
    click.echo(board_text(position))
    click.echo("switch plays: " + (", ".join(f"{j},{i} {LETTERS[x]} ({k} bad triangles)"
                                            for (j, i), x, k in plays) or "none"))
    click.echo("A-switches: " + (", ".join(f"{j},{i}" for j, i in cells) or "none"))
    click.echo("B-switches: " + (", ".join(f"{t[0]},{t[1]} (once {LETTERS[x]} is forced at "
                                          f"{u[0]},{u[1]})" for t, u, x in pairs) or "none"))


@atropos.command()
@click.argument("position")
@click.option("--die", "die_name", type=click.Choice(sorted(DICE)),
              help="One die (default: every die of Burke 2009, §6.1.4).")
@UNRESTRICTED
@json_option
def dice(position: str, die_name: str | None, unrestricted: bool, as_json: bool) -> None:
    """Atropos with a die (Def 6.1.1): the chance the player to move loses this turn,
    and the chance they survive and the opponent then loses at once."""
    board = parse_position(position)
    rows = []
    for name in [die_name] if die_name else list(DICE):
        faces = die(name)
        lose = loss_probability(board, faces, not unrestricted)
        win = win_next_turn_probability(board, faces, not unrestricted)
        rows.append([name, " ".join(face_text(f) for f in faces), str(lose), str(win)])
    if as_json:
        emit_json([{"die": name, "faces": faces.split(), "lose_this_turn": lose,
                    "win_next_turn": win} for name, faces, lose, win in rows])
        return
    Output().table(["die", "faces", "P(lose this turn)", "P(opponent loses next turn)"], rows)
    if die_name in (None, "d20"):
        click.echo("note: the thesis lists only 19 faces for the 20-sided die (erratum); "
                   "d20 rolls those 19")


@atropos.command()
@click.option("--size", type=click.IntRange(1, 12), default=4, show_default=True)
@click.option("--variant", type=click.Choice(["plain", "dice", "cards", "multi-cards",
                                              "three-player"]),
              default="plain", show_default=True)
@click.option("--level", type=click.Choice(LEVELS), default="perfect", show_default=True,
              help="The computer: random (safe moves), heuristic, or perfect (a winning "
                   "move whenever the solver finds one, else heuristic).")
@click.option("--first", type=click.Choice([HUMAN, COMPUTER]), default=HUMAN,
              show_default=True, help="Who moves first (two players).")
@click.option("--die", "die_name", type=click.Choice(sorted(DICE)), default="d6",
              show_default=True, help="The die of --variant dice.")
@click.option("--players", type=click.IntRange(2, 8), default=2, show_default=True,
              help="Seats for --variant multi-cards (three-player always has 3).")
@click.option("--seat", type=click.IntRange(0, 8),
              help="Games of more than two: your seat (1 moves first); 0: computers only.")
@UNRESTRICTED
@click.option("--colour-blind", is_flag=True, help="Barred / shaded / filled symbols.")
@click.option("--seed", type=int, help="Seed the dice, the cards and the computers.")
@search_options
@json_option
def play(size: int, variant: str, level: str, first: str, die_name: str, players: int,
         seat: int | None, unrestricted: bool, colour_blind: bool, seed: int | None,
         max_nodes: int | None, max_seconds: float | None, store: str | None,
         as_json: bool) -> None:
    """Play Atropos or a variant against the computer, reading moves from stdin.

    The plain game is `grundy play atropos SIZE` (the same prompt, hints with `?`,
    --level and --first).  Moves are written colour then row,column (R2,1; Y also
    means green); in the card phase type a card number or `pass`; `quit` leaves.
    Three-player Atropos is unrestricted (Burke 2009, Def 3.2.2) whatever --unrestricted says.
    """
    search = Search(max_nodes, max_seconds, store)
    if variant == "plain" and seat is None:
        ruleset = get("unrestricted-atropos" if unrestricted else "atropos")
        play_game(ruleset, ruleset.parse(str(size)), first=first, side="L", level=level,
                  seed=seed, search=search, as_json=as_json)
        return
    match = Match(size, variant, players,  # type: ignore[arg-type]
                  restricted=not unrestricted and variant != "three-player",
                  faces=die(die_name), rng=random.Random(seed))
    out = Output(stderr=as_json)
    strategy = "random-safe" if level == "random" else level
    bots = [player(strategy, max_nodes or 200_000) for _ in range(match.players)]
    you = seat if seat is not None else 1 if first == HUMAN else 2
    shown = 0
    while (decision := match.decision()) is not None:
        for line in match.log[shown:]:
            out.line(line)
        shown = len(match.log)
        if decision.player + 1 != you:
            match.answer(bot_answer(match, bots[decision.player]))
            continue
        choice = ask(match, decision, out, colour_blind)
        if choice == "quit":
            break
        try:
            match.answer(choice)
        except IllegalMoveError as error:
            out.line(str(error))
    for line in match.log[shown:]:
        out.line(line)
    out.line(board_text(match.position, colour_blind))
    if match.winner is not None:
        out.line(f"player {match.winner + 1} wins", style="bold")
    if as_json:
        emit_json({"variant": variant, "size": size, "winner": None if match.winner is None
                   else match.winner + 1, "log": match.log,
                   "final": format_course(match.position)})


def ask(match: Match, decision: Decision, out: Output, colour_blind: bool) -> Any:
    """The human's answer to a decision: a move, a card index, None (pass) or "quit";
    the prompt is ``grundy play``'s (``?`` lists what may be played: the variants'
    chance and cards leave no exact hints)."""
    if decision.kind == "card":
        hand = ", ".join(f"{k}: {face_text(c)}" for k, c in enumerate(decision.cards))
        options = f"top card {face_text(match.top)}; your cards {hand}; a number or pass"
    else:
        out.line(board_text(match.position, colour_blind))
        colours = ", ".join(LETTERS[c] for c in decision.colours)
        legal = ", ".join(f"{LETTERS[c]}{j},{i}" for j, i, c in decision.moves)
        options = f"You may colour with {colours}. Legal moves: {legal}"
    out.line(options)
    while True:
        click.echo("Your move (? for the legal moves, quit to stop): ", nl=False,
                   err=out.stderr)
        line = sys.stdin.readline()
        if not line:
            return "quit"
        text = line.strip().upper()
        if text in ("QUIT", "Q", "EXIT"):
            return "quit"
        if text in ("?", "HINT"):
            out.line(options)
            continue
        if decision.kind == "card":
            if text == "PASS":
                return None
            if text.isdigit():
                return int(text)
        else:
            move = parse_move_text(text)
            if move in decision.moves:
                return move
        out.line(f"cannot read {line.strip()!r} here: try again")


def parse_move_text(text: str) -> AtroposMove | None:
    """``R2,1`` → (2, 1, red); None if it is not of that form."""
    colour = FROM_LETTER.get(text[:1])
    row, _, column = text[1:].partition(",")
    if colour is None or not row.strip().isdigit() or not column.strip().isdigit():
        return None
    return int(row), int(column), colour
