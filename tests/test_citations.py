"""Users see papers by authors, year and locator, never a maintainer's seed file."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from grundy.bibliography import PAPERS, UnknownPaperError, paper
from grundy.cli.main import cli
from grundy.protocol import Citation
from grundy.reductions import all_reductions
from grundy.rulesets import all_rulesets
from grundy.web import create_app

#: A seed file name, a seed line (``L57-59``) or character offset (``@162818``).
MAINTAINERS_ONLY = re.compile(r"\d{3}_[0-9a-f]{16}|\bL\d{2,5}\b|@\d{5,}|\bseed 00\d")
#: A seed file's name, or a seed by number.
SEED_FILE = re.compile(r"\d{3}_[0-9a-f]{16}|\bseed 00\d")
ROOT = Path(__file__).resolve().parents[1]
#: Files beside the repository (the maintainers' reading notes and seeds).
OUTSIDE_THE_REPO = re.compile(r"\b(?:notes|seeds|shared)/")


def test_a_citation_prints_authors_year_and_locator() -> None:
    citation = Citation("000_7d67923f02e8dd4e.txt", "L57-59", "Ruleset 1")
    assert str(citation) == "Burke, Ferland & Teng 2021, Ruleset 1"
    assert citation.paper is PAPERS["burke-ferland-teng-2021"]
    assert str(Citation("fenner-et-al-2015", locator="§4")) == "Fenner et al. 2015, §4"
    assert "Fenner, Grier, Messner, Schaeffer & Thierauf (2015)" in Citation(
        "003_b9b71f74cb16b358.txt").reference


def test_the_five_papers_have_a_venue_and_a_link() -> None:
    """The papers this project implements (the ones maintainers read in a seed file)."""
    papers = [entry for entry in PAPERS.values() if entry.seed]
    assert len(papers) == 5
    for entry in papers:
        assert entry.venue and entry.link.startswith("https://"), entry.key
        assert str(entry).endswith(entry.link), entry.key


def test_an_unknown_paper_is_named() -> None:
    with pytest.raises(UnknownPaperError, match="no paper 'smith-1999'"):
        paper("smith-1999")


def test_every_ruleset_and_reduction_cites_a_known_paper_with_a_locator() -> None:
    for item in [*all_rulesets(), *all_reductions()]:
        citation = item.citation
        assert citation.paper.key in PAPERS, item.name
        assert citation.locator, item.name
        assert not MAINTAINERS_ONLY.search(str(citation)), (item.name, str(citation))


@pytest.mark.parametrize("args", [
    ["rulesets", "--formats"], ["rulesets", "--json"], ["tour"], ["tour", "--json"],
    ["verify", "--list"], ["--help"],
])
def test_cli_output_names_papers_not_seed_files(args: list[str]) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert not MAINTAINERS_ONLY.search(result.output), MAINTAINERS_ONLY.search(result.output)
    assert not OUTSIDE_THE_REPO.search(result.output), OUTSIDE_THE_REPO.search(result.output)


def every_command(group: click.Group, path: tuple[str, ...] = ()) -> list[list[str]]:
    """The argument lists that reach each command and subcommand of ``group``."""
    found = []
    for name, command in sorted(group.commands.items()):
        found.append([*path, name])
        if isinstance(command, click.Group):
            found.extend(every_command(command, (*path, name)))
    return found


@pytest.mark.parametrize("args", every_command(cli), ids=" ".join)
def test_every_help_text_names_papers_not_seed_files(args: list[str]) -> None:
    result = CliRunner().invoke(cli, [*args, "--help"])
    assert result.exit_code == 0, result.output
    assert not MAINTAINERS_ONLY.search(result.output), MAINTAINERS_ONLY.search(result.output)
    assert not OUTSIDE_THE_REPO.search(result.output), OUTSIDE_THE_REPO.search(result.output)


def test_grundy_rulesets_prints_the_full_references() -> None:
    output = CliRunner().invoke(cli, ["rulesets"]).output
    assert "Burke (2009). Science for fun: new impartial board games." in output
    assert "https://doi.org/10.4230/LIPIcs.FUN.2022.10" in output


def test_the_workbench_shows_papers_not_seed_files() -> None:
    client = TestClient(create_app())
    shown = [*client.get("/api/rulesets").json(), *client.get("/api/lattice").json()["reductions"]]
    for item in shown:  # the words on the page (SVG path data may well contain "L10")
        words = " ".join(str(item.get(k, "")) for k in ("citation", "reference", "summary"))
        assert not MAINTAINERS_ONLY.search(words), (item["name"], words)
        assert not OUTSIDE_THE_REPO.search(words), (item["name"], words)
    info = client.get("/api/rulesets/atropos").json()
    assert info["citation"] == "Burke 2009, Def 3.2.3 (suicidal moves dropped)"
    assert info["reference"].startswith("Burke (2009). Science for fun")
    assert info["link"] == PAPERS["burke-2009"].link


@pytest.mark.parametrize("path", [
    ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")),
    *sorted((ROOT / "docs").rglob("*.ipynb")),
], ids=lambda p: str(p.relative_to(ROOT)))
def test_readme_and_docs_name_papers_not_seed_files(path: Path) -> None:
    """The errata page keeps each entry's seed line beside the paper's locator, for
    maintainers (the page says how to read them); no page names a seed file."""
    text = path.read_text(encoding="utf-8")
    pattern = SEED_FILE if path.name == "errata.md" else MAINTAINERS_ONLY
    assert not pattern.search(text), pattern.search(text)
