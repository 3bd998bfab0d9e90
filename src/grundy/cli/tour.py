"""``grundy tour``: the papers' worked examples, every value computed on the spot.

Each example pairs what the source states (a printed value, a caption, a figure)
with what the library computes now, so a disagreement shows up as an erratum
instead of being papered over.  Sources are cited by paper and locator (the
bibliography is ``grundy.bibliography``); the errata are in ``docs/errata.md``.
Maintainers find each locator's line of the seed files in the comments.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import click

from grundy.cli import Output
from grundy.cli.common import emit_json, json_option
from grundy.oracles import Counting, RulesetOracles, ValueOracles, identify_nimber, locate
from grundy.oracles.winning_way import winning_way_nimber
from grundy.protocol import Citation, PartizanRuleset
from grundy.reductions import get as reduction
from grundy.reductions.graph_contraction import hero_wins
from grundy.reductions.misere_geography import (
    arc_gadget_value,
    gadget_claims,
    misere_image,
    tree_values,
)
from grundy.reductions.qsat_geography import Qbf, truth
from grundy.reductions.quantum_geography import classical_start
from grundy.rulesets import ImpartialRuleset, UnknownRulesetError, get
from grundy.rulesets.atropos.search import AtroposSolver, start_state
from grundy.rulesets.formulas.avoid_true import AvoidTrue
from grundy.rulesets.transverse_wave.rules import theorem_1_as_printed
from grundy.search import Solver
from grundy.search.partizan import PartizanSolver
from grundy.transforms import Sum
from grundy.transforms.quantum import Quantum
from grundy.values import Game, Outcome, format_nimber
from grundy.values import parse as parse_game

TW = "burke-ferland-teng-2021"  # seed 000_7d67923f02e8dd4e.txt
NP = "burke-ferland-teng-2022"  # seed 002_8bc4c30c443a0021.txt
BURKE = "burke-2009"  # seed 004_d08755248cee49c5.txt
FERLAND = "ferland-2024"  # seed 001_56c9c94dd1ec088e.txt (@N: character offsets)


def cite(paper: str, locator: str) -> str:
    """``Burke, Ferland & Teng 2021, Table 2``."""
    return str(Citation(paper, locator=locator))


@dataclass(frozen=True)
class Example:
    """One example: what the source states beside what was computed just now."""

    label: str
    ruleset: str
    #: The position as typed (``grundy value RULESET POSITION`` reproduces it).
    position: str
    computed: str
    stated: str = ""
    source: str = ""

    @property
    def verdict(self) -> str:
        if not self.stated:
            return ""
        return "agrees" if self.stated == self.computed else "DIFFERS"


@dataclass
class Section:
    title: str
    source: str
    text: list[str]
    examples: list[Example] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        for example, row in zip(self.examples, data["examples"], strict=True):
            row["verdict"] = example.verdict
        return data


class Calculator:
    """Parses positions and computes values, one solver per ruleset."""

    def __init__(self) -> None:
        self.solvers: dict[str, Solver[Any]] = {}

    def ruleset(self, name: str) -> ImpartialRuleset[Any]:
        ruleset = get(name)
        assert isinstance(ruleset, ImpartialRuleset), f"{name} is not impartial"
        return ruleset

    def solver(self, ruleset: ImpartialRuleset[Any]) -> Solver[Any]:
        if ruleset.name not in self.solvers:
            self.solvers[ruleset.name] = Solver(ruleset)
        return self.solvers[ruleset.name]

    def nimber(self, ruleset: ImpartialRuleset[Any], position: Hashable) -> int:
        return self.solver(ruleset).grundy(position)

    def value(self, ruleset: ImpartialRuleset[Any], position: Hashable) -> str:
        return format_nimber(self.nimber(ruleset, position))

    def example(
        self, label: str, name: str, text: str, stated: str = "", source: str = ""
    ) -> Example:
        """The value of ``text`` in ruleset ``name``."""
        ruleset = self.ruleset(name)
        value = self.value(ruleset, ruleset.parse(text))
        return Example(label, ruleset.name, text, value, stated, source)

    def partizan_example(
        self, label: str, name: str, text: str, stated: str = "", source: str = ""
    ) -> Example:
        """The canonical form of ``text`` in the partizan ruleset ``name``."""
        ruleset = get(name)
        assert isinstance(ruleset, PartizanRuleset), f"{name} is impartial"
        value = PartizanSolver(ruleset).value(ruleset.parse(text))
        return Example(label, ruleset.name, text, str(value), stated, source)

    def sum_example(
        self, label: str, parts: Sequence[tuple[str, str]], stated: str = "", source: str = ""
    ) -> Example:
        """The value of the disjunctive sum of ``(ruleset, text)`` parts."""
        pairs = [(self.ruleset(name), self.ruleset(name).parse(text)) for name, text in parts]
        ruleset, position = Sum.of(pairs)
        typed = " + ".join(f"{name} {text}" for name, text in parts)
        return Example(label, "sum", typed, format_nimber(Solver(ruleset).grundy(position)),
                       stated, source)


def matrix(grid_text: str) -> str:
    """``PG/GG`` written as the notes write grids: ``[[P,G],[G,G]]``."""
    return "[" + ",".join("[" + ",".join(row) + "]" for row in grid_text.split("/")) + "]"


# -- sections -----------------------------------------------------------------------

TABLE_2 = [  # (paper's nimber, shorthand, other columns), TW L184-191
    ("0", "(0)", ""), ("*", "(0)(01)", ""), ("*2", "(01)(2)", ""), ("*3", "(01)(2)", "3"),
    ("*4", "(01)(234)(035)", ""), ("*5", "(01)(234)(035)", "6"),
    ("*6", "(012)(034)(0156)(2578)", ""), ("*7", "(012)(034)(0156)(2578)", "9"),
]


def table_2(calc: Calculator) -> Section:
    examples = []
    for stated, rows, extra in TABLE_2:
        text = f"{int(extra) + 1}:{rows}" if extra else rows
        examples.append(calc.example(f"row {stated}", "transverse-wave", text,
                                     stated, cite(TW, "Table 2")))
    return Section(
        "Transverse Wave: Table 2, values up to *7",
        cite(TW, "Table 2"),  # L183-193
        ["Each row lists a grid's purple columns; 'other columns' adds all-green ones, "
         "written here with a width in front: 4:(01)(2) is (01)(2) plus green column 3."],
        examples,
    )


def move_example(calc: Calculator) -> Section:
    ruleset = calc.ruleset("transverse-wave")
    before = ruleset.parse("PG/GG")
    after = ruleset.play(before, ruleset.parse_move(before, "0"))
    return Section(
        "Transverse Wave: one move",
        cite(TW, "Ruleset 1, Figure 1"),  # L57-59, L80
        ["Selecting column j paints column j purple, and every row that was purple in "
         "column j turns all purple.  The paper counts columns from 1; grundy's move "
         "labels count from 0, so the paper's column 1 is move 0."],
        [Example("[[P,G],[G,G]], column 1", ruleset.name, "PG/GG",
                 matrix(ruleset.format(after)), "[[P,P],[P,G]]", cite(TW, "Figure 1"))],
    )


def avoid_true(calc: Calculator) -> Section:
    tw, at = calc.ruleset("transverse-wave"), calc.ruleset("avoid-true")
    cw_and, cw_or = calc.ruleset("crosswise-and"), calc.ruleset("crosswise-or")
    assert isinstance(at, AvoidTrue)
    examples = []
    for name, formula, matrix_text, stated, locator in [
        ("first", "(x2|x3|x6)&(x1|x3|x7)&(x2|x3|x7)", "1001101/0101110/1001110", "0",
         "Theorem 4, first example"),  # L364-375
        ("second", "(x1|x2|x3|x4)&(x1|x5|x6|x7)&(x1|x3|x6)&(x2|x5|x8); T=x8",
         "00001110/01110000/01011010", "*", "Theorem 4, second example"),  # L379-390
    ]:
        source = cite(TW, locator)
        examples.append(calc.example(f"{name}: Avoid True", at.name, formula, stated, source))
        examples.append(calc.example(f"{name}: DQ Boolean Nim = Crosswise AND", cw_and.name,
                                     matrix_text, stated, source))
        grid = at.grid(at.parse(formula))
        examples.append(calc.example(f"{name}: Transverse Wave", tw.name, tw.format(grid),
                                     stated, source))
        examples.append(calc.example(f"{name}: Crosswise OR", cw_or.name, cw_or.format(grid),
                                     stated, source))
    return Section(
        "Avoid True, Demi-Quantum Boolean Nim, Crosswise and Transverse Wave",
        cite(TW, "Ruleset 7, Theorem 4, Props 1-2 and 4"),  # L352-390
        ["Theorem 4: an Avoid True position is the same game as a Demi-Quantum Boolean Nim "
         "matrix (one row per unsatisfied clause, 0 where the variable is in the clause or "
         "already true), which is Crosswise AND (Prop 4).  Read 1 as green and 0 as purple "
         "and it is Transverse Wave (Prop 1); Crosswise OR writes purple as 1 (Prop 2).  "
         "The paper's matrices are typed in as printed; the grids are computed from the "
         "formulas.",
         "The stated values were checked by an independent brute-force program; the paper "
         "prints the matrices only.  In the second example clause D contains x8, already "
         "true, so it has no row."],
        examples,
    )


def nim(calc: Calculator) -> Section:
    ruleset = calc.ruleset("nim")
    heaps = ruleset.parse("3,5,7")
    winning = Solver(ruleset).winning_moves(heaps)
    winning_text = ", ".join(ruleset.format_move(move) for move, _ in winning)
    return Section(
        "Nim and the Sprague-Grundy sum rule",
        # L291-298 of seed 000; L63 of seed 002; L1156 of seed 004
        "; ".join([cite(TW, "§3.1"), cite(NP, "§1.1"), cite(BURKE, "§5.1")]),
        ["Bouton: a Nim position's value is the XOR of its heaps.  The sum rule: "
         "nimber(G + H) = nimber(G) ⊕ nimber(H).",
         f"Winning moves from 3,5,7 (computed; h-q takes q tokens from heap h, heaps "
         f"numbered from 0): {winning_text or 'none'}.",
         "Burke's thesis (Burke 2009, §5.1) states that G = *5 and H = *3 give G + H = 5 ⊕ 3 = 4; "
         "5 ⊕ 3 is 6 (101 ⊕ 011 = 110), as both sums below show."],
        [
            calc.example("3,5,7", ruleset.name, "3,5,7"),
            calc.sum_example("*5 + *3 as Nim heaps", [("nim", "5"), ("nim", "3")], "*4",
                             cite(BURKE, "§5.1")),
            calc.sum_example("*5 + *3 from Table 2",
                             [("transverse-wave", "7:(01)(234)(035)"),
                              ("transverse-wave", "4:(01)(2)")], "*4", cite(BURKE, "§5.1")),
        ],
    )


def node_kayles(calc: Calculator) -> Section:
    title = "Node Kayles on a path"
    source = cite(TW, "Ruleset 5")  # L233-237
    try:
        ruleset = calc.ruleset("node-kayles")
    except UnknownRulesetError:
        return Section(title, source, ["node-kayles is not registered in this build: skipped."])
    examples = []
    for n in range(1, 13):
        path = f"{n};" + ",".join(f"{v}-{v + 1}" for v in range(n - 1))
        examples.append(calc.example(f"path of {n}", ruleset.name, path))
    return Section(
        title, source,
        ["Select a vertex not adjacent to a selected one.  On a path a move splits the "
         "rest into two shorter paths played side by side, so values add by XOR."],
        examples,
    )


def calculated(label: str, expression: str, computed: str, stated: str = "",
               source: str = "") -> Example:
    """A row of the values calculator (``grundy calc EXPRESSION``)."""
    return Example(label, "calc", expression, computed, stated, source)


def stops(game: Game) -> str:
    return f"left stop {game.left_stop()}, right stop {game.right_stop()}"


def short_games(calc: Calculator) -> Section:
    numbers = [
        calculated(f"{printed} is a number", printed, str(parse_game(printed)), value,
                   cite(FERLAND, "§2.3"))  # @38327
        for printed, value in [("{0|1}", "1/2"), ("{1/2|1}", "3/4"), ("{1|2}", "3/2"),
                               ("1/2 + 1/2 - 1", "0")]
    ]
    switch = parse_game("{4|2} - 3 + *")
    hot, hotter, doubled = parse_game("{4|2}"), parse_game("{8|-6}"), parse_game("{4|2 || 3|-2}")
    subtraction = [  # @43856
        calc.partizan_example(f"G{n}", "partizan-subtraction", f"1,3|2,3:{n}", stated,
                              cite(FERLAND, "§2.3.2"))
        for n, stated in [(1, "1"), (2, "{1|0}"), (3, "{0,{1|0}|0}"), (4, "{1|1,{1|0}}")]
    ]
    return Section(
        "Short partizan games: numbers, switches, stops and temperature",
        cite(FERLAND, "Ch. 2"),
        ["Ferland's thesis introduces the partizan theory with small worked values; each is "
         "computed here by the values calculator (grundy calc) or by solving the ruleset.  "
         "Two statements are errata (docs/errata.md): {4|2 || 3|-2} equals the number 2, so "
         "both its stops are 2, and {4|2} has temperature 1 (mean 3), not 2.",
         "SUBTRACTION{(1,3)|(2,3)}: Left removes 1 or 3 tokens, Right 2 or 3; G_n is the "
         "heap of n.  The stated forms are the thesis' own, written without spaces."],
        [*numbers,
         calculated("{4|2} - 3 + *", "{4|2} - 3 + *", switch.outcome().name, "N",
                    cite(FERLAND, "§2.3.2.3")),  # @43294
         calculated("stops of {4|2 || 3|-2}", "{4|2 || 3|-2}", stops(doubled),
                    "left stop 2, right stop 3", cite(FERLAND, "§2.3.2")),  # @42123
         calculated("temperature of {4|2}", "{4|2}", str(hot.temperature()), "2",
                    cite(FERLAND, "§2.3.3.3")),  # @48944
         calculated("temperature of {8|-6}", "{8|-6}", str(hotter.temperature()), "7",
                    cite(FERLAND, "Def 2.3.3")),  # @50464
         calculated("{8|-6} cooled by 7", "{8|-6}", str(hotter.cool(7)), "1*",
                    cite(FERLAND, "Def 2.3.3")),
         *subtraction],
    )


def superstars_and_quantum(calc: Calculator) -> Section:
    epmx, stars = get("epmx"), get("superstars")
    assert isinstance(epmx, PartizanRuleset) and isinstance(stars, PartizanRuleset)
    example = epmx.examples[0]  # @113639
    image = reduction("epmx-superstars").map_position(epmx.parse(example))
    quantum = calc.ruleset("quantum-nim")
    figure = [  # @136442: the player to move wins (N) or loses (P)
        Example(f"Figure 6.1: {text}", quantum.name, text,
                "N" if calc.value(quantum, quantum.parse(text)) != "0" else "P", stated,
                cite(FERLAND, "Figure 6.1"))
        for text, stated in [("2,2", "N"), ("<(1,2)|(2,1)>", "P"), ("<(0,2)|(1,1)>", "N"),
                             ("<(0,2)|(1,0)|(1,1)>", "N"), ("0,1", "N")]
    ]
    return Section(
        "Superstars, EPMX and Quantum Nim",
        cite(FERLAND, "§4.2.1, §6.1"),
        ["Thm 4.2.4 maps an EPMX formula to a sum of superstars (the registered reduction "
         "epmx-superstars); the thesis' example sum is N and X loses the formula game "
         "whoever starts (the thesis' 'X wins going first' direction is one-way: see "
         "docs/errata.md).",
         "Quantum Nim: a quantum move is a superposition of classical moves; it is legal when "
         "each of them is legal in some realization of the position."],
        [Example("EPMX example as superstars", stars.name, stars.format(image),
                 PartizanSolver(stars).outcome(image).name, "N", cite(FERLAND, "Thm 4.2.4")),
         Example("EPMX example: who wins", epmx.name, example,
                 PartizanSolver(epmx).outcome(epmx.parse(example)).name, "R",
                 cite(FERLAND, "§4.2.1")),
         *figure],
    )


def oracle_algorithms(calc: Calculator) -> Section:
    nimbers = []
    for name, text, stated, source in [
        ("transverse-wave", "(01)(234)(035)", "*4", cite(TW, "Table 2")),
        ("transverse-wave", "7:(01)(234)(035)", "*5", cite(TW, "Table 2")),
    ]:
        ruleset = calc.ruleset(name)
        backing = RulesetOracles(ruleset)
        oracles: Counting[Any] = Counting(backing)
        found = identify_nimber(backing.position(ruleset.parse(text)), oracles)
        k = calc.nimber(ruleset, ruleset.parse(text))
        nimbers.append(Example(f"Algorithm 1: {name} {text}", "oracle", f"{name} {text}",
                               format_nimber(found), stated, source))
        nimbers.append(Example("  outcome queries (Thm 5.1.1: k + 1)", "oracle",
                               f"{name} {text}", str(oracles.queries["outcome"]), str(k + 1),
                               cite(FERLAND, "Thm 5.1.1")))  # @123500
    locations = []
    for text in ["{4|2}", "{8|-6}", "^"]:
        game = parse_game(text)
        counted: Counting[Game] = Counting(ValueOracles())
        found_at = str(locate(game, counted))
        stated = (f"confused with [{game.right_stop()}, {game.left_stop()}]"
                  if game.left_stop() != game.right_stop()
                  else f"infinitesimally close to {game.left_stop()}")
        locations.append(Example(
            f"Algorithm 2: {text} ({counted.queries['outcome']} outcome queries)", "oracle",
            f"value {text}", found_at, stated, cite(FERLAND, "§2.3.3.2, Thm 5.1.2")))
    return Section(
        "Ferland's oracle algorithms",
        cite(FERLAND, "Ch. 5"),  # @120500-131500; Thms 5.1.1-5.1.2 at L821-825
        ["An algorithm in the three-oracle model sees no position: it asks the outcome of "
         "a position, a position of a given value, and the sum of two positions "
         "(grundy values oracle RULESET POSITION).  Algorithm 1 (Thm 5.1.1) finds G = *k by asking "
         "o(G + *j) for j = 0, 1, ...: exactly k + 1 outcome queries, the stated count "
         "taking k from grundy's search.",
         "Algorithm 2 (Thm 5.1.2) finds the number G is infinitesimally close to or its "
         "confusion interval, whose ends the thesis gives as the stops R(G) and L(G) "
         "(§2.3.3.2), by exponential search and bisection with s·↑ probes; its query count "
         "is in the label (O(log |x| + p + log h) rounds of at most three queries, checked "
         "on random games by the tests).  As printed its midpoints and its ↑ probes are "
         "errata (docs/errata.md): the printed Step 3 never ends on ↑, which the corrected "
         "algorithm locates."],
        [*nimbers, *locations],
    )


MISERE = "undirected-geography (misère)"


def geography_oracles_and_misere(calc: Calculator) -> Section:
    graph, directed = calc.ruleset("undirected-geography"), calc.ruleset("geography")
    path = "6;0-1,1-2,2-3,3-4,4-5;start=2"
    nimber, queries, _ = winning_way_nimber(graph, graph.parse(path))
    tree_text = "6;0-1,0-2,0-3,3-4,3-5;start=0"
    tree = graph.parse(tree_text)
    tree_nimber, tree_misere = tree_values(tree.adj, tree.token, tree.removed)
    gadgets = []
    for text in ["2;0>1;start=0", "3;0>1,1>2;start=1"]:
        source = directed.parse(text)
        image = misere_image(source)
        typed = graph.format(image)
        gadgets.append(calc.example(f"HP: {text}, nimber at the start", graph.name, typed,
                                    format_nimber(arc_gadget_value(source, source.token)),
                                    cite(FERLAND, "Thm 3.5.1")))
        gadgets.append(Example(f"HP: {text}, misère winner", MISERE, typed,
                               calc.solver(graph).misere_outcome(image).name,
                               calc.solver(directed).outcome(source).name,
                               cite(FERLAND, "Thm 3.5.1")))
    [claim] = gadget_claims(directed.parse("1;;start=0"))
    return Section(
        "Geography: the winning way and misère play",
        cite(FERLAND, "Thm 3.4.2, §3.5"),  # L504 (Thm 3.4.2), L520 (Thm 3.5.1); @77611
        ["Thm 3.4.2 finds the nimber of a game whose positions have at most two options "
         "from outcome queries alone, following the one N-option (at most 2h + 1 queries "
         "for height h; grundy values oracle --winning-way).  Thm 3.5.1 sorts geography by whether "
         "its nimber and its misère outcome are polynomial: on a tree (PP) both come from "
         "a linear recursion; on Renault and Schmidt's arc-gadget graphs (HP) the thesis "
         "gives the nimber at the start as *3, *2 or * by the start's arcs, and the misère "
         "winner is the digraph's normal-play winner (the gadget is a reconstruction).",
         "Erratum (docs/errata.md): claim (3) of §3.5 says an original vertex with no "
         "gadget move left is a first-player win; its pendant leaf is the only move and "
         "loses, so it is misère P."],
        [Example(f"Thm 3.4.2, path (outcome queries: {queries})", graph.name, path,
                 format_nimber(nimber)),
         Example("PP: tree, nimber by recursion", graph.name, tree_text,
                 format_nimber(tree_nimber)),
         Example("PP: tree, misère by recursion", MISERE, tree_text, tree_misere.name),
         *gadgets,
         Example("§3.5 claim (3): vertex with no gadget move", MISERE,
                 graph.format(claim.position), claim.found.name, claim.printed.name,
                 cite(FERLAND, "§3.5"))],
    )


def first_mover(outcome: Outcome) -> str:
    """Who wins a formula game that True (Left) starts."""
    return "True" if outcome in (Outcome.L, Outcome.N) else "False"


def quantum_geography(calc: Calculator) -> Section:
    graph = calc.ruleset("undirected-geography")
    quantum = calc.ruleset("quantum(undirected-geography,2)")
    assert isinstance(quantum, Quantum)
    examples = []
    for text in ["5;0-1,1-2,2-3,3-4,1-3;start=0", "6;0-1,0-2,1-2,2-3,3-4,4-5,1-4;start=0"]:
        position = graph.parse(text)
        start = classical_start(position)  # quantum-undirected-geography-classical-start
        examples.append(Example("Thm 6.2.1: quantum winner", quantum.name,
                                quantum.format(start),
                                calc.solver(quantum).outcome(start).name,
                                calc.solver(graph).outcome(position).name,
                                cite(FERLAND, "Thm 6.2.1")))
        examples.append(Example("Lemmas 6.2.2-6.2.3: contraction strategy", quantum.name,
                                quantum.format(start),
                                "wins" if hero_wins(position, quantum) else "loses", "wins",
                                cite(FERLAND, "Lemmas 6.2.2-6.2.3")))
    return Section(
        "Quantum undirected geography from a classical start",
        cite(FERLAND, "§6.2.1"),  # @143494-148700; Thm 6.2.1 at L951
        ["Thm 6.2.1: with superposed moves of width 2, undirected geography from a "
         "classical start keeps its classical winner ('stated' is the classical outcome).  "
         "The proof's strategy moves only classically and answers through a maximum "
         "matching of a graph whose vertices it contracts (Lemmas 6.2.2-6.2.3); here it "
         "plays for the classical winner against every answer of the opponent."],
        examples,
    )


def qbf_and_quantum_partizan(calc: Calculator) -> Section:
    tqbf = get("tqbf-game")
    assert isinstance(tqbf, PartizanRuleset)

    def solve(name: str, position: Any) -> Outcome:
        ruleset = get(name)
        assert isinstance(ruleset, PartizanRuleset)
        outcome: Outcome = PartizanSolver(ruleset).outcome(position)
        return outcome

    def qbf(variables: int, clauses: Any, exists: Callable[[int], bool]) -> str:
        return "True" if truth(Qbf(tuple(exists(k) for k in range(variables)), clauses)) \
            else "False"

    formulas = []
    for name, text, theorem in [  # L1157-1192, L1195-1205 (Thm 6.4.1), L1215 (Thm 6.4.4)
                                ("phantom-move-qbf", "2:(~x1|~x2)&(x1|x2)", "§6.4.1"),
                                ("quantum-phantom-move-qbf", "2:(~x1|~x2)&(x1|x2)", "Thm 6.4.1"),
                                ("quantum-clause-selector-qbf", "2:(~x1|~x2)&(x1|x2)",
                                 "Thm 6.4.4")]:
        ruleset = get(name)
        position = ruleset.parse(text)
        formula = position[0]
        if name.endswith("clause-selector-qbf"):
            # the proof: drop clauses with some Fi and ¬Fi; True wins iff the rest are
            # satisfiable by True's literals alone
            trues = sum(1 << k for k in range(0, formula.variables, 2))
            stated = qbf(formula.variables,
                         tuple((pos & trues, neg & trues) for pos, neg in formula.clauses
                               if not pos & neg & ~trues), lambda k: True)
        else:  # ∃x1 ∀x2 ... f; with two variables also Thm 6.4.1's Case Even Σ2, ∃T ∀F f
            stated = qbf(formula.variables, formula.clauses, lambda k: k % 2 == 0)
        formulas.append(Example(f"{theorem}: who wins", name, text,
                                first_mover(solve(name, position)), stated,
                                cite(FERLAND, theorem)))
    for text in ["1:(x1)", "1:(x1)&(~x1)"]:  # L1245-1270
        source = tqbf.parse(text)
        image = reduction("tqbf-game->quantum-ko-qbf").map_position(source)
        ko = get("quantum-ko-qbf")
        formulas.append(Example(f"Thm 6.4.6: quantum KO on the lift of {text}", ko.name,
                                ko.format(image), first_mover(solve(ko.name, image)),
                                qbf(source.variables, source.clauses, lambda k: k % 2 == 0),
                                cite(FERLAND, "Thm 6.4.6")))
    kayles, snort = get("black-white-node-kayles"), get("snort")
    quantum_kayles = get("quantum-bigraph-node-kayles")
    graphs = []
    hubs = reduction("bigraph-node-kayles->snort")  # L1432-1436
    for text in ["3;1-2;black=0;white=1,2", "4;0-1,1-2,2-3;black=0,2;white=1,3"]:
        source = kayles.parse(text)
        image = hubs.map_position(source)
        graphs.append(Example(f"Thm 6.4.19: Snort with hubs, {text}", snort.name,
                              snort.format(image), solve(snort.name, image).name,
                              solve(kayles.name, source).name, cite(FERLAND, "Thm 6.4.19")))
    text = "4;0-1,1-2,2-3;black=0,2;white=1,3"
    start = quantum_kayles.parse(text)
    image = reduction("quantum-bigraph-node-kayles->quantum-snort").map_position(start)
    graphs.append(Example("Thm 6.4.19, quantum", "quantum-snort",
                          get("quantum-snort").format(image),
                          solve("quantum-snort", image).name,
                          solve(quantum_kayles.name, start).name, cite(FERLAND, "Thm 6.4.19")))
    return Section(
        "QBF games and quantum partizan games",
        cite(FERLAND, "§6.4"),  # L1157-1436
        ["True (Left) starts and wants the CNF true, False wants it false; 'stated' is the "
         "formula's value as the theorem ties it to the winner, computed by brute force.  "
         "Phantom-Move QBF is won by True iff ∃x1 ∀x2 ... f.  Erratum (docs/errata.md): "
         "Thm 6.4.1 puts quantum Phantom-Move in Case Even at Σ2 (∃T ∀F f), but there True "
         "has the phantom move and wins iff ∀F ∃T f: on T1 ≠ F1 True wins.  Thm 6.4.4: "
         "quantum ClauseSelector is won by True iff f restricted to True's literals is "
         "satisfiable.  Thm 6.4.6 lifts a formula to quantum KO (order of play corrected): "
         "True wins iff the formula is true.",
         "Thm 6.4.19: a hub next to each colour class turns Bigraph Node Kayles into Snort "
         "('stated' is the Node Kayles outcome).  Erratum (docs/errata.md): only when no "
         "edge joins one colour; 3;1-2;black=0;white=1,2 is P in Node Kayles, R in Snort."],
        [*formulas, *graphs],
    )


def burke_thesis(calc: Calculator) -> Section:
    atropos = [  # L1184: the thesis reports 3, 4 and 7 first-player wins, 5 and 6 losses
        Example(f"Atropos, size {n}", "atropos", str(n),
                "N" if AtroposSolver(n).wins(start_state(n)) else "P", stated,
                cite(BURKE, "§5.2"))
        for n, stated in [(3, "N"), (4, "N"), (5, "P"), (6, "P"), (7, "N")]
    ]
    full = calc.ruleset("full-matchmaker")
    reversed_matching = [  # Lemma 4.3.1: nimber = crossed pairs mod 2, L1095-1104
        calc.example(f"Full Matchmaker, {n} per side", full.name,
                     f"{n}:" + ",".join(f"{k}-{n - k + 1}" for k in range(1, n + 1)),
                     format_nimber(n * (n - 1) // 2 % 2), cite(BURKE, "Lemma 4.3.1"))
        for n in range(2, 8)
    ]
    return Section(
        "Atropos and Matchmaker",
        cite(BURKE, "§5.2, Lemma 4.3.1"),
        ["Atropos from the empty board: the thesis reports who wins up to size 7, and "
         "conjectures (Conjecture 5.2.1) that the first player wins exactly when n mod 4 is 0 "
         "or 3; grundy's native solver agrees, and settles size 8 as a first-player win "
         "(docs/atropos.md).",
         "Full Matchmaker starts from the reversed matching, whose n(n-1)/2 pairs all cross; "
         "Lemma 4.3.1 gives every position's nimber as the number of crossed pairs mod 2."],
        [*atropos, *reversed_matching],
    )


def errata(calc: Calculator) -> Section:
    tw = calc.ruleset("transverse-wave")

    def printed(label: str, text: str, source: str) -> Example:
        example = calc.example(label, tw.name, text)
        formula = theorem_1_as_printed(tw.parse(text))
        stated = "-" if formula is None else format_nimber(formula)
        return Example(label, example.ruleset, example.position, example.computed,
                       stated, source)

    return Section(
        "Errata (see docs/errata.md)",
        cite(TW, "Theorem 1, Figure 2, Theorem 4"),  # L112-121, L377
        ["Theorem 1 as printed (its 'stated' value is the printed formula, evaluated now) "
         "fails on the empty board (all purple, nothing left after removing all-purple rows "
         "and columns) and when a row is all green, e.g. [[P,G],[G,G]].  Figure 2(a)'s "
         "caption gives 0 where the game is *; Figure 2(b)'s *2 is right.",
         "Theorem 4's reverse map must drop clauses already satisfied by T: for "
         "(x1)&(x2) with T=x2 keeping the satisfied clause's row gives the grid PP/GP, "
         "of value *, while the formula's value is 0."],
        [
            printed("Theorem 1, empty board", "P", cite(TW, "Theorem 1")),
            printed("Theorem 1, [[P,G],[G,G]]", "PG/GG", cite(TW, "Theorem 1")),
            calc.example("Figure 2(a) caption", tw.name, "PGGG/GPGG/GGPG", "0",
                         cite(TW, "Figure 2(a)")),
            calc.example("Figure 2(b) caption", tw.name, "PGGP/GPPP/PPPP", "*2",
                         cite(TW, "Figure 2(b)")),
            calc.example("Theorem 4, formula", "avoid-true", "(x1)&(x2); T=x2"),
            calc.example("Theorem 4, satisfied row kept", tw.name, "PP/GP"),
        ],
    )


SECTIONS: list[Callable[[Calculator], Section]] = [
    table_2, move_example, avoid_true, nim, node_kayles, short_games, superstars_and_quantum,
    oracle_algorithms, geography_oracles_and_misere, quantum_geography,
    qbf_and_quantum_partizan,
    burke_thesis, errata,
]


def build_tour() -> list[Section]:
    """Every section, each example computed now."""
    calc = Calculator()
    return [section(calc) for section in SECTIONS]


VERDICT_STYLES = {"agrees": "green", "DIFFERS": "bold red"}


def render_tour(sections: Sequence[Section], out: Output) -> None:
    out.line("A tour of the papers: 'stated' is what the source says, 'computed' is "
             "what grundy computes now.", style="bold")
    for number, section in enumerate(sections, start=1):
        out.heading(f"{number}. {section.title}", section.source)
        for paragraph in section.text:
            out.line(paragraph)
        if section.examples:
            out.line()
            out.table(
                ["example", "ruleset", "position", "stated", "computed", ""],
                [[e.label, e.ruleset, e.position, e.stated or "-", e.computed, e.verdict]
                 for e in section.examples],
                styles=[VERDICT_STYLES.get(e.verdict, "") for e in section.examples],
            )


@click.command()
@json_option
def tour(as_json: bool) -> None:
    """A guided walk through the papers' examples, each value computed now."""
    sections = build_tour()
    if as_json:
        emit_json([section.to_json() for section in sections])
    else:
        render_tour(sections, Output())
