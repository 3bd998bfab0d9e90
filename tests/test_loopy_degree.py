"""Degrees of loopiness, upsums and downsums, varieties, stability, plumtrees,
number-tiny stoppers and followers (Siegel 2013, Ch. VI; Winning Ways, Ch. 11).

The tables are what CGSuite's tests assert (aaron-siegel/cgsuite,
``lib/core/src/test/scala/org/cgsuite/lang/``; facts only), each row citing its file and
test.  A value is compared as a value, and as text where we print what CGSuite prints.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from tests.test_loopy import graphs

from grundy.cli.main import cli
from grundy.values import Game
from grundy.values.loopy import Loopy, LoopyError, _side, _side_by_components, rooted, side_ge
from grundy.values.loopy_degree import (
    degree,
    downsum,
    downsum_variety,
    followers,
    is_idempotent,
    is_number_tiny,
    is_plumtree,
    is_stable,
    upsum,
    upsum_variety,
    variety,
)
from grundy.values.loopy_notation import parse_loopy

STOPPERS = ("CanonicalStopperTestCase.scala, GameTest \"game.CanonicalStopperGame should "
            "implement unary methods\"")
BINARY = ("GameTest.scala, \"game.CanonicalStopperGame should implement >=2-ary methods\": "
          "{}")
UPONTH = "{0||0|0,pass}"
NOT_IDEMPOTENT = "must be an idempotent"
NOT_STABLE = "is not stable"


def cg(text: str) -> Loopy:
    return parse_loopy(text, "cgsuite")


def items(text: str) -> list[str]:
    """CGSuite's printed set ``{a,b,...}`` split at its top-level commas."""
    inner, depth, parts, start = text[1:-1], 0, [], 0
    for i, c in enumerate(inner):
        depth += c in "{[(<"
        depth -= c in "}])>"
        if c == "," and depth == 0:
            parts.append(inner[start:i])
            start = i + 1
    return [*parts, inner[start:]] if inner else parts


#: (game, Degree, Variety or its error, IsPlumtree, IsStable or its error, IsNumberTiny,
#:  Followers): the CanonicalStopperTestCase rows (STOPPERS) but the two largest (below);
#:  each string is CGSuite's text (ours, where it prints differently,
#:  in ``PRINTED_DIFFERENTLY``).
ROWS = [
    ("on", "on", "on", True, True, False, "{on}"),
    ("off", "on", "off", True, True, False, "{off}"),
    ("over", "over", "over", True, True, False, "{0,over}"),
    ("{pass|3/2}", "over", "under", True, True, False, "{0,1,3/2,2,3/2under}"),
    ("{-1/4+*|pass}", "^<on>", "^<on>", True, True, False,
     "{-1,-1/2,-1/4,0,-1/4*,-1/4v[on]}"),
    (f"{{0|{UPONTH}||-{UPONTH}}}", "^<on>", "{^[on]*,^<on>||v<on>|0}", True, True, False,
     "{0,v[on]*,^[on]*,v<on>,{0|^<on>||v<on>},^<on>,{0|^<on>}}"),
    ("{0|||0||0|off}", "{0||||0|||Miny(on)|0||off}", NOT_IDEMPOTENT, True, NOT_IDEMPOTENT,
     False, "{0,off,Tiny(on),{0|Tiny(on)},{0|off}}"),
    ("{on|0||0}", "Tiny(on)", "Miny(on)", True, True, True, "{0,on,{on|0},Miny(on)}"),
    ("{0||0|under}", "Tiny(over)", "Tiny(over)", True, True, True,
     "{0,under,{0|under},Tiny(over)}"),
    ("+-{0|pass}", "over", "+-over", True, True, False, "{0,under,over,+-over}"),
    ("+-{5|pass}", "over", "+-{10over|over}", True, True, False,
     "{-5,-4,-3,-2,-1,0,1,2,3,4,5,-5under,5over,+-(5over)}"),
    ("a{0||||0|||a|*||*}", "{0|a{0|0,{0|||a|0||0}}}", "{a{0,{0||0|a|||0}|0}|0}", False, True,
     False, "{0,*,a{0||||0|||a|*||*},a{0||||0|a||*|||*},a{0||0|a|||*||||*},a{0|||0||a|*||||*}}"),
]
#: Values we print with their options in another order.
PRINTED_DIFFERENTLY = {"{^[on]*,^<on>||v<on>|0}": "{^<on>,^[on]*||v<on>|0}"}


def same(found: Loopy, cgsuite: str) -> None:
    assert found.equals(cg(cgsuite)), STOPPERS
    assert str(found) == PRINTED_DIFFERENTLY.get(cgsuite, cgsuite), STOPPERS


@pytest.mark.parametrize(("text", "deg", "var", "plum", "stable", "tiny", "follow"), ROWS)
def test_cgsuite_degrees_and_varieties(text: str, deg: str, var: str, plum: bool,
                                       stable: bool | str, tiny: bool, follow: str) -> None:
    game = cg(text)
    same(degree(game), deg)
    if isinstance(stable, str):
        with pytest.raises(LoopyError, match=stable):
            is_stable(game)
    else:
        assert is_stable(game) is stable, STOPPERS
    if var in (NOT_IDEMPOTENT, NOT_STABLE):
        with pytest.raises(LoopyError, match=var):
            variety(game)
    else:
        same(variety(game), var)
    assert is_plumtree(game) is plum, STOPPERS
    assert is_number_tiny(game) is tiny, STOPPERS
    assert sorted(str(f) for f in followers(game)) == sorted(items(follow)), STOPPERS


#: The two rows of the table whose sums G - G have 81 and 289 positions (STOPPERS):
#: Grenville's unstable game (its degree, printed with its cycle entered elsewhere:
#: CGSuite writes a{0||0|{0|a||0,*2|||0||||0}}, the same 9-position stopper), and the
#: 17-follower game (degree and variety: itself, which we print braced as in
#: ``test_loopy.STOPPER_ROWS``).  Their sums are simplified one strongly connected
#: component at a time (components of 36 and 16 positions).
GRENVILLE = "a{0|{0||||0,*2|||a|0||0}||0}"
SEVENTEEN = ("{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}"
             "|-2}}}")
SEVENTEEN_PRINTED = ("{0|||0||-1|{-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{{-1,-1*||-1*|b}|-2}"
                     "|-2}}}")


def test_cgsuite_plumtrees_and_number_tiny_of_the_large_rows() -> None:
    """IsPlumtree false for both, IsNumberTiny false (Grenville) and true (17 followers);
    FollowerCount 9 and 17 (STOPPERS)."""
    grenville, seventeen = cg(GRENVILLE), cg(SEVENTEEN)
    assert not is_plumtree(grenville) and not is_plumtree(seventeen)
    assert not is_number_tiny(grenville) and is_number_tiny(seventeen)
    assert len(followers(grenville)) == 9 and len(followers(seventeen)) == 17


def test_cgsuite_degree_of_grenvilles_game_by_the_definition() -> None:
    """Degree a{0||0|{0|a||0,*2|||0||||0}} (STOPPERS): the onside of G − G, checked by
    Büchi games on the sum graph (the cross-check of ``degree``, which computes it in
    ``test_grenvilles_game_is_unstable``)."""
    game = cg(GRENVILLE).canonical()
    found = cg("a{0||0|{0|a||0,*2|||0||||0}}")
    assert side_ge(found, game - game, onside=True), STOPPERS
    assert side_ge(game - game, found, onside=True), STOPPERS


def test_grundy_values_loopy_says_plumtree_and_number_tiny() -> None:
    result = CliRunner().invoke(cli, ["values", "loopy", "{on|0||0}", "--json"])
    assert result.exit_code == 0
    assert '"plumtree": true' in result.output and '"number_tiny": true' in result.output
    result = CliRunner().invoke(cli, ["values", "loopy", "a{0||||0|||a|*||*}", "--dialect",
                                      "cgsuite"])
    assert "plumtree: false, number-tiny: false" in result.output


def test_cgsuite_degree_and_variety_of_the_17_follower_game_by_the_definitions() -> None:
    """Degree, Variety: the game itself; IsStable true; IsIdempotent true (STOPPERS),
    checked by the definitions (the cross-check of ``degree`` and ``variety``, which
    compute them in ``test_cgsuite_degree_and_variety_of_the_17_follower_game``): G is
    the onside of G − G (Büchi games on the 289-position sum graph), and G + G = G on
    both sides.  Then (−G) ↓+ (−G) = −(G ↑+ G) = −G, so the upsum variety G ↑+ (−G) is
    G, and the downsum variety G ↓+ ((−G) ↑+ G) = G ↓+ G is G: G is stable, of variety
    G."""
    game = cg(SEVENTEEN).canonical()
    assert side_ge(game, game - game, onside=True), STOPPERS
    assert side_ge(game - game, game, onside=True), STOPPERS
    assert is_idempotent(game), STOPPERS


@pytest.mark.slow
def test_cgsuite_degree_and_variety_of_the_17_follower_game() -> None:
    """Degree and Variety: the game itself; IsStable true (STOPPERS), computed: the
    degree is the onside of the 289-position G − G, found one component at a time."""
    game = cg(SEVENTEEN)
    found = degree(game)
    assert found.equals(game), STOPPERS
    assert str(found) == SEVENTEEN_PRINTED
    assert is_stable(game) is True, STOPPERS
    assert str(variety(game)) == SEVENTEEN_PRINTED, STOPPERS


@pytest.mark.slow
def test_grenvilles_game_is_unstable() -> None:
    """Degree a{0||0|{0|a||0,*2|||0||||0}} (as a value), IsStable false, Variety "That
    game is not stable" (STOPPERS, Grenville's example of an unstable game): four sums
    of 81 positions, each side found one component at a time."""
    game = cg(GRENVILLE)
    found = degree(game)
    assert found.equals(cg("a{0||0|{0|a||0,*2|||0||||0}}")), STOPPERS
    assert str(found) == "a{0||||0|||{0|a||0,*2}|0||0}"
    assert is_idempotent(found)
    up, down = upsum_variety(game, found), downsum_variety(game, found)
    assert not up.equals(down), STOPPERS  # IsStable false
    assert is_stable(game) is False, STOPPERS
    with pytest.raises(LoopyError, match=NOT_STABLE):
        variety(game)


@pytest.mark.parametrize(("method", "name", "value"), [
    (downsum, "Downsum", "^[on]"), (downsum_variety, "DownsumVariety", "v<on>"),
    (upsum, "Upsum", "{0|^<on>*}"), (upsum_variety, "UpsumVariety", "v<on>")])
def test_cgsuite_upsums_and_downsums(method: Callable[[Loopy, Loopy], Loopy], name: str,
                                     value: str) -> None:
    """upon.Downsum(^.Pow(on)) = ^[on], upon.DownsumVariety(^.Pow(on)) = v<on>,
    upon.Upsum(^.Pow(on)) = {0|^<on>*}, upon.UpsumVariety(^.Pow(on)) = v<on> (BINARY)."""
    found = method(cg("upon"), cg("^.Pow(on)"))
    expression = f"upon.{name}(^.Pow(on))"
    row = BINARY.format(expression)
    assert found.equals(cg(value)), row
    assert str(found) == value, row
    assert str(cg(expression)) == value  # CGSuite's expression, read as it is written


@pytest.mark.parametrize(("expression", "value"), [
    ("(+-{0|pass}).Variety", "+-over"), ("{-1/4+*|pass}.Degree", "^<on>"),
    ("over.Upsum(under) + 1", "1over"), ("over.Downsum(under)", "under")])
def test_methods_in_the_notation(expression: str, value: str) -> None:
    """``grundy calc`` reads CGSuite's methods Degree, Variety, Upsum, Downsum,
    UpsumVariety and DownsumVariety; their errors are one line."""
    assert str(cg(expression)) == value
    result = CliRunner().invoke(cli, ["calc", expression, "--dialect", "cgsuite"])
    assert result.exit_code == 0 and result.output.splitlines()[0] == value
    result = CliRunner().invoke(cli, ["calc", "{0|||0||0|off}.Variety", "--dialect",
                                      "cgsuite"])
    assert result.exit_code != 0 and "must be an idempotent" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_a_variety_needs_an_idempotent_degree() -> None:
    with pytest.raises(LoopyError, match=NOT_IDEMPOTENT):
        upsum_variety(cg("upon"), cg("1"))
    with pytest.raises(LoopyError, match="need stoppers"):
        upsum(cg("dud"), cg("0"))


# -- cross-checks against the definitions on random stoppers --------------------------

stoppers = graphs(4).filter(Loopy.is_stopper)


@settings(max_examples=40, deadline=None)
@given(stoppers, stoppers)
def test_upsum_and_downsum_are_the_sides_of_the_sum(g: Loopy, h: Loopy) -> None:
    """S = G ↑+ H is the onside of G + H in the onside order (Büchi games on the sum
    graph itself, no sidling), T = G ↓+ H its offside; T <= S, and G ↓+ H = −((−G) ↑+ (−H))."""
    total = g + h
    up, down = upsum(g, h), downsum(g, h)
    assert up.is_stopper() and down.is_stopper() and down <= up
    assert side_ge(up, total, onside=True) and side_ge(total, up, onside=True)
    assert side_ge(down, total, onside=False) and side_ge(total, down, onside=False)
    assert down.equals(-upsum(-g, -h))


@settings(max_examples=40, deadline=None)
@given(stoppers)
def test_degree_is_the_onside_of_g_minus_g(g: Loopy) -> None:
    """The degree is 0 for loopfree values, else the onside of G − G by the Büchi
    definition; it is at least 0, and −G has the same degree."""
    found = degree(g)
    if g.canonical().is_loopfree():
        assert found.equals(Loopy.from_game(Game.zero()))
        return
    assert side_ge(found, g - g, onside=True) and side_ge(g - g, found, onside=True)
    assert found >= Loopy.from_game(Game.zero()) and found.equals(degree(-g))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(stoppers, stoppers, st.booleans())
def test_sides_by_components_agree_with_the_whole_graph(g: Loopy, h: Loopy,
                                                        onside: bool) -> None:
    """The sides of G + H found one strongly connected component at a time equal those
    found on the whole sum graph (sidling, else simplification: ``_side``), as values
    in the side's order and as simplest forms."""
    total = g.canonical() + h.canonical()
    assume(not total.is_stopper())
    found = _side_by_components(total, onside, 100)
    assume(found is not None)
    assert found is not None and found.is_stopper()
    whole = _side(total, onside, 100, 12)
    assert side_ge(found, total, onside) and side_ge(total, found, onside)
    assert found.equals(whole) and str(found) == str(whole.canonical())


def naive_plumtree(g: Loopy) -> bool:
    """No two distinct positions reach each other (reachability by search)."""
    n = len(g)
    reach = []
    for v in range(n):
        seen, todo = {v}, [v]
        while todo:
            for w in (*g.left[todo[-1]], *g.right[todo.pop()]):
                if w not in seen:
                    seen.add(w)
                    todo.append(w)
        reach.append(seen)
    return not any(u in reach[v] and v in reach[u] for u in range(n) for v in range(u))


@settings(max_examples=60, deadline=None)
@given(stoppers)
def test_plumtrees_by_reachability(g: Loopy) -> None:
    assert is_plumtree(g) is naive_plumtree(g.canonical())


@settings(max_examples=40, deadline=None)
@given(stoppers)
def test_followers_are_distinct_and_closed(g: Loopy) -> None:
    found = followers(g)
    assume(len(found) <= 6)
    assert found[0].equals(g)
    assert not any(a.equals(b) for i, a in enumerate(found) for b in found[:i])
    for f in found:
        for option in (*f.left_options(), *f.right_options()):
            assert any(option.equals(other) for other in found)


@settings(max_examples=40, deadline=None)
@given(stoppers, st.sampled_from([Fraction(0), Fraction(1), Fraction(-3, 2)]))
def test_number_tiny_games_are_recognised(h: Loopy, x: Fraction) -> None:
    """x + Tiny(H) = {x ‖ x | x − H} and x + Miny(H) are number-tiny for every stopper
    H ≥ over (built from their definitions, Siegel 2013, Ch. VI)."""
    over = Loopy.over()
    assume(h >= over)
    zero, shift = Loopy.from_game(Game.zero()), Loopy.from_game(Game.number(x))
    tiny = rooted([zero], [rooted([zero], [-h])])
    assert is_number_tiny(shift + tiny) and is_number_tiny(shift - tiny)
