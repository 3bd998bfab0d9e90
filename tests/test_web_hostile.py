"""``grundy serve`` under abuse and load (issues 19 item 4 and 21): a real server on
127.0.0.1, the reproducers of issue 21, hostile requests, and simulated players.

``GRUNDY_LOAD_SECONDS`` lengthens the load test (``make fuzz``); with ``-s`` it prints
requests, statuses and p50/p95/p99 latencies per endpoint.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

LOAD_SECONDS = float(os.environ.get("GRUNDY_LOAD_SECONDS", "4"))
PLAYERS = 50
#: How long a request may go unanswered before the test calls it a hang. Nothing here
#: is timed against it: the assertions are about states (who answered, which worker
#: died), so a slow or loaded machine only makes the tests slower.
HANG = 120.0


def rss_kb(pid: int) -> int:
    """Resident memory of a process and its children (the workers), in kB."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if entry.name == str(pid) or fields.get("PPid", "").strip() == str(pid):
            total += int(fields.get("VmRSS", "0 kB").split()[0])
    return total


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    store = tmp_path_factory.mktemp("serve") / "store.sqlite"
    process = subprocess.Popen(
        [sys.executable, "-c", "from grundy.cli.main import main; main()", "serve",
         "--host", "127.0.0.1", "--port", str(port), "--store", str(store)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(f"{url}/api/features", timeout=1)
            break
        except httpx.HTTPError:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "the server did not start within 60 s"
            time.sleep(0.2)
    # start the workers (the first request of each kind starts its processes)
    httpx.post(f"{url}/api/position", json={"ruleset": "nim", "position": "3"}, timeout=60)
    httpx.post(f"{url}/api/analyse", json={"ruleset": "nim", "position": "3"}, timeout=60)
    yield url, process.pid
    # Ctrl-C while a search is running stops the server at once, workers and all: the
    # search's client never gets the answer it would have had after the search's budget
    workers = descendants(process.pid)
    assert workers, "the server runs its work in worker processes"
    with long_search(url, process.pid) as (connection, _):
        process.send_signal(2)
        process.wait(timeout=HANG)
        reply = b"".join(iter(lambda: connection.recv(4096), b""))
    assert not reply.startswith(b"HTTP/1.1 200"), "Ctrl-C waited for the running search"
    wait_for(lambda: not any(alive(pid) for pid in workers), "the workers to stop")


#: A search that runs for its whole budget (10 s, the server's most).
LONG_SEARCH = {"ruleset": "domineering", "position": "8x8", "max_seconds": 10}


@contextlib.contextmanager
def long_search(url: str, pid: int) -> Iterator[tuple[socket.socket, list[int]]]:
    """Send ``LONG_SEARCH`` on a raw connection once no worker is computing, and yield
    the connection and the workers computing it once it runs; leaving hangs up."""
    wait_for(lambda: not any(busy(worker) for worker in descendants(pid)),
             "the workers to be idle")
    host, port = url.removeprefix("http://").split(":")
    body = json.dumps(LONG_SEARCH).encode()
    with socket.create_connection((host, int(port)), timeout=HANG) as connection:
        connection.sendall(
            b"POST /api/analyse HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"x-grundy-client: impatient\r\ncontent-type: application/json\r\n"
            + f"content-length: {len(body)}\r\n\r\n".encode() + body)
        searching: list[int] = []

        def started() -> bool:
            searching.extend(worker for worker in descendants(pid) if busy(worker))
            return bool(searching)

        wait_for(started, "the search to start in a worker")
        yield connection, searching


def wait_for(state: Callable[[], bool], what: str) -> None:
    """Poll until ``state()`` holds; fail only if it never does (a hang)."""
    deadline = time.monotonic() + HANG
    while not state():
        assert time.monotonic() < deadline, f"waited {HANG:g} s for {what}"
        time.sleep(0.05)


def cpu_ticks(pid: int) -> int:
    """User plus system CPU time of ``pid`` so far, in clock ticks (0 once it is gone)."""
    try:
        fields = stat(pid)
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


def busy(pid: int) -> bool:
    """Is ``pid`` computing (its CPU time grows over a short look)?"""
    before = cpu_ticks(pid)
    time.sleep(0.2)
    return alive(pid) and cpu_ticks(pid) > before


def stat(pid: int | str) -> list[str]:
    """The fields of /proc/PID/stat after the command name (state, parent, ...)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid``, and by them (the fork server's workers)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit():
                parents[int(entry.name)] = int(stat(entry.name)[1])
        except OSError:
            continue
    found, frontier = [], [pid]
    while frontier:
        children = [child for child, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


def alive(pid: int) -> bool:
    """Is ``pid`` running (not gone, not a zombie)?"""
    try:
        return stat(pid)[0] != "Z"
    except OSError:
        return False


def no_traceback(response: httpx.Response) -> None:
    assert response.status_code < 500, response.text[:300]
    assert "Traceback" not in response.text and 'File "' not in response.text


# -- issue 21's reproducers ------------------------------------------------------------

REPRODUCERS = [
    ("/api/analyse", {"ruleset": "quantum-nim", "position": "5555550,2", "max_seconds": 1}),
    ("/api/analyse", {"ruleset": "quantum-nim", "position": "999,2", "max_seconds": 1}),
    ("/api/analyse", {"ruleset": "chain-proof-dictator", "position": "ABDC;A_D_;__DA",
                      "max_seconds": 1}),
    ("/api/analyse", {"ruleset": "chomp", "position": "1000000x2", "max_seconds": 1}),
    ("/api/analyse", {"ruleset": "superstars", "max_seconds": 1,
                      "position": "{*,*2,*16|0} + {*7,*4,*32|0} + {0|*,*2} + {0|*10,*8,*9} + *15"}),
    ("/api/position", {"ruleset": "subtraction", "position": "1:10000000"}),
    ("/api/position", {"ruleset": "subtraction", "position": "1:1000000"}),
    ("/api/position", {"ruleset": "subtraction", "position": "1:1000000000"}),
    ("/api/position", {"ruleset": "partizan-subtraction", "position": "1|2:1000000000",
                       "player": "L"}),
    ("/api/position", {"ruleset": "demi-quantum-nim", "position": "1000000000"}),
    ("/api/position", {"ruleset": "unrestricted-atropos", "position": "30000"}),
    ("/api/position", {"ruleset": "hydropipe",
                       "position": "1000000000;0,1/0,2;water=0;cleaner=1,2"}),
    ("/api/position", {"ruleset": "demi-quantum-nim", "position": "<(1,2)|(4,2,5,0,1,2)>"}),
    ("/api/hint", {"ruleset": "demi-quantum-nim", "position": "<(1,2)|(4,2,5,0,1,2)>"}),
    ("/api/computer", {"ruleset": "demi-quantum-nim", "position": "<(1,2)|(4,2,5,0,1,2)>"}),
]


@pytest.mark.parametrize(("path", "body"), REPRODUCERS,
                         ids=[f"{p}-{b['ruleset']}-{b['position'][:12]}" for p, b in REPRODUCERS])
def test_issue_21_reproducers(server: tuple[str, int], path: str, body: dict[str, Any]) -> None:
    """Each answers (these positions need far more than their budgets: an answer means
    the budget stopped the work) with a JSON value, a budget report or a one-line error,
    memory stays bounded, and a second client's cheap request is answered too."""
    url, pid = server
    before = rss_kb(pid)
    cheap: list[httpx.Response] = []
    other = threading.Thread(target=lambda: cheap.append(httpx.post(
        f"{url}/api/play", headers={"x-grundy-client": "other"}, timeout=HANG,
        json={"ruleset": "nim", "position": "3,5", "move": "0-1"})))
    other.start()
    response = httpx.post(f"{url}{path}", json=body, timeout=HANG)
    other.join()
    no_traceback(response)
    answer = response.json()
    assert "error" in answer or answer.get("solved") is False or "value" in answer
    if "error" in answer:
        assert "\n" not in answer["error"]
    assert cheap and cheap[0].status_code == 200
    assert rss_kb(pid) - before < 500_000


def test_a_cheap_request_is_answered_while_a_long_search_runs(
        server: tuple[str, int]) -> None:
    """The long search has not answered yet when the cheap answer comes back: the cheap
    request did not queue behind it."""
    url, pid = server
    with long_search(url, pid) as (connection, _):
        response = httpx.post(f"{url}/api/play", headers={"x-grundy-client": "other"},
                              json={"ruleset": "nim", "position": "3,5", "move": "0-1"},
                              timeout=HANG)
        assert response.status_code == 200
        connection.setblocking(False)
        with pytest.raises(BlockingIOError):
            connection.recv(1)  # nothing yet from the search


def test_a_client_that_goes_away_frees_its_worker(server: tuple[str, int]) -> None:
    """The only solver worker runs a 10 s search; its client hangs up while the search
    runs; the worker is killed (not left to finish the search) and the next search, from
    another client, is answered."""
    url, pid = server
    with long_search(url, pid) as (_, searching):
        pass  # leaving the block hangs up
    wait_for(lambda: not any(alive(worker) for worker in searching),
             "the abandoned search's worker to be killed")
    response = httpx.post(f"{url}/api/analyse", json={"ruleset": "nim", "position": "3,5"},
                          headers={"x-grundy-client": "patient"}, timeout=HANG)
    assert response.status_code == 200 and response.json()["value"] == "*6"


def test_eight_stalling_requests_do_not_stall_cheap_ones(server: tuple[str, int]) -> None:
    url, _ = server
    body = {"ruleset": "hydropipe", "position": "1000000000;0,1/0,2;water=0;cleaner=1,2"}
    with httpx.Client(timeout=60) as client:
        threads = [threading.Thread(target=client.post, args=(f"{url}/api/position",),
                                    kwargs={"json": body}) for _ in range(8)]
        for thread in threads:
            thread.start()
        response = client.post(f"{url}/api/position", json={"ruleset": "nim", "position": "3"})
        assert response.status_code == 200
        for thread in threads:
            thread.join()


# -- abuse -------------------------------------------------------------------------------


def test_foreign_host_headers_are_refused(server: tuple[str, int]) -> None:
    url, _ = server
    for host in ("evil.example", "evil.example:8000", "127.0.0.1.evil.example"):
        response = httpx.get(f"{url}/api/features", headers={"host": host})
        assert response.status_code == 421 and "not this workbench" in response.json()["error"]
    for host in ("localhost", "127.0.0.1:1234", "[::1]:80"):
        assert httpx.get(f"{url}/api/features", headers={"host": host}).status_code == 200


def test_big_bodies_malformed_json_and_traversal(server: tuple[str, int]) -> None:
    url, _ = server
    huge = {"ruleset": "nim", "position": "1," * 500_000}
    response = httpx.post(f"{url}/api/position", json=huge)
    assert response.status_code == 413
    for content in (b"{", b"[]", b'{"ruleset": 3}', b"\xff\xfe", b'{"ruleset":"nim"}'):
        response = httpx.post(f"{url}/api/position", content=content,
                              headers={"content-type": "application/json"})
        assert 400 <= response.status_code < 500
        no_traceback(response)
    for path in ("/static/../pyproject.toml", "/static/%2e%2e/app.py", "/static/..%2fapp.py"):
        response = httpx.get(f"{url}{path}")
        assert response.status_code in (400, 404)


def test_security_headers(server: tuple[str, int]) -> None:
    url, _ = server
    for path in ("/", "/api/features", "/static/play.js"):
        headers = httpx.get(f"{url}{path}").headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert "access-control-allow-origin" not in headers


# -- load --------------------------------------------------------------------------------


def player(url: str, name: str, until: float, log: list[tuple[str, int, float, str]]) -> None:
    """One simulated player: new games, moves, hints, computer moves and the calculator."""
    rng = random.Random(name)
    with httpx.Client(base_url=url, timeout=60, headers={"x-grundy-client": name}) as client:

        def call(path: str, body: dict[str, Any]) -> httpx.Response:
            started = time.monotonic()
            response = client.post(path, json=body)
            log.append((path, response.status_code, time.monotonic() - started,
                        response.text if response.status_code >= 500 or "Traceback"
                        in response.text else ""))
            return response

        while time.monotonic() < until:
            ruleset = rng.choice(("nim", "subtraction", "node-kayles", "domineering"))
            player_side = "L" if ruleset == "domineering" else None
            game = call("/api/random", {"ruleset": ruleset, "size": rng.randint(2, 8),
                                        "seed": rng.randrange(10**6), "player": player_side})
            if game.status_code != 200:
                continue
            view = game.json()
            if view["moves"]:
                call("/api/play", {"ruleset": ruleset, "position": view["position"],
                                   "move": rng.choice(view["moves"])["label"],
                                   "player": player_side})
            kind = rng.random()
            if kind < 0.3:
                call("/api/hint", {"ruleset": ruleset, "position": view["position"],
                                   "player": player_side, "max_seconds": 0.5})
            elif kind < 0.6 and view["moves"]:
                call("/api/computer", {"ruleset": ruleset, "position": view["position"],
                                       "player": player_side, "max_seconds": 0.5})
            else:
                call("/api/calc", {"expression": rng.choice(("{1|0} + *2", "^ + v*", "{3|-1}"))})


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def test_fifty_players(server: tuple[str, int]) -> None:
    url, _ = server
    log: list[tuple[str, int, float, str]] = []
    until = time.monotonic() + LOAD_SECONDS
    threads = [threading.Thread(target=player, args=(url, f"player-{i}", until, log))
               for i in range(PLAYERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = Counter(status for _, status, _, _ in log)
    latencies: dict[str, list[float]] = defaultdict(list)
    for path, _, seconds, _ in log:
        latencies[path].append(seconds)
    print(f"\n{len(log)} requests from {PLAYERS} players in {LOAD_SECONDS:g} s; "
          f"statuses {dict(sorted(statuses.items()))}")
    for path, values in sorted(latencies.items()):
        print(f"{path}: {len(values)} requests, p50 {percentile(values, 0.5) * 1000:.0f} ms, "
              f"p95 {percentile(values, 0.95) * 1000:.0f} ms, "
              f"p99 {percentile(values, 0.99) * 1000:.0f} ms")
    assert log
    failures = [(path, status, text[:200]) for path, status, _, text in log if text]
    assert not failures, failures[:3]
    assert all(status < 500 for status in statuses), statuses
