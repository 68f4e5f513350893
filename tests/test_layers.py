"""Import direction between the layers (issue 20: navigation as a service;
issue 37: one home per family).

The table layer (``game.ui``) asks ``app.nav`` for the menu screens and never
imports ``game.scenes``; the pure core never imports a game slice (the bidding
family included) nor the registry's private names; dev tools (``game.dev``)
are never imported by the product except through the one door, ``game.cli``'s
dev commands; nothing imports modules by name (``importlib``) past these
checks; the bidding family's pure part never imports pygame.  Checked on the
source (every import statement, also those inside functions), so a lazy
import cannot hide."""
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "game"


def _imports(path: Path) -> list[str]:
    """Absolute module names imported anywhere in ``path`` (relative ones resolved)."""
    package = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts[:-1])
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            names.append(mod)
            names += [f"{mod}.{a.name}" for a in node.names]
    return names


def _private_registry_uses(path: Path) -> list[str]:
    return [f"games.{n.attr}" for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "games"
            and n.attr.startswith("_")]


def test_resolver_sees_lazy_relative_imports(tmp_path):
    """The checker itself: a function-level relative import is found."""
    probe = ROOT / "ui" / "throw_flow.py"   # ``Throws`` imports game.physics inside its methods
    assert "game.physics" in _imports(probe)
    assert "game.core.protocol" in _imports(probe)   # and a module-level one


def test_ui_never_imports_scenes():
    bad = {str(p.relative_to(ROOT.parent)): [m for m in _imports(p) if m.startswith("game.scenes")]
           for p in (ROOT / "ui").rglob("*.py")}
    assert {k: v for k, v in bad.items() if v} == {}


def test_ui_never_imports_the_bidding_family():
    """The shared table is the same for every game: a replay's AIs are seated
    among strangers through ``app.rivals`` (``seat_strangers``), not with a
    ``RivalBook`` of the table's own."""
    bad = {str(p.relative_to(ROOT.parent)): [m for m in _imports(p) if m.startswith("game.games.bidding")]
           for p in (ROOT / "ui").rglob("*.py")}
    assert {k: v for k, v in bad.items() if v} == {}


def test_core_never_imports_a_game_or_registry_internals():
    bad = {}
    for p in (ROOT / "core").rglob("*.py"):
        found = [m for m in _imports(p) if m.startswith("game.games.")
                 and m.split(".")[2] not in ("GAME_IDS", "game_info", "is_known", "has_rules", "make_game",
                                             "make_agent", "game_class", "package_name")]
        found += _private_registry_uses(p)
        found += [m for m in _imports(p) if m.startswith(("game.ui", "game.scenes"))]
        if found:
            bad[str(p.relative_to(ROOT.parent))] = found
    assert bad == {}


def _product_files():
    return [p for p in ROOT.rglob("*.py") if "dev" not in p.relative_to(ROOT).parts[:1]]


def test_dev_tools_are_never_imported_by_the_product():
    """Only ``game/cli.py`` may import ``game.dev``, and only inside the
    functions of its dev commands (never at module level)."""
    bad = {}
    for p in _product_files():
        rel = str(p.relative_to(ROOT.parent))
        tree = ast.parse(p.read_text(encoding="utf-8"))
        if rel == "game/cli.py":
            top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
            found = [m for n in top for m in _names_of(n, "game") if m.startswith("game.dev")]
        else:
            found = [m for m in _imports(p) if m.startswith("game.dev")]
        if found:
            bad[rel] = found
    assert bad == {}


def _names_of(node, package: str) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = package.split(".")
    mod = ".".join(base[:len(base) - node.level + 1] + ([node.module] if node.module else [])) if node.level \
        else (node.module or "")
    return [mod] + [f"{mod}.{a.name}" for a in node.names]


IMPORTLIB_DOORS = {
    "game/games/__init__.py": "the game registry: a game's modules by its id",
    "game/core/guest_bots.py": "a player's own bot file (FILE.py:Class)",
    "game/scenes/nav.py": "warming RESULTS_MODULES, checked below",
    "game/dev/bench.py": "the bench's provider table (dev only)",
    "game/ui/preload.py": "a table's modules imported on a thread (its MODULES, checked below, and the caller's)",
}


def test_no_import_by_name_past_the_layers():
    """Modules are imported by name only at the doors listed above, so the
    import checks of this file see every other edge."""
    bad = []
    for p in ROOT.rglob("*.py"):
        rel = str(p.relative_to(ROOT.parent))
        for n in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            by_name = ((isinstance(n, ast.Attribute) and n.attr in ("import_module", "find_spec", "spec_from_file_location"))
                       or (isinstance(n, ast.Name) and n.id == "__import__"))
            if by_name and rel not in IMPORTLIB_DOORS:
                bad.append(f"{rel}:{n.lineno}")
    assert bad == []
    from game.scenes.nav import RESULTS_MODULES
    assert all(m.startswith(("game.core.", "game.ui.", "game.scenes.")) for m in RESULTS_MODULES)
    from game.ui.preload import MODULES
    assert all(m.startswith(("game.physics", "game.ui.")) for m in MODULES)   # ui names no scene


def test_generic_core_is_free_of_the_bidding_family():
    """Stats, story and narration serve every game: the bidding family stands
    on them, never the other way round."""
    bad = {str(p.relative_to(ROOT.parent)): [m for m in _imports(p) if "bidding" in m or "rivalbook" in m]
           for p in (ROOT / "core").rglob("*.py")}
    assert {k: v for k, v in bad.items() if v} == {}
    assert not list((ROOT / "core").glob("bid*.py"))


def test_the_bidding_family_pure_part_never_imports_pygame():
    """Everything in ``game.games.bidding`` outside its ``ui`` folder is rules
    and AI: importing all of it (and both bidding games' rules and AI) loads
    neither pygame nor the table layer."""
    pure = sorted("game.games.bidding." + p.stem for p in (ROOT / "games" / "bidding").glob("*.py")
                  if p.stem != "__init__")
    pure += [f"game.games.{g}.{part}" for g in ("liars_dice", "roll_call")
             for part in ("rules", "ai", "coach", "narrate", "story", "tutorial", "sparring", "bidtext")]
    code = ("import sys\n" + "".join(f"import {m}\n" for m in pure)
            + "print(','.join(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pymunk')"
              " or m.startswith(('game.ui', 'game.scenes', 'game.games.bidding.ui'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert len(pure) > 15 and out.stdout.strip() == ""


def test_nav_opens_the_named_screens():
    """``app.nav`` is how the table reaches pause, curtain, results, title."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.app import App
    from game.core.match import Match, Seat
    from game.scenes.curtain import CurtainScene
    from game.scenes.pause import PauseScene
    from game.scenes.results import ResultsScene
    from game.scenes.title import TitleScene
    from tests.helpers import start_table
    app = App(headless=True)
    match = Match("liars-dice", [Seat("You", "human"), Seat("Ada", "ai", "easy")], None, 3)
    table = start_table(app, match)
    app.nav.pause(table)
    app.apply_transitions()
    assert isinstance(app.top, PauseScene)
    app.nav.curtain("Ada", lambda: None)
    app.apply_transitions()
    assert isinstance(app.top, CurtainScene)
    match.play_out()
    app.nav.results(match)
    app.apply_transitions()
    assert isinstance(app.top, ResultsScene)
    app.nav.title()
    app.apply_transitions()
    assert isinstance(app.top, TitleScene) and len(app.stack) == 1


def test_replay_returns_where_it_came_from(tmp_path, monkeypatch):
    """Issue 17: Close in the replay viewer goes back to the results it was
    opened from (or the replay list below it), not to the title."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    import pygame

    from game.app import App
    from game.core import saves
    from game.core.match import Match, Seat
    from game.scenes.replay import ReplayListScene
    from game.scenes.results import ResultsScene
    from game.scenes.title import TitleScene
    from tests.helpers import key, past_the_opening
    app = App(headless=True)
    match = Match("liars-dice", [Seat("Ada", "ai", "easy"), Seat("Bo", "ai", "easy")], None, 5)
    match.play_out()
    path = saves.save_replay(match)
    results = ResultsScene(app, match, replay_path=path)
    app.start(results)
    results.watch_replay()
    past_the_opening(app)
    assert app.top.replay is not None and results not in app.stack
    app.feed(key(pygame.K_ESCAPE))
    app.apply_transitions()
    assert app.top is results
    # from the list: back to the list
    app.start(TitleScene(app))
    app.push(ReplayListScene(app))
    app.apply_transitions()
    app.top.open(path)
    past_the_opening(app)
    assert app.top.replay is not None
    app.feed(key(pygame.K_ESCAPE))
    app.apply_transitions()
    assert isinstance(app.top, ReplayListScene)


def test_each_game_declares_its_kit_and_the_kit_is_the_whole_truth():
    """Issue 37: a game's parts are declared once (``KIT``), not found by name.
    Every part a kit names imports; every module a kit could name but does not
    is absent, so a forgotten declaration cannot leave a part unused."""
    import dataclasses
    import importlib

    from game import games
    from game.games.kit import GameKit
    module_fields = [f.name for f in dataclasses.fields(GameKit) if f.name != "levels"]
    for game_id in games.GAME_IDS:
        kit = games.kit(game_id)
        folder = games.package_dir(game_id)
        for name in module_fields:
            declared = getattr(kit, name)
            if declared is None:
                assert not (folder / f"{name}.py").exists(), f"{game_id}: {name}.py exists but its kit leaves it out"
            else:
                assert importlib.import_module(f"{games.package_name(game_id)}.{declared}")
        assert games.is_built(game_id) and games.make_agent(game_id, kit.levels[-1], 0, None) is not None
    assert [g for g in games.GAME_IDS if games.kit(g).styles] == ["liars-dice", "roll-call"]
