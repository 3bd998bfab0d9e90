"""Retake the README's screenshot (docs/workbench.png) in headless Chromium.

Run from the repository root: ``.venv/bin/python docs/screenshot.py``.  Starts the
workbench on a free port with an in-memory store, opens a Transverse Wave game, asks
for a hint and previews the winning column, then captures the window.
"""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import Page, sync_playwright

from grundy.web import create_app

OUT = Path(__file__).parent / "workbench.png"


def take(page: Page, url: str, out: Path = OUT) -> None:
    """Capture the picture from the workbench at ``url`` in ``page``, a 1366×860 window.

    The waits are JavaScript predicates, which Playwright runs with eval(): the
    workbench's content security policy forbids that, so ``page`` must bypass it."""
    page.set_viewport_size({"width": 1366, "height": 860})
    page.goto(url + "/play/transverse-wave?position=(01)(234)(035)")
    page.wait_for_function("document.getElementById('value').textContent === '*4'")
    page.click("#hint")
    page.wait_for_selector("#moves button.winning")
    label = page.locator("#moves button.winning").first.get_attribute("data-move")
    page.click(f"svg rect.clickable[data-move='{label}']")
    page.fill("#calc-input", "{4|2} + {3|-1}")
    page.click("#calc-go")
    page.wait_for_selector("#calc-result .thermograph svg")
    page.screenshot(path=str(out))


def main() -> None:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(None), log_level="warning"))
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--headless", "--no-sandbox"])
        take(browser.new_page(bypass_csp=True), f"http://127.0.0.1:{sock.getsockname()[1]}")
        browser.close()
    server.should_exit = True
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
