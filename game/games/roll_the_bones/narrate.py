"""Roll the Bones in the game log (see ``game.core.narration``): antes,
bone announcements, every roll, who took which pot share and who went out.
Forced antes and announcements (the rules make them: ``BonesState.automatic_moves``)
read like the chosen ones: "Tom anted 2 dice.", 'Tom said "no bone".'  An
announcement is told in the words the seat's bubble shows and the rules use
(``Declare.label``: "bone!" / "no bone"), never as the die it leads to.
"""
from __future__ import annotations

from ...core.grammar import voice_of
from ...core.narration import listing, plural
from ...core.protocol import CHANCE
from .rules import Ante


def quoted(words: str) -> str:
    """The seat's words closing a sentence: '"no bone".', '"bone!"' (its "!" ends it)."""
    return f"\u201c{words}\u201d" + ("" if words.endswith(("!", "?")) else ".")


def round_title(state) -> str:
    return f"Round {state.round}"


def pot_name(index: int, side_pots: int) -> str:
    """"the centre pot", "the side pot", "side pot 2" (of ``side_pots``)."""
    if index == 0:
        return "the centre pot"
    return "the side pot" if side_pots == 1 else f"side pot {index}"


def pot_shares(result: dict, inside) -> list[str]:
    """Who took what of a won roll, each pot named with its own winner
    ("you took the rolled dice (3) and the centre pot (4 dice)", "Tom took
    the side pot (2 dice)"); a pot nobody could win stays for the next round.  A
    record from before the pots were kept ("pots" missing) says each taker's
    dice only."""
    if "pots" not in result:
        return [f"{inside(int(p))} took {plural(len(d), 'die', 'dice')}" for p, d in result["haul"].items()]
    winner = result["winner"]
    rolled = len(result.get("dice", {}))
    side_pots = sum(1 for index, _taker, _n in result["pots"] if index)
    took: dict[int, list[str]] = {winner: [f"the rolled dice ({rolled})"]}
    stays = []
    for index, taker, count in result["pots"]:
        what = f"{pot_name(index, side_pots)} ({plural(count, 'die', 'dice')})"
        if taker is None:
            stays.append(what)
        else:
            took.setdefault(taker, []).append(what)
    return ([f"{inside(p)} took {listing(things)}" for p, things in took.items()]
            + [f"{what} stays for the next round" for what in stays])


def narrate(before, player, action, after, name) -> list[str]:
    inside = voice_of(name).object   # "you" inside a sentence (game.core.grammar)
    if player != CHANCE:
        if isinstance(action, Ante):
            amount = before.amounts.get(player, 0)
            bones = f" ({plural(action.bones, 'bone')})" if action.bones else ""
            return [f"{name(player)} anted {plural(amount, 'die', 'dice')}{bones}."]
        said = quoted(action.label())
        if before.declare_pass == 2 and player in before.choosers:   # a forced announcement never switches
            changed = before.declared.get(player) != action.bone
            return [f"{name(player)} {'switched to' if changed else 'stayed with'} {said}"]
        return [f"{name(player)} said {said}"]
    lines: list[str] = []
    if len(after.results_log) > len(before.results_log):
        r = after.results_log[-1]
        dice = r.get("dice", {})
        rolls = [f"{inside(int(p))} {f}" + (" (bone)" if before.is_bone(dice.get(p, 0)) else "")
                 for p, f in r["faces"].items()]
        lines.append("Rolled: " + ", ".join(rolls) + ".")
        if r["kind"] == "tie":
            tied = [inside(p) for p in r["tied"]]
            kept = " (they keep the dice they rolled)" if r.get("kept") else ""
            lines.append(f"Tie: {listing(tied)} roll again{kept}.")
        else:
            lines.append(f"{name(r['winner'])} won the roll. Pot shares: {'; '.join(pot_shares(r, inside))}.")
            if r.get("carried") and "pots" not in r:
                lines.append(f"{plural(len(r['carried']), 'die', 'dice')} stayed in the pot for the next round.")
    out = [p for p in range(after.n) if after.out_event[p] is not None and before.out_event[p] is None]
    for p in out:
        lines.append(f"{name(p)} had no dice left and went out; the ante rose to {after.ante_size()}.")
    return lines
