#!/usr/bin/env python3
"""Generate the game's sound effects into sounds/*.wav, with the standard library only.

    python tools/make_sounds.py [--out sounds]

Every sound is synthesised (filtered noise for card sounds, decaying partials for chimes) from
a fixed seed, so running the script again gives the same files. 44.1 kHz, mono, 16-bit.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RATE = 44100
TAU = 2 * math.pi


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def mix(dst: list[float], src: list[float], at: float = 0.0, gain: float = 1.0) -> list[float]:
    start = int(at * RATE)
    if len(dst) < start + len(src):
        dst.extend([0.0] * (start + len(src) - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * gain
    return dst


def lowpass(x: list[float], cutoff: float) -> list[float]:
    a = 1 - math.exp(-TAU * cutoff / RATE)
    y, out = 0.0, []
    for v in x:
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: list[float], cutoff: float) -> list[float]:
    low = lowpass(x, cutoff)
    return [v - lo for v, lo in zip(x, low)]


def bandpass(x: list[float], lo: float, hi: float) -> list[float]:
    # Two poles each side: one-pole filters alone leave a harsh hiss above the band.
    return lowpass(lowpass(highpass(highpass(x, lo), lo), hi), hi)


def noise(rng: random.Random, seconds: float) -> list[float]:
    return [rng.uniform(-1, 1) for _ in range(int(RATE * seconds))]


def envelope(x: list[float], attack: float, decay: float, curve: float = 1.0) -> list[float]:
    """Linear attack, then exponential decay with time constant ``decay`` seconds."""
    out = []
    a = max(1, int(attack * RATE))
    for i, v in enumerate(x):
        if i < a:
            g = i / a
        else:
            g = math.exp(-((i - a) / RATE) / decay) ** curve
        out.append(v * g)
    return out


def tone(freq: float, seconds: float, partials=((1, 1.0),), decay: float = 0.3,
         attack: float = 0.004) -> list[float]:
    n = int(RATE * seconds)
    x = [sum(amp * math.sin(TAU * freq * k * i / RATE) for k, amp in partials) for i in range(n)]
    x = envelope(x, attack, decay)
    release = min(n, int(0.03 * RATE))  # fade the tail out: a cut-off tone clicks
    for i in range(release):
        x[n - 1 - i] *= i / release
    return x


def swish(rng: random.Random, seconds: float, lo: float, hi: float,
          peak: float = 0.3) -> list[float]:
    """A card sliding: band-limited noise that swells then fades."""
    x = bandpass(noise(rng, seconds), lo, hi)
    n = len(x)
    p = int(n * peak)
    return [v * (i / p if i < p else math.exp(-(i - p) / (n - p) * 4)) for i, v in enumerate(x)]


def tap(rng: random.Random, freq: float = 170, seconds: float = 0.09) -> list[float]:
    """A card laid on cloth: a soft low thump plus a short papery click."""
    body = tone(freq, seconds, ((1, 1.0), (2.1, 0.25)), decay=0.018, attack=0.0015)
    click = envelope(bandpass(noise(rng, 0.03), 1500, 6000), 0.0005, 0.004)
    return mix(body, click, 0.0, 0.5)


# ---------------------------------------------------------------------------------------------


def make_deal(rng):
    return mix(swish(rng, 0.11, 900, 5000, peak=0.25), tap(rng, 190, 0.06), 0.07, 0.6)


def make_draw(rng):
    return swish(rng, 0.2, 600, 4000, peak=0.45)


def make_place(rng):
    return tap(rng, 160, 0.12)


def make_shuffle(rng):
    out = silence(0.05)
    t = 0.02
    # A riffle: quick flutters that speed up, then the cards squared with a tap.
    for i in range(22):
        burst = envelope(bandpass(noise(rng, 0.03), 1200, 7000), 0.001, 0.006)
        mix(out, burst, t, 0.55 + 0.4 * rng.random())
        t += 0.028 - i * 0.0006 + rng.uniform(-0.003, 0.003)
    mix(out, swish(rng, 0.14, 400, 3000, peak=0.3), t + 0.02, 0.8)
    mix(out, tap(rng, 140, 0.1), t + 0.14, 0.9)
    return out


def make_pickup(rng):
    out = silence(0.02)
    for i in range(4):
        mix(out, swish(rng, 0.14, 500 + 150 * i, 4200, peak=0.35), 0.055 * i, 0.8)
    return out


def make_win(rng):
    out = silence(0.05)
    bell = ((1, 1.0), (2, 0.35), (3, 0.12), (4.2, 0.05))
    for i, f in enumerate((523.25, 659.25, 783.99, 1046.5)):
        mix(out, tone(f, 1.2, bell, decay=0.35), 0.02 + i * 0.11, 0.5)
    mix(out, tone(1046.5, 1.4, bell, decay=0.55), 0.5, 0.3)
    mix(out, tone(1318.5, 1.4, bell, decay=0.55), 0.5, 0.22)
    return out


def make_click(rng):
    x = tone(1800, 0.03, ((1, 1.0), (2.7, 0.3)), decay=0.006, attack=0.0005)
    return mix(x, envelope(bandpass(noise(rng, 0.01), 2000, 8000), 0.0002, 0.002), 0, 0.3)


def make_error(rng):
    soft = ((1, 1.0), (3, 0.18), (5, 0.05))
    out = tone(392.0, 0.16, soft, decay=0.08, attack=0.012)
    return mix(out, tone(311.1, 0.24, soft, decay=0.1, attack=0.012), 0.12, 1.0)


SOUNDS = {
    "deal": make_deal, "draw": make_draw, "place": make_place, "shuffle": make_shuffle,
    "pickup": make_pickup, "win": make_win, "click": make_click, "error": make_error,
}
LEVELS = {"click": 0.35, "error": 0.5, "win": 0.6}  # peak level; card sounds 0.7


def finish(x: list[float], peak: float) -> bytes:
    fade = int(0.004 * RATE)
    for i in range(min(fade, len(x))):  # no click at the end
        x[-1 - i] *= i / fade
    top = max(1e-9, max(abs(v) for v in x))
    scale = peak * 32767 / top
    return b"".join(struct.pack("<h", max(-32768, min(32767, round(v * scale)))) for v in x)


def write(path: Path, frames: bytes) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "sounds"))
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for i, (name, make) in enumerate(SOUNDS.items()):
        rng = random.Random(1000 + i)  # each sound its own seed: one edit changes one file
        frames = finish(make(rng), LEVELS.get(name, 0.7))
        path = out / f"{name}.wav"
        write(path, frames)
        print(f"{path.name}: {len(frames) / 2 / RATE:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
