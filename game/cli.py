"""Command line: play (default), replay FILE, sim, bench, shot, fairness, smoke.

Bad arguments print one line naming the problem and the allowed values, and
exit with status 2.  Heavy modules (pygame, pymunk) are imported only by the
commands that need them, so ``sim --dice rng`` starts fast.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys

from . import games
from .games import GAME_IDS

ASSET_COMMANDS = ("play", "replay", "shot", "smoke")
"""Commands that draw or play sounds: they check the bundled files first."""
BIDDING_GAMES = tuple(g for g in GAME_IDS if games.kit(g).styles)
"""Games with sparring partners (their kit's ``sparring``: ``reader``, ``bluffer``, ``caller``...)."""
MAX_SIM_GAMES = 1_000_000
"""``sim --games`` above this is refused (a million games is hours of CPU)."""
MAX_FAIRNESS_ROLLS = 100_000_000


def _shown(text: str) -> str:
    """An argument quoted for a one-line message (long ones cut)."""
    return repr(text if len(text) <= 40 else text[:40] + "...")


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors in one line and exits 2."""

    def error(self, message: str):  # noqa: D401 - argparse API
        if len(message) > 400:  # argparse quotes whole values: a huge one stays one short line
            message = message[:300] + " ... " + message[-80:]
        # control characters, line breaks and undecodable bytes as escapes: one safe line
        message = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(2)


def _levels(text: str) -> list[str]:
    from .core.agents import LEVELS, SPARRING
    from .core.guest_bots import is_guest
    levels = [t.strip() for t in text.split(",") if t.strip()]
    bad = [t for t in levels if t not in LEVELS + SPARRING and not is_guest(t)]
    if bad or not levels:
        raise argparse.ArgumentTypeError(
            f"invalid players {text!r}: use a comma list of easy, normal, hard (e.g. hard,normal); "
            f"the bidding games also seat the sparring partners {', '.join(SPARRING)}; "
            f"a bot of your own is FILE.py:Class")
    return levels


def _load_guests(parser, levels: list[str]) -> None:
    """Load every guest bot named (``FILE.py:Class``) before any game is played,
    so a bad name is a one-line error, not a traceback."""
    from .core.guest_bots import GuestBotError
    from .core.sim import load_guests
    try:
        load_guests(levels)
    except GuestBotError as exc:
        parser.error(f"bot {exc}")


def _check_sparring(parser, game: str, levels: list[str]) -> None:
    from .core.agents import SPARRING
    if game not in BIDDING_GAMES and any(lvl in SPARRING for lvl in levels):
        parser.error(f"argument --players: sparring partners ({', '.join(SPARRING)}) "
                     f"exist only for {', '.join(BIDDING_GAMES)}")


def _whole(text: str, what: str = "") -> int:
    if len(text) > 30 or not re.fullmatch(r"\s*[+-]?[0-9]+\s*", text):
        raise argparse.ArgumentTypeError(f"{what}{_shown(text)} is not a whole number")
    return int(text)


def _bounded(hi: int, lo: int = 1):
    """An argparse type: a whole number from ``lo`` to ``hi``."""
    def parse(text: str) -> int:
        value = _whole(text)
        if value < lo:
            raise argparse.ArgumentTypeError(f"{_shown(text)} must be at least {lo}")
        if value > hi:
            raise argparse.ArgumentTypeError(f"{_shown(text)} must be at most {hi:,}")
        return value
    return parse


_positive = _bounded(MAX_FAIRNESS_ROLLS)


def _seed(text: str) -> int:
    value = _whole(text, "seed ")
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError(f"seed {_shown(text)} must be from 0 to 2^63-1")
    return value


def _names(text: str) -> str:
    """A non-empty comma list (an empty ``--only`` must not mean "everything")."""
    if not [t for t in text.split(",") if t.strip()]:
        raise argparse.ArgumentTypeError(f"{_shown(text)} names nothing; give a comma list of names")
    return text


def _out_file(text: str) -> str:
    """A file to write: its folder must exist."""
    if not text or "\0" in text or len(text) > 1000:
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not a usable file name")
    folder = os.path.dirname(os.path.abspath(text))
    if not os.path.isdir(folder) or os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"cannot write {_shown(text)}: no such folder")
    return text


def _data_dir(text: str) -> str:
    """The data folder: an existing folder, or one that can be made."""
    if not text or "\0" in text or len(text) > 1000:
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not a usable folder name")
    if os.path.exists(text) and not os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"cannot use {_shown(text)} as the data folder: it is a file")
    try:
        os.makedirs(text, exist_ok=True)
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or "not a folder"
        raise argparse.ArgumentTypeError(f"cannot use {_shown(text)} as the data folder: {reason}") from None
    return text


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="dice-tavern", description="Dice Tavern: five dice games on a felt table.")
    parser.add_argument("--data-dir", type=_data_dir, help="folder for settings, saves and replays (default: the user data folder)")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help="start the game (default)")
    play.add_argument("--fullscreen", action="store_true", default=None)
    play.add_argument("--windowed", dest="fullscreen", action="store_false")

    replay = sub.add_parser("replay", help="watch a saved game")
    replay.add_argument("file")

    sim = sub.add_parser("sim", help="AI-vs-AI games, headless, with win rates")
    sim.add_argument("--game", required=True, choices=GAME_IDS)
    sim.add_argument("--players", required=True, type=_levels,
                     help="e.g. hard,normal,easy; a bot of your own is FILE.py:Class (game.core.guest_bots)")
    sim.add_argument("--games", type=_bounded(MAX_SIM_GAMES), default=200)
    sim.add_argument("--seed", type=_seed, default=1)
    sim.add_argument("--dice", choices=("physics", "rng"), default="rng")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help="a game option (JSON value), e.g. --option side_pots=false")
    sim.add_argument("--json", action="store_true")

    rep = sub.add_parser("ai-report", help="calibration, bid honesty and decision time of a bidding AI")
    rep.add_argument("--game", required=True, choices=BIDDING_GAMES)
    rep.add_argument("--level", required=True, type=_levels, help="the level (or sparring style) to watch")
    rep.add_argument("--opponents", type=_levels, default=None,
                     help="comma list of the other seats (default: one more of the same level); "
                          "a bot of your own is FILE.py:Class")
    rep.add_argument("--games", type=_bounded(MAX_SIM_GAMES), default=200)
    rep.add_argument("--seed", type=_seed, default=1)
    rep.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    rep.add_argument("--fresh", action="store_true",
                     help="every game among strangers: the AIs remember no rival across the series")
    rep.add_argument("--json", action="store_true")

    bench = sub.add_parser("bench", help="speed benchmarks")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--quick", action="store_true", help="fewer repetitions (smoke check)")
    bench.add_argument("--only", default=None, type=_names, help="comma list of benchmark names")

    shot = sub.add_parser("shot", help="render a screen headless to a PNG")
    shot.add_argument("--scene", required=True)
    shot.add_argument("--out", required=True, type=_out_file)
    shot.add_argument("--game", choices=GAME_IDS)
    shot.add_argument("--seed", type=_seed, default=7)
    shot.add_argument("--players", type=_bounded(20), default=None)
    shot.add_argument("--size", default="1280x720")

    fair = sub.add_parser("fairness", help="long chi-square test of the physical dice")
    fair.add_argument("--rolls", type=_positive, default=100_000)
    fair.add_argument("--json", action="store_true")

    smoke = sub.add_parser("smoke", help="headless end-to-end check of every built game")
    smoke.add_argument("--seed", type=_seed, default=2024)
    smoke.add_argument("--json", action="store_true")
    return parser


OPTION_MAX_CHARS = 4096
OPTION_MAX_DEPTH = 8
"""``--option KEY=JSON`` is bounded like every other input: a game option is
a number, a word or a short list, never a document (1,000 nested lists raised
``RecursionError`` as a traceback)."""


def _parse_option(text: str) -> tuple[str, object]:
    """``KEY=JSON`` (or ``KEY=word``); ``ValueError`` with a plain message
    when it is too long or nested too deeply."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise ValueError(f"option {text[:60]!r} must look like KEY=VALUE")
    if len(text) > OPTION_MAX_CHARS:
        raise ValueError(f"option {key[:40]!r} is longer than {OPTION_MAX_CHARS} characters")
    if _nesting(value) > OPTION_MAX_DEPTH:
        raise ValueError(f"option {key[:40]!r} is nested more than {OPTION_MAX_DEPTH} levels deep")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def _nesting(text: str) -> int:
    """How deep brackets nest in ``text`` (an upper bound: brackets in strings count too)."""
    depth = deepest = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth = max(0, depth - 1)
    return deepest


def _first_index(argv: list[str]) -> int:
    """Index of the first argument that is not the global ``--data-dir [DIR]``."""
    i = 0
    while i < len(argv):
        if argv[i] == "--data-dir":
            if i + 1 >= len(argv):
                return i  # no folder given: let argparse say so
            i += 2
        elif argv[i].startswith("--data-dir="):
            i += 1
        else:
            return i
    return len(argv)


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    argv = list(sys.argv[1:] if argv is None else argv)
    # `python -m game` alone (or with play's flags) plays.
    at = _first_index(argv)
    first = argv[at] if at < len(argv) else None
    if first == "--data-dir":  # given last, with no folder
        build_parser().error("argument --data-dir: expected one argument (a folder)")
    if first == "--version" and at == len(argv) - 1:  # with anything after it: argparse says why
        from .version import version_line
        print(version_line())
        return 0
    if "--smoke" in argv:  # the frozen executable's smoke flag: `--smoke --json`
        i = argv.index("--smoke")
        argv = argv[:i] + ["smoke"] + argv[i + 1:]
    elif first is None or (first.startswith("-") and first not in ("-h", "--help")):
        argv.insert(at, "play")
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.data_dir:
        os.environ["DICE_TAVERN_HOME"] = args.data_dir

    if args.command in ASSET_COMMANDS:
        from .paths import missing_assets, missing_message
        missing = missing_assets()
        if missing:
            _tell_player(missing_message(missing), window=args.command in ("play", "replay"))
            return 1

    if args.command == "sim":
        return _cmd_sim(args, parser)
    if args.command == "ai-report":
        return _cmd_ai_report(args, parser)
    if args.command == "bench":
        from .dev import bench
        return bench.main(args)
    if args.command == "fairness":
        from .physics import fairness
        return fairness.main(args)
    if args.command == "shot":
        from .dev import shots
        return shots.main(args)
    if args.command == "smoke":
        from .dev import smoke
        return smoke.main(args)
    from . import app
    if args.command == "replay":
        from pathlib import Path
        from .core import saves, userfiles
        try:  # checked before a window opens: a bad file is a bad argument
            saves.load_match(Path(args.file))
        except (userfiles.UserFileError, OSError, ValueError) as exc:
            parser.error(f"cannot play replay: {str(exc)[:300]}")
        return app.run(replay_file=args.file)
    return app.run(fullscreen=args.fullscreen)


def _tell_player(message: str, *, window: bool) -> None:
    """One line on stderr and, for the windowed game (whose players may have
    no terminal), a message box too."""
    sys.stderr.write(f"dice-tavern: {message}\n")
    if window and os.environ.get("SDL_VIDEODRIVER") != "dummy":
        try:
            import pygame
            pygame.display.message_box("Dice Tavern cannot start", message, message_type="error")
        except Exception:  # no display at all: the stderr line stands
            pass


def _cmd_sim(args, parser) -> int:
    from . import games
    from .core.sim import run_sim
    if not games.is_built(args.game) and not games.has_rules(args.game):
        parser.error(f"argument --game: {args.game} is not built yet")
    _check_sparring(parser, args.game, args.players)
    try:
        options = dict(_parse_option(o) for o in args.option)
        info = games.game_info(args.game)
        if not info.min_players <= len(args.players) <= info.max_players:
            raise ValueError(f"option 'players': {len(args.players)} players is not allowed; "
                             f"use {info.min_players} to {info.max_players}")
        games.make_game(args.game, len(args.players), options)
    except ValueError as exc:
        parser.error(str(exc))
    if args.dice == "physics":
        from .physics import PhysicsDice
        dice = PhysicsDice()
    else:
        dice = None
    _load_guests(parser, args.players)
    from .core.guest_bots import GuestBotError
    try:
        result = run_sim(args.game, args.players, args.games, args.seed, dice, options)
    except GuestBotError as exc:
        print(f"sim stopped: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print("\n".join(result.lines()))
    return 0


def _cmd_ai_report(args, parser) -> int:
    from . import games
    from .dev.ai_report import run_report
    if len(args.level) != 1:
        parser.error("argument --level: name one level, e.g. --level hard")
    level = args.level[0]
    opponents = args.opponents or [level]
    try:
        options = dict(_parse_option(o) for o in args.option)
        info = games.game_info(args.game)
        seats = 1 + len(opponents)
        if not info.min_players <= seats <= info.max_players:
            raise ValueError(f"{seats} players is not allowed; use {info.min_players} to {info.max_players}")
        games.make_game(args.game, seats, options)
    except ValueError as exc:
        parser.error(str(exc))
    _load_guests(parser, [level] + opponents)
    from .core.guest_bots import GuestBotError
    try:
        report = run_report(args.game, level, opponents, args.games, args.seed, options, fresh=args.fresh)
    except GuestBotError as exc:
        print(f"ai-report stopped: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        print("\n".join(report.lines()))
    return 0
