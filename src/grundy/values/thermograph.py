"""Thermographs: exact piecewise-linear walls, mast, mean and temperature.

Cooling and temperature as in seed 001, Definitions 2.3.3-2.3.4
(``001_56c9c94dd1ec088e.wrapped.txt`` L353), after Siegel: integers never cool; any other
game G has the Left scaffold max over G^L of (right wall of G^L)(t) − t and the Right
scaffold min over G^R of (left wall of G^R)(t) + t, for t ≥ −1.  The walls follow the
scaffolds up to the least t at which they meet; that t is the temperature and the
meeting value the mast (the mean, L326).  The thesis mentions thermographs without
defining them.

>>> from grundy.values.game import Game
>>> g = Game.of([Game.integer(4)], [Game.integer(2)])
>>> t = g.thermograph()
>>> str(t.mast), str(t.temperature), [(str(a), str(b)) for a, b in t.left]
('3', '1', [('-1', '5'), ('1', '3')])
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from grundy.values.svg import INK, svg_document, text

if TYPE_CHECKING:
    from grundy.values.game import Game

Point = tuple[Fraction, Fraction]  # (temperature, value)
BOTTOM = Fraction(-1)


@dataclass(frozen=True)
class Thermograph:
    """Left and right walls as breakpoints (t, value) from t = −1 up to the temperature,
    where both reach the mast; above it the mast is vertical."""

    left: tuple[Point, ...]
    right: tuple[Point, ...]
    mast: Fraction
    temperature: Fraction

    def left_wall(self, t: Fraction) -> Fraction:
        """The left wall's value at temperature t ≥ −1 (the left stop of G cooled by t)."""
        return _Line(self.left, Fraction(0)).at(t)

    def right_wall(self, t: Fraction) -> Fraction:
        return _Line(self.right, Fraction(0)).at(t)

    def to_json(self) -> dict[str, object]:
        return {
            "mean": str(self.mast),
            "temperature": str(self.temperature),
            "left_wall": [[str(t), str(v)] for t, v in self.left],
            "right_wall": [[str(t), str(v)] for t, v in self.right],
        }

    def svg(self, title: str = "") -> str:
        """The thermograph as a standalone SVG: values decrease to the right, temperature
        upwards; Left wall blue, Right wall red, the mast black."""
        top = self.temperature + max(Fraction(1), (self.temperature + 1) / 2)
        values = [v for _, v in (*self.left, *self.right)]
        high, low = max(values), min(values)
        span = max(high - low, Fraction(2))
        middle = (high + low) / 2
        high, low = middle + span / 2 + span / 10, middle - span / 2 - span / 10
        width, height, margin = 320.0, 260.0, 40.0

        def x(value: Fraction) -> float:
            return margin + float((high - value) / (high - low)) * (width - 2 * margin)

        def y(t: Fraction) -> float:
            return height - margin - float((t + 1) / (top + 1)) * (height - 2 * margin)

        body = [f'<line x1="{margin}" y1="{y(Fraction(0)):.1f}" x2="{width - margin}" '
                f'y2="{y(Fraction(0)):.1f}" stroke="#bbbbbb" stroke-dasharray="4 3"/>',
                f'<line x1="{margin}" y1="{height - margin}" x2="{width - margin}" '
                f'y2="{height - margin}" stroke="{INK}"/>']
        for wall, colour, side in ((self.left, "#1f77b4", "left"),
                                   (self.right, "#d62728", "right")):
            points = " ".join(f"{x(v):.1f},{y(t):.1f}" for t, v in wall)
            body.append(f'<polyline class="{side}-wall" points="{points}" fill="none" '
                        f'stroke="{colour}" stroke-width="2"/>')
        body.append(f'<line class="mast" x1="{x(self.mast):.1f}" y1="{y(self.temperature):.1f}" '
                    f'x2="{x(self.mast):.1f}" y2="{y(top):.1f}" stroke="{INK}" stroke-width="2"/>')
        body.append(text(width / 2, height - 10, "value (Left ← → Right)", 11))
        body.append(text(x(self.mast), margin / 2,
                         f"mean {self.mast}, temperature {self.temperature}", 11))
        for value in sorted({self.left[0][1], self.right[0][1], self.mast}):
            body.append(text(x(value), height - margin + 10, str(value), 10))
        return svg_document(width, height, body, title or "thermograph")

    def _repr_svg_(self) -> str:
        """Jupyter draws a thermograph as its picture."""
        return self.svg()


@dataclass(frozen=True)
class _Line:
    """A continuous piecewise-linear function of t ≥ −1: breakpoints, then ``slope``."""

    points: tuple[Point, ...]
    slope: Fraction

    def at(self, t: Fraction) -> Fraction:
        points = self.points
        if t >= points[-1][0]:
            return points[-1][1] + self.slope * (t - points[-1][0])
        for (t0, v0), (t1, v1) in itertools.pairwise(points):
            if t <= t1:
                return v0 + (v1 - v0) * (t - t0) / (t1 - t0)
        raise ValueError(f"temperature {t} is below -1")

    def slope_after(self, t: Fraction) -> Fraction:
        for (t0, v0), (t1, v1) in itertools.pairwise(self.points):
            if t0 <= t < t1:
                return (v1 - v0) / (t1 - t0)
        return self.slope

    def tilt(self, sign: int) -> _Line:
        """t ↦ f(t) + sign·t."""
        return _Line(tuple((t, v + sign * t) for t, v in self.points), self.slope + sign)


def _simplify(points: list[Point]) -> tuple[Point, ...]:
    """Drop breakpoints where the slope does not change."""
    kept: list[Point] = []
    for point in points:
        if len(kept) >= 2:
            (t0, v0), (t1, v1) = kept[-2], kept[-1]
            if (v1 - v0) * (point[0] - t1) == (point[1] - v1) * (t1 - t0):
                kept[-1] = point
                continue
        kept.append(point)
    return tuple(kept)


def _envelope(lines: Sequence[_Line], pick: Callable[[Sequence[Fraction]], Fraction]) -> _Line:
    """The pointwise max (``pick=max``) or min of piecewise-linear functions, exactly."""
    lines = list(dict.fromkeys(lines))  # options often share a thermograph (*n's options)
    ts = sorted({t for line in lines for t, _ in line.points} | {BOTTOM})
    candidates = set(ts)
    for i, a in enumerate(ts):
        b = ts[i + 1] if i + 1 < len(ts) else None
        for f, g in itertools.combinations(lines, 2):  # crossings inside each piece
            d = f.at(a) - g.at(a)
            ds = f.slope_after(a) - g.slope_after(a)
            if d * ds < 0:
                crossing = a - d / ds
                if b is None or crossing < b:
                    candidates.add(crossing)
    points = [(t, pick([line.at(t) for line in lines])) for t in sorted(candidates)]
    last = points[-1][0]
    best = [line for line in lines if line.at(last) == points[-1][1]]
    slope = pick([line.slope_after(last) for line in best])
    return _Line(_simplify(points), slope)


def _meeting(left: _Line, right: _Line) -> Fraction:
    """The least t ≥ −1 at which the Left scaffold is at or below the Right scaffold."""
    ts = sorted({t for t, _ in left.points} | {t for t, _ in right.points} | {BOTTOM})
    height = [left.at(t) - right.at(t) for t in ts]
    if height[0] <= 0:
        return BOTTOM
    for (a, ha), (b, hb) in itertools.pairwise(zip(ts, height, strict=True)):
        if hb <= 0:
            return a + ha * (b - a) / (ha - hb)
    descent = left.slope_after(ts[-1]) - right.slope_after(ts[-1])
    assert descent < 0, "the scaffolds of a short game always meet"
    return ts[-1] + height[-1] / -descent


def thermograph(game: Game,
                of: Callable[[Game], Thermograph] | None = None) -> Thermograph:
    """The thermograph of a canonical game, from its options' thermographs (``of``;
    by default ``Game.thermograph``)."""
    value = game.number()
    if value is not None and value.denominator == 1:
        return Thermograph(((BOTTOM, value),), ((BOTTOM, value),), value, BOTTOM)
    of = of or (lambda g: g.thermograph())
    left = _envelope([_Line(of(g).right, Fraction(0)).tilt(-1) for g in game.left], max)
    right = _envelope([_Line(of(g).left, Fraction(0)).tilt(+1) for g in game.right], min)
    temperature = _meeting(left, right)
    mast = left.at(temperature)
    assert mast == right.at(temperature), "a short game's scaffolds cross, never jump"

    def wall(line: _Line) -> tuple[Point, ...]:
        below = [(t, v) for t, v in line.points if t < temperature]
        return _simplify([*below, (temperature, mast)])

    return Thermograph(wall(left), wall(right), mast, temperature)


def plot(thermo: Thermograph, path: str | Path, title: str = "") -> None:
    """Draw the thermograph (values decrease to the right, as usual) into an image file
    with matplotlib (``pip install "grundy[plot]"``; ``Thermograph.svg`` needs nothing)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    top = thermo.temperature + max(Fraction(1), (thermo.temperature + 1) / 2)
    figure, axes = plt.subplots(figsize=(5, 4))
    for points, colour in ((thermo.left, "tab:blue"), (thermo.right, "tab:red")):
        axes.plot([float(v) for _, v in points], [float(t) for t, _ in points], color=colour)
    axes.plot([float(thermo.mast)] * 2, [float(thermo.temperature), float(top)], color="black")
    axes.invert_xaxis()
    axes.set_xlabel("value")
    axes.set_ylabel("temperature")
    axes.set_title(title or f"mean {thermo.mast}, temperature {thermo.temperature}")
    axes.grid(True, alpha=0.3)
    figure.tight_layout()
    figure.savefig(str(path))
    plt.close(figure)
