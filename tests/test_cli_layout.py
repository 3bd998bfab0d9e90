"""The shape of the `grundy` command: at most 15 entries in --help, every old name a
hidden alias that still runs, --json on every command, and subcommands that import
only what they use (checked in a fresh interpreter, through sys.modules)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner, Result

from grundy.cli.main import ALIASES, cli


def run(*args: str) -> Result:
    runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None})
    return runner.invoke(cli, list(args), prog_name="grundy")


def listed(group: click.Group) -> list[str]:
    """The names `--help` shows for ``group``."""
    ctx = click.Context(group)
    return [name for name in group.list_commands(ctx)
            if not (command := group.get_command(ctx, name)) or not command.hidden]


def leaves(group: click.Group, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...],
                                                                         click.Command]]:
    """Every listed command that is not a group, with its path from ``grundy``."""
    ctx = click.Context(group)
    found = []
    for name in listed(group):
        command = group.get_command(ctx, name)
        assert command is not None, name
        if isinstance(command, click.Group):
            found += leaves(command, (*path, name))
        else:
            found.append(((*path, name), command))
    return found


def resolve(path: str) -> click.Command:
    command: click.Command | None = cli
    for part in path.split():
        assert isinstance(command, click.Group)
        command = command.get_command(click.Context(command), part)
    assert command is not None, path
    return command


def test_help_shows_at_most_fifteen_entries_everyday_ones_first() -> None:
    help_text = run("--help").output
    entries = help_text.split("Commands:\n")[1].splitlines()
    names = [line.split()[0] for line in entries if line.startswith("  ") and line.split()]
    assert len(names) <= 15
    assert names == listed(cli)
    assert names[:4] == ["value", "moves", "play", "show"]
    for everyday in ("calc", "serve", "rulesets", "verify", "census", "tour", "values",
                     "solve", "matchmaker", "dictator", "constructions"):
        assert everyday in names
    assert not set(ALIASES) & set(names)


@pytest.mark.parametrize("old", sorted(ALIASES))
def test_every_old_name_is_a_hidden_alias_of_the_same_command(old: str) -> None:
    target = ALIASES[old]
    command = resolve(old)
    assert old not in listed(cli)
    if ":" in target:  # `grundy bench`, a developer's command: hidden, never renamed
        assert command.name == old
        return
    assert command is resolve(target)
    shown = run(old, "--help")
    assert shown.exit_code == 0, shown.output
    assert f"Usage: grundy {old}" in shown.output


#: Old invocations (README and earlier releases), each beside its new name: both run,
#: and print the same.
OLD_AND_NEW = [
    (["thermograph", "{4|2}"], ["values", "thermograph", "{4|2}"]),
    (["value-ops", "{^^|vv}", "--ordinal", "1"], ["values", "ops", "{^^|vv}", "--ordinal", "1"]),
    (["misere", "*2+*2"], ["values", "misere", "*2+*2"]),
    (["octal", "0.77", "--to", "30"], ["values", "octal", "0.77", "--to", "30"]),
    (["oracle", "value", "-5/8"], ["values", "oracle", "value", "-5/8"]),
    (["habitat", "kayles", "--max-size", "4"], ["values", "habitat", "kayles", "--max-size", "4"]),
    (["tw-triangle", "--rows", "4"], ["values", "triangle", "--rows", "4"]),
    (["lattice", "--format", "dot"], ["constructions", "lattice", "--format", "dot"]),
    (["encode", "nim", "1,2", "--as", "geography"],
     ["constructions", "encode", "nim", "1,2", "--as", "geography"]),
    (["encode-sum", "nim", "2", "transverse-wave", "(01)(2)"],
     ["constructions", "encode-sum", "nim", "2", "transverse-wave", "(01)(2)"]),
    (["generate", "undirected-geography", "--nimber", "3"],
     ["constructions", "generate", "undirected-geography", "--nimber", "3"]),
    (["geography", "generate", "undirected-geography", "--nimber", "3"],
     ["constructions", "generate", "undirected-geography", "--nimber", "3"]),
    (["triangulated-map", "--vertices", "8", "--seed", "3"],
     ["constructions", "triangulated-map", "--vertices", "8", "--seed", "3"]),
    (["matchmaker-tables", "--max-n", "4"], ["matchmaker", "tables", "--max-n", "4"]),
    (["matchmaker-conjecture", "uncrossing", "--max-n", "4"],
     ["matchmaker", "conjecture", "uncrossing", "--max-n", "4"]),
    (["matchmaker-transform", "stubborn-matchmaker", "4:1-1,2-2,3-4", "--un-z", "2,2"],
     ["matchmaker", "transform", "stubborn-matchmaker", "4:1-1,2-2,3-4", "--un-z", "2,2"]),
    (["matchmaker-verify", "4:1-2"], ["matchmaker", "verify", "4:1-2"]),
    (["dictator-prove", "ABDC;BACD"], ["dictator", "prove", "ABDC;BACD"]),
    (["dictator-verify", "ABDC;BACD", "AC=ABDC;BCAD|ABD=BDAC;BCDA"],
     ["dictator", "verify", "ABDC;BACD", "AC=ABDC;BCAD|ABD=BDAC;BCDA"]),
    # a census needs a cluster (tests/test_census.py runs `grundy census SPEC` on one):
    # here the same one-line error for a census that is not there
    (["query", "SELECT 1", "--census", "{tmp}"], ["census", "query", "SELECT 1", "--census",
                                                  "{tmp}"]),
    (["census", "--resume", "--out", "{tmp}"], ["census", "run", "--resume", "--out", "{tmp}"]),
]


@pytest.mark.parametrize(("old", "new"), OLD_AND_NEW, ids=lambda args: " ".join(args[:2]))
def test_old_invocations_still_work(old: list[str], new: list[str], tmp_path: object) -> None:
    before = run(*(arg.replace("{tmp}", str(tmp_path)) for arg in old))
    after = run(*(arg.replace("{tmp}", str(tmp_path)) for arg in new))
    assert before.exit_code == after.exit_code, (before.output, after.output)
    assert before.stdout == after.stdout  # stderr may carry timings
    if "--census" in old or "census" in old:
        assert before.exit_code == 2 and before.output.count("\n") == 1, before.output
    else:  # 1: a conjecture's counterexample
        assert before.exit_code in (0, 1), before.output


def test_every_command_takes_json() -> None:
    missing = [" ".join(path) for path, command in leaves(cli)
               if not any("--json" in getattr(param, "opts", ()) for param in command.params)]
    assert missing == []


def test_lattice_and_dictator_verify_print_json() -> None:
    drawing = json.loads(run("constructions", "lattice", "--json").stdout)
    assert drawing["format"] == "mermaid" and "-->" in drawing["text"]
    checked = run("dictator", "verify", "ABDC;BACD", "AC=ABDC;BCAD", "--json")
    assert checked.exit_code in (0, 2)
    proved = json.loads(run("dictator", "prove", "ABDC;BACD", "--json").stdout)
    valid = json.loads(run("dictator", "verify", "ABDC;BACD", proved["certificate"],
                           "--json").stdout)
    assert valid["valid"] is True and valid["proof"] == "chain"


#: What a subcommand may not load unless it needs it.
HEAVY = ("grundy.reductions", "networkx", "fastapi", "uvicorn", "starlette", "matplotlib",
         "duckdb", "dask", "grundy.web", "grundy.census")


def loaded_after(*args: str) -> set[str]:
    """The HEAVY modules loaded by running `grundy ARGS` in a fresh interpreter."""
    code = ("import sys\nfrom grundy.cli.main import cli\n"
            f"try:\n    cli({list(args)!r}, standalone_mode=False)\n"
            "finally:\n    sys.stdout.flush()\n"
            f"    print('\\nLOADED', *sorted(m for m in {HEAVY!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.rsplit("LOADED", 1)[1].split())


def test_starting_the_command_loads_nothing_of_the_library() -> None:
    code = ("import sys, grundy.cli.main\n"
            "print(sorted(m for m in sys.modules if m.startswith(('grundy.', 'rich'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=True)
    assert set(json.loads(done.stdout.replace("'", '"'))) <= {
        "grundy.cli", "grundy.cli.group", "grundy.cli.main"}


@pytest.mark.parametrize("args", [
    ("value", "domineering", "3x3"),
    ("value", "nim", "3,5,7"),
    ("moves", "transverse-wave", "PPG/GGP"),
    ("show", "nim", "3,5"),
    ("calc", "{1|0} + ^"),
    ("values", "thermograph", "{4|2}"),
    ("values", "octal", "0.77", "--to", "20"),
    ("values", "triangle", "--rows", "3"),
    ("matchmaker", "tables", "--max-n", "3"),
    ("atropos", "outcome", "4"),
])
def test_a_subcommand_loads_only_what_it_uses(args: tuple[str, ...]) -> None:
    assert loaded_after(*args) == set()


def test_reductions_load_where_they_are_used() -> None:
    assert "grundy.reductions" in loaded_after("verify", "--list")


def test_rulesets_on_a_narrow_terminal_keep_every_name_whole() -> None:
    """On a terminal (rich, 60 columns) each ruleset's name starts a line of its own, whole;
    the rest wraps at words."""
    from grundy.rulesets import all_rulesets

    runner = CliRunner(env={"TTY_COMPATIBLE": "1", "TTY_INTERACTIVE": "0", "COLUMNS": "60",
                            "FORCE_COLOR": None})
    shown = runner.invoke(cli, ["rulesets"])
    assert shown.exit_code == 0, shown.output
    lines = re.sub(r"\x1b\[[0-9;]*m", "", shown.stdout).splitlines()
    assert max(map(len, lines)) <= 60
    starts = {line.split("  (")[0] for line in lines if not line.startswith(" ")}
    assert {r.name for r in all_rulesets()} <= starts


def test_value_prints_a_nimber_where_one_is_cheap_and_says_why_where_not() -> None:
    """Atropos (searched for its outcome): the nimber when a short search finds it, else
    `≠ 0` and why; Hex (partizan): the outcome class and why there is no nimber."""
    from grundy.api import position

    atropos = json.loads(run("value", "atropos", "./r./...", "--json").stdout)
    assert atropos["nimber"] == int(position("atropos", "./r./...").value().nimber_value())
    assert atropos["value"] == "*" * bool(atropos["nimber"]) + str(atropos["nimber"])
    starved = json.loads(run("value", "atropos", "./r./...", "--max-nodes", "1",
                             "--json").stdout)
    assert starved["nimber"] is None and "--max-nodes" in starved["why"]
    hex_value = run("value", "hex", "3")
    first, second = hex_value.stdout.splitlines()
    assert first.startswith("N (outcome class: hex is partizan") and second.startswith("N:")
    assert json.loads(run("value", "hex", "3", "--json").stdout)["outcome"] == "N"


def test_first_hour_fixes() -> None:
    """Negative values as arguments, CGSuite's '|' rows for Domineering, Hex moves named
    by their cells."""
    assert run("values", "oracle", "value", "-5/8").stdout.startswith("= -5/8")
    assert run("value", "domineering", "...|...|...").stdout == run(
        "value", "domineering", "3x3").stdout
    moves = json.loads(run("moves", "hex", "2", "--json").stdout)["moves"]
    assert {m["move"] for m in moves} == {"a1", "b1", "a2", "b2"}
    played = CliRunner().invoke(cli, ["play", "hex", "2", "--json"], input="a1\n")
    assert played.exit_code == 0, played.output


def test_verify_all_ends_with_a_total_and_leaves_slow_reductions_to_slow() -> None:
    from grundy.reductions import all_reductions

    slow = [r.name for r in all_reductions() if r.slow]
    assert slow  # the quantum QBF lifts take minutes
    small = ("--instances", "1", "--max-size", "1", "--exhaustive", "0")
    text = run("verify", "--all", *small).stdout.splitlines()
    assert all(line.startswith("ok ") for line in text[:-1])
    assert text[-1].endswith(f"{len(slow)} slow ones left to --slow: {', '.join(slow)}")
    total = json.loads(run("verify", "--all", *small, "--json").stdout.splitlines()[-1])
    assert total["failed"] == [] and total["skipped_slow"] == slow
    assert total["total"] == len(text) - 1
    assert not any(line.startswith(f"ok    {name}:") for line in text for name in slow)


def test_every_command_a_cli_module_defines_is_reachable() -> None:
    """A command added to a topic module but not named in grundy.cli.main fails here."""
    import importlib
    import pkgutil

    import grundy.cli

    reachable: set[int] = {id(cli)}

    def walk(group: click.Group) -> None:
        ctx = click.Context(group)
        for name in [*group.list_commands(ctx), *getattr(group, "aliases", {})]:
            command = group.get_command(ctx, name)
            assert command is not None, name
            reachable.add(id(command))
            if isinstance(command, click.Group):
                walk(command)

    walk(cli)
    defined = {f"{info.name}.{name}": value
               for info in pkgutil.iter_modules(grundy.cli.__path__, "grundy.cli.")
               for name, value in vars(importlib.import_module(info.name)).items()
               if isinstance(value, click.Command)}
    assert defined
    assert [name for name, command in defined.items() if id(command) not in reachable] == []
