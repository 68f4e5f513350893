"""Synthesise the game's sound effects into assets/sounds/*.wav.

Pure Python (wave + math + a seeded random), so the sounds are reproducible
and carry no licence burden: `python tools/gen_sounds.py` rewrites the same
bytes every time.  Sounds: click, hover, felt (a die landing on felt), rail
(a die knocking the wooden rail), win (a short brass sting), error, curtain.
"""
from __future__ import annotations

import array
import math
import random
import sys
import wave
from pathlib import Path

RATE = 44100
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def envelope(n, attack, decay):
    """Fast attack, exponential decay (seconds)."""
    a = max(1, int(attack * RATE))
    return [min(1.0, i / a) * math.exp(-i / (decay * RATE)) for i in range(n)]


def noise(n, rng, smooth=0.0):
    """White noise, optionally low-passed (0..1: more = duller)."""
    out, last = [], 0.0
    for _ in range(n):
        last = last * smooth + rng.uniform(-1, 1) * (1 - smooth)
        out.append(last)
    return out


def tone(n, freq, phase=0.0):
    return [math.sin(2 * math.pi * freq * i / RATE + phase) for i in range(n)]


def mix(*tracks):
    n = max(len(t) for t in tracks)
    return [sum(t[i] for t in tracks if i < len(t)) for i in range(n)]


def scale(track, k):
    return [v * k for v in track]


def mul(a, b):
    return [x * y for x, y in zip(a, b)]


def click(rng):
    n = int(0.05 * RATE)
    return mix(scale(mul(noise(n, rng, 0.3), envelope(n, 0.0005, 0.004)), 0.5),
               scale(mul(tone(n, 1800), envelope(n, 0.0005, 0.008)), 0.35))


def hover(rng):
    n = int(0.03 * RATE)
    return scale(mul(tone(n, 2400), envelope(n, 0.001, 0.006)), 0.2)


def felt(rng):
    """A soft, dull thud: low-passed noise plus a low body."""
    n = int(0.12 * RATE)
    return mix(scale(mul(noise(n, rng, 0.85), envelope(n, 0.001, 0.02)), 1.6),
               scale(mul(tone(n, 140), envelope(n, 0.001, 0.03)), 0.35))


def rail(rng):
    """A woody knock: resonant partials of a short plank."""
    n = int(0.18 * RATE)
    body = mix(scale(tone(n, 420), 0.6), scale(tone(n, 910), 0.3), scale(tone(n, 1630), 0.15))
    return mix(scale(mul(body, envelope(n, 0.0005, 0.035)), 0.8),
               scale(mul(noise(n, rng, 0.5), envelope(n, 0.0005, 0.006)), 0.4))


def chord(notes, length, decay, start_gap=0.0):
    n = int(length * RATE)
    tracks = []
    for k, f in enumerate(notes):
        offset = int(k * start_gap * RATE)
        partials = mix(tone(n - offset, f), scale(tone(n - offset, 2 * f), 0.4), scale(tone(n - offset, 3 * f), 0.2))
        tracks.append([0.0] * offset + mul(partials, envelope(n - offset, 0.01, decay)))
    return scale(mix(*tracks), 1.0 / len(notes))


def win(rng):
    """A brass-like rising arpeggio ending on a major chord."""
    return chord([392.0, 523.25, 659.25, 783.99], 1.3, 0.45, start_gap=0.11)


def error(rng):
    n = int(0.22 * RATE)
    return scale(mul(mix(tone(n, 196), scale(tone(n, 207), 0.8)), envelope(n, 0.005, 0.08)), 0.6)


def curtain(rng):
    """A soft swish: band-limited noise swelling and fading."""
    n = int(0.45 * RATE)
    swell = [math.sin(math.pi * i / n) ** 2 for i in range(n)]
    return scale(mul(noise(n, rng, 0.7), swell), 0.8)


def chime(rng):
    """A short bright two-note chime: a card or a mark scored."""
    return scale(chord([880.0, 1318.5], 0.6, 0.22, start_gap=0.07), 0.7)


SOUNDS = {"click": click, "hover": hover, "felt": felt, "rail": rail, "win": win, "error": error,
          "curtain": curtain, "chime": chime}


def write_wav(path: Path, samples) -> None:
    peak = max(1e-9, max(abs(v) for v in samples))
    k = 0.8 / peak * 32767
    data = array.array("h", (int(max(-32767, min(32767, v * k))) for v in samples))
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as fh:
        fh.setnchannels(1)
        fh.setsampwidth(2)
        fh.setframerate(RATE)
        fh.writeframes(data.tobytes())


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        write_wav(OUT / f"{name}.wav", make(random.Random(name)))
        print(OUT / f"{name}.wav")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
