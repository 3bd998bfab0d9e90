"""A persistent store of solved positions, in one embedded SQLite file.

Long computations can be stopped (budget, Ctrl-C, a killed process) and resumed:
every value the search settles is written in batched transactions, and SQLite's
write-ahead log guarantees that a killed process leaves the file consistent with
every committed batch intact.  Several processes may share one store (the web
server's workers, two commands at once): writers wait for each other (a busy
timeout, then retries) instead of failing with "database is locked".  A file that is
not a store, a store from a newer grundy, a damaged file or a damaged entry is
reported as one ``StoreError`` line.  Keys are the rulesets' canonical keys, hashed from
their ``key_text`` (keys are built from ints, strs, bytes and tuples, so that text
is canonical).

Default location for long runs: ``$GRUNDY_STORE`` if set, else
``$XDG_DATA_HOME/grundy/store.sqlite`` (``~/.local/share/grundy/store.sqlite``).
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import TracebackType
from typing import TypeVar

from grundy.protocol import GrundyError, Key

T = TypeVar("T")

#: The store format this grundy writes (SQLite ``user_version``); newer ones are refused.
VERSION = 1
#: Seconds a writer waits for another process's transaction, and how often it retries.
BUSY_SECONDS = 10.0
RETRIES = 5

_SCHEMA = """
CREATE TABLE IF NOT EXISTS solved (
    kind    TEXT    NOT NULL,  -- 'grundy', 'win' or 'misere-win'
    ruleset TEXT    NOT NULL,
    key     BLOB    NOT NULL,  -- blake2b-128 of key_text(canonical key)
    value   INTEGER NOT NULL,
    PRIMARY KEY (kind, ruleset, key)
) WITHOUT ROWID;
"""


def default_store_path() -> Path:
    """Where long runs keep their store unless told otherwise."""
    if env := os.environ.get("GRUNDY_STORE"):
        return Path(env)
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "grundy" / "store.sqlite"


def key_text(key: Key) -> str:
    """A canonical text for a key: tuples element by element, ints in hexadecimal (a
    decimal ``repr`` refuses ints of more than 4,300 digits, which keys of graphs
    with over ~14,000 vertices contain), anything else by ``repr``."""
    if isinstance(key, tuple):
        return "(" + ",".join(map(key_text, key)) + ")"
    if isinstance(key, int) and not isinstance(key, bool):
        return format(key, "#x")
    return repr(key)


class StoreError(GrundyError):
    """A store file that cannot be used: not a store, newer, damaged, or locked."""


def _digest(key: Key) -> bytes:
    return hashlib.blake2b(key_text(key).encode(), digest_size=16).digest()


class Store:
    """Solved values by (kind, ruleset, canonical key), written in batches."""

    def __init__(self, path: str | Path, batch: int = 5000, seconds: float = 2.0) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=BUSY_SECONDS)
            self._retrying(self._open)
        except (OSError, sqlite3.DatabaseError) as error:
            raise StoreError(
                f"cannot open store {self.path}: {error}; pass --store a writable grundy store "
                "(a new file name starts a new store)"
            ) from None
        self._pending: dict[tuple[str, str, bytes], int | str | bytes] = {}
        self._batch, self._seconds = batch, seconds
        self._last_flush = time.monotonic()

    def _open(self) -> None:
        """Check the file is a grundy store of a version we read, then use WAL."""
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in self._db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version > VERSION:
            raise StoreError(f"store {self.path} was written by a newer grundy (format "
                             f"{version}, this one reads {VERSION}): upgrade grundy or use "
                             "another --store file")
        if tables and "solved" not in tables:
            raise StoreError(f"{self.path} is an SQLite database but not a grundy store: "
                             "pass --store another file name")
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        with self._db:
            self._db.executescript(_SCHEMA)
            self._db.execute(f"PRAGMA user_version = {VERSION}")

    def _retrying(self, operation: Callable[[], T]) -> T:
        """Run ``operation``, retrying while another process holds the write lock
        past the busy timeout; a damaged file is one StoreError."""
        for attempt in range(RETRIES + 1):
            try:
                return operation()
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) and "busy" not in str(error):
                    raise StoreError(f"store {self.path}: {error}") from None
                if attempt == RETRIES:
                    raise StoreError(
                        f"store {self.path} stayed locked by another process for "
                        f"{BUSY_SECONDS * (RETRIES + 1):g} s: try again when it is done"
                    ) from None
                time.sleep(0.05 * (attempt + 1))
            except sqlite3.DatabaseError as error:
                raise StoreError(
                    f"store {self.path} is damaged ({error}): move it away to start afresh"
                ) from None
        raise AssertionError("unreachable")

    def _lookup(self, kind: str, ruleset: str, key: Key) -> int | str | bytes | None:
        digest = _digest(key)
        pending = self._pending.get((kind, ruleset, digest))
        if pending is not None:
            return pending
        row = self._retrying(lambda: self._db.execute(
            "SELECT value FROM solved WHERE kind = ? AND ruleset = ? AND key = ?",
            (kind, ruleset, digest),
        ).fetchone())
        return None if row is None else row[0]

    def damaged(self, kind: str, ruleset: str, value: object) -> StoreError:
        """The error for an entry that is not a value this grundy wrote."""
        return StoreError(f"store {self.path} holds a damaged {ruleset} {kind} entry "
                          f"({str(value)[:40]!r}): move the file away to start afresh")

    def get(self, kind: str, ruleset: str, key: Key) -> int | None:
        value = self._lookup(kind, ruleset, key)
        if value is None or (isinstance(value, int) and value >= 0):
            return value
        raise self.damaged(kind, ruleset, value)

    def get_text(self, kind: str, ruleset: str, key: Key) -> str | None:
        """A value stored as text: partizan values in CGSuite notation, which
        ``grundy.values.parse`` reads back in time linear in its length, as the very
        interned game (``is``)."""
        value = self._lookup(kind, ruleset, key)
        return None if value is None else str(value)

    def put_batch(self, ruleset: str, table: Key, batch: bytes) -> None:
        """Commit a batch of a native kernel's table (``NativeMemo.take_new``), named by
        ``table``, and the count of batches in the same transaction."""
        if not batch:
            return
        count = self.get("native-batches", ruleset, table) or 0
        self._pending[("native", ruleset, _digest((table, count)))] = batch
        self._pending[("native-batches", ruleset, _digest(table))] = count + 1
        self.flush()

    def batches(self, ruleset: str, table: Key) -> Iterator[bytes]:
        """The batches ``put_batch`` wrote for this table, in order."""
        for index in range(self.get("native-batches", ruleset, table) or 0):
            batch = self._lookup("native", ruleset, (table, index))
            if not isinstance(batch, bytes):
                raise self.damaged("native", ruleset, batch)
            yield batch

    def put(self, kind: str, ruleset: str, key: Key, value: int | str | bytes) -> None:
        self._pending[(kind, ruleset, _digest(key))] = value
        if len(self._pending) >= self._batch or (
            time.monotonic() - self._last_flush > self._seconds
        ):
            self.flush()

    def flush(self) -> None:
        """Commit every pending value in one transaction."""
        if self._pending:
            rows = [(*k, v) for k, v in self._pending.items()]

            def write() -> None:
                with self._db:
                    self._db.executemany("INSERT OR REPLACE INTO solved VALUES (?, ?, ?, ?)",
                                         rows)

            self._retrying(write)
            self._pending.clear()
        self._last_flush = time.monotonic()

    def count(self, ruleset: str | None = None) -> int:
        """How many solved entries are committed (for one ruleset, or all)."""
        self.flush()
        if ruleset is None:
            row = self._retrying(
                lambda: self._db.execute("SELECT COUNT(*) FROM solved").fetchone())
        else:
            row = self._retrying(lambda: self._db.execute(
                "SELECT COUNT(*) FROM solved WHERE ruleset = ?", (ruleset,)).fetchone())
        return int(row[0])

    def close(self) -> None:
        self.flush()
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
