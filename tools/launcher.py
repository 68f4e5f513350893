"""Entry script of the packaged executable (see build.spec).

It only hands over to the command line, so the frozen program understands
exactly what ``python -m game`` does, plus ``--smoke``.
"""
import os
import sys

# No "Hello from the pygame community" line on every start of the product.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
