"""The native extension itself: it loads, its errors are one-line Python exceptions."""

from __future__ import annotations

import subprocess
import sys
import threading

import pytest

from grundy import _native


def test_a_rust_panic_becomes_a_python_exception() -> None:
    with pytest.raises(_native.NativePanic, match="native kernel failed \\(boom\\)"):
        _native._panic_for_tests("boom")
    assert issubclass(_native.NativePanic, RuntimeError)


def test_octal_sequence_of_dawsons_kayles() -> None:
    values, nodes = _native.octal_sequence("0.07", 19)
    assert values == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3]
    assert nodes == 20


def test_a_malformed_octal_code_is_one_line() -> None:
    with pytest.raises(ValueError, match="non-octal digit '9'"):
        _native.octal_sequence("0.19", 5)


def test_node_budget_stops_a_native_search() -> None:
    values, nodes = _native.subtraction_sequence([1, 2, 3], 1000, max_nodes=10)
    assert values is None
    assert nodes == 11


def test_kernels_made_in_one_thread_work_and_die_in_another(
        capfd: pytest.CaptureFixture[str]) -> None:
    """A census worker runs tasks on a thread pool: a kernel or store made by one task
    is used and dropped by another thread without errors (the Hex solver alone stays
    with its thread)."""
    made: list[object] = []
    thread = threading.Thread(target=lambda: made.extend([
        _native.Tinted("col", [0b10, 0b01]), _native.NodeKayles([0b10, 0b01]),
        _native.GameStore(), _native.Domineering()]))
    thread.start()
    thread.join()
    tinted, node_kayles, store, _ = made
    assert isinstance(tinted, _native.Tinted) and isinstance(store, _native.GameStore)
    assert isinstance(node_kayles, _native.NodeKayles)
    assert node_kayles.grundy(0b11)[0] == 1
    made.clear()
    del tinted, node_kayles, store
    assert "unsendable" not in capfd.readouterr().err


def test_the_stubs_match_the_extension() -> None:
    """``_native.pyi`` names every function, class, method and argument of the built
    module, with the same signatures (mypy's stubtest)."""
    check = subprocess.run([sys.executable, "-m", "mypy.stubtest", "grundy._native"],
                           capture_output=True, text=True, timeout=300)
    assert check.returncode == 0, check.stdout[-2000:]
