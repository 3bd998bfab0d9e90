"""``grundy serve``: the browser workbench on a local web server."""

from __future__ import annotations

from pathlib import Path

import click

from grundy.cli.common import emit_json, json_option
from grundy.extras import require
from grundy.search import Store, default_store_path


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (keep 127.0.0.1 unless you mean to share it).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: any free port).")
@click.option("--store", metavar="PATH",
              help="SQLite file of solved positions (default: $GRUNDY_STORE, else "
                   "~/.local/share/grundy/store.sqlite; 'none' keeps them in memory only).")
@click.option("--census", "census", metavar="DIR", type=click.Path(file_okay=False),
              help="Show this census directory's plot at /census (the --out of a "
                   "`grundy census` run; no other directory is read).")
@click.option("--docs", "docs", metavar="DIR", type=click.Path(file_okay=False),
              help="Serve the documentation site built here by `make docs` (site/) at /docs/.")
@json_option
def serve(host: str, port: int, store: str | None, census: str | None,
          docs: str | None, as_json: bool) -> None:
    """Start the browser workbench: play, values and hints at http://HOST:PORT/.

    With --json the address and store go to stdout as one JSON line (for scripts)."""
    require("web", "grundy serve", "fastapi", "uvicorn")
    if census is not None:
        require("plot", "grundy serve --census", "matplotlib")
    import uvicorn

    from grundy.web import create_app

    path = None if store == "none" else Path(store) if store else default_store_path()
    if path is not None:
        Store(path).close()  # a bad path is a one-line error now, not on every request
    if as_json:
        emit_json({"url": f"http://{host}:{port}/", "store": None if path is None else str(path)})
    click.echo(f"grundy workbench on http://{host}:{port}/ (store: {path or 'memory only'}); "
               "Ctrl-C stops it", err=True)
    # Ctrl-C: stop within a second; the app kills its worker processes on the way out.
    app = create_app(path, host=host, census=None if census is None else Path(census),
                     docs=None if docs is None else Path(docs))
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=1)
