from grundy.api import position, solver
from grundy.protocol import Player
from grundy.rulesets import get

tw = position("transverse-wave", "(01)(234)(035)")
print(tw, tw.value(), tw.outcome().value)        # PPGGGG/GGPPPG/PGGPGP *4 N
board = position("domineering", "2x4")
print(board.value())                             # Miny(2), as CGSuite writes it
for move, after in board.moves(Player.LEFT)[:2]:
    print(board.ruleset.format_move(move), after.value())  # a1-a2 {2|-1/2} ...
print(type(solver(get("domineering"))).__name__)  # PartizanSolver: right for any ruleset
print(position("hex", "3").outcome(max_nodes=100_000).value)  # N (budgets: max_nodes, max_seconds)
