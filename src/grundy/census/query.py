"""SQL over a census's Parquet files, with DuckDB.

The finished chunks of a census directory appear as one table, ``census``:

>>> rows = query("results", "SELECT value, count(*) FROM census GROUP BY value")  # doctest: +SKIP

``connect`` gives the DuckDB connection itself (``.df()``, ``.pl()``, joins with
other files) for work beyond one query.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grundy.census.extra import require
from grundy.census.run import MANIFEST, finished_chunks
from grundy.protocol import GrundyError

if TYPE_CHECKING:
    import duckdb


@dataclass(frozen=True)
class Table:
    """A query's result: column names and rows."""

    columns: list[str]
    rows: list[tuple[Any, ...]]

    def to_csv(self) -> str:
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\n")
        writer.writerow(self.columns)
        writer.writerows(self.rows)
        return text.getvalue()

    def records(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]

    def to_json(self) -> str:
        return json.dumps(self.records(), ensure_ascii=False, default=str)


def connect(directory: str | Path) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB connection with the view ``census`` over the directory's
    finished chunks."""
    duck = require("duckdb")
    directory = Path(directory)
    if not (directory / MANIFEST).exists():
        raise GrundyError(f"{directory} holds no census ({MANIFEST} is missing); "
                          "point --census at the --out directory of a census")
    if not finished_chunks(directory):
        raise GrundyError(f"{directory} has no finished chunk yet; run or --resume the census")
    connection: duckdb.DuckDBPyConnection = duck.connect()
    pattern = str(directory / "chunk-*.parquet").replace("'", "''")
    connection.execute(f"CREATE VIEW census AS SELECT * FROM read_parquet('{pattern}')")
    return connection


def query(directory: str | Path, sql: str, parameters: list[Any] | None = None) -> Table:
    """Run one SQL statement over the census in ``directory``."""
    duck = require("duckdb")
    connection = connect(directory)
    try:
        result = connection.execute(sql, parameters or [])
        names = [column[0] for column in result.description or ()]
        return Table(names, result.fetchall())
    except duck.Error as error:
        first = str(error).strip().splitlines()[0]
        raise GrundyError(f"query failed: {first} (the table is called census)") from None
    finally:
        connection.close()
