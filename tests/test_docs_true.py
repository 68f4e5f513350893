"""The guides name only files, modules, commands and options that exist.

A doc that says ``game/ui/foo.py`` or ``python -m game shot --zoom`` after a
rename sends a newcomer nowhere; this reads every path-like word, every
``game.x.y`` name and every ``python -m game`` / ``dice-tavern`` / ``make`` /
``python tools/x.py`` command in the guides and looks each one up in the
tree, the modules, the command-line parser and the Makefile.
"""
from __future__ import annotations

import fnmatch
import functools
import importlib
import importlib.util
import os
import re
import subprocess
from pathlib import Path

import pytest

from game.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
DOCS = ("README.md", "docs/DESIGN.md", "docs/CONTRIBUTING.md", "docs/BUILDING.md",
        "docs/PHONES.md", "docs/ENGINEERING.md", "docs/REFERENCE.md")

# Paths the docs name that a build makes, or that live outside the repository.
MADE_OR_OUTSIDE = ("dist/", "build/", ".venv", "~", "%", "/", "$", "shared/", "./", "dice-tavern-",
                   "dice-tavern/", "game/assets", "finishing/", "crash-")
# Files of the user's data folder, and names the docs make up as examples.
NOT_IN_THE_TREE = {"settings.json", "stats.json", "rivals.json", "autosave.json", "tutorials.json",
                   "replays/index.json", "smoke.json", "mybots.py", "x.png", "tests/test_x.py",
                   "HOUSE-RULES.md"}
PLACEHOLDER = re.compile(r"<[^>]*>|\b(?:NAME|VERSION|LEVEL|FOLDER|FILE)\b|X\.Y\.Z|\.\.\.|…")
SUFFIXES = ("py", "md", "json", "gz", "txt", "toml", "sh", "yml", "yaml", "spec", "png", "in",
            "cfg", "js", "html", "css", "ttf", "wav", "ogg")
PATHLIKE = re.compile(r"(?<![\w/.*-])((?:[\w.*<>…-]+/)+[\w.*<>…-]*|[\w*<>-]+(?:\.[\w*<>-]+)*\.(?:%s))"
                      r"(?![\w/-])" % "|".join(SUFFIXES))
CODE_SPAN = re.compile(r"`([^`\n]+)`")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


@functools.cache
def tracked() -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.split()


def path_words(text: str) -> set[str]:
    """Path-like words in code spans, fenced blocks and link targets."""
    chunks = CODE_SPAN.findall(FENCE.sub("", text)) + FENCE.findall(text)
    chunks += re.findall(r"\]\(([^)#\s]+)", text)
    words = set()
    for chunk in chunks:
        for word in PATHLIKE.findall(chunk):
            word = word.rstrip(".,:;")
            if word.startswith("http") or "://" in word or word.startswith(MADE_OR_OUTSIDE):
                continue
            if word[0].isupper() and "/" in word and not word.endswith(SUFFIXES):
                continue  # Game/State/Action, "Application Support/DiceTavern"
            words.add(word)
    return words


def missing_paths(text: str, doc_dir: str, files: list[str]) -> list[str]:
    """The path words of ``text`` that name no tracked file or folder.

    A word with a slash may be written from the repository, the doc's folder,
    ``game/`` or ``game/games/`` (the guides say ``ui/secrecy.py``); a bare
    name must be some tracked file's or folder's name; ``<game>``, ``*`` and
    the like match anything."""
    dirs = {str(p) for f in files for p in Path(f).parents if str(p) != "."}
    known = set(files) | dirs
    names = {Path(f).name for f in known}
    bases = ("", doc_dir, "game", "game/games")
    bad = []
    for word in sorted(path_words(text) - NOT_IN_THE_TREE):
        pattern = PLACEHOLDER.sub("*", word.strip("/"))
        if "/" not in pattern:
            if not fnmatch.filter(names, pattern):
                bad.append(word)
            continue
        stem, dot, attr = pattern.rpartition(".")  # ui/story.board_steps: a module's attribute
        tries = [pattern] + ([stem + ".py"] if dot and "/" not in attr and attr not in SUFFIXES else [])
        where = {os.path.normpath(os.path.join(b, t)) for b in bases for t in tries}
        if not any(fnmatch.filter(known, w) for w in where):
            bad.append(word)
    return bad


DOTTED = re.compile(r"(?<![\w.])game(?:\.\w+)+(?!\w)(\(?)")


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:  # a module's attribute, not a submodule
        return False


def missing_names(text: str) -> list[str]:
    """``game.x.y`` names in code spans that no module or module attribute answers to
    (``game.new_initial_state()`` on a variable called ``game`` is no module's name)."""
    bad = set()
    for span in CODE_SPAN.findall(text):
        for m in DOTTED.finditer(span):
            parts = m.group(0).rstrip("(").split(".")
            top = ROOT / "game" / parts[1]
            if m.group(1) and not (top.is_dir() or top.with_suffix(".py").exists()):
                continue
            cut = next(c for c in range(1, len(parts) + 1)
                       if c == len(parts) or not _is_module(".".join(parts[:c + 1])))
            thing = importlib.import_module(".".join(parts[:cut]))
            for attr in parts[cut:]:
                thing = getattr(thing, attr, None)
            if thing is None:
                bad.add(".".join(parts))
    return sorted(bad)


def missing_code_names(text: str, sources: dict[str, str]) -> list[str]:
    """``CONSTANT_NAMES`` no source file names, and ``Class.attr`` whose class's
    files never name ``attr`` (a method moved to a component, a removed step)."""
    everything = "\n".join(sources.values())
    classes: dict[str, list[str]] = {}
    for path, source in sources.items():
        for name in re.findall(r"^\s*class (\w+)", source, re.M):
            classes.setdefault(name, []).append(path)
    bad = set()
    for span in CODE_SPAN.findall(text):
        for const in re.findall(r"(?<![\w.])([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b", span):
            if not re.search(rf"\b{const}\b", everything):
                bad.add(const)
        for cls, attr in re.findall(r"(?<![\w.])([A-Z][a-z]\w*)\.([a-z_]\w*)", span):
            if cls in classes and not any(re.search(rf"\b{attr}\b", sources[p]) for p in classes[cls]):
                bad.add(f"{cls}.{attr}")
    return sorted(bad)


@functools.cache
def code_sources() -> dict[str, str]:
    return {f: (ROOT / f).read_text(encoding="utf-8") for f in tracked()
            if f.endswith(".py") and f.startswith(("game/", "tools/", "tests/"))}


COMMAND = re.compile(
    r"(?:python3?|\.venv/bin/python|\.venv\\Scripts\\python)\s+-m\s+game(?![\w.])([^`\n;|&)]*)"
    r"|(?<![\w/-])dice-tavern(?:-console)?(?:\.exe)?(\s+-[^`\n;|&)]*)")


def commands(text: str) -> list[list[str]]:
    """The argument lists of every ``python -m game ...`` and ``dice-tavern --...`` in ``text``."""
    found = []
    for m in COMMAND.finditer(text):
        args = (m.group(1) or m.group(2) or "").split("#")[0].split()
        found.append([a.strip(".,'\"") for a in args])
    return found


def wrong_arguments(args: list[str]) -> list[str]:
    """The subcommand and ``--options`` in ``args`` that the command line does not have."""
    parser = build_parser()
    subs = next(a for a in parser._actions if a.dest == "command").choices
    top = {o for a in parser._actions for o in a.option_strings} | {"--smoke"}
    if args and not args[0].startswith("-") and args[0] not in subs:
        return [args[0]]
    sub = subs[args[0] if args and args[0] in subs else "play"]
    allowed = top | {o for a in sub._actions for o in a.option_strings}
    if "--smoke" in args:
        allowed |= {o for a in subs["smoke"]._actions for o in a.option_strings}
    return [a.split("=")[0] for a in args if a.startswith("--") and a.split("=")[0] not in allowed]


TOOL = re.compile(r"python3?\s+(tools/\w+\.py|-m\s+game\.dev(?:\.\w+)+)([^`\n;|&)]*)")


def wrong_tool_options(text: str) -> list[str]:
    """``--options`` given to a ``tools/*.py`` script or ``game.dev`` module that its source never names."""
    bad = []
    for m in TOOL.finditer(text):
        script = m.group(1).split()[-1]
        path = ROOT / (script if script.endswith(".py") else script.replace(".", "/") + ".py")
        source = path.read_text(encoding="utf-8") if path.exists() else ""
        bad += [f"{script} {o}" for o in re.findall(r"(?<!\w)--[\w-]+", m.group(2).split("#")[0])
                if f'"{o}"' not in source]
    return bad


def make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([\w-]+):", text, re.M))


@pytest.mark.parametrize("name", DOCS)
def test_every_path_a_doc_names_exists(name):
    text = (ROOT / name).read_text(encoding="utf-8")
    assert missing_paths(text, str(Path(name).parent), tracked()) == []


@pytest.mark.parametrize("name", DOCS)
def test_every_game_module_a_doc_names_exists(name):
    assert missing_names((ROOT / name).read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("name", DOCS)
def test_every_constant_and_method_a_doc_names_exists(name):
    assert missing_code_names((ROOT / name).read_text(encoding="utf-8"), code_sources()) == []


@pytest.mark.parametrize("name", DOCS)
def test_every_command_and_option_a_doc_shows_exists(name):
    text = (ROOT / name).read_text(encoding="utf-8")
    wrong = {" ".join(args): bad for args in commands(text) if (bad := wrong_arguments(args))}
    assert wrong == {}
    assert wrong_tool_options(text) == []


@pytest.mark.parametrize("name", DOCS)
def test_every_make_target_a_doc_shows_exists(name):
    text = (ROOT / name).read_text(encoding="utf-8")
    named = set(re.findall(r"`make ([\w-]+)", text)) | set(re.findall(r"^make ([\w-]+)", text, re.M))
    assert named - make_targets() == set()


def test_the_checks_catch_a_wrong_path_module_option_and_subcommand():
    """A doc with deliberately wrong names fails each check, and right ones pass."""
    text = ("See `game/ui/no_such_module.py`, `ui/secrecy.py` and `no_such_file.json`.\n"
            "```\npython -m game shot --zoom 2\npython -m game teleport\n"
            "python -m game bench --only startup\ndice-tavern --smoke --json\n```\n")
    assert missing_paths(text, "docs", tracked()) == ["game/ui/no_such_module.py", "no_such_file.json"]
    assert [wrong_arguments(args) for args in commands(text)] == [["--zoom"], ["teleport"], [], []]
    assert wrong_tool_options("`python tools/phones_latency.py --taps 30 --tapz 3`") == [
        "tools/phones_latency.py --tapz"]
    assert missing_names("`game.core.saves.load_match`, `game.core.savez`, `game.paths.nope`") == [
        "game.core.savez", "game.paths.nope"]
    sources = {"game/x.py": "class Reading:\n    def shifted(self): ...\nTENTH_CAP = 2\n"}
    assert missing_code_names("`Reading.shifted`, `Reading.ledgered`, `TENTH_CAP`, `LEDGER_GAIN`",
                              sources) == ["LEDGER_GAIN", "Reading.ledgered"]
    assert {"lint", "test", "dist", "smoke"} <= make_targets() and "teleport" not in make_targets()
