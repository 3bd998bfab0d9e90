"""The browser workbench (issue 7): play every registered ruleset against the computer,
with values and hints, served by ``grundy serve`` on http://127.0.0.1:8000.

``service`` holds the operations over the ruleset protocol and the bounded solver
pool; ``app`` the FastAPI routes; ``static/`` the front end (HTML, CSS, JavaScript).
"""

from grundy.extras import require

require("web", "the browser workbench", "fastapi", "uvicorn")

from grundy.web.app import create_app  # noqa: E402
from grundy.web.service import Limits, Workbench  # noqa: E402

__all__ = ["Limits", "Workbench", "create_app"]
