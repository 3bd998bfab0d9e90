"""`grundy calc`, `grundy thermograph`, `grundy value-ops` and `grundy misere`."""

from __future__ import annotations

import json
from pathlib import Path

from grundy.values import parse
from test_cli import ok, run


def test_calc_prints_the_canonical_form_and_outcome() -> None:
    assert ok("calc", "{1|0} + ^ + *2").stdout.splitlines() == [
        "{1^*2|^*2}", "L: Left wins whoever starts"]
    assert ok("calc", "1/2 + 1/2 - 1").stdout.splitlines()[0] == "0"
    assert ok("calc", "{4|2 || 3|-2}").stdout.splitlines()[0] == "2"


def test_a_negative_expression_is_read_as_the_expression_not_an_option() -> None:
    """CGSuite prints negative values with a leading minus; they read back unquoted."""
    assert ok("calc", "-1/8").stdout.splitlines()[0] == "-1/8"
    assert ok("calc", "-2Tiny(1)").stdout.splitlines()[0] == "-2Tiny(1)"
    assert ok("values", "thermograph", "-{4|2}").stdout.splitlines()[:2] == ["{-2|-4}", "mean: -3"]
    assert ok("values", "ops", "-1/2").stdout.splitlines()[0] == "value: -1/2"


def test_every_value_command_reads_cgsuite_bars_with_the_dialect() -> None:
    """CGSuite writes a lone option with several options bare ({2|0,* || -1}): its grammar
    reads it as {{2|0,*} | -1}, Ferland 2024's as Left options {2|0} and *."""
    cgsuite, thesis = "{{2|0,*}|-1}", "{2|0||-1}"
    for command in ("calc", "thermograph", "value-ops"):
        first = ok(command, "{2|0,*||-1}", "--dialect", "cgsuite").stdout.splitlines()[0]
        assert first.removeprefix("value: ") == cgsuite, command
        first = ok(command, "{2|0,*||-1}").stdout.splitlines()[0]
        assert first.removeprefix("value: ") == thesis, command
    # the other games value-ops reads follow the same dialect (0:H = H)
    assert ok("values", "ops", "0", "--ordinal", "{2|0,*||-1}", "--dialect",
              "cgsuite").stdout.splitlines()[-1] == f"ordinal sum: {cgsuite}"


def test_calc_json() -> None:
    data = json.loads(ok("calc", "{4|2}", "--json").stdout)
    assert data["value"] == "{4|2}" and data["outcome"] == "L"
    assert (data["mean"], data["temperature"], data["confusion_interval"]) == ("3", "1", "[2, 4]")
    assert (data["left_stop"], data["right_stop"], data["is_number"]) == ("4", "2", False)
    assert data["birthday"] == 5
    half = json.loads(ok("calc", "{0|1}", "--json").stdout)
    assert half["is_number"] and half["number"] == "1/2" and half["confusion_interval"] is None


def test_thermograph_prints_walls_and_plots(tmp_path: Path) -> None:
    path = tmp_path / "t.png"
    lines = ok("values", "thermograph", "{4|2}", "--plot", str(path)).stdout.splitlines()
    assert lines == ["{4|2}", "mean: 3", "temperature: 1",
                     "left wall (t, value): (-1, 5)  (1, 3)",
                     "right wall (t, value): (-1, 1)  (1, 3)"]
    assert path.read_bytes().startswith(b"\x89PNG")
    data = json.loads(ok("values", "thermograph", "{8|-6}", "--json").stdout)
    assert (data["mean"], data["temperature"]) == ("1", "7")


def test_bad_input_is_one_line_with_status_2(tmp_path: Path) -> None:
    for args in (["calc", "{1|2"], ["calc", "1 + x"], ["values", "thermograph", "3/7"],
                 ["values", "thermograph", "{4|2}", "--plot", str(tmp_path / "t.nope")],
                 ["values", "thermograph", "{4|2}", "--plot", str(tmp_path / "no" / "t.svg")],
                 ["values", "thermograph", "{4|2}", "--plot", str(tmp_path / "no" / "t.png")],
                 ["values", "octal", "0.77", "--plot", str(tmp_path / "no" / "k.png")]):
        result = run(*args)
        assert result.exit_code == 2, args
        assert result.stderr.startswith("grundy: error: ") and result.stderr.count("\n") == 1


def test_a_time_budget_stops_a_long_calculation_in_one_line() -> None:
    heavy = " + ".join(f"{{{4 * i + 9}|{4 * i + 7}||{2 * i + 3}|{i}}}" for i in range(16))
    for command in ("calc", "thermograph"):
        result = run(command, heavy, "--max-seconds", "0.05")
        assert result.exit_code == 3
        assert result.output.strip().splitlines() == [
            "grundy: error: calculation stopped after 0.05 s (time budget): "
            "raise --max-seconds or write a smaller game"]
    assert ok("calc", "{4|2} + *", "--max-seconds", "5").stdout.startswith("{4*|2*}\n")


def test_checked_calls_back_at_every_canonical_form_and_restores_itself() -> None:
    from grundy.values import Game, checked, parse

    calls: list[int] = []
    with checked(lambda: calls.append(1)):
        parse("{7|5||3|1} + {11|3}")
        inside = len(calls)
    assert inside > 0
    Game.of([Game.integer(9)], [Game.integer(-9)])
    assert len(calls) == inside  # outside the block nothing is called


def test_value_ops_prints_the_operations() -> None:
    lines = ok("values", "ops", "{^^|vv}", "--ordinal", "1", "--ish", "*").stdout.splitlines()
    assert "atomic weight: *" in lines and "reduced canonical form: 0" in lines
    assert "temper: neither" in lines and "ish: True" in lines
    assert "ordinal sum: {^^,+-^^|vv}" in lines
    data = json.loads(ok("values", "ops", "{4|2}", "--heat", "1", "--norton", "^", "--json").stdout)
    assert data["atomic_weight"] is None and data["temper"] == "odd"
    assert data["heated"] == "{5|1}" and data["incentives"] == ["{2|0}"]
    assert data["frozen"] == "3*"
    assert data["norton_product"] == str(parse("{4|2}").norton(parse("^")))
    assert "not defined" in ok("values", "ops", "1").stdout
    bad = run("values", "ops", "^", "--norton", "-1")
    assert bad.exit_code == 2 and "positive unit" in bad.stderr


def test_misere_prints_simplest_form_and_genus() -> None:
    assert ok("values", "misere", "*2+*2").stdout.splitlines() == [
        "simplest form: {*2,*3}", "cgsuite: *[2[2]]", "misere outcome: P", "genus: 0^02",
        "normal nim value: 0",
        "misere nim value: 0", "class: tame"]
    data = json.loads(ok("values", "misere", "{0,{*2}}", "--json").stdout)
    assert data["class"] == "restive" and data["genus"] == "1^20"
    bad = run("values", "misere", "{*2")
    assert bad.exit_code == 2 and "close every brace" in bad.stderr
    kayles = json.loads(ok("values", "misere", "kayles", "4", "--json").stdout)
    assert (kayles["simplest_form"], kayles["genus"], kayles["misere_outcome"]) == (
        "*", "1^031", "P")  # a Kayles row of 4 plays like * in misère sums
    slow = run("values", "misere", "*9+*9+*9+*9+*9", "--max-seconds", "0.2")
    assert slow.exit_code == 3 and "time budget" in slow.stderr
