"""What travels between the table and a phone, checked both ways.

Pure Python (no pygame, no aiohttp): the table builds each phone's message
here from ``state.view(seat)``, that seat's legal actions and public facts,
and the server checks every message a phone sends against ``INBOUND`` before
the game ever hears of it.

Secrecy by construction: ``seat_message`` is handed a view, never a state, so
nothing it writes can hold another seat's hidden dice (tests/test_phones.py
records every message each phone received and checks it).
"""
from __future__ import annotations

import dataclasses
import json
import secrets
from typing import Any, Mapping, Sequence

from ..core import validation as v
from ..core.protocol import Action

MAX_INBOUND_BYTES = 512
"""A phone's message is a tap: far under this.  Longer ones are refused unread."""
MAX_CHOICES = 400
"""Legal actions sent to a phone at most (a 20-seat Liar's Dice has ~360 bids)."""
TOKEN_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
"""The secret's letters: none that looks like another in the link's font
(Lato draws l, I and 1 alike, O and 0 too; no i beside j), lower case only, so a
link typed by hand from the screen is typed right."""
TOKEN_LENGTH = 30
"""Characters of a seat's secret: 30 * log2(31) = 148 bits (at least the 144 of before)."""

INBOUND = v.Obj({
    "type": v.OneOf(("act", "ping")),
    "version": v.Int(0, 10_000_000),
    "choice": v.Int(0, MAX_CHOICES - 1),
}, required=("type",), max_keys=4)
"""Everything a phone may say: ``{"type": "act", "version": V, "choice": I}``
(take choice I of the message numbered V) or ``{"type": "ping"}``."""


class Refused(ValueError):
    """A phone's message that the table will not act on; the text is for the phone."""


def new_token() -> str:
    """A seat's secret for one game: unguessable, URL-safe."""
    return "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(TOKEN_LENGTH))


def grouped(token: str) -> str:
    """A secret as the screen shows it to be typed: groups of four, "abcd-efgh-…"."""
    return "-".join(token[i:i + 4] for i in range(0, len(token), 4))


def typed_token(raw: str) -> str:
    """A secret as a person may type it from the screen (``grouped``): the
    dashes and spaces dropped, capitals lowered; the server looks this up."""
    return "".join(raw.split()).replace("-", "").lower()


def parse_inbound(raw: str | bytes) -> dict:
    """A phone's message, size-checked, decoded and validated; ``Refused``
    (with a short reason) for anything else.  Never raises anything else."""
    if len(raw) > MAX_INBOUND_BYTES:
        raise Refused(f"message too long ({len(raw)} bytes; at most {MAX_INBOUND_BYTES})")
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        data = json.loads(text)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused("not a JSON message") from None
    try:
        data = INBOUND.check(data, "")
    except v.SchemaError as exc:
        raise Refused(str(exc)) from None
    if data["type"] == "act" and ("version" not in data or "choice" not in data):
        raise Refused("an act needs a version and a choice")
    return data


def jsonable(value: Any) -> Any:
    """A view (frozen dataclasses, plain classes, tuples, named records) as
    plain JSON data: never an object's repr (its memory address went to the
    phones as Roll the Bones' view)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [jsonable(x) for x in value]
    if isinstance(value, Mapping):
        return {str(k): jsonable(x) for k, x in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if hasattr(value, "__dict__") and not isinstance(value, type):   # a plain view class (Roll the Bones')
        return {k: jsonable(x) for k, x in vars(value).items() if not k.startswith("_")}
    return str(value)


def choice_record(index: int, action: Action) -> dict:
    """One legal action as the phone shows it: a bid with its numbers (the
    phone's bid picker), a challenge by kind, anything else by its label."""
    name = type(action).__name__
    record: dict[str, Any] = {"id": index, "type": name, "label": action.label()}
    quantity, face = getattr(action, "quantity", None), getattr(action, "face", None)
    if name == "Bid" and isinstance(quantity, int) and isinstance(face, int):
        record.update(kind="bid", quantity=quantity, face=face)
    elif name in ("Call", "Jinto", "CallOutOfTurn"):
        record["kind"] = "challenge"
    else:
        record["kind"] = "choice"
    return record


def hand_of(view: Any) -> tuple[int, ...]:
    """The seat's own hidden dice in its view (Liar's Dice ``my_faces``,
    Roll Call ``my_dice``); () for games without hidden dice."""
    for name in ("my_faces", "my_dice"):
        faces = getattr(view, name, None)
        if isinstance(faces, tuple):
            return faces
    return ()


def round_bids(view: Any) -> list[dict]:
    """The round's bids in the view, oldest first, as {seat, quantity, face}."""
    bids = getattr(view, "round_bids", None)
    if bids is not None:   # Roll Call: BidRecord
        return [{"seat": b.player, "quantity": b.quantity, "face": b.face} for b in bids]
    bids = getattr(view, "bids", None)
    if isinstance(bids, tuple):   # Liar's Dice: (player, quantity, face)
        return [{"seat": p, "quantity": q, "face": f} for p, q, f in bids]
    return []


@dataclasses.dataclass(frozen=True)
class PublicFacts:
    """What everyone at the table knows, as the phone shows it."""
    game_id: str
    title: str
    names: tuple[str, ...]
    colours: tuple[tuple[str, str], ...]
    """Each seat's dice colours as CSS ``#rrggbb``: (body, pips)."""
    turn: int | None
    status: str
    """One line: whose turn, a reveal's verdict, the game's end."""
    die_kind: str = "d6"
    over: bool = False
    outcome: dict | None = None
    """The last reveal as the table shows it (its verdict sentence, the dice
    that counted by seat), from the moment the table's count says it until
    the next round's dice are ready; None otherwise (``phone_outcome``)."""
    paused: bool = False
    """The host has the pause menu open: the phone says so (its moves wait for Resume)."""


def seat_message(number: int, seat: int, view: Any, choices: Sequence[Action], public: PublicFacts,
                 odds: str = "", your_turn: bool = False) -> dict:
    """The whole message for one phone: its seat's view, its legal actions
    (numbered: the phone answers with a number and ``number``), the public
    facts and its odds line (worked out from its own dice only)."""
    records = [choice_record(i, a) for i, a in enumerate(choices[:MAX_CHOICES])]
    return {
        "type": "state", "version": number, "seat": seat,
        "game": public.game_id, "title": public.title,
        "names": list(public.names), "colours": [list(c) for c in public.colours],
        "turn": public.turn, "your_turn": your_turn, "status": public.status, "over": public.over,
        "paused": public.paused,
        "die_kind": public.die_kind, "outcome": public.outcome,
        "dice": list(hand_of(view)), "bids": round_bids(view), "odds": odds,
        "choices": records, "view": jsonable(view),
    }


def refusal(reason: str) -> dict:
    """The answer to a message the table will not act on."""
    return {"type": "refused", "reason": reason}
