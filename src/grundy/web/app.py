"""The web server of the workbench: a JSON API over ``Workbench`` and a static front end.

Routes (all JSON; errors are ``{"error": "one line naming the problem and the fix"}``
with status 400 for bad input, 404 for an unknown ruleset, 413 for a position over
the size cap or a request that overran its deadline, and 429 when busy):

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
  timeout (``grundy.web.values``); 413 with "not solved within the budget" on timeout;
- ``GET /api/lattice``: the lattice of rulesets (SVG) and its reductions, each with a
  link to map a position across it;
- ``GET /api/census`` and ``GET /census/plot.svg``: the manifest and the plot of the
  census directory the server was started with (``grundy serve --census DIR``; only
  that directory is ever read, 404 without one).

Pages: ``/docs/`` serves the documentation site built by ``make docs`` when the server
is started with ``grundy serve --docs site``; without it, a page says how to build it.

A request waiting on a worker process is watched (``attended``): when its client
goes away, its job is cancelled and its worker killed, so abandoned work never holds a
worker another user needs.

Every request passes ``Guard`` first: a Host header naming this machine (against DNS
rebinding), a body of at most ``MAX_BODY`` bytes, and security headers on every
answer (a content security policy for the static pages, no framing, no sniffing;
the documentation site's generated pages may also run their own inline scripts).

Pages: ``/`` is the gallery, ``/play/{name}`` a play page, ``/lattice`` the lattice
of rulesets and ``/census`` the census's plot (plain HTML, CSS and JavaScript in
``static/``; no build step).  A page that cannot be shown (an unknown ruleset, no
census) is an HTML page with status 404 saying why, never the API's JSON.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Annotated, Any, TypeVar

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import AfterValidator, BaseModel, Field
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from grundy.census import CensusPlot, load
from grundy.protocol import TooBig
from grundy.reductions import UnknownReductionError, all_reductions
from grundy.reductions.lattice import build
from grundy.rulesets import GrundyError, UnknownRulesetError, all_rulesets
from grundy.search.budget import check_nodes, check_seconds
from grundy.web.service import Busy, Limits, Workbench
from grundy.web.values import CalcBusy, CalcError, CalcTimeout, Calculator

T = TypeVar("T")

STATIC = Path(__file__).parent / "static"
#: Seconds between two checks that the client of a running job is still there.
POLL_SECONDS = 0.2
Text = Field(max_length=100_000)
Name = Field(min_length=1, max_length=100)
#: Budgets, checked as everywhere they enter (``grundy.search.budget``): a finite number of
#: seconds up to a day, a whole number of positions up to ``MAX_NODES``.
Seconds = Annotated[float, Field(gt=0), AfterValidator(check_seconds)]
Nodes = Annotated[int, Field(gt=0), AfterValidator(check_nodes)]
#: A seed for the random choices: any 64-bit integer.
Seed = Annotated[int, Field(ge=-(2**63), lt=2**64)]


class PositionRequest(BaseModel):
    ruleset: str = Name
    position: str = Text
    player: str | None = Field(default=None, max_length=1)


class RandomRequest(BaseModel):
    ruleset: str = Name
    size: int
    seed: Seed | None = None
    player: str | None = Field(default=None, max_length=1)


class PlayRequest(PositionRequest):
    move: str = Field(max_length=200)


class ReduceRequest(BaseModel):
    reduction: str = Name
    position: str = Text
    max_seconds: Seconds | None = None


class CalcRequest(BaseModel):
    expression: str = Text
    max_seconds: Seconds | None = None


class SearchRequest(PositionRequest):
    max_seconds: Seconds | None = None
    max_nodes: Nodes | None = None


class ComputerRequest(PositionRequest):
    level: str = Field(default="perfect", max_length=20)
    seed: Seed | None = None
    max_seconds: Seconds | None = None


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": " ".join(message.split())}, status_code=status)


#: Largest request body accepted, in bytes.
MAX_BODY = 200_000
#: Host names the server answers to (besides the one it was started on).
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "[::1]", "::1"})
SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
     b"object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]

#: The documentation site (MkDocs Material) starts with a few inline scripts of its own.
DOCS_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
     b"script-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; "
     b"frame-ancestors 'none'; form-action 'self'"),
    *SECURITY_HEADERS[1:],
]


def host_name(header: str) -> str:
    """The host of a Host header, without its port (``[::1]:8000`` -> ``[::1]``)."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[: header.find("]") + 1]
    return header.rpartition(":")[0] if header.count(":") == 1 else header


class Guard:
    """ASGI middleware: refuse foreign Host headers (DNS rebinding) and bodies over
    ``MAX_BODY``; add the security headers to every answer."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str]) -> None:
        self.app, self.hosts = app, hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        host = host_name(headers.get(b"host", b"").decode("latin-1"))
        if host not in self.hosts:
            await self._refuse(send, 421, f"host {host!r} is not this workbench: open it as "
                                          "http://127.0.0.1:PORT/ (or start it with --host)")
            return
        length = headers.get(b"content-length", b"0")
        if not length.isdigit() or int(length) > MAX_BODY:
            await self._refuse(send, 413, f"the request body is over {MAX_BODY:,} bytes: "
                                          "send a smaller position")
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > MAX_BODY:
                raise TooBig(f"the request body is over {MAX_BODY:,} bytes")
            return message

        added = DOCS_HEADERS if scope["path"].startswith("/docs/") else SECURITY_HEADERS

        async def secured(message: Message) -> None:
            """The answer with the security headers added."""
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *added]
            await send(message)

        started = False

        async def tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await secured(message)

        try:
            await self.app(scope, limited, tracked)
        except TooBig as error:  # a chunked body that grew past the limit
            if started:
                raise
            await self._refuse(send, 413, str(error))

    async def _refuse(self, send: Send, status: int, message: str) -> None:
        response = _error(status, message)
        await send({"type": "http.response.start", "status": status,
                    "headers": [*response.raw_headers, *SECURITY_HEADERS]})
        await send({"type": "http.response.body", "body": response.body})


class UnknownCensus(GrundyError):
    """The server was started without a census to show."""


class ClientGone(Exception):
    """The client closed its connection before its answer was ready."""


async def attended(request: Request, work: Awaitable[T]) -> T:
    """The result of ``work``, cancelled (killing the worker process it runs in) as soon
    as the client of ``request`` disconnects."""
    task = asyncio.ensure_future(work)
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=POLL_SECONDS)
            if done:
                return task.result()
            if await request.is_disconnected():
                raise ClientGone
    finally:
        if not task.done():
            task.cancel()
            with suppress(asyncio.CancelledError):
                await task


def client_of(request: Request) -> str:
    """Who is asking, for the per-client cap on searches: the address, refined by an
    ``X-Grundy-Client`` header (one per browser tab or simulated player)."""
    address = request.client.host if request.client else ""
    return f"{address}/{request.headers.get('x-grundy-client', '')[:64]}"


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


#: matplotlib's pyplot is not thread-safe: one census plot at a time.
_PLOTTING = threading.Lock()


def census_svg(directory: Path) -> str:
    """The census's plot (``grundy.census.plot``: its sequence, or the share of each
    value at each n) as SVG text."""
    with _PLOTTING:
        return CensusPlot(directory).svg()


def create_app(store_path: Path | None = None, limits: Limits | None = None,
               calculator: Calculator | None = None, host: str = "127.0.0.1",
               census: Path | None = None, docs: Path | None = None) -> FastAPI:
    """The workbench app; solved positions persist in the SQLite store at ``store_path``.
    It answers requests addressed to this machine or to ``host``, shows the census in
    the directory ``census`` and serves the documentation site built into ``docs`` if
    they are given (both checked here: a one-line error)."""
    if docs is not None and not (docs / "index.html").is_file():
        raise GrundyError(f"{docs} holds no documentation site (index.html is missing): "
                          "run `make docs` in a checkout, which builds it into site/")
    bench = Workbench(store_path, limits)
    if census is not None:
        load(census)
    calc = calculator or Calculator()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        bench.close()
        calc.close()

    app = FastAPI(title="grundy workbench", lifespan=lifespan, docs_url=None, redoc_url=None)
    hosts = LOCAL_HOSTS | {host_name(host), host_name(f"[{host}]" if ":" in host else host)}
    app.add_middleware(Guard, hosts=frozenset(hosts | {"testserver"}))
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
        response = _error(429, str(error))
        response.headers["retry-after"] = "1"
        return response

    @app.exception_handler(CalcError)
    async def bad_expression(request: Request, error: CalcError) -> JSONResponse:
        return _error(400, str(error))

    @app.exception_handler(CalcBusy)
    async def calc_busy(request: Request, error: CalcBusy) -> JSONResponse:
        return _error(429, str(error))

    @app.exception_handler(CalcTimeout)
    async def calc_timeout(request: Request, error: CalcTimeout) -> JSONResponse:
        return _error(413, str(error))

    @app.exception_handler(ClientGone)
    async def gone(request: Request, error: ClientGone) -> JSONResponse:
        return _error(499, "the client closed the connection; its work was cancelled")

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
        return await bench.fixed(bench.rulesets)

    @app.get("/api/rulesets/{name}")
    async def ruleset(name: str) -> Any:
        return await bench.fixed(bench.ruleset, name)

    @app.get("/api/features")
    async def feature_list() -> Any:
        return features()

    @app.post("/api/position")
    async def position(body: PositionRequest, request: Request) -> Any:
        return await attended(request, bench.light(bench.position, body.ruleset,
                                                   body.position, body.player))

    @app.post("/api/random")
    async def random_position(body: RandomRequest, request: Request) -> Any:
        return await attended(request, bench.light(bench.random_view, body.ruleset,
                                                   body.size, body.seed, body.player))

    @app.post("/api/play")
    async def play(body: PlayRequest, request: Request) -> Any:
        return await attended(request, bench.light(bench.play, body.ruleset, body.position,
                                                   body.move, body.player))

    @app.post("/api/computer")
    async def computer(body: ComputerRequest, request: Request) -> Any:
        return await attended(request, bench.search(
            bench.computer, body.ruleset, body.position, body.level, body.player, body.seed,
            body.max_seconds, seconds=body.max_seconds, client=client_of(request)))

    @app.post("/api/analyse")
    async def analyse(body: SearchRequest, request: Request) -> Any:
        return await attended(request, bench.search(
            bench.analyse, body.ruleset, body.position, body.max_seconds, body.max_nodes,
            seconds=body.max_seconds, client=client_of(request)))

    @app.get("/api/reductions/{name}")
    async def reductions(name: str) -> Any:
        return await bench.fixed(bench.reductions, name)

    @app.post("/api/reduce")
    async def reduce(body: ReduceRequest, request: Request) -> Any:
        return await attended(request, bench.search(
            bench.reduce, body.reduction, body.position, body.max_seconds,
            seconds=body.max_seconds, client=client_of(request)))

    @app.post("/api/calc")
    async def calculate(body: CalcRequest, request: Request) -> Any:
        return await attended(request, calc.calc(body.expression, body.max_seconds))

    @app.get("/api/lattice")
    async def lattice_view() -> Any:
        return await bench.fixed(lattice)

    @app.post("/api/hint")
    async def hint(body: SearchRequest, request: Request) -> Any:
        return await attended(request, bench.search(
            bench.hint, body.ruleset, body.position, body.player, body.max_seconds,
            body.max_nodes, seconds=body.max_seconds, client=client_of(request)))

    def served_census() -> Path:
        if census is None:
            raise UnknownCensus("this workbench shows no census: start it with "
                                "grundy serve --census DIR")
        return census

    @app.exception_handler(UnknownCensus)
    async def no_census(request: Request, error: UnknownCensus) -> JSONResponse:
        return _error(404, str(error))

    @app.get("/api/census")
    async def census_manifest() -> Any:
        return {**load(served_census()).to_json(), "plot": "/census/plot.svg"}

    @app.get("/census/plot.svg")
    async def census_plot() -> Response:
        svg = await bench.fixed(census_svg, served_census())
        return Response(svg, media_type="image/svg+xml")

    @app.get("/census")
    async def census_page() -> FileResponse:
        if census is None:  # a page (linked from the gallery) saying how to start one
            return FileResponse(STATIC / "no-census.html", status_code=404)
        return FileResponse(STATIC / "census.html")

    @app.get("/")
    async def gallery() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/play/{name}")
    async def play_page(name: str) -> FileResponse:
        try:
            await bench.fixed(bench.ruleset, name)
        except UnknownRulesetError:  # a page, not the API's JSON: people open this one
            return FileResponse(STATIC / "not-found.html", status_code=404)
        return FileResponse(STATIC / "play.html")

    @app.get("/lattice")
    async def lattice_page() -> FileResponse:
        return FileResponse(STATIC / "lattice.html")

    @app.get("/matchmaker")
    async def matchmaker_applet() -> FileResponse:
        """The Stubborn Matchmaker applet of Burke 2009, §6.2."""
        return FileResponse(STATIC / "matchmaker.html")

    if docs is not None:
        app.mount("/docs", StaticFiles(directory=docs, html=True), name="docs")
    else:
        @app.get("/docs/{page:path}")
        async def no_docs(page: str) -> FileResponse:
            return FileResponse(STATIC / "no-docs.html", status_code=404)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
