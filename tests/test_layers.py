"""Import direction between the layers (issue 20: navigation as a service).

The table layer (``game.ui``) asks ``app.nav`` for the menu screens and never
imports ``game.scenes``; the pure core never imports a game slice nor the
registry's private names.  Checked on the source (every import statement,
also those inside functions), so a lazy import cannot hide."""
import ast
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
    probe = ROOT / "ui" / "table_scene.py"   # ``warm`` imports game.physics inside the function
    assert "game.physics" in _imports(probe)
    assert "game.core.protocol" in _imports(probe)   # and a module-level one


def test_ui_never_imports_scenes():
    bad = {str(p.relative_to(ROOT.parent)): [m for m in _imports(p) if m.startswith("game.scenes")]
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
    from tests.helpers import key
    app = App(headless=True)
    match = Match("liars-dice", [Seat("Ada", "ai", "easy"), Seat("Bo", "ai", "easy")], None, 5)
    match.play_out()
    path = saves.save_replay(match)
    results = ResultsScene(app, match, replay_path=path)
    app.start(results)
    results.watch_replay()
    app.apply_transitions()
    assert app.top.replay is not None and results not in app.stack
    app.feed(key(pygame.K_ESCAPE))
    app.apply_transitions()
    assert app.top is results
    # from the list: back to the list
    app.start(TitleScene(app))
    app.push(ReplayListScene(app))
    app.apply_transitions()
    app.top.open(path)
    app.apply_transitions()
    assert app.top.replay is not None
    app.feed(key(pygame.K_ESCAPE))
    app.apply_transitions()
    assert isinstance(app.top, ReplayListScene)
