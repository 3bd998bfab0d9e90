"""Solvers that work on any ruleset through its protocol."""

from grundy.search.budget import Budget, BudgetExceeded, ProgressCallback, hard_deadline
from grundy.search.engine import MoveValue, Solver, grundy_of_sum
from grundy.search.store import Store, StoreError, default_store_path

__all__ = [
    "Budget",
    "BudgetExceeded",
    "MoveValue",
    "ProgressCallback",
    "Solver",
    "Store",
    "StoreError",
    "default_store_path",
    "grundy_of_sum",
    "hard_deadline",
]
