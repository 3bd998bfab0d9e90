"""End-to-end tests of the browser workbench in Debian's Chromium, driven by Playwright.

The server runs in this process on a free port of 127.0.0.1; Chromium is Debian's
(``/usr/bin/chromium``, installed here with apt-get when missing on CI or as root;
never ``playwright install``).  Screenshots go to pytest's temporary directory.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import runpy
import shutil
import socket
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, Route, sync_playwright

from grundy.rulesets import all_rulesets, get
from grundy.web import create_app
from grundy.web.service import Limits, describe
from hard_positions import sparse_kayles_graph

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMEOUT = 60_000  # ms, the most any one wait for a state may take (a cap, not a pause)


def ensure_chromium() -> Path:
    """Debian's Chromium, installed with apt-get when missing (one worker at a time)."""
    if CHROMIUM.exists():
        return CHROMIUM
    may_install = os.environ.get("CI") == "true" or os.geteuid() == 0
    if may_install and shutil.which("apt-get"):
        with open("/tmp/grundy-chromium-install.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not CHROMIUM.exists():
                env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
                subprocess.run(["apt-get", "update", "-qq"], check=False, env=env)
                install = ["apt-get", "install", "-y", "-qq", "chromium"]
                subprocess.run(install, check=False, env=env)
    if not CHROMIUM.exists():
        message = "Debian's chromium is not installed: apt-get install -y chromium"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return CHROMIUM


def serve(limits: Limits, store: Path | None) -> Iterator[str]:
    """A workbench on a free port of 127.0.0.1 until the generator is closed."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(store, limits), log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        threading.Event().wait(0.05)
    assert server.started, "the workbench did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The workbench with its own SQLite store: one per test process, shared by every
    test of this module wherever xdist sends them."""
    yield from serve(Limits(), tmp_path_factory.mktemp("store") / "store.sqlite")


@pytest.fixture(scope="module")
def cramped_server() -> Iterator[str]:
    """A workbench that lets each client have one search at a time."""
    yield from serve(Limits(per_client=1), None)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    path = ensure_chromium()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(path), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    # The tests wait on JavaScript predicates, which Playwright evaluates with eval():
    # the workbench's content security policy forbids that, so the tests bypass it.
    page = browser.new_page(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(TIMEOUT)
    yield page
    page.close()
    assert not errors, f"JavaScript errors: {errors}"


def wait_for_turn(page: Page) -> bool:
    """Wait until the human may move (True) or the game is over (False)."""
    page.wait_for_function("['human', 'over'].includes(document.body.dataset.state)")
    return page.evaluate("document.body.dataset.state") == "human"


def hinted_move(page: Page) -> tuple[str, bool]:
    """Ask for a hint; the label of a winning move if there is one, else of the first move."""
    page.click("#hint")
    page.wait_for_function(
        "() => /Winning moves|No winning move/.test("
        "document.getElementById('hint-result').textContent)"
    )
    winning = page.locator("#moves button.winning")
    if winning.count():
        return str(winning.first.get_attribute("data-move")), True
    return str(page.locator("#moves button").first.get_attribute("data-move")), False


def test_gallery_lists_every_registered_ruleset(server: str, page: Page, tmp_path: Path) -> None:
    page.goto(server + "/")
    page.wait_for_selector(".card")
    names = page.locator(".card").evaluate_all(
        "cards => cards.map(card => card.dataset.ruleset)"
    )
    assert sorted(names) == sorted(ruleset.name for ruleset in all_rulesets())
    page.screenshot(path=str(tmp_path / "gallery.png"), full_page=True)


def test_gallery_groups_by_family_searches_and_reaches_the_calculator(
    server: str, page: Page
) -> None:
    """Issue 18.9: cards grouped by family package, a search box, the calculator."""
    page.goto(server + "/")
    page.wait_for_selector(".family .card")
    families = page.locator(".family").evaluate_all("fs => fs.map(f => f.dataset.family)")
    expected = {describe(ruleset)["family"] for ruleset in all_rulesets()}
    assert sorted(families) == sorted(expected) and len(families) > 5
    in_grids = page.locator(".family[data-family='grids'] .card").evaluate_all(
        "cs => cs.map(c => c.dataset.ruleset)")
    assert "domineering" in in_grids
    page.fill("#search", "kayles")
    visible = page.locator(".card:visible").evaluate_all("cs => cs.map(c => c.dataset.ruleset)")
    assert "node-kayles" in visible and "domineering" not in visible
    assert not page.locator(".family[data-family='grids']").is_visible()
    page.click("a[href='#calculator']")
    page.fill("#calc-input", "{4|2}")
    page.click("#calc-go")
    page.wait_for_function(
        "!/^(|Computing…)$/.test(document.getElementById('calc-result').textContent)")
    answer = page.text_content("#calc-result") or ""
    # a thermograph; on a machine too loaded to start the calculator's worker process
    # within its 5 s, the calculator's own budget message
    assert (page.locator("#calc-result .thermograph svg").count() == 1
            or "not solved within the budget" in answer), answer


def test_gallery_and_play_page_give_the_papers_in_full(server: str, page: Page) -> None:
    """Issue 11: every paper a card cites, in full and linked; the play page links its paper."""
    page.goto(server + "/")
    page.wait_for_selector("#references li")
    shown = page.locator("#references li").all_text_contents()
    assert sorted(shown) == sorted({ruleset.citation.reference for ruleset in all_rulesets()})
    links = page.locator("#references a").evaluate_all("links => links.map(a => a.href)")
    assert get("atropos").citation.paper.link in links
    page.goto(server + "/play/atropos")
    link = page.locator("#citation a")
    link.wait_for()
    assert link.text_content() == str(get("atropos").citation)
    assert link.get_attribute("href") == get("atropos").citation.paper.link


@pytest.mark.parametrize("name", ["atropos", "transverse-wave", "domineering", "node-kayles"])
def test_no_sideways_scroll_at_1366(server: str, browser: Browser, name: str) -> None:
    """Issue 18.9: a 1366-pixel-wide window shows the whole play page."""
    page = browser.new_page(viewport={"width": 1366, "height": 768}, bypass_csp=True)
    page.goto(f"{server}/play/{name}")
    assert wait_for_turn(page)
    wide = page.evaluate("document.documentElement.scrollWidth")
    page.close()
    assert wide <= 1366


def test_transverse_wave_game_to_the_end_with_hints(
    server: str, page: Page, tmp_path: Path
) -> None:
    """From an N-position, always playing the hinted winning move must beat the perfect
    computer: the hints are right and the clicks reach the server."""
    page.goto(server + "/play/transverse-wave?position=(01)(234)(035)")
    page.wait_for_function("document.getElementById('value').textContent === '*4'")
    moves = 0
    while wait_for_turn(page):
        label, winning = hinted_move(page)
        assert winning, "from an N-position our side always has a winning move"
        assert page.locator("svg rect.winning").count() >= 1
        page.click(f"svg rect.clickable[data-move='{label}']")  # previews the move
        page.wait_for_selector("#confirm-bar:not([hidden])")
        assert f"Column {label}" in page.text_content("#preview-text")
        assert page.locator("svg rect.preview").count() >= 1
        page.screenshot(path=str(tmp_path / f"tw-move-{moves}.png"))
        page.keyboard.press("Enter")  # confirm with the keyboard
        moves += 1
    assert page.text_content("#status") == "The computer cannot move: you win!"
    assert moves >= 1
    records = page.locator("#history li").all_text_contents()
    assert sum(item.startswith("you: ") for item in records) == moves
    page.screenshot(path=str(tmp_path / "tw-end.png"), full_page=True)


def test_undo_resign_and_colour_blind_mode(server: str, page: Page) -> None:
    page.goto(server + "/play/transverse-wave?position=PPGG/GGPG")
    assert wait_for_turn(page)
    start = page.input_value("#paste")
    page.click("#moves button >> nth=0")
    page.click("#confirm")
    page.wait_for_function("document.querySelectorAll('#history li').length >= 2")
    wait_for_turn(page)
    page.keyboard.press("u")
    page.wait_for_function(
        f"document.querySelector('svg title').textContent.endsWith({start!r})"
    )
    assert wait_for_turn(page)
    page.click("#colour-blind")
    assert page.locator("svg rect[fill='#7b3fa0']").count() == 0
    assert page.locator("svg rect[fill='#0072b2']").count() >= 1
    page.click("#resign")
    assert page.text_content("#status") == "You resigned: the computer wins."
    assert page.locator("#moves button:enabled").count() == 0


def with_node_budget(page: Page, nodes: int) -> None:
    """Give the page's searches (values, hints) a node budget: what a search may do then
    does not depend on the machine's speed."""
    def budgeted(route: Route) -> None:
        body = json.loads(route.request.post_data or "{}")
        route.continue_(post_data=json.dumps({**body, "max_nodes": nodes}))

    page.route(re.compile(r"/api/(analyse|hint)$"), budgeted)


def test_keyboard_play_and_budget_message(server: str, page: Page) -> None:
    """Arrow keys choose, Enter plays; a search out of its budget shows the budget
    message (a node budget of one position: the same on every machine)."""
    with_node_budget(page, 1)
    page.goto(server + "/play/node-kayles?position=5;0-1,1-2,2-3,3-4")
    assert wait_for_turn(page)
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#moves button.selected")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#history li').length >= 2")
    page.fill("#paste", sparse_kayles_graph())
    page.select_option("#level", "random")
    page.click("#start-paste")
    page.wait_for_function(
        "document.getElementById('outcome').textContent.includes('not solved within the budget')"
    )


@pytest.mark.skipif("atropos" not in {r.name for r in all_rulesets()}, reason="no Atropos yet")
def test_atropos_game_to_the_end_with_hints(server: str, page: Page, tmp_path: Path) -> None:
    """Atropos: pick a circle, then a colour; play hinted moves until the game ends."""
    get("atropos")
    page.goto(server + "/play/atropos?position=3")
    moves = 0
    while wait_for_turn(page):
        label, _ = hinted_move(page)
        spot = label.lstrip("RBGY")
        page.click(f"svg circle.clickable[data-spot='{spot}']")
        page.wait_for_selector(f"#choices button[data-move='{label}']")
        page.screenshot(path=str(tmp_path / f"atropos-move-{moves}.png"))
        page.click(f"#choices button[data-move='{label}']")
        moves += 1
    assert moves >= 1
    assert page.locator("#status").get_attribute("class") in {"win", "lose"}
    page.screenshot(path=str(tmp_path / "atropos-end.png"), full_page=True)


def test_reduction_shows_both_values(server: str, page: Page) -> None:
    page.goto(server + "/play/transverse-wave?position=(01)(234)(035)")
    assert wait_for_turn(page)
    page.click("#reductions button[data-reduction='transverse-wave->crosswise-or']")
    page.wait_for_selector("#reduced table")
    cells = page.locator("#reduced table td").all_text_contents()
    assert cells == ["this position", "*4", "crosswise-or", "*4"]


def test_values_calculator_and_lattice_page(server: str, page: Page, tmp_path: Path) -> None:
    """The calculator draws a thermograph; the lattice page maps a position across a
    reduction chosen in its list, both values side by side."""
    page.goto(server + "/play/transverse-wave?position=(01)(234)(035)")
    page.fill("#calc-input", "{4|2} + {3|-1}")
    page.click("#calc-go")
    page.wait_for_selector("#calc-result .thermograph svg polyline.left-wall")
    cells = page.locator("#calc-result table td").all_text_contents()
    assert cells[:2] == ["value", "{7|5||3|1}"] and "4" in cells
    page.fill("#calc-input", "{1|")
    page.click("#calc-go")
    page.wait_for_function("!document.querySelector('#calc-result table')")
    assert page.locator("#calc-result").text_content()
    page.click("#reductions button[data-reduction='transverse-wave->crosswise-or']")
    page.wait_for_selector("#reduced table")
    page.click("#lattice-link")
    page.wait_for_selector("#lattice svg")
    page.wait_for_selector("#lattice-result table")  # preselected with this position
    cells = page.locator("#lattice-result table td").all_text_contents()
    assert cells == ["transverse-wave", "*4", "crosswise-or", "*4"]
    page.click("#lattice-list button[data-reduction='transverse-wave->crosswise-and']")
    page.click("#map-go")
    page.wait_for_selector("#lattice-result table")
    assert page.locator("#lattice-result table td").nth(2).text_content() == "crosswise-and"
    page.screenshot(path=str(tmp_path / "lattice.png"), full_page=True)


def test_partizan_game_to_the_end_with_hints(server: str, page: Page) -> None:
    """Partizan Subtraction as Left: hints mark the moves after which Right loses."""
    page.goto(server + "/play/partizan-subtraction?position=1,3|2,3:4,5")
    page.wait_for_function("document.getElementById('value').textContent.length > 1")
    moves = 0
    while wait_for_turn(page):
        label, _ = hinted_move(page)
        page.click(f"#moves button[data-move='{label}']")
        moves += 1
    assert moves >= 1
    assert page.locator("#status").get_attribute("class") in {"win", "lose"}


GRID_3x4 = "12;" + ",".join(
    [f"{r * 4 + c}-{r * 4 + c + 1}" for r in range(3) for c in range(3)]
    + [f"{r * 4 + c}-{r * 4 + c + 4}" for r in range(2) for c in range(4)]
)


@pytest.mark.parametrize(("ruleset", "position", "clickable"), [
    ("node-kayles", "5;0-1,1-2,2-3,3-4", 5),
    ("node-kayles", GRID_3x4, 12),
    ("snort", "5;0-1,1-2,2-3,3-4", 5),
    ("col", GRID_3x4, 12),
])
def test_every_vertex_is_clickable(server: str, page: Page, ruleset: str, position: str,
                                   clickable: int) -> None:
    """Issue 18.1: vertices are paired with their labels by data-spot, not coordinates;
    clicking the last vertex plays it."""
    page.goto(f"{server}/play/{ruleset}?position={position}")
    assert wait_for_turn(page)
    assert page.locator("svg circle.clickable").count() == clickable
    last = str(clickable - 1)
    page.click(f"svg circle.clickable[data-spot='{last}']")
    page.wait_for_function("document.querySelectorAll('#history li').length >= 2")
    assert page.locator("#history li").nth(1).text_content() == f"you: {last}"


def test_grid_graph_is_drawn_as_a_grid(server: str, page: Page) -> None:
    """Issue 18.5: a grid graph is drawn as its grid, and stays put after a move."""
    page.goto(f"{server}/play/node-kayles?position={GRID_3x4}")
    assert wait_for_turn(page)
    where = ("[...document.querySelectorAll('svg circle')]"
             ".map(c => [c.getAttribute('cx'), c.getAttribute('cy')])")
    before = page.evaluate(where)
    assert len({x for x, _ in before}) == 4 and len({y for _, y in before}) == 3
    page.click("svg circle.clickable[data-spot='5']")
    page.wait_for_function("document.querySelectorAll('#history li').length >= 3")
    assert page.evaluate(where) == before


def test_the_computer_replies_while_the_page_analyses(cramped_server: str, page: Page) -> None:
    """The page's own analysis of a position must not cost the computer its reply: a
    search refused as busy (429) is sent again once the server says it may be.  With one
    search per client, the analysis shown after the player's move and the computer's
    reply always collide (CI run of stop 36: the reply was refused and the page stuck)."""
    page.goto(cramped_server + "/play/nim?position=3,4,5")
    assert wait_for_turn(page)
    page.click("#moves button >> nth=0")
    page.wait_for_function("document.querySelectorAll('#history li').length >= 3")
    assert "computer played" in page.text_content("#status")


def test_each_tab_is_its_own_client(cramped_server: str, browser: Browser) -> None:
    """Tabs do not share the per-client cap: each page names itself to the server."""
    names = []
    for _ in range(2):
        tab = browser.new_page(bypass_csp=True)
        with tab.expect_request("**/api/rulesets/nim") as request:
            tab.goto(cramped_server + "/play/nim?position=1")
        names.append(request.value.all_headers()["x-grundy-client"])
        tab.close()
    assert all(re.fullmatch("[0-9a-f]{16}", name) for name in names)
    assert names[0] != names[1]


def test_confirm_bar_is_hidden_unless_a_move_is_previewed(server: str, page: Page) -> None:
    """Issue 18.2: the Confirm/Cancel bar shows only during a preview and never keeps
    the text of an earlier preview."""
    page.goto(server + "/play/transverse-wave?position=PPGG/GGPG")
    assert wait_for_turn(page)
    assert not page.locator("#confirm-bar").is_visible()
    page.click("svg rect.clickable >> nth=0")
    assert page.locator("#confirm-bar").is_visible()
    assert "Column" in page.text_content("#preview-text")
    page.click("#cancel")
    assert not page.locator("#confirm-bar").is_visible()
    page.click("svg rect.clickable >> nth=0")
    page.click("#confirm")
    page.wait_for_function("document.querySelectorAll('#history li').length >= 2")
    wait_for_turn(page)
    assert not page.locator("#confirm-bar").is_visible()
    assert page.text_content("#preview-text") == ""


def test_atropos_5_hint_in_the_browser(server: str, page: Page) -> None:
    """Issue 18.3: the page pastes 5 and presses h; the fast Atropos solver answers."""
    page.goto(server + "/play/atropos?position=3")
    assert wait_for_turn(page)
    page.fill("#seconds", "10")  # room for a loaded machine: alone it takes about 1 s
    page.fill("#paste", "5")
    page.click("#start-paste")
    page.wait_for_function("document.getElementById('paste').value === './../.../..../.....'")
    assert wait_for_turn(page)
    page.keyboard.press("h")
    page.wait_for_function(
        "() => /Winning moves|No winning move/.test("
        "document.getElementById('hint-result').textContent)"
    )
    assert page.text_content("#outcome").startswith(("P", "N"))


def test_domineering_by_clicking_cells(server: str, page: Page, tmp_path: Path) -> None:
    """Issue 18.4: click a cell to preview your domino, click again to play it; every
    placed domino is drawn as one bar, and moves name their two cells."""
    page.goto(server + "/play/domineering?position=3x3")
    assert wait_for_turn(page)
    labels = page.locator("#moves button").evaluate_all("bs => bs.map(b => b.dataset.move)")
    assert "a1-a2" in labels  # Left (the human's default side) places vertical dominoes
    page.click("svg rect[data-row='0'][data-col='0']")
    assert page.locator("#confirm-bar").is_visible()
    assert page.locator("svg rect.preview").count() == 2
    assert "a1-a2" in page.text_content("#preview-text")
    page.click("svg rect[data-row='0'][data-col='0']")  # the second click plays it
    page.wait_for_function("document.querySelectorAll('#history li').length >= 3")
    assert page.locator("#history li").nth(1).text_content() == "you: a1-a2"
    assert page.locator("svg rect.domino").count() == 2  # ours and the computer's reply
    page.screenshot(path=str(tmp_path / "domineering.png"))


def test_lattice_is_readable_and_the_result_sits_beside_the_list(server: str,
                                                                  page: Page) -> None:
    """Issue 18.6: boxes do not overlap, labels are readable, a legend names the arrow
    kinds, and the mapping result shows beside the list (not far below it)."""
    page.goto(server + "/lattice")
    page.wait_for_selector("#lattice svg rect.node")
    boxes = page.locator("#lattice svg rect.node").evaluate_all(
        "rs => rs.map(r => [+r.getAttribute('x'), +r.getAttribute('y'),"
        " +r.getAttribute('width'), +r.getAttribute('height')])")
    for i, (x1, y1, w1, h1) in enumerate(boxes):
        for x2, y2, w2, h2 in boxes[:i]:
            assert x1 + w1 <= x2 or x2 + w2 <= x1 or y1 + h1 <= y2 or y2 + h2 <= y1
    sizes = page.locator("#lattice svg text").evaluate_all(
        "ts => ts.map(t => +t.getAttribute('font-size'))")
    assert min(sizes) >= 12
    kinds = set(page.locator("#lattice svg polyline.arrow").evaluate_all(
        "ps => ps.map(p => p.dataset.kind)"))
    legend = set(page.locator("#lattice svg text").all_text_contents())
    assert kinds and kinds <= legend
    page.locator("#lattice-list button").last.click()
    page.click("#map-go")
    page.wait_for_selector("#lattice-result table")
    listed = page.locator("#lattice-list").bounding_box()
    result = page.locator("#lattice-result").bounding_box()
    assert listed is not None and result is not None
    assert result["x"] >= listed["x"] + listed["width"]  # beside, not below
    page.locator("#lattice-list button").last.scroll_into_view_if_needed()
    assert page.locator("#lattice-result table").is_visible()
    viewport = page.viewport_size
    assert viewport is not None
    top = page.evaluate("document.getElementById('lattice-result').getBoundingClientRect().top")
    assert 0 <= top <= viewport["height"]


def applet_state(page: Page) -> str:
    """Wait until the Matchmaker applet is idle: "playing" or "over"."""
    page.wait_for_function("['playing', 'over'].includes(document.body.dataset.state)")
    return str(page.evaluate("document.body.dataset.state"))


def test_stubborn_matchmaker_applet_plays_a_whole_game(server: str, page: Page,
                                                       tmp_path: Path) -> None:
    """Burke 2009, §6.2 (L1465-1467): the board size is chosen between games, the settings
    lock at the first match and unlock at the winning one, and "I Give Up!" ends a game.
    Two players at one screen play a whole game by clicking West, then East candidates;
    every turn the legal matches shown are the ruleset's."""
    ruleset = get("stubborn-matchmaker")
    page.goto(server + "/matchmaker")
    assert applet_state(page) == "playing"
    page.select_option("#size", "4")
    page.wait_for_function("document.querySelectorAll(\"#board circle[data-side='w']\")"
                           ".length === 4 && document.body.dataset.state === 'playing'")
    assert page.is_enabled("#size") and page.is_enabled("#give-up")
    position, made = ruleset.parse("4:"), 0
    while applet_state(page) == "playing":
        shown = page.locator("#moves button").evaluate_all("bs => bs.map(b => b.dataset.move)")
        children = {ruleset.format_move(m): child for m, child in ruleset.moves(position)}
        assert sorted(shown) == sorted(children)
        label = shown[made % len(shown)]
        west, east = label.split("-")
        page.click(f"#board circle[data-side='w'][data-rank='{west}']")
        page.click(f"#board circle[data-side='e'][data-rank='{east}']")
        position, made = children[label], made + 1
        if applet_state(page) == "playing":
            assert not page.is_enabled("#size") and not page.is_enabled("#new-game")
            assert page.is_enabled("#give-up")
            label_now = page.get_attribute("#board svg", "aria-label")
            assert label_now == f"board {ruleset.format(position)}"
    assert not list(ruleset.moves(position))  # the game really is over
    winner = 1 if made % 2 else 2
    assert f"Player {winner} wins" in (page.text_content("#status") or "")
    assert page.is_enabled("#size") and not page.is_enabled("#give-up")
    assert page.locator("#history li").count() == made
    page.screenshot(path=str(tmp_path / "matchmaker.png"), full_page=True)
    # a second game, given up after one match
    page.select_option("#size", "3")
    page.wait_for_function("document.querySelectorAll(\"#board circle[data-side='w']\")"
                           ".length === 3 && document.body.dataset.state === 'playing'")
    page.locator("#moves button").first.click()
    assert applet_state(page) == "playing" and not page.is_enabled("#size")
    page.click("#give-up")
    assert applet_state(page) == "over"
    assert page.text_content("#status") == "Player 2 gives up: Player 1 wins."
    assert page.is_enabled("#size") and page.locator("#moves button").count() == 0


def test_the_readme_screenshot_can_be_retaken(server: str, page: Page, tmp_path: Path) -> None:
    """Issue 18.9: docs/screenshot.py (which took the README's picture) still runs
    against today's pages: a hint, a previewed column, the calculator's thermograph."""
    script = Path(__file__).parent.parent / "docs" / "screenshot.py"
    picture = tmp_path / "workbench.png"
    runpy.run_path(str(script))["take"](page, server, picture)
    assert picture.read_bytes().startswith(b"\x89PNG")
    assert "(docs/workbench.png)" in (script.parent.parent / "README.md").read_text()


# -- the conformance sweep: every play page at two window sizes (issue 25 item 1) -----

#: Rulesets drawn as a formula or a sum of terms, not a board: played with the move
#: buttons.  Every other ruleset (a new one too) must have a clickable board.
NO_BOARD = {
    # formulas, their games and their quantum forms
    "epmx", "partition-free-qbf", "g-pos", "g-pos-star", "tqbf-game", "quantum-level",
    "quantum-partition-free-qbf", "quantum-quantum-level",
    *(f"{quantum}{game}-{kind}" for quantum in ("", "quantum-")
      for game in ("phantom-move", "clause-selector", "literal-selector", "tko", "ko",
                   "haymaker") for kind in ("qbf", "qsat")),
    # a sum of superstars and nimbers; two hands of cards
    "superstars", "uncooperative-uno",
}
WINDOWS = {"wide": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
#: The node budget of the sweep's values and hints.
SWEEP_NODES = 20_000


def test_no_board_lists_only_registered_rulesets() -> None:
    assert {ruleset.name for ruleset in all_rulesets()} >= NO_BOARD


def records(page: Page) -> list[str]:
    return page.locator("#history li").all_text_contents()


@pytest.mark.parametrize("window", sorted(WINDOWS))
@pytest.mark.parametrize("name", [ruleset.name for ruleset in all_rulesets()])
def test_every_play_page_plays(server: str, browser: Browser, name: str, window: str) -> None:
    """The play page of every ruleset opens on its first example with the human to move
    and no error; its board is clickable (unless it is a formula); one clicked move and
    the computer's reply are played; a hint appears; nothing scrolls sideways."""
    size = WINDOWS[window]
    page = browser.new_page(viewport=size, bypass_csp=True)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(TIMEOUT)
    with_node_budget(page, SWEEP_NODES)
    try:
        page.goto(f"{server}/play/{name}")
        assert wait_for_turn(page), f"{name}: {page.text_content('#status')}"
        assert page.get_attribute("#status", "class") != "lose", page.text_content("#status")
        page.wait_for_function("!['', '…'].includes(document.getElementById('value')"
                               ".textContent)")
        outcome = page.text_content("#outcome") or ""
        assert outcome[:1] in {"P", "N", "L", "R", "D"} or (  # D: a draw (positions repeat)
            "not solved within the budget" in outcome), (
            f"{name}: {outcome}")
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        page.select_option("#level", "random")  # its reply needs no search (perfect play
        # is checked by the games played to the end above)
        page.click("#hint")
        page.wait_for_function(
            "() => /Winning moves|No winning move|not solved within the budget/.test("
            "document.getElementById('hint-result').textContent)")
        clickable = page.locator("#board svg .clickable")
        if name in NO_BOARD:
            target = page.locator("#moves button").first
        else:
            assert clickable.count() >= 1, f"{name}: nothing on the board is clickable"
            target = clickable.first
        target.click()
        if page.locator("#choices button").count():
            page.locator("#choices button").first.click()
        elif page.locator("#confirm").is_visible():
            page.click("#confirm")
        page.wait_for_function(
            "[...document.querySelectorAll('#history li')].some("
            "li => li.textContent.startsWith('you: '))")
        wait_for_turn(page)
        if page.text_content("#status") != "The computer cannot move: you win!":
            assert any(line.startswith("computer: ") for line in records(page)), records(page)
    finally:
        page.close()
    assert not errors, f"JavaScript errors: {errors}"


def test_unknown_play_page_is_an_html_404(server: str, page: Page) -> None:
    response = page.goto(f"{server}/play/no-such-game")
    assert response is not None and response.status == 404
    assert "text/html" in response.headers["content-type"]
    assert page.locator("#not-found a[href='/']").count() == 1


def test_census_is_linked_from_the_gallery_and_says_how_to_start_one(server: str,
                                                                      page: Page) -> None:
    page.goto(server + "/")
    page.click("header a[href='/census']")
    page.wait_for_selector("#no-census")
    assert "grundy serve --census" in (page.text_content("#no-census") or "")


@pytest.mark.parametrize("path", ["/", "/lattice", "/matchmaker", "/play/atropos"])
def test_no_sideways_scroll_on_a_phone(server: str, browser: Browser, path: str) -> None:
    page = browser.new_page(viewport=WINDOWS["phone"], bypass_csp=True)
    page.goto(server + path)
    page.wait_for_selector("header h1")
    page.wait_for_load_state("networkidle")
    wide = page.evaluate("document.documentElement.scrollWidth")
    page.close()
    assert wide <= WINDOWS["phone"]["width"]


def test_lattice_labels_are_readable_at_the_default_zoom(server: str, page: Page) -> None:
    """Labels drawn at least 10 px tall on the screen, not scaled down to fit."""
    page.goto(server + "/lattice")
    page.wait_for_selector("#lattice svg rect.node")
    heights = page.locator("#lattice svg text").evaluate_all(
        "ts => ts.map(t => t.getBoundingClientRect().height)")
    assert heights and min(heights) >= 10, min(heights)


def test_matchmaker_record_shows_the_last_match(server: str, page: Page) -> None:
    """After every match the record is scrolled to its end (it overflows on a board of 8)."""
    page.goto(server + "/matchmaker")
    assert applet_state(page) == "playing"
    page.select_option("#size", "8")
    page.wait_for_function("document.querySelectorAll(\"#board circle[data-side='w']\")"
                           ".length === 8 && document.body.dataset.state === 'playing'")
    made = 0
    while applet_state(page) == "playing":
        page.locator("#moves button").last.click()
        made += 1
        page.wait_for_function(f"document.querySelectorAll('#history li').length === {made}")
        at_end = page.evaluate("(h => h.scrollTop + h.clientHeight >= h.scrollHeight - 1)("
                               "document.getElementById('history'))")
        assert at_end, f"the record is not scrolled to match {made}"
    assert page.evaluate("(h => h.scrollHeight > h.clientHeight)("
                         "document.getElementById('history'))"), "the record never overflowed"
