"""The web server of the workbench: a JSON API over ``Workbench`` and a static front end.

Routes (all JSON; errors are ``{"error": "one line naming the problem and the fix"}``
with status 400 for bad input, 404 for an unknown ruleset, 413 for a position over
the size cap and 503 when busy):

- ``GET /api/rulesets``: every registered ruleset, with a thumbnail of its first example;
- ``GET /api/rulesets/{name}``: one ruleset;
- ``GET /api/features``: which analysis tools exist yet;
- ``POST /api/position``: a position drawn, with its legal moves;
- ``POST /api/random``: a random position of a given size;
- ``POST /api/play``: the position after a move;
- ``POST /api/computer``: the computer's move at a level;
- ``POST /api/analyse``: value and outcome within a budget;
- ``POST /api/hint``: the value after every move, winning moves marked;
- ``GET /api/reductions/{name}``: the registered reductions from a ruleset;
- ``POST /api/reduce``: a position mapped across a reduction, both values side by side;
- ``POST /api/calc``: the value calculator (CGSuite notation; value, outcome, mean,
  temperature, stops, thermograph walls and an SVG), in a worker process with a hard
  timeout (``grundy.web.values``); 504 with "not solved within the budget" on timeout;
- ``GET /api/lattice``: the lattice of rulesets (SVG) and its reductions, each with a
  link to map a position across it.

Pages: ``/`` is the gallery, ``/play/{name}`` a play page and ``/lattice`` the lattice
of rulesets (plain HTML, CSS and JavaScript in ``static/``; no build step).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from grundy.reductions import UnknownReductionError, all_reductions
from grundy.reductions.lattice import build
from grundy.rulesets import GrundyError, UnknownRulesetError, all_rulesets
from grundy.web.service import Busy, Limits, TooBig, Workbench
from grundy.web.values import CalcBusy, CalcError, CalcTimeout, Calculator

STATIC = Path(__file__).parent / "static"
Text = Field(max_length=100_000)
Name = Field(min_length=1, max_length=100)


class PositionRequest(BaseModel):
    ruleset: str = Name
    position: str = Text
    player: str | None = Field(default=None, max_length=1)


class RandomRequest(BaseModel):
    ruleset: str = Name
    size: int
    seed: int | None = None
    player: str | None = Field(default=None, max_length=1)


class PlayRequest(PositionRequest):
    move: str = Field(max_length=200)


class ReduceRequest(BaseModel):
    reduction: str = Name
    position: str = Text
    max_seconds: float | None = Field(default=None, gt=0)


class CalcRequest(BaseModel):
    expression: str = Field(max_length=10_000)
    max_seconds: float | None = Field(default=None, gt=0)


class SearchRequest(PositionRequest):
    max_seconds: float | None = Field(default=None, gt=0)
    max_nodes: int | None = Field(default=None, gt=0)


class ComputerRequest(PositionRequest):
    level: str = Field(default="perfect", max_length=20)
    seed: int | None = None
    max_seconds: float | None = Field(default=None, gt=0)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": " ".join(message.split())}, status_code=status)


def features() -> dict[str, Any]:
    """The analysis tools of issue 7 item 3 that exist in this installation."""
    return {
        "values_calculator": True,
        "reductions": len(all_reductions()),
    }


def lattice() -> dict[str, Any]:
    """The lattice of rulesets as an SVG, and every registered reduction between
    registered rulesets with an example source position to map."""
    rulesets = {ruleset.name: ruleset for ruleset in all_rulesets()}
    reductions = [r for r in all_reductions() if r.source in rulesets and r.target in rulesets]
    drawn = build(reductions)
    return {
        "svg": drawn.svg(),
        "nodes": [list(node) for node in drawn.nodes],
        "reductions": [
            {
                "name": r.name,
                "source": r.source,
                "target": r.target,
                "kind": r.kind.value,
                "summary": r.summary,
                "citation": str(r.citation),
                "example": next(iter(rulesets[r.source].examples), ""),
            }
            for r in reductions
        ],
    }


def create_app(store_path: Path | None = None, limits: Limits | None = None,
               calculator: Calculator | None = None) -> FastAPI:
    """The workbench app; solved positions persist in the SQLite store at ``store_path``."""
    bench = Workbench(store_path, limits)
    calc = calculator or Calculator()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        bench.close()
        calc.close()

    app = FastAPI(title="grundy workbench", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.workbench = bench
    app.state.calculator = calc

    @app.exception_handler(UnknownRulesetError)
    async def unknown(request: Request, error: UnknownRulesetError) -> JSONResponse:
        return _error(404, str(error))

    @app.exception_handler(UnknownReductionError)
    async def unknown_reduction(request: Request, error: UnknownReductionError) -> JSONResponse:
        return _error(404, str(error))

    @app.exception_handler(TooBig)
    async def too_big(request: Request, error: TooBig) -> JSONResponse:
        return _error(413, str(error))

    @app.exception_handler(Busy)
    async def busy(request: Request, error: Busy) -> JSONResponse:
        return _error(503, str(error))

    @app.exception_handler(CalcError)
    async def bad_expression(request: Request, error: CalcError) -> JSONResponse:
        return _error(400, str(error))

    @app.exception_handler(CalcBusy)
    async def calc_busy(request: Request, error: CalcBusy) -> JSONResponse:
        return _error(503, str(error))

    @app.exception_handler(CalcTimeout)
    async def calc_timeout(request: Request, error: CalcTimeout) -> JSONResponse:
        return _error(504, str(error))

    @app.exception_handler(GrundyError)
    async def bad_input(request: Request, error: GrundyError) -> JSONResponse:
        return _error(400, str(error))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
        return _error(400, f"bad request field {where or 'body'}: {first.get('msg', 'invalid')}")

    @app.get("/api/rulesets")
    async def rulesets() -> Any:
        return await bench.light(bench.rulesets)

    @app.get("/api/rulesets/{name}")
    async def ruleset(name: str) -> Any:
        return await bench.light(bench.ruleset, name)

    @app.get("/api/features")
    async def feature_list() -> Any:
        return features()

    @app.post("/api/position")
    async def position(body: PositionRequest) -> Any:
        return await bench.light(bench.position, body.ruleset, body.position, body.player)

    @app.post("/api/random")
    async def random_position(body: RandomRequest) -> Any:
        return await bench.light(bench.random_view, body.ruleset, body.size, body.seed,
                                 body.player)

    @app.post("/api/play")
    async def play(body: PlayRequest) -> Any:
        return await bench.light(bench.play, body.ruleset, body.position, body.move,
                                 body.player)

    @app.post("/api/computer")
    async def computer(body: ComputerRequest) -> Any:
        return await bench.search(bench.computer, body.ruleset, body.position, body.level,
                               body.player, body.seed, body.max_seconds)

    @app.post("/api/analyse")
    async def analyse(body: SearchRequest) -> Any:
        return await bench.search(bench.analyse, body.ruleset, body.position,
                               body.max_seconds, body.max_nodes)

    @app.get("/api/reductions/{name}")
    async def reductions(name: str) -> Any:
        return await bench.light(bench.reductions, name)

    @app.post("/api/reduce")
    async def reduce(body: ReduceRequest) -> Any:
        return await bench.search(bench.reduce, body.reduction, body.position,
                                  body.max_seconds)

    @app.post("/api/calc")
    async def calculate(body: CalcRequest) -> Any:
        return await asyncio.to_thread(calc.calc, body.expression, body.max_seconds)

    @app.get("/api/lattice")
    async def lattice_view() -> Any:
        return await bench.light(lattice)

    @app.post("/api/hint")
    async def hint(body: SearchRequest) -> Any:
        return await bench.search(bench.hint, body.ruleset, body.position, body.player,
                               body.max_seconds, body.max_nodes)

    @app.get("/")
    async def gallery() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/play/{name}")
    async def play_page(name: str) -> FileResponse:
        await bench.light(bench.ruleset, name)  # 404 for an unknown ruleset
        return FileResponse(STATIC / "play.html")

    @app.get("/lattice")
    async def lattice_page() -> FileResponse:
        return FileResponse(STATIC / "lattice.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
