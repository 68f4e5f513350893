"""Bots from outside the project, seated by ``sim`` and ``ai-report``.

Issue 12 asks that Hard beat "any other reasonable bot" and state calibrated
chances against it.  Anyone can check that with a bot of their own, without
touching the project: name it where a level goes, as ``FILE.py:Class`` or
``package.module:Class``::

    python -m game ai-report --game liars-dice --level hard --opponents mybots.py:Anchor --games 2000
    python -m game sim --game roll-call --players hard,mybots.py:Anchor,mybots.py:Anchor

The class plays by the ``Agent`` protocol (``act(view, legal)``, optionally
``interject``); it is built as ``Class(player, rng, game_id)`` when its
constructor takes a game id, else ``Class(player, rng)``, and like every agent
it gets a fresh seeded ``rng`` before each decision, so a run replays exactly.
It sits in a stand-in AI seat named after its class (``Anchor-1``), so the
rival memory (``rivalbook``) meets it as one rival game after game, whichever
chair it is in (a guest itself is never given a memory of rivals, even one of
the game's own AI classes).  A bot that raises or picks an illegal action stops the run
with ``GuestBotError`` naming it, not with a traceback of the game's code.

Only the command-line tools load guests: a level in a saved game is never
imported (a record names levels, and ``make_agent`` knows only its own).
"""
from __future__ import annotations

import importlib
import importlib.util
import inspect
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

STAND_IN_LEVEL = "easy"
"""The level a guest's seat is created with before the guest takes it over
(its agent is never asked to move)."""

_CLASS_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class GuestBotError(Exception):
    """A guest bot could not be loaded, or broke the rules while playing."""


def is_guest(level: str) -> bool:
    """Whether ``level`` names a guest bot (``where:Class``) rather than a level."""
    return ":" in level


@dataclass(frozen=True)
class GuestBot:
    """A loaded guest: what the command line named, and how to build it."""
    spec: str
    cls: type

    @property
    def label(self) -> str:
        """The seat name's stem: the class name."""
        return self.cls.__name__[:20]

    def build(self, player: int, rng, game_id: str) -> Any:
        """The guest for ``player``, its moves checked (``_guard``)."""
        try:
            takes_game = _takes_game_id(self.cls)
            bot = self.cls(player, rng, game_id) if takes_game else self.cls(player, rng)
        except Exception as exc:
            raise GuestBotError(f"{self.spec}: building it for seat {player + 1} failed: {exc!r}") from exc
        if not callable(getattr(bot, "act", None)):
            raise GuestBotError(f"{self.spec}: it has no act(view, legal) method")
        _guard(bot, self.spec)
        return bot


def _takes_game_id(cls: type) -> bool:
    try:
        inspect.signature(cls).bind(0, None, "")
    except TypeError:
        return False
    except ValueError:   # no signature to read (a builtin): the plain form
        return False
    return True


def _guard(bot: Any, spec: str) -> None:
    """Turn a guest's exception or illegal move into a ``GuestBotError``."""
    def checked(method: Callable, optional: bool) -> Callable:
        def move(view: Any, legal: Sequence) -> Any:
            try:
                action = method(view, legal)
            except Exception as exc:
                raise GuestBotError(f"{spec} raised {exc!r}") from exc
            if action is None and optional:
                return None
            if action not in legal:
                raise GuestBotError(f"{spec} chose {action!r}, which is not one of the legal actions")
            return action
        return move
    bot.act = checked(bot.act, optional=False)
    if callable(getattr(bot, "interject", None)):
        bot.interject = checked(bot.interject, optional=True)
    else:
        bot.interject = lambda view, legal: None
    for name, default in (("watches", False), ("last_decision", None)):
        if not hasattr(bot, name):
            setattr(bot, name, default)
    bot.remembers = False   # the book seats agents as the match builds them, before a guest takes over
    if bot.watches and callable(getattr(bot, "watch", None)):
        seen = bot.watch

        def watch(view: Any) -> None:
            try:
                seen(view)
            except Exception as exc:
                raise GuestBotError(f"{spec} raised {exc!r} while watching") from exc
        bot.watch = watch


def load_bot(spec: str) -> GuestBot:
    """The guest ``spec`` names (``FILE.py:Class`` or ``package.module:Class``);
    ``GuestBotError`` with a plain reason if it cannot be loaded."""
    where, _, name = spec.strip().rpartition(":")   # the last colon: a Windows path has one too
    if not where or not _CLASS_NAME.fullmatch(name):
        raise GuestBotError(f"{spec!r}: name a bot as FILE.py:Class or package.module:Class")
    try:
        if where.endswith(".py"):
            path = Path(where).expanduser().resolve()
            if not path.is_file():
                raise GuestBotError(f"{spec}: there is no file {where}")
            module_name = f"_guest_{abs(hash(str(path)))}"
            module = sys.modules.get(module_name)
            if module is None:
                loader_spec = importlib.util.spec_from_file_location(module_name, path)
                if loader_spec is None or loader_spec.loader is None:
                    raise GuestBotError(f"{spec}: {where} cannot be read as Python")
                module = importlib.util.module_from_spec(loader_spec)
                sys.modules[module_name] = module
                try:
                    loader_spec.loader.exec_module(module)
                except BaseException:
                    del sys.modules[module_name]
                    raise
        else:
            module = importlib.import_module(where)
    except GuestBotError:
        raise
    except Exception as exc:   # a syntax error, a failed import inside the file, ...
        raise GuestBotError(f"{spec}: loading {where} failed: {exc!r}") from exc
    cls = getattr(module, name, None)
    if not isinstance(cls, type):
        raise GuestBotError(f"{spec}: {where} has no class {name}")
    return GuestBot(spec.strip(), cls)
