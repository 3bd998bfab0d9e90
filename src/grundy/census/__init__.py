"""Censuses: a ruleset, a family of its positions and what to compute, run in chunks
on Dask, kept as Parquet files, queried with DuckDB.

>>> from grundy.census import Census, run, query  # doctest: +SKIP
>>> run(Census("node-kayles", "paths:1-60"), "kayles-paths", workers=2)  # doctest: +SKIP
>>> query("kayles-paths", "SELECT n, nimber FROM census ORDER BY n").rows  # doctest: +SKIP

Dask, pyarrow and DuckDB come with the ``census`` extra (``pip install
'grundy[census]'``); they are imported when a census first needs them.
"""

from grundy.census.analysis import (
    CensusPlot,
    Counterexample,
    Periodicity,
    find_period,
    first_counterexample,
    histogram,
    load_predicate,
    plot,
    sequence,
    subtraction_take,
)
from grundy.census.family import FAMILY_SYNTAX, Family, FamilyError
from grundy.census.query import Table, connect, query
from grundy.census.run import Census, RunSummary, load, run
from grundy.census.split import SplitResult, split_solve

__all__ = [
    "FAMILY_SYNTAX",
    "Census",
    "CensusPlot",
    "Counterexample",
    "Family",
    "FamilyError",
    "Periodicity",
    "RunSummary",
    "SplitResult",
    "Table",
    "connect",
    "find_period",
    "first_counterexample",
    "histogram",
    "load",
    "load_predicate",
    "plot",
    "query",
    "run",
    "sequence",
    "split_solve",
    "subtraction_take",
]
