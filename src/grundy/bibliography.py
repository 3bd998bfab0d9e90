"""The papers grundy implements, and the books its value theory follows.

A :class:`grundy.protocol.Citation` names one of these by key (or by the seed file a
maintainer reads it in) and adds a locator; users see ``Burke, Ferland & Teng 2021,
Ruleset 1``, and :func:`reference` gives the full entry.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Paper:
    """One bibliography entry."""

    key: str
    authors: str
    year: int
    title: str
    venue: str
    link: str = ""
    #: The file this project's maintainers read it in (``shared/seeds/``), if any.
    seed: str = ""
    #: How running text names the authors, where not all of them (``Fenner et al.``).
    cited_as: str = ""

    @property
    def short(self) -> str:
        """Authors and year, as a citation in running text: ``Burke 2009``."""
        return f"{self.cited_as or self.authors} {self.year}"

    def __str__(self) -> str:
        link = f" {self.link}" if self.link else ""
        return f"{self.authors} ({self.year}). {self.title}. {self.venue}.{link}"


PAPERS: dict[str, Paper] = {
    paper.key: paper
    for paper in (
        Paper(
            "burke-ferland-teng-2021", "Burke, Ferland & Teng", 2021,
            "Transverse Wave: an impartial color-propagation game inspired by social "
            "influence and Quantum Nim",
            "INTEGERS 21B (2021), #A3",
            "https://arxiv.org/abs/2101.07237",
            seed="000",
        ),
        Paper(
            "ferland-2024", "Ferland", 2024,
            "Exploring the computational frontier of combinatorial games",
            "PhD thesis, University of Southern California",
            "https://doi.org/10.25549/usctheses-oUC113997N8H",
            seed="001",
        ),
        Paper(
            "burke-ferland-teng-2022", "Burke, Ferland & Teng", 2022,
            "Nimber-preserving reduction: game secrets and homomorphic Sprague-Grundy theorem",
            "11th International Conference on Fun with Algorithms (FUN 2022), LIPIcs 226, 10",
            "https://doi.org/10.4230/LIPIcs.FUN.2022.10",
            seed="002",
        ),
        Paper(
            "fenner-et-al-2015", "Fenner, Grier, Messner, Schaeffer & Thierauf", 2015,
            "Game values and computational complexity: an analysis via black-white "
            "combinatorial games",
            "Electronic Colloquium on Computational Complexity (ECCC), report TR15-021",
            "https://eccc.weizmann.ac.il/report/2015/021/",
            seed="003", cited_as="Fenner et al.",
        ),
        Paper(
            "burke-2009", "Burke", 2009,
            "Science for fun: new impartial board games",
            "PhD thesis, Boston University (UMI 3357626)",
            "https://turing.plymouth.edu/~kgb1013/DB/thesis.pdf",
            seed="004",
        ),
        Paper(
            "siegel-2013", "Siegel", 2013, "Combinatorial Game Theory",
            "Graduate Studies in Mathematics 146, American Mathematical Society",
        ),
        Paper(
            "plambeck-siegel-2008", "Plambeck & Siegel", 2008,
            "Misère quotients for impartial games",
            "Journal of Combinatorial Theory, Series A 115 (2008), 593-622",
            "https://arxiv.org/abs/math/0609825",
        ),
        Paper(
            "berlekamp-conway-guy-2001", "Berlekamp, Conway & Guy", 2001,
            "Winning Ways for your Mathematical Plays (2nd edition)", "A K Peters",
        ),
        Paper(
            "albert-nowakowski-wolfe-2007", "Albert, Nowakowski & Wolfe", 2007,
            "Lessons in Play: an Introduction to Combinatorial Game Theory", "A K Peters",
        ),
        Paper(
            "conway-1976", "Conway", 1976, "On Numbers and Games", "Academic Press",
        ),
        Paper(
            "berlekamp-conway-guy-1982", "Berlekamp, Conway & Guy", 1982,
            "Winning Ways for your Mathematical Plays", "Academic Press",
        ),
        Paper(
            "albert-grossman-nowakowski-wolfe-2005", "Albert, Grossman, Nowakowski & Wolfe",
            2005, "An introduction to Clobber", "INTEGERS 5(2) (2005)",
            cited_as="Albert et al.",
        ),
        Paper(
            "berlekamp-2000", "Berlekamp", 2000, "Sums of N × 2 Amazons",
            "Game Theory, Optimal Stopping, Probability and Statistics, IMS Lecture Notes 35",
        ),
        Paper(
            "ernst-1995", "Ernst", 1995, "Playing Konane mathematically",
            "Games of No Chance, MSRI Publications 29 (1996)",
        ),
        Paper(
            "wythoff-1907", "Wythoff", 1907, "A modification of the game of Nim",
            "Nieuw Archief voor Wiskunde 7",
        ),
        Paper(
            "guy-smith-1956", "Guy & Smith", 1956, "The G-values of various games",
            "Proceedings of the Cambridge Philosophical Society 52, 514-526",
        ),
        Paper(
            "breuker-uiterwijk-van-den-herik-2000", "Breuker, Uiterwijk & van den Herik",
            2000, "Solving 8 × 8 Domineering", "Theoretical Computer Science 230, 195-206",
            cited_as="Breuker et al.",
        ),
        Paper(
            "bullock-2002", "Bullock", 2002,
            "Domineering: solving large combinatorial search spaces",
            "ICGA Journal 25(2), 67-84",
        ),
        Paper(
            "uiterwijk-2014", "Uiterwijk", 2014, "Perfectly solving Domineering boards",
            "Computer Games (CGW 2013), Communications in Computer and Information "
            "Science 408",
        ),
        Paper(
            "fraenkel-1982", "Fraenkel", 1982,
            "How to beat your Wythoff games' opponent on three fronts",
            "American Mathematical Monthly 89(6), 353-361",
        ),
        Paper(
            "whinihan-1963", "Whinihan", 1963, "Fibonacci Nim",
            "Fibonacci Quarterly 1(4), 9-13",
        ),
        Paper(
            "chen-2016", "Chen", 2016, "The Quicksort game",
            "Degree project, KTH Royal Institute of Technology",
            "https://www.diva-portal.org/smash/get/diva2:935354/FULLTEXT01.pdf",
        ),
        Paper(
            "clow-mckay-2024", "Clow & McKay", 2024, "Digraph placement games",
            "arXiv preprint 2407.12219", "https://arxiv.org/abs/2407.12219",
        ),
        Paper(
            "fink-nowakowski-siegel-wolfe-2015", "Fink, Nowakowski, Siegel & Wolfe", 2015,
            "Toppling conjectures", "Games of No Chance 4, MSRI Publications 63",
            cited_as="Fink et al.",
        ),
        Paper(
            "schaefer-1978", "Schaefer", 1978,
            "On the complexity of some two-person perfect-information games",
            "Journal of Computer and System Sciences 16(2), 185-225",
        ),
        Paper(
            "mckay-nowakowski-2013", "McKay & Nowakowski", 2013, "Outcomes of partizan Euclid",
            "INTEGERS 12B (2012/13), Proceedings of the Integers Conference 2011, #A9",
        ),
        Paper(
            "siegel-cgsuite-2023", "Siegel", 2023,
            "CGSuite: Combinatorial Game Suite, version 2.1 (its ruleset library)", "software",
            "https://www.cgsuite.org", cited_as="Siegel's CGSuite",
        ),
        Paper(
            "maciosowski-cgt-tools", "Maciosowski", 2025,
            "cgt-tools: Combinatorial Game Theory framework and toolkit (its loopy impartial "
            "games)", "software", "https://cgt.tools", cited_as="Maciosowski's cgt-tools",
        ),
    )
}
_BY_SEED = {paper.seed: paper for paper in PAPERS.values() if paper.seed}


class UnknownPaperError(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def paper(source: str) -> Paper:
    """The paper a citation names: a key of :data:`PAPERS`, or a seed file name
    (``000_7d67923f02e8dd4e.txt``), whose first three characters name its paper."""
    if source in PAPERS:
        return PAPERS[source]
    if source[:3] in _BY_SEED:
        return _BY_SEED[source[:3]]
    raise UnknownPaperError(f"no paper {source!r} in grundy.bibliography; add it to PAPERS")


def reference(source: str) -> str:
    """The full bibliography entry of ``source``."""
    return str(paper(source))
