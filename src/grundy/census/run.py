"""Running a census on Dask: chunks out to the workers, Parquet files back on disk.

The census directory holds ``census.json`` (what the census is: ruleset, family,
quantities, chunking) and one ``chunk-NNNNNN.parquet`` per finished chunk.  A worker
solves a chunk and encodes it as Parquet; the client writes the bytes under a
temporary name, flushes them to disk and renames the file, so it is either absent or
complete: a census killed at any moment is resumed by solving exactly the chunks
whose files are missing.  Only the client writes files, once per chunk, so a chunk
that Dask re-runs after losing a worker still appears exactly once.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grundy.census.compute import checked_quantities, columns, solve_chunk
from grundy.census.extra import require
from grundy.census.family import Chunk, Family
from grundy.protocol import GrundyError
from grundy.rulesets import get

if TYPE_CHECKING:
    from distributed import Client

MANIFEST = "census.json"
#: Called after each finished chunk with (chunks done, chunks in the census).
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Census:
    """A ruleset, a family of its positions and what to compute for each."""

    ruleset: str
    family: str
    compute: tuple[str, ...] = ("nimber",)
    seed: int = 0
    chunk_size: int | None = None  # None: about a hundred chunks (automatic_chunk_size)
    max_nodes: int | None = None

    def normalised(self) -> Census:
        """The same census with the ruleset's registry name and the quantities in order."""
        ruleset = get(self.ruleset)
        return Census(ruleset.name, self.family, checked_quantities(self.compute, ruleset),
                      self.seed, self.chunk_size, self.max_nodes)

    def chunks(self) -> list[Chunk]:
        return Family(self.family, self.seed).chunks(get(self.ruleset), self.chunk_size)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "compute": list(self.compute)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Census:
        fields = {name: data[name] for name in cls.__dataclass_fields__}
        return cls(**{**fields, "compute": tuple(fields["compute"])})


@dataclass(frozen=True)
class RunSummary:
    """What one call of ``run`` did."""

    directory: Path
    chunks: int
    solved_now: int
    positions_now: int
    seconds: float


def chunk_path(directory: Path, number: int) -> Path:
    return directory / f"chunk-{number:06d}.parquet"


def finished_chunks(directory: Path) -> set[int]:
    return {int(path.stem.removeprefix("chunk-")) for path in directory.glob("chunk-*.parquet")}


def load(directory: str | Path) -> Census:
    """The census recorded in a census directory."""
    path = Path(directory) / MANIFEST
    try:
        return Census.from_json(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError:
        raise GrundyError(f"{directory} holds no census ({MANIFEST} is missing); "
                          "run `grundy census` with --out there first") from None
    except (ValueError, KeyError, TypeError) as error:
        raise GrundyError(f"{path} is not a census manifest ({error}); "
                          "remove the directory and run the census again") from None


def cutting(chunks: list[Chunk]) -> str:
    """A digest of where the chunks start and stop: the same family cut the same way."""
    bounds = ",".join(f"{chunk.start}-{chunk.stop}" for chunk in chunks)
    return hashlib.sha256(bounds.encode()).hexdigest()[:16]


def _prepare(census: Census, directory: Path, resume: bool, cut: str) -> None:
    """Check or write the manifest (the census and how its family was cut); drop
    temporary files of a killed run."""
    manifest = directory / MANIFEST
    if manifest.exists():
        recorded = load(directory)
        recorded_cut = json.loads(manifest.read_text(encoding="utf-8")).get("cutting", cut)
        if resume and recorded == census and recorded_cut != cut:
            raise GrundyError(f"{directory}: the family is cut into other chunks now than "
                              "when the census started (another nauty or grundy version?); "
                              "finish it with that version, or choose another --out")
        if not resume:
            raise GrundyError(f"{directory} already holds a census; pass --resume to finish "
                              "it, or choose another --out")
        if recorded != census:
            differences = ", ".join(
                f"{name} {getattr(recorded, name)!r} there, {getattr(census, name)!r} here"
                for name in Census.__dataclass_fields__
                if getattr(recorded, name) != getattr(census, name))
            raise GrundyError(f"{directory} holds another census ({differences}); resume it "
                              "with the same options or choose another --out")
    else:
        directory.mkdir(parents=True, exist_ok=True)
        _atomic_write(manifest, json.dumps({**census.to_json(), "cutting": cut},
                                           indent=2).encode())
    for stale in directory.glob(".*.tmp"):
        stale.unlink()


def _atomic_write(path: Path, data: bytes) -> None:
    temporary = path.parent / f".{path.name}.{os.getpid()}.tmp"
    with open(temporary, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)


def encode_chunk(data: dict[str, list[Any]]) -> bytes:
    """A chunk's result columns as the bytes of one Parquet file."""
    pa, parquet = require("pyarrow"), require("pyarrow.parquet")
    types = {"index": pa.int64(), "n": pa.int64(), "solved": pa.bool_(), "nimber": pa.int64()}
    table = pa.table({name: pa.array(values, type=types.get(name, pa.string()))
                      for name, values in data.items()})
    sink = pa.BufferOutputStream()
    parquet.write_table(table, sink)
    return bytes(sink.getvalue().to_pybytes())


def solve_to_parquet(ruleset_name: str, chunk: Chunk, quantities: tuple[str, ...],
                     store: str | None, max_nodes: int | None) -> bytes:
    """The work of one Dask task: solve a chunk and encode it, on the worker, so the
    client only writes bytes to disk and its share of the two cores stays small."""
    data = solve_chunk(ruleset_name, chunk, quantities, store, max_nodes)
    assert tuple(data) == columns(quantities)
    return encode_chunk(data)


@contextmanager
def connect(scheduler: str | None = None, workers: int | None = None) -> Iterator[Client]:
    """A Dask client: of the scheduler at ``scheduler``, else of a new LocalCluster with
    ``workers`` single-threaded worker processes (default: one per core)."""
    distributed = require("distributed")
    if scheduler is not None:
        try:
            client = distributed.Client(scheduler, timeout="10s")
        except (OSError, TimeoutError) as error:
            raise GrundyError(f"cannot reach the Dask scheduler at {scheduler} ({error}); "
                              "start one (`dask scheduler`) or omit --scheduler") from None
        with client:
            yield client
        return
    cluster = distributed.LocalCluster(n_workers=workers or os.cpu_count() or 1,
                                       threads_per_worker=1, processes=True,
                                       dashboard_address=":0", silence_logs=logging.CRITICAL)
    with cluster, distributed.Client(cluster) as client:
        yield client


def run(census: Census, directory: str | Path, *, resume: bool = False,
        client: Client | None = None, scheduler: str | None = None,
        workers: int | None = None, store: str | None = None,
        progress: Progress | None = None) -> RunSummary:
    """Run (or finish) a census into ``directory``.

    ``client`` runs the chunks on an existing Dask client; otherwise one is made for
    ``scheduler`` or a LocalCluster of ``workers`` processes.  With ``store`` every
    worker shares solved positions through that SQLite file.
    """
    for module in ("distributed", "pyarrow"):  # before anything is written
        require(module)
    census = census.normalised()
    directory = Path(directory)
    chunks = census.chunks()
    _prepare(census, directory, resume, cutting(chunks))
    done = finished_chunks(directory)
    todo = [chunk for chunk in chunks if chunk.number not in done]
    if progress is not None:
        progress(len(chunks) - len(todo), len(chunks))
    start = time.perf_counter()
    if todo:
        if client is None:
            with connect(scheduler, workers) as made:
                _solve(census, directory, todo, made, store, len(chunks), progress)
        else:
            _solve(census, directory, todo, client, store, len(chunks), progress)
    return RunSummary(directory, len(chunks), len(todo),
                      sum(chunk.stop - chunk.start for chunk in todo),
                      time.perf_counter() - start)


def _solve(census: Census, directory: Path, todo: list[Chunk], client: Client,
           store: str | None, total: int, progress: Progress | None) -> None:
    distributed = require("distributed")
    futures = [client.submit(solve_to_parquet, census.ruleset, chunk, census.compute, store,
                             census.max_nodes, pure=False) for chunk in todo]
    number = {future.key: chunk.number for future, chunk in zip(futures, todo, strict=True)}
    finished = total - len(todo)
    try:
        for future in distributed.as_completed(futures):
            _atomic_write(chunk_path(directory, number[future.key]), future.result())
            finished += 1
            if progress is not None:
                progress(finished, total)
    except distributed.KilledWorker as error:
        raise GrundyError(f"workers died running a chunk ({error}); rerun with --resume "
                          "(finished chunks are kept)") from None
    finally:
        client.cancel(futures)
