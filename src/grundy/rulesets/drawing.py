"""Small SVG helpers shared by the rulesets' ``render_svg``."""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

PURPLE = "#7b3fa0"
GREEN = "#3a9a5b"
INK = "#222222"
PAPER = "#ffffff"


def svg_document(width: float, height: float, body: Sequence[str], title: str = "") -> str:
    """Wrap SVG elements in a standalone document with a white background."""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" font-family="sans-serif">'
    )
    parts = [head]
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    parts.append(f'<rect width="{width:g}" height="{height:g}" fill="{PAPER}"/>')
    parts.extend(body)
    parts.append("</svg>")
    return "\n".join(parts)


def text(x: float, y: float, label: str, size: int = 12, fill: str = INK) -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}" '
        f'text-anchor="middle" dominant-baseline="central">{escape(label)}</text>'
    )


def cell_grid(cells: Sequence[Sequence[str]], title: str, cell: int = 28) -> str:
    """A grid of coloured squares (``cells[i][j]`` is a fill colour), columns numbered;
    each square carries ``data-row`` and ``data-col`` for the play page."""
    rows = len(cells)
    cols = len(cells[0]) if rows else 0
    margin = 20
    body = [text(margin + cell * j + cell / 2, margin / 2, str(j), 10) for j in range(cols)]
    for i, row in enumerate(cells):
        for j, fill in enumerate(row):
            body.append(
                f'<rect x="{margin + cell * j}" y="{margin + cell * i}" width="{cell}" '
                f'height="{cell}" fill="{fill}" stroke="{PAPER}" stroke-width="2" '
                f'data-row="{i}" data-col="{j}"/>'
            )
    return svg_document(2 * margin + cell * cols, 2 * margin + cell * rows, body, title)


def clickable_circle(x: float, y: float, radius: float, label: str, fill: str, *,
                     ink: str = INK, stroke_width: float = 1.0, size: int = 11) -> list[str]:
    """A labelled circle that the play page can click: the circle and its label both
    carry ``data-spot`` (the label), so the page pairs them by that id, never by
    coordinates."""
    tag = f'data-spot="{escape(label, {chr(34): "&quot;"})}"'
    return [
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:g}" fill="{fill}" stroke="{INK}" '
        f'stroke-width="{stroke_width:g}" {tag}/>',
        text(x, y, label, size, ink).replace("<text ", f"<text {tag} ", 1),
    ]
