"""Roll the Bones in the game log (see ``game.core.narration``): antes,
bone announcements, every roll, who took which pot share and who went out.
Forced antes and announcements (the rules make them: ``BonesState.automatic_moves``)
read like the chosen ones: "Tom anted 2 dice.", 'Tom said "no bone".'  An
announcement is told in the words the seat's bubble shows and the rules use
(``Declare.label``: "bone!" / "no bone"), never as the die it leads to.
"""
from __future__ import annotations

from ...core.grammar import voice_of
from ...core.narration import a_number, listing, plural
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


def _takings(result: dict) -> dict[int, list[str]]:
    """Each taker of a won roll and what they take, the winner first: the
    rolled dice always go to the winner; each pot to its own taker (rule
    text: the centre only to one who anted to it, a side pot to the second
    highest roll when the winner may not have it)."""
    side_pots = sum(1 for index, _taker, _n in result["pots"] if index)
    took: dict[int, list[str]] = {result["winner"]: ["the rolled dice"]}
    for index, taker, _count in result["pots"]:
        if taker is not None:
            took.setdefault(taker, []).append(pot_name(index, side_pots))
    return took


def won_roll_lines(result: dict, voice) -> list[str]:
    """A won roll for the ticker, each pot with its own taker (issue 39:
    "Mags wins the roll with 6 and takes 6 dice" never said that Tom took
    the side pot).  The plain case keeps its one line; with a side pot, or
    a pot the winner may not take, each taker says what they take:
    "Mags wins the roll with a 6 and takes 6 dice (the rolled dice and the
    centre pot)", "Tom takes the side pot: 2 dice"; a pot nobody could win
    says it stays.  ``voice``: ``game.core.grammar.Voice``."""
    winner = result["winner"]
    hauls = {int(p): len(dice) for p, dice in result["haul"].items()}
    first = (f"{voice.says(winner, 'wins', 'win')} the roll with {a_number(result['faces'][str(winner)])}"
             f" and {voice.verb(winner, 'takes', 'take')} {plural(hauls.get(winner, 0), 'die', 'dice')}")
    if "pots" not in result:   # a record from before the pots were kept
        return [first]
    took = _takings(result)
    plain = all(index == 0 and taker == winner for index, taker, _n in result["pots"])
    lines = [first if plain else f"{first} ({listing(took[winner])})"]
    lines += [f"{voice.says(p, 'takes', 'take')} {listing(things)}: {plural(hauls.get(p, 0), 'die', 'dice')}"
              for p, things in took.items() if p != winner]
    side_pots = sum(1 for index, _taker, _n in result["pots"] if index)
    lines += [f"Nobody may win {pot_name(index, side_pots)} ({plural(count, 'die', 'dice')}): it stays for the"
              " next round's centre pot" for index, taker, count in result["pots"] if taker is None]
    return lines


def won_roll_banner(result: dict, voice) -> tuple[str, str]:
    """A won roll's banner: the winner's take as its title ("Mags takes 6
    dice"), every other taker's below ("Tom takes the side pot (2 dice)")."""
    winner = result["winner"]
    hauls = {int(p): len(dice) for p, dice in result["haul"].items()}
    title = f"{voice.says(winner, 'takes', 'take')} {plural(hauls.get(winner, 0), 'die', 'dice')}"
    if "pots" not in result:
        return title, ""
    others = [f"{voice.says(p, 'takes', 'take')} {listing(things)} ({plural(hauls.get(p, 0), 'die', 'dice')})"
              for p, things in _takings(result).items() if p != winner]
    return title, " · ".join(others)


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
