"""Which build this is: the version (from ``game.__version__``, the one
source setuptools also reads) and a short description of the build for the
title screen, ``--version`` and crash reports."""
from __future__ import annotations

import platform
import sys

from . import __version__, paths

VERSION = __version__


def build_kind() -> str:
    """``executable`` (PyInstaller), ``installed`` (wheel/sdist) or ``source``."""
    if paths.is_frozen():
        return "executable"
    if (paths.PACKAGE_DIR / "assets").is_dir():
        return "installed"
    return "source"


def version_line() -> str:
    """What ``dice-tavern --version`` prints, e.g. ``dice-tavern 0.1.0 (source)``."""
    return f"dice-tavern {VERSION} ({build_kind()})"


def build_info() -> dict[str, str]:
    """Everything a crash report should name to reproduce a problem.
    Library versions are read only if the library is already loaded."""
    info = {"version": VERSION, "build": build_kind(),
            "python": platform.python_version(), "platform": platform.platform()}
    for name, attr in (("pygame", "version.ver"), ("pymunk", "version")):
        module = sys.modules.get(name)
        if module is not None:
            value: object = module
            for part in attr.split("."):
                value = getattr(value, part, None)
            if value is not None:
                info[name if name != "pygame" else "pygame-ce"] = str(value)
    return info


def crash_report_header() -> str:
    """The first lines of a crash report: one ``key: value`` a line."""
    return "\n".join(f"{k}: {v}" for k, v in build_info().items())
