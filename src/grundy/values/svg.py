"""Minimal SVG writing, shared by the values' pictures (thermographs) and the
rulesets' drawings (``grundy.rulesets.drawing``); imports nothing else of grundy."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

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
        parts.append(f"<title>{escape(title, quote=False)}</title>")
    parts.append(f'<rect width="{width:g}" height="{height:g}" fill="{PAPER}"/>')
    parts.extend(body)
    parts.append("</svg>")
    return "\n".join(parts)


def text(x: float, y: float, label: str, size: int = 12, fill: str = INK) -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}" '
        f'text-anchor="middle" dominant-baseline="central">{escape(label, quote=False)}</text>'
    )
