#!/usr/bin/env python3
"""Write preview pictures of the procedural card art into art/ (for the README and reviews).

    python tools/make_art.py [--width 90] [--out art]

art/preview.png: all 53 faces and both backs, two-colour then four-colour.
Nothing in the game reads these files: cards are drawn at run time (game/ui/cards_art.py).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.ui import cards_art, palette  # noqa: E402


def preview(width: int) -> pygame.Surface:
    sheets = [cards_art.contact_sheet(width, style) for style in cards_art.STYLES]
    w = max(s.get_width() for s in sheets)
    h = sum(s.get_height() for s in sheets)
    out = pygame.Surface((w, h))
    out.fill(palette.FELT)  # flat felt: noise would triple the file size
    y = 0
    for s in sheets:
        out.blit(s, (0, y))
        y += s.get_height()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--width", type=int, default=90, help="card width in pixels")
    ap.add_argument("--out", default=str(ROOT / "art"), help="folder to write into")
    args = ap.parse_args(argv)
    pygame.init()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "preview.png"
    pygame.image.save(preview(args.width), str(path))
    print(f"{path}: {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
