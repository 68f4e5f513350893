"""Make the bundled fallback fonts: DejaVu Sans cut down to the scripts
players' names come in that Lato lacks (Hebrew, Arabic, Armenian, Georgian,
extended Latin, Greek and Cyrillic, a few symbols and emoji faces) plus the
replacement sign U+FFFD that ``game/ui/glyphs.py`` draws for a character no
font can draw.

The whole DejaVu Sans pair is 1.4 MB; this cut is about 0.8 MB. Chinese,
Japanese and Korean are left to the fonts the player's system has (a CJK
font is many megabytes). Source: Debian's fonts-dejavu-core (.ci/apt-packages.txt).

    python tools/make_fallback_fonts.py            # rewrite assets/fonts/DejaVuSans-Names*.ttf
    python tools/make_fallback_fonts.py --out DIR  # write elsewhere (tests/test_glyph_fallback.py)

Needs fontTools (the dev extra); the game itself never imports it.
"""
from __future__ import annotations

import argparse
from pathlib import Path

SOURCE_DIR = Path("/usr/share/fonts/truetype/dejavu")
SOURCES = {"DejaVuSans-Names.ttf": "DejaVuSans.ttf", "DejaVuSans-Names-Bold.ttf": "DejaVuSans-Bold.ttf"}
"""Bundled file: the DejaVu file it is cut from."""

RANGES = (
    (0x0020, 0x007E), (0x00A0, 0x036F),   # Latin, IPA, spacing and combining marks
    (0x0370, 0x03FF), (0x1F00, 0x1FFF),   # Greek
    (0x0400, 0x052F), (0xA640, 0xA69F),   # Cyrillic
    (0x0530, 0x058F), (0xFB13, 0xFB17),   # Armenian
    (0x0590, 0x05FF), (0xFB1D, 0xFB4F),   # Hebrew
    (0x0600, 0x06FF), (0x0750, 0x077F), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF),   # Arabic
    (0x07C0, 0x07FF),                     # N'Ko
    (0x0E80, 0x0EFF),                     # Lao
    (0x10A0, 0x10FF), (0x1C90, 0x1CBF), (0x2D00, 0x2D2F),   # Georgian
    (0x2D30, 0x2D7F),                     # Tifinagh
    (0x1E00, 0x1EFF), (0x2C60, 0x2C7F), (0xA720, 0xA7FF),   # Latin extended (Vietnamese...)
    (0x2000, 0x206F),                     # punctuation, joiners, direction marks
    (0x20A0, 0x20CF),                     # currency
    (0x2100, 0x23FF),                     # letterlike, number forms, arrows, maths (the minus sign), technical
    (0x2460, 0x24FF), (0x2500, 0x27BF),   # enclosed numbers, boxes, shapes, symbols, dingbats
    (0xFE00, 0xFE0F), (0x1F600, 0x1F64F),  # variation selectors, emoji faces
    (0xFFFD, 0xFFFD),                     # the replacement sign
)
"""Code points kept (where DejaVu has them)."""


def cut(source: Path, target: Path) -> None:
    """Write ``source`` cut to ``RANGES`` at ``target``, keeping every layout
    feature (Arabic joining forms, Hebrew marks) and no hinting."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.glyph_names = False
    options.drop_tables += ["FFTM"]
    font = TTFont(str(source), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[c for low, high in RANGES for c in range(low, high + 1)])
    subsetter.subset(font)
    font.save(str(target))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    repo = Path(__file__).resolve().parent.parent
    parser.add_argument("--out", type=Path, default=repo / "assets" / "fonts")
    parser.add_argument("--source-dir", type=Path, default=SOURCE_DIR)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for target, source in SOURCES.items():
        cut(args.source_dir / source, args.out / target)
        print(f"{args.out / target}: {(args.out / target).stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
