"""Every endpoint of the workbench's OpenAPI schema fuzzed by schemathesis (issue 19
item 4): wrong types, missing fields, odd strings; never a 5xx or a traceback."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from fuzz_support import EXAMPLES
from grundy.web import Limits, create_app

schemathesis = pytest.importorskip("schemathesis")

APP = create_app(None, Limits(seconds=0.5, max_seconds=1.0))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@schema.parametrize()
@settings(max_examples=max(3, EXAMPLES // 8), deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
def test_every_endpoint_answers_without_server_errors(case: object) -> None:
    response = case.call()  # type: ignore[attr-defined]
    assert response.status_code < 500, (case, response.text[:300])
    assert "Traceback" not in response.text
