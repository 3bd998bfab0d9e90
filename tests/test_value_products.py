"""Nim product, Conway product, Pow and PowTo: CGSuite's asserted values (facts only, each
row citing its file and test) and the field laws of the nimbers checked against the
mex definition."""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.values import Game
from grundy.values.loopy import LoopyError
from grundy.values.loopy_notation import parse_loopy
from grundy.values.nimber import mex, nim_product
from grundy.values.notation import NotationError, parse
from grundy.values.operations import conway_product, ordinal_sum, pow, pow_to, subordinate
from test_cli import ok, run

GAME_TEST = "CGSuite lib/core/src/test/scala/org/cgsuite/lang/GameTest.scala"
INTEGER = f"{GAME_TEST}, \"game.Integer should implement methods correctly\""
BINARY = f"{GAME_TEST}, \"game.CanonicalShortGame ... >=2-ary methods\""

#: (our expression, CGSuite's printed value read back with dialect="cgsuite", source row)
ROWS = [
    ("*4.ConwayProduct(*4)", "*6", f"{BINARY}: *4.ConwayProduct(*4)"),
    ("*19.ConwayProduct(*23)", "*86", f"{BINARY}: *19.ConwayProduct(*23)"),
    ("{3|1}.ConwayProduct(^^)", "{^6|^^}", f"{BINARY}: {{3|1}}.ConwayProduct(^^)"),
    ("^^.ConwayProduct(^^)", "{0||0,*|0,{0,*|0,*2}}", f"{BINARY}: ^^.ConwayProduct(^^)"),
    ("^.Pow(3)", "^<3>", f"{BINARY}: ^.Pow(3)"),
    ("{0||0|-2}.Pow(3)", "{0||0|-2,{0|-2,{0|-2}}}", f"{BINARY}: {{0||0|-2}}.Pow(3)"),
    ("^.PowTo(3)", "^[3]", f"{BINARY}: ^.PowTo(3)"),
    ("{0||0|-2}.PowTo(3)", "{Tiny(2)||0|-2|||0|-2}", f"{BINARY}: {{0||0|-2}}.PowTo(3)"),
    ("(+-1).PowTo(3)", "{1,{1,+-1|-1}|-1}", f"{BINARY}: (+-1).PowTo(3)"),
    ("^.Pow(7/4)", "{0||0,v*|0,{0,v*|0,*}}", f"{BINARY}: ^.Pow(7/4)"),
    ("{0||0|-2}.Pow(7/4)", "{0||0,{0|-2,{0|-2}}|-2,{0,{0|-2,{0|-2}}|-2,{0|-2}}}",
     f"{BINARY}: {{0||0|-2}}.Pow(7/4)"),
    ("^.PowTo(7/4)", "{^|*,^[2]||*,^[2]}", f"{BINARY}: ^.PowTo(7/4)"),
    ("{0||0|-2}.PowTo(7/4)", "{Tiny(2)|{0|-2},{Tiny(2)||0|-2}||{0|-2},{Tiny(2)||0|-2}}",
     f"{BINARY}: {{0||0|-2}}.PowTo(7/4)"),
    ("(1/8).Subordinate(1)", "-3", f"{BINARY}: (1/8).Subordinate(1)"),
    ("(^.PowTo(5)+*).Subordinate(*)", "5", f"{BINARY}: (^.PowTo(5)+*).Subordinate(*)"),
    ("(+-1).Subordinate(0)", "+-1", f"{BINARY}: (+-1).Subordinate(0)"),
    ("(+-1).Subordinate(+-1)", "0", f"{BINARY}: (+-1).Subordinate(+-1)"),
    ("(-13/16).Subordinate(-1)", "3/8", f"{BINARY}: (-13/16).Subordinate(-1)"),
]


@pytest.mark.parametrize(("expression", "value", "source"), ROWS)
def test_cgsuite_values(expression: str, value: str, source: str) -> None:
    assert parse(expression) is parse(value, dialect="cgsuite"), source


def test_cgsuite_nim_product_row() -> None:
    """INTEGER: NimProduct, [8 NimProduct n for n from 1 to 16]."""
    assert [nim_product(8, n) for n in range(1, 17)] == [
        8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2, 128]
    assert [int(str(parse(f"8.NimProduct({n})"))) for n in (3, 16)] == [4, 128]  # entries 3, 16


def test_pow_of_a_base_not_of_the_form_0_h_is_refused() -> None:
    """BINARY: (+-1).Pow(3) is an error (base must be of the form {0|H})."""
    with pytest.raises(NotationError, match="form"):
        parse("(+-1).Pow(3)")
    for bad in ("^.Pow(0)", "^.Pow(1/2)", "^.Frob(2)", "*3.NimProduct(2)", "^.Pow(*)",
                "^.PowTo(-1)", "^.PowTo(257)"):
        with pytest.raises(NotationError):
            parse(bad)
    # BINARY: *.Subordinate(1) is an error (* is not 1 : anything)
    with pytest.raises(NotationError, match="cannot be subordinated"):
        parse("*.Subordinate(1)")


BASES = ["1", "-1", "*", "+-1", "^", "{1|0}", "*2", "{0|*}"]
TAILS = ["0", "1", "2", "-1", "1/2", "3/4", "-5/8", "*", "^", "+-1", "{2|-1}", "*3", "^*",
         "Tiny(1)"]


@pytest.mark.parametrize("base", BASES)
def test_subordinate_undoes_the_ordinal_sum(base: str) -> None:
    """(B : Y).Subordinate(B) = Y, for every pair of these bases and tails."""
    for tail in TAILS:
        assert subordinate(ordinal_sum(parse(base), parse(tail)), parse(base)) is parse(tail)


@pytest.mark.parametrize("base", ["^", "{0||0|-2}", "{0|-1}", "{0|v*}"])
def test_whole_powers_to_follow_their_recursion(base: str) -> None:
    """For whole n, G^→n = G : (n − 1) is {G^L, G^→(n−1) | G^R}."""
    g = parse(base)
    power = g
    for n in range(1, 7):
        assert pow_to(g, n) is power
        power = Game.of([*g.left, power], g.right)


@pytest.mark.parametrize("base", ["^", "{0||0|-2}", "{0|v*}"])
def test_whole_powers_of_up_like_bases(base: str) -> None:
    """G^n = {0 | H − G^→(n−1)} (CGSuite's definition) is {0 | H_n} with H_1 = H and
    H_n = {H^L | H^R, H_(n−1)} when G is ↑, Tiny(2) or ↑² (the recursion by which the
    powers of ↑ are usually written; for G = {0 | −1} the two differ)."""
    g = parse(base)
    tail = g.right[0]
    for n in range(1, 7):
        assert pow(g, n) is Game.of([Game.integer(0)], [tail])
        tail = Game.of(g.right[0].left, [*g.right[0].right, tail])


@cache
def mex_product(a: int, b: int) -> int:
    """The definition: a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}."""
    return mex(mex_product(x, b) ^ mex_product(a, y) ^ mex_product(x, y)
               for x in range(a) for y in range(b))


def test_nim_product_is_the_mex_definition_on_small_values() -> None:
    assert all(nim_product(a, b) == mex_product(a, b) for a in range(48) for b in range(48))


def test_the_nimber_fast_path_of_the_conway_product_keeps_the_forms_answer() -> None:
    for a in range(6):
        for b in range(6):
            slow = conway_product(parse(f"*{a}"), parse(f"*{b}"), nimbers=False)
            assert slow is parse(f"*{nim_product(a, b)}")


nimbers = st.integers(0, 2**16 - 1)


@settings(max_examples=300, deadline=None)
@given(nimbers, nimbers, nimbers)
def test_nimbers_below_2_to_16_form_a_field(a: int, b: int, c: int) -> None:
    assert nim_product(a, b) == nim_product(b, a)
    assert nim_product(nim_product(a, b), c) == nim_product(a, nim_product(b, c))
    assert nim_product(a, b ^ c) == nim_product(a, b) ^ nim_product(a, c)
    assert nim_product(a, 1) == a and nim_product(a, b) < 2**16
    if a:  # a^(2^16 - 2) is the inverse in the field of order 2^16
        inverse, power, exponent = 1, a, 2**16 - 2
        while exponent:
            if exponent & 1:
                inverse = nim_product(inverse, power)
            power, exponent = nim_product(power, power), exponent >> 1
        assert nim_product(a, inverse) == 1


def test_calc_reads_the_operations() -> None:
    assert ok("calc", "^.PowTo(3)").stdout.splitlines()[0] == "^[3]"
    assert json.loads(ok("calc", "*8.NimProduct(*3)", "--json").stdout)["value"] == "*4"
    bad = run("calc", "(+-1).Pow(3)")
    assert bad.exit_code == 2 and "form" in bad.output


#: (CGSuite's expression, its printed value, written so our loopy reader takes it)
LOOPY_POWERS = [
    ("^.Pow({1|pass})", "{0||0,pass|0,*}"),
    ("^.Pow({5|pass})", "{0||0,pass|0,v[4]*}"),
    ("^.Pow({pass|5})", "{0||0,v[4]*|0,pass}"),
    ("^.Pow(on)", "{0||0|0,pass}"),  # ^<on>
    ("{0||0|-2}.Pow({5|pass})", "{0||0,pass|-2,{0|-2,{0|-2,{0|-2,{0|-2,{0|-2}}}}}}"),
    ("{0||0|-2}.Pow(on)", "{0||0|-2,pass}"),
    ("^.PowTo({pass|1})", "{pass|*,^}"),
    ("^.PowTo({1|pass})", "{^|*,pass}"),
    ("^.PowTo({5|pass})", "{^[5]|*,pass}"),
    ("^.PowTo({pass|5})", "{pass|*,^[5]}"),
    ("^.PowTo(on)", "upon"),  # CGSuite: upon = ^[on]
    ("{0||0|-2}.PowTo({5|pass})", "{{Tiny(2)||0|-2|||0|-2||||0|-2}||0|-2|||{0|-2},pass}"),
    ("{0||0|-2}.PowTo(on)", "{pass||0|-2}"),
]


@pytest.mark.parametrize(("expression", "value"), LOOPY_POWERS)
def test_cgsuite_loopy_exponents(expression: str, value: str) -> None:
    """BINARY: Pow and PowTo with pseudonumber exponents (x over, x under, on)."""
    game = parse_loopy(expression, "cgsuite")
    assert game.is_stopper() and game.equals(parse_loopy(value, "cgsuite")), expression


@pytest.mark.parametrize("expression", ["^.Pow({pass|1})", "^.Pow(off)"])
def test_cgsuite_invalid_loopy_exponents(expression: str) -> None:
    """BINARY: ``!!Invalid exponent.``"""
    with pytest.raises(LoopyError, match=r"exponent .* is invalid"):
        parse_loopy(expression, "cgsuite")
