"""The release notes of one version: its own section of CHANGELOG.md.

    python tools/release_notes.py v0.2.0 > notes.md    # the release workflow

A section starts at a heading ``## 0.2.0`` (a date or words may follow the
version) and ends at the next ``## `` heading.  A version without a section,
or with an empty one, is an error (exit 1): a release never posts the whole
changelog, nor nothing.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

CHANGELOG = Path(__file__).resolve().parent.parent / "CHANGELOG.md"


def section(text: str, version: str) -> str:
    """The body of ``version``'s section of a changelog ("" if none)."""
    version = version.removeprefix("v")
    heading = re.compile(rf"^## {re.escape(version)}(?![0-9A-Za-z.])[^\n]*\n", re.M)
    found = heading.search(text)
    if found is None:
        return ""
    rest = text[found.end():]
    end = re.search(r"^## ", rest, re.M)
    return (rest[:end.start()] if end else rest).strip()


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: release_notes.py VERSION (v0.2.0 or 0.2.0)", file=sys.stderr)
        return 2
    body = section(CHANGELOG.read_text(encoding="utf-8"), argv[0])
    if not body:
        print(f"release_notes: CHANGELOG.md has no section '## {argv[0].removeprefix('v')}'", file=sys.stderr)
        return 1
    print(body)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
