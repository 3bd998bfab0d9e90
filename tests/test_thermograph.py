"""Thermographs against cooling by Definition 2.3.3 (seed 001, wrapped L353), mean
additivity, the mean value theorem, and the pictures."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.values import Game, parse
from grundy.values.thermograph import plot
from test_values import games

F = Fraction


def test_switch_thermograph_walls() -> None:
    t = parse("{4|2}").thermograph()
    assert t.left == ((F(-1), F(5)), (F(1), F(3)))
    assert t.right == ((F(-1), F(1)), (F(1), F(3)))
    assert (t.mast, t.temperature) == (3, 1)
    assert t.left_wall(F(0)) == 4 and t.right_wall(F(1, 2)) == F(5, 2) and t.left_wall(F(9)) == 3


def test_thermograph_of_a_two_stage_game() -> None:
    """+-{3|2} = {{3|2} | {-2|-3}}: the Left wall is vertical at 2 up to t = 1/2."""
    t = parse("+-{3|2}").thermograph()
    assert t.left == ((F(-1), F(2)), (F(1, 2), F(2)), (F(5, 2), F(0)))
    assert (t.mast, t.temperature) == (0, F(5, 2))


def test_integers_are_masts_from_minus_one() -> None:
    t = Game.integer(7).thermograph()
    assert t.left == t.right == ((F(-1), F(7)),) and t.temperature == -1


def test_dyadic_numbers_cool_until_minus_one_over_their_denominator() -> None:
    """Definition 2.3.3 freezes only integers: m/2^k has temperature -1/2^k (erratum)."""
    for x in (F(1, 2), F(-3, 2), F(3, 4), F(5, 8), F(-7, 16)):
        g = Game.number(x)
        assert g.temperature() == F(-1, x.denominator) and g.mean() == x
    assert Game.number(F(1, 2)).cool(-1) is parse("{1|0}")


def test_tepid_games_have_temperature_zero() -> None:
    for text in ("*", "^", "^*", "{0|^*}", "1*3"):
        assert parse(text).temperature() == 0


@settings(max_examples=150, deadline=None)
@given(games, st.integers(0, 16))
def test_walls_are_the_stops_of_the_cooled_game(g: Game, step: int) -> None:
    """At every t ≥ -1 the walls are L(G_t) and R(G_t), with G_t from the definition."""
    t = F(-1) + F(step, 4)
    cooled = g.cool(t)
    thermo = g.thermograph()
    assert thermo.left_wall(t) == cooled.left_stop()
    assert thermo.right_wall(t) == cooled.right_stop()


@settings(max_examples=150, deadline=None)
@given(games)
def test_temperature_is_the_least_t_making_g_close_to_a_number(g: Game) -> None:
    t = g.temperature()
    at = g.cool(t)
    assert at.left_stop() == at.right_stop() == g.mean()
    if t > -1:
        below = g.cool(max(F(-1), t - F(1, 256)))
        assert below.left_stop() > below.right_stop()


@settings(max_examples=100, deadline=None)
@given(games, games)
def test_mean_is_additive(g: Game, h: Game) -> None:
    assert (g + h).mean() == g.mean() + h.mean()
    assert (-g).mean() == -g.mean() and (-g).temperature() == g.temperature()


@settings(max_examples=60, deadline=None)
@given(games)
def test_mean_value_theorem(g: Game) -> None:
    """n·m(G) − t ≤ R(nG) ≤ L(nG) ≤ n·m(G) + t, so L(nG)/n → m(G) (seed 001 L326)."""
    n, total = 4, Game.zero()
    for _ in range(n):
        total = total + g
    slack = max(g.temperature(), F(0))
    assert n * g.mean() - slack <= total.right_stop() <= total.left_stop() <= n * g.mean() + slack


@settings(max_examples=100, deadline=None)
@given(games, st.integers(1, 8))
def test_cooling_undoes_heating(g: Game, amount: int) -> None:
    heated = g.heat(amount)
    assert heated.cool(amount) is g
    assert heated.mean() == g.mean()


def test_plot_writes_an_image(tmp_path: Path) -> None:
    path = tmp_path / "t.png"
    plot(parse("{4|2}").thermograph(), path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_nimbers_have_a_mast_at_zero_from_temperature_zero() -> None:
    """*n is infinitesimal: stops 0, temperature 0 (options sharing a thermograph are
    enveloped once, so *64 with its 64 options is as quick as *2)."""
    from grundy.values import Game

    for n in (1, 2, 64):
        thermo = Game.nimber(n).thermograph()
        assert thermo.temperature == 0 and thermo.mast == 0
