"""Rule oracles: small checkers written from the rule texts alone
(/work/shared/rules/*.txt and HOUSE-RULES.md), never from the engines, run
against each engine on random seeded games.  At every decision the oracle
works out the legal moves itself and compares them with the engine's; after
every move that settles something (a call, a Jinto, a pot, a scored card) it
works out the outcome itself and compares it with the engine's state.

Random play hits the edge cases the example tests name one by one: a
Palifico round opened on ones, a Jinto won at the dice cap, a fall from two
dice to one when only two players remain, an out-of-turn call that eliminates
the caller, and so on.  Moves are chosen with a bias towards challenges so
that games are short and every settling rule is met many times."""
from __future__ import annotations

import random
from math import ceil

import pytest

from game.core.protocol import CHANCE, RollResult
from game.games import make_game


def roll(state, rng: random.Random):
    """A fair random outcome of the pending roll (any kind of die)."""
    request = state.chance_request()
    return RollResult(tuple(tuple(rng.randint(1, g.sides) for _ in range(g.count)) for g in request.groups))


# --- Liar's Dice ----------------------------------------------------------------------
def liars_legal_bids(prev, palifico: bool, palifico_face, total: int) -> set[tuple[int, int]]:
    """From the text and HOUSE-RULES.md alone:

    - "Raising the bid means the player increases the quantity of dice, but
      the player may also change the number."
    - "Cutting the bid means you cut the quantity in half (rounding up) and go
      to Ones" (house: "a higher ones bid is also allowed").
    - "A player can break out of Ones by doubling+1 the bid" (house: "either
      more ones (q+1 or higher) or a bid on 2-6 with quantity >= 2q+1").
    - House: "The opening bid of a normal round may not be on ones";
      "The Palifico opener may open on ones".
    - Palifico: "All players must stay on the same number" (only the quantity rises).
    A bid never claims more dice than lie on the table."""
    bids = set()
    for quantity in range(1, total + 1):
        for face in range(1, 7):
            if prev is None:
                ok = palifico or face != 1
            elif palifico:
                ok = face == palifico_face and quantity > prev[0]
            elif prev[1] != 1:
                ok = quantity >= ceil(prev[0] / 2) if face == 1 else quantity > prev[0]
            else:
                ok = quantity > prev[0] if face == 1 else quantity >= 2 * prev[0] + 1
            if ok:
                bids.add((quantity, face))
    return bids


def liars_expected_after_challenge(before, kind: str, challenger: int, options: dict) -> dict:
    """The text's settlement of a Call or a Jinto, and who opens next.

    - Call: "If there were 7 or more, P2 would be wrong and P2 would remove
      one of their dice"; otherwise the bidder removes one.
    - Jinto: "If there are exactly 5, then P2 is correct and wins one of P1's
      dice. If P2 is incorrect ... P2 removes one of their dice".
    - Ones count "including wilds", except "There are no wilds for this one
      round" (Palifico).
    - "The winner of the round then starts the next round"; "The player who
      is now Palifico gets to start the bid"; "Any time a player goes from 2 to
      1 dice, it is a Palifico" (house option: not with two players left)."""
    bidder, quantity, face = before.bids[-1]
    count = sum(f == face or (f == 1 and not before.palifico) for hand in before.faces for f in hand)
    dice = list(before.dice)
    if kind == "call":
        loser = bidder if count < quantity else challenger
        dice[loser] -= 1
    elif count == quantity:
        loser = bidder
        dice[loser] -= 1
        if not options["jinto_cap"] or dice[challenger] < options["starting_dice"]:
            dice[challenger] += 1
    else:
        loser = challenger
        dice[loser] -= 1
    winner = challenger if loser == bidder else bidder
    left = [p for p, n in enumerate(dice) if n > 0]
    palifico = (before.dice[loser] == 2 and len(left) > 1
                and not (options["skip_palifico_two"] and len(left) == 2))
    return {"dice": dice, "palifico": palifico, "opener": loser if palifico else winner, "over": len(left) <= 1}


LIARS_OPTIONS = [
    {"starting_dice": 3, "jinto_cap": False, "skip_palifico_two": False},
    {"starting_dice": 2, "jinto_cap": True, "skip_palifico_two": False},
    {"starting_dice": 1, "jinto_cap": False, "skip_palifico_two": True},
    {"starting_dice": 6, "jinto_cap": True, "skip_palifico_two": True},
]


@pytest.mark.parametrize("options", LIARS_OPTIONS, ids=lambda o: "-".join(f"{v}" for v in o.values()))
def test_liars_dice_engine_agrees_with_the_text_on_random_games(options):
    """Legal moves at every decision and every challenge's outcome, for 2-7
    players, against ``liars_legal_bids`` / ``liars_expected_after_challenge``."""
    rng = random.Random(2026)
    seen = {"palifico": 0, "palifico_ones": 0, "jinto_won": 0, "capped": 0, "skip_two": 0}
    for _game in range(60):
        players = rng.randint(2, 7)
        state = make_game("liars-dice", players, options).new_initial_state()
        for _step in range(3000):
            if state.is_terminal():
                break
            if state.is_chance():
                state = state.apply(CHANCE, roll(state, rng))
                continue
            player = state.turn_player()
            assert player is not None and state.dice[player] > 0
            bids = state.bids
            prev = (bids[-1][1], bids[-1][2]) if bids else None
            pface = bids[0][2] if state.palifico and bids else None
            legal = state.legal_actions(player)
            engine_bids = {(a.quantity, a.face) for a in legal if type(a).__name__ == "Bid"}
            assert engine_bids == liars_legal_bids(prev, state.palifico, pface, sum(state.dice)), (prev, state.palifico)
            challenges = {type(a).__name__ for a in legal} - {"Bid"}
            assert challenges == ({"Call", "Jinto"} if bids else set())
            seen["palifico"] += state.palifico and not bids
            seen["palifico_ones"] += bool(state.palifico and pface == 1 and len(bids) == 1)
            if bids and (rng.random() < 0.35 or not engine_bids):
                name = rng.choice(["Call", "Jinto"])
                action = next(a for a in legal if type(a).__name__ == name)
                kind = type(action).__name__.lower()
                expected = liars_expected_after_challenge(state, kind, player, options)
                before = state
                state = state.apply(player, action)
                assert state.dice == expected["dice"], (kind, before.bids[-1], before.faces)
                assert state.is_terminal() == expected["over"]
                if not expected["over"]:
                    assert state.palifico == expected["palifico"]
                    assert state.opener == expected["opener"]
                    seen["skip_two"] += options["skip_palifico_two"] and len(state.players_in()) == 2 \
                        and 2 in before.dice and not state.palifico
                if kind == "jinto" and state.dice[player] >= before.dice[player]:
                    seen["jinto_won"] += 1
                    seen["capped"] += state.dice[player] == before.dice[player]
            else:
                low = sorted(engine_bids, key=lambda b: (b[0], b[1]))[:6]
                pick = rng.choice(low or sorted(engine_bids))
                state = state.apply(player, next(a for a in legal if type(a).__name__ == "Bid"
                                                 and (a.quantity, a.face) == pick))
    assert seen["palifico"] > 0 and seen["jinto_won"] > 0, seen
    if options["starting_dice"] >= 2:
        assert seen["palifico_ones"] > 0, seen
    if options["jinto_cap"]:
        assert seen["capped"] > 0, seen


# --- Roll Call ------------------------------------------------------------------------
def roll_call_legal(state, player: int) -> set:
    """Text: "To RAISE, Increase the VALUE or QUANTITY (Or Both) ... The
    quantity can stay the same or go up ... The Quantity of the BID must NEVER
    go down" (house: same quantity, the value must go up; faces 2-6 only).
    "You can call a bid out of turn (When you are not sitting to the left of
    the Bidder)" (house: anyone with dice but the bidder and the player to act)."""
    counts = state.dice_counts
    alive = [p for p, n in enumerate(counts) if n > 0]
    total = sum(counts)
    bids = state.bids
    turn = state.turn_player()
    moves: set = set()
    if player == turn:
        prev = (bids[-1].quantity, bids[-1].face) if bids else None
        for quantity in range(1, total + 1):
            for face in range(2, 7):
                if prev is None or quantity > prev[0] or (quantity == prev[0] and face > prev[1]):
                    moves.add(("bid", quantity, face))
        if bids:
            moves.add(("call",))
    elif bids and player in alive and player != bids[-1].player:
        moves.add(("out-of-turn",))
    return moves


def roll_call_expected(before, caller: int, out_of_turn: bool) -> dict:
    """Text: "equal to, or greater than the bid's quantity, the Bidder wins and
    the Caller loses. If there are not enough, the Bidder loses. Losing a Call
    means you Lose a Die. The player who has lost a die starts the bidding for
    the next round. If that player has lost his last die, he is eliminated.
    Play continues to the eliminated player's left." Out of turn: "If you are
    wrong, you must lose TWO dice"."""
    last = before.bids[-1]
    count = sum(f in (last.face, 1) for hand in before.hands for f in hand)
    counts = list(before.dice_counts)
    loser = caller if count >= last.quantity else last.player
    counts[loser] = max(0, counts[loser] - (2 if loser == caller and out_of_turn else 1))
    n = len(counts)
    opener = loser
    while counts[opener] == 0 and any(counts):
        opener = (opener + 1) % n
    return {"dice": counts, "opener": opener, "over": sum(c > 0 for c in counts) <= 1}


def _roll_call_move(action) -> tuple:
    name = type(action).__name__
    if name == "Bid":
        return ("bid", action.quantity, action.face)
    return ("call",) if name == "Call" else ("out-of-turn",)


@pytest.mark.parametrize("players", [2, 3, 5, 10])
def test_roll_call_engine_agrees_with_the_text_on_random_games(players):
    """Every seat's legal moves (in turn and out of turn) at every decision,
    and every call's outcome, against ``roll_call_legal`` / ``roll_call_expected``."""
    rng = random.Random(players)
    seen = {"out_of_turn_wrong": 0, "out_of_turn_eliminates": 0, "opener_passes_left": 0}
    for _game in range(30 if players < 10 else 8):
        state = make_game("roll-call", players, {"starting_dice": rng.randint(1, 5)}).new_initial_state()
        for _step in range(5000):
            if state.is_terminal():
                break
            if state.is_chance():
                state = state.apply(CHANCE, roll(state, rng))
                continue
            moves = {p: state.legal_actions(p) for p in range(players)}
            for p, legal in moves.items():
                assert {_roll_call_move(a) for a in legal} == roll_call_legal(state, p), (p, state.bids)
            callers = [p for p, legal in moves.items() if any(type(a).__name__ != "Bid" for a in legal)]
            player = state.turn_player()
            bids = sorted((a for a in moves[player] if type(a).__name__ == "Bid"),
                          key=lambda a: (a.quantity, a.face))[:8]
            if callers and (rng.random() < 0.3 or not bids):
                caller = rng.choice(callers)
                action = next(a for a in moves[caller] if type(a).__name__ != "Bid")
                out_of_turn = type(action).__name__ == "CallOutOfTurn"
                expected = roll_call_expected(state, caller, out_of_turn)
                before = state
                state = state.apply(caller, action)
                assert state.dice_counts == expected["dice"]
                assert state.is_terminal() == expected["over"]
                if not expected["over"]:
                    assert state.opener == expected["opener"]
                    seen["opener_passes_left"] += expected["dice"][state.last_reveal.loser] == 0
                if out_of_turn and state.last_reveal.loser == caller:
                    seen["out_of_turn_wrong"] += 1
                    seen["out_of_turn_eliminates"] += before.dice_counts[caller] <= 2 and expected["dice"][caller] == 0
            else:
                state = state.apply(player, rng.choice(bids))
    if players > 2:   # two players: nobody sits out of turn, an elimination ends the game
        assert seen["out_of_turn_wrong"] > 0 and seen["opener_passes_left"] > 0, seen
        assert seen["out_of_turn_eliminates"] > 0, seen


# --- Roll the Bones -------------------------------------------------------------------
def bones_dice_held(state) -> int:
    return sum(map(len, state.collections)) + sum(map(len, state.pots)) + len(state.in_flight)


def bones_holds(after, player: int, die: int) -> bool:
    """The die is the player's after the roll, or was anted or thrown by them since (forced steps)."""
    return (die in after.collections[player] or die in after.anted.get(player, ())
            or after.in_flight.get(player) == die)


def bones_check_roll(before, faces: dict[int, int], after) -> str:
    """One roll settled as the text says (the simpler game, no side pots):

    - "The player with the highest number collects the center pot, and all the
      rolled dice from the other players" (when they anted to the centre).
    - "If there is a tie, then all players add their dice to the center pot
      and the tied players ante again. then roll again".
    - "If, during a tiebreaker, one of the players runs out of dice to roll,
      then their final die does not go into the pot from the tiebreaker round,
      but, instead, both tiebreaker players keep their last rolled die".
    - "The winner of the round then starts" (house: the last round's winner
      starts the announcements).
    Returns what kind of roll it was."""
    top = max(faces.values())
    tied = [p for p in before.order if faces[p] == top]
    rolled = dict(before.in_flight)

    if len(tied) > 1:
        keep = any(not before.collections[p] for p in tied)
        for p in before.order:
            if keep and p in tied:
                assert bones_holds(after, p, rolled[p]), "a tied player's last die was not kept"
            else:
                assert rolled[p] in after.pots[0], "a tie's rolled die did not go to the centre"
        assert set(after.order) <= set(tied) or after.is_terminal()
        return "tie-kept" if keep else "tie"
    winner = tied[0]
    for p, die in rolled.items():
        assert bones_holds(after, winner, die), f"the winner did not take {p}'s rolled die"
    if winner in before.centre_eligible:
        for die in before.pots[0]:
            assert bones_holds(after, winner, die), "the winner who anted did not take the centre"
    if not after.is_terminal():
        assert after.starter == winner and after.round_players[0] == winner
    return "win"


def bones_check_side_pots(before, faces: dict[int, int], after) -> str:
    """A won roll with side pots, where every pot holds only this stage's antes:

    - "The player with the highest number collects ... all the rolled dice".
    - "If the player with the one die wins, then they collect ... the center
      pot if they had ante'd to it that round; then the player with 2nd
      highest roll collects the dice in the side pot"; "If the player with 1
      die did not ante to the center pot and has the highest roll ... The
      second highest die would then collect everything else. Otherwise, the
      player with the highest roll collects all the dice rolled in both the
      center and side pots."  So each pot goes to the best roll among the
      players who anted into it (RULES.md: "each side pot is for the players
      who anted into it"; a tie among them leaves it on the table)."""
    top = max(faces.values())
    if [p for p in before.order if faces[p] == top][1:]:
        return "tie"
    anted = {d: p for p, dice in before.anted.items() for d in dice}
    if any(d not in anted for pot in before.pots for d in pot):
        return "carried"
    winner = max(before.order, key=faces.__getitem__)
    for die in before.in_flight.values():
        assert bones_holds(after, winner, die), "the winner did not take every rolled die"
    kinds = set()
    for pot in before.pots:
        players = {anted[d] for d in pot}
        if not pot:
            continue
        if winner in players:
            taker = winner
        else:
            best = max(faces[p] for p in players if p in faces)
            takers = [p for p in players if faces.get(p) == best]
            if len(takers) > 1:
                continue
            taker = takers[0]
            kinds.add("second")
        for die in pot:
            assert bones_holds(after, taker, die), (pot, players, faces, winner, taker)
    return "side-won" if "second" in kinds else "win"


@pytest.mark.parametrize("side_pots", [False, True], ids=["simple", "side-pots"])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_roll_the_bones_engine_agrees_with_the_text_on_random_games(players, side_pots):
    """Antes, announcements, rolls and eliminations on random games:

    - "In a 4-6 player game, each player must ante any 1 die ... In a 2-3
      player game, players ante 2 dice instead ... Each time a player is
      eliminated, increase the ante amount by 1."
    - "Whenever a player is down to their last die, they must keep it"; "If a
      player is unable to ante the full amount, then they ante what they can,
      while retaining 1 die" (simple game: "all the other players match
      whatever that player could ante").
    - "To roll the bone die, you must announce it": whoever's final word was
      "bone" rolls a twelve-sided die, everyone else a six-sided one.
    - "The object of the game is to collect all the dice": no die is ever made
      or lost; "When a player runs out of dice, they are eliminated"; "The last
      player remaining, wins!"."""
    rng = random.Random(players * 10 + side_pots)
    seen: dict[str, int] = {"tie": 0, "tie-kept": 0, "win": 0, "bone-rolled": 0, "short-ante": 0}
    for _game in range(60 if side_pots else 12):
        state = make_game("roll-the-bones", players, {"side_pots": side_pots}).new_initial_state()
        total = 11 * players
        for _step in range(20000):
            assert bones_dice_held(state) == total
            if state.is_terminal():
                break
            alive = state.alive()
            assert all(state.collections[p] or p in state.in_flight for p in alive)
            assert state.ante_size() == (2 if players <= 3 else 1) + (players - len(alive))
            if state.is_chance():
                request = state.chance_request()
                for group in request.groups:
                    assert group.kind == ("bone" if state.declared[group.owner] else "d6")
                    seen["bone-rolled"] += group.kind == "bone"
                for p in state.order:
                    assert state.collections[p] or state.in_flight[p] is not None
                result = roll(state, rng)
                faces = {g.owner: f[0] for g, f in zip(request.groups, result.faces)}
                after = state.apply(CHANCE, result)
                check = bones_check_side_pots if side_pots else bones_check_roll
                kind = check(state, faces, after)
                seen[kind] = seen.get(kind, 0) + 1
                state = after
                continue
            player = state.turn_player()
            legal = state.legal_actions(player)
            if state.phase == "ante":
                held = len(state.collections[player])
                full = state.ante_size()
                amount = state.amounts[player]
                if side_pots:
                    assert amount <= min(full, held - 1)
                else:
                    held_at_start = {p: len(state.collections[p]) + len(state.anted[p]) for p in state.order}
                    assert amount == min(min(full, n - 1) for n in held_at_start.values())
                seen["short-ante"] += amount < full
                action = rng.choice(legal)
                after = state.apply(player, action)
                assert len(after.collections[player]) + (player in after.in_flight) >= 1, \
                    "an ante took a player's last die"
                state = after
            else:
                state = state.apply(player, rng.choice(legal))
        assert state.is_terminal()
        assert sum(1 for p in range(players) if len(state.collections[p]) == total) == 1
        assert state.ranking().count(0) == 1
    assert seen["bone-rolled"] > 0 and seen["short-ante"] > 0, seen
    assert seen["tie"] > 0 and seen["win"] > 0, seen
    if side_pots and players > 2:
        assert seen.get("side-won", 0) > 0, str(seen)


# --- Diced Out ------------------------------------------------------------------------
def sheet(mask: int) -> set[int]:
    """The numbers 2-12 a sheet's bit mask has marked (number n is bit n - 2)."""
    return {n for n in range(2, 13) if mask >> (n - 2) & 1}


@pytest.mark.parametrize("players,bonus", [(1, (2, 12)), (2, (2, 12)), (4, (7,)), (8, (3, 6, 8, 11))])
def test_diced_out_engine_agrees_with_the_text_on_random_games(players, bonus):
    """Every roll, free mark, penalty and round score on random games:

    - "THE DICE TOTAL YOU ROLL WILL THEN BE MARKED OFF ... YOUR TURN IS OVER".
    - "IF ... YOU ROLL A DICE TOTAL THAT YOU'VE PREVIOUSLY MARKED OFF ... USE ONE
      OF YOUR THREE "REROLLS" ... IN THE SAME TURN".
    - "IF YOU USE ALL OF YOUR "REROLL" OPTIONS ... YOU HAVE DICEDOUT! ... ADD UP
      ALL THE NUMBERS THAT YOU HAVEN'T ROLLED & MARKED-OFF ... YOU MAY NOT TAKE
      ANOTHER TURN THAT ROUND"; "MARK OFF ALL THE NUMBERS ... ZERO POINTS".
    - "A NUMBER THAT HAS TWO CIRCLES ... MARK-OFF THAT NUMBER BUT IMMEDIATELY
      MARK-OFF ONE NUMBER ... WITHOUT HAVING TO ROLL-IT" (house: the bonus set
      is an option; with nothing left to mark there is no free mark).
    - "THE PLAYER WITH THE LOWEST POINT TOTAL FROM THAT ROUND WILL ... START THE
      NEXT ROUND BUT MUST ALSO CHOOSE ONE PLAYER TO MARK-OFF ONE OF THEIR THREE
      REROLL OPTIONS"; ties "ROLL BOTH DICE. THE PLAYER WITH THE HIGHEST DICE
      TOTAL WILL START".
    - "AT THE END OF THE FOURTH & FINAL ROUND ... THE LEAST AMOUNT OF TOTAL GAME
      POINTS ... WINS" (house: a tie is shared)."""
    rng = random.Random(players * 100 + len(bonus))
    seen = {"diced_out": 0, "complete": 0, "free_mark": 0, "penalty": 0, "tie_roll_off": 0}
    for _game in range(25):
        state = make_game("diced-out", players, {"bonus_numbers": bonus}).new_initial_state()
        for _step in range(5000):
            if state.is_terminal():
                break
            before = state
            if state.is_chance() and state.phase == "roll":
                p = state.current
                assert not state.done[p]
                result = roll(state, rng)
                total = sum(result.faces[0])
                state = state.apply(CHANCE, result)
                marked_before, marked_after = sheet(before.marked[p]), sheet(state.marked[p])
                if total not in marked_before:
                    assert marked_after == marked_before | {total}
                    assert state.rerolls[p] == before.rerolls[p]
                    free = total in bonus and marked_after != set(range(2, 13))
                    assert (state.phase == "free_mark") == free, (total, bonus, marked_after)
                    assert not free or state.current == p
                elif before.rerolls[p] > 0:
                    assert marked_after == marked_before and state.rerolls[p] == before.rerolls[p] - 1
                    assert state.phase == "roll" and state.current == p, "a reroll is the same player's"
                else:
                    seen["diced_out"] += 1
                    assert state.round_score[p] == sum(set(range(2, 13)) - marked_before) or \
                        state.round_index > before.round_index
                    assert state.done[p] or state.round_index > before.round_index
                if marked_after == set(range(2, 13)) and state.round_index == before.round_index:
                    seen["complete"] += 1
                    assert state.round_score[p] == 0 and state.done[p]
            elif state.is_chance():   # a roll-off: the opening, or a tie for the round's lowest
                seen["tie_roll_off"] += state.phase == "tie"
                state = state.apply(CHANCE, roll(state, rng))
            else:
                player = state.turn_player()
                legal = state.legal_actions(player)
                if state.phase == "free_mark":
                    seen["free_mark"] += 1
                    free_numbers = {a.number for a in legal if type(a).__name__ == "FreeMark"}
                    assert free_numbers == set(range(2, 13)) - sheet(state.marked[player])
                    state = state.apply(player, rng.choice(legal))
                else:
                    seen["penalty"] += 1
                    assert {a.target for a in legal} == set(range(players)) - {player}
                    last = [r[-1] for r in state.round_scores]
                    assert last[player] == min(last), "the chooser is not the round's lowest"
                    action = rng.choice(legal)
                    state = state.apply(player, action)
                    assert state.current == player and state.starter == player
                    assert state.rerolls == [2 if p == action.target else 3 for p in range(players)]
            if state.round_index > before.round_index:   # the round's score: what is left unmarked
                for p in range(players):
                    assert state.round_scores[p][-1] == sum(set(range(2, 13)) - sheet(state.round_marks[p][-1]))
        assert state.is_terminal() and state.round_index == 4
        totals = [sum(r) for r in state.round_scores]
        assert all(len(r) == 4 for r in state.round_scores)
        ranking = state.ranking()
        assert {p for p in range(players) if ranking[p] == 0} == {p for p in range(players) if totals[p] == min(totals)}
    assert seen["diced_out"] > 0 and seen["free_mark"] > 0, seen
    if players > 1:
        assert seen["penalty"] > 0, seen


# --- Roll For It! ---------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4, 5, 8])
def test_roll_for_it_engine_agrees_with_the_text_on_random_games(players):
    """Placements, scoring, returned dice, Take Back and the end on random games:

    - "Match the results of your roll with the dice images shown on the
      face-up Roll For It! cards ... each die can be matched to only a single
      image on any one card"; "multiple dice colors can be matched with a
      single card. Once a die is placed, it cannot be moved to another card."
    - "You score a Roll For It! card as soon as you've matched all of its die
      images with dice of your own color"; "All dice on a scored card are
      returned to their owners ... Immediately flip a new card from the deck".
    - "Take Back: ... take back ALL of his or her dice from the cards and then
      roll all six of them"; "Roll your dice once per turn".
    - "The first player to score 40 or more points wins the game" (at once)."""
    from game.games.roll_for_it.rules import card
    rng = random.Random(players)
    seen = {"scored": 0, "shared_card_scored": 0, "take_back": 0, "won": 0}
    for _game in range(15 if players < 5 else 8):
        state = make_game("roll-for-it", players).new_initial_state()
        for _step in range(20000):
            if state.is_terminal():
                break
            if state.is_chance():
                request = state.chance_request()
                if state.phase == "roll":
                    assert request.groups[0].count == 6 - state.dice_on_cards(state.turn) > 0
                    result = roll(state, rng)
                else:
                    from game.core.protocol import ShuffleResult
                    result = ShuffleResult(tuple(rng.sample(range(request.size), request.size))) \
                        if state.phase == "shuffle" else roll(state, rng)
                state = state.apply(CHANCE, result)
                continue
            player = state.turn_player()
            legal = state.legal_actions(player)
            names = {type(a).__name__ for a in legal}
            if state.phase == "start":
                on_cards = state.dice_on_cards(player)
                assert ("TakeBack" in names) == (on_cards > 0)
                assert ("Roll" in names) == (on_cards < 6)
                rolls = [a for a in legal if type(a).__name__ == "Roll"]
                takes = [a for a in legal if type(a).__name__ == "TakeBack"]
                if rolls and (rng.random() < 0.9 or not takes):
                    action = rolls[0]
                else:   # all six on cards: mostly Take Back (passing round the table ends a stalled game)
                    action = takes[0] if takes and rng.random() < 0.9 else rng.choice(legal)
                before = state
                state = state.apply(player, action)
                if type(action).__name__ == "TakeBack":
                    seen["take_back"] += 1
                    assert state.dice_on_cards(player) == 0
                    assert all(state.covers[c][q] == before.covers[c][q] for c in state.covers
                               for q in range(players) if q != player), "a Take Back moved another's dice"
                continue
            # "place": every die of the roll on any matching image this player has not covered
            expected = {(face, cid) for face in set(state.rolled) for cid in state.slots if cid is not None
                        and any(f == face and i not in state.covers[cid][player]
                                for i, f in enumerate(card(cid).images))}
            placements = {(a.face, a.card) for a in legal if type(a).__name__ == "Place"}
            assert placements == expected and "KeepRest" in names
            if not placements or rng.random() < 0.03:
                state = state.apply(player, next(a for a in legal if type(a).__name__ == "KeepRest"))
                continue
            # mostly onto the card this player is closest to scoring, so games reach 40
            places = [a for a in legal if type(a).__name__ == "Place"]
            action = max(places, key=lambda a: (len(state.covers[a.card][player]) - len(card(a.card).images),
                                                rng.random())) if rng.random() < 0.8 else rng.choice(places)
            before = state
            state = state.apply(player, action)
            cid = action.card
            covered = len(before.covers[cid][player]) + 1
            if covered < len(card(cid).images):
                assert len(state.covers[cid][player]) == covered
                assert state.dice_on_cards(player) == before.dice_on_cards(player) + 1
                continue
            seen["scored"] += 1
            assert state.scores[player] == before.scores[player] + card(cid).points
            assert cid not in state.slots and cid in state.scored[player]
            for q in range(players):   # every die on the scored card goes home
                on_it = len(before.covers[cid][q]) + (q == player)
                assert state.dice_on_cards(q) == before.dice_on_cards(q) + (q == player) - on_it
                seen["shared_card_scored"] += q != player and on_it > 0
            if before.deck and not state.is_terminal():
                assert before.deck[0] in state.slots, "the next card was not flipped"
            if state.scores[player] >= 40:
                seen["won"] += 1
                assert state.is_terminal() and state.ranking()[player] == 0
        assert state.is_terminal()
        if max(state.scores) < 40:   # the cards ran out (or the stall guard): the highest score wins
            assert [p for p in range(players) if state.ranking()[p] == 0] == \
                [p for p in range(players) if state.scores[p] == max(state.scores)]
    assert seen["scored"] and seen["take_back"] and seen["won"] and seen["shared_card_scored"], seen


# --- Every move offered and every move refused, and who acts next ----------------------
# The checks above compare the engines' move lists with the texts' and each
# settlement's outcome.  The ones below add what a player meets at the table
# without reading a list: any move a seat might try (a bid under the standing
# one, a card not face up, a call by the bidder, a move by a seat whose turn it
# is not) is played through ``apply`` and must be refused (``IllegalActionError``)
# exactly when the text says it is illegal, and after every move the next seat
# to act is the one the text names.  Hypothesis picks the seed, the table size
# and the options; the quick run plays a few games per game, ``slow`` many.
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from game.core.protocol import IllegalActionError  # noqa: E402

QUICK = settings(max_examples=6, deadline=None, derandomize=True, database=None,
                 suppress_health_check=[HealthCheck.too_slow])
LONG = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])


def agree_on_tries(state, tries, text_allows) -> None:
    """Each (seat, move) in ``tries`` is accepted by ``apply`` (and ``is_legal``)
    exactly when ``text_allows(seat, move)``."""
    for seat, move in tries:
        allowed = text_allows(seat, move)
        assert state.is_legal(seat, move) == allowed, (seat, move, allowed)
        try:
            state.apply(seat, move)
        except IllegalActionError:
            assert not allowed, f"refused a move the text allows: seat {seat} {move}"
        else:
            assert allowed, f"took a move the text forbids: seat {seat} {move}"


def left_of(seat: int, has_dice) -> int:
    """The next seat to the left (the next number up, round the table) still in."""
    n = len(has_dice)
    for step in range(1, n + 1):
        if has_dice[(seat + step) % n]:
            return (seat + step) % n
    raise AssertionError("nobody left")


def quantity_tries(rng: random.Random, prev, total: int) -> list[int]:
    """Quantities around every boundary the texts draw (the standing bid, its
    half, its double plus one, the table's dice) and a few at random."""
    q = prev[0] if prev else 1
    near = {q - 1, q, q + 1, ceil(q / 2) - 1, ceil(q / 2), 2 * q, 2 * q + 1, 2 * q + 2, total, total + 1, 0, -1}
    return sorted(near | {rng.randint(-2, total + 3) for _ in range(3)})


def play_liars_dice_trying_everything(seed: int, players: int, options: dict) -> None:
    from game.games.bidding.bids import Bid, Call
    from game.games.liars_dice.rules import Jinto
    rng = random.Random(seed)
    state = make_game("liars-dice", players, options).new_initial_state()
    for _step in range(400):
        if state.is_terminal():   # "The winner is the player who remains when all other players have been eliminated"
            assert [p for p in range(players) if state.ranking()[p] == 0] == state.players_in()
            return
        if state.is_chance():
            state = state.apply(CHANCE, roll(state, rng))
            continue
        bids = state.bids
        prev = (bids[-1][1], bids[-1][2]) if bids else None
        pface = bids[0][2] if state.palifico and bids else None
        total = sum(state.dice)
        allowed = liars_legal_bids(prev, state.palifico, pface, total)
        player = state.turn_player()
        if not bids:   # "The winner of the round then starts": ``opener`` is checked at every settlement
            assert player == state.opener
        tries = [(player, Bid(q, f)) for q in quantity_tries(rng, prev, total) for f in range(0, 8)]
        tries += [(seat, move) for seat in range(players) for move in (Call(), Jinto())]
        tries += [(rng.choice([s for s in range(players) if s != player]), rng.choice([t[1] for t in tries]))
                  for _ in range(4)]

        def text_allows(seat, move, player=player, bids=bids, allowed=allowed):
            if seat != player:
                return False   # "The next player to the left then has 4 choices": nobody else acts
            if isinstance(move, Bid):
                return (move.quantity, move.face) in allowed
            return bool(bids)   # Call and Jinto answer a bid

        agree_on_tries(state, tries, text_allows)
        if bids and (rng.random() < 0.3 or not allowed):
            state = state.apply(player, rng.choice([Call(), Jinto()]))
        else:
            q, f = rng.choice(sorted(allowed, key=lambda b: b[0])[:12])
            after = state.apply(player, Bid(q, f))
            assert after.turn_player() == left_of(player, [d > 0 for d in state.dice]), \
                "after a bid the next player to the left with dice acts"
            state = after


@pytest.mark.parametrize("long_run", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["quick", "long"])
def test_liars_dice_refuses_exactly_what_the_text_forbids(long_run):
    """Every seat tries calls, Jintos and bids across every boundary at every
    decision, 2-20 players, every option; after each bid the next player to
    the left with dice acts."""
    @(LONG if long_run else QUICK)
    @given(seed=st.integers(0, 2**32), players=st.integers(2, 20), starting=st.integers(1, 6),
           cap=st.booleans(), skip=st.booleans())
    def run(seed, players, starting, cap, skip):
        play_liars_dice_trying_everything(seed, players, {"starting_dice": starting, "jinto_cap": cap,
                                                          "skip_palifico_two": skip})
    run()


def play_roll_call_trying_everything(seed: int, players: int, starting: int) -> None:
    from game.games.bidding.bids import Bid, Call
    from game.games.roll_call.rules import CallOutOfTurn
    rng = random.Random(seed)
    state = make_game("roll-call", players, {"starting_dice": starting}).new_initial_state()
    for _step in range(400):
        if state.is_terminal():   # "Last player with Dice Wins"
            assert [p for p in range(players) if state.ranking()[p] == 0] == \
                [p for p in range(players) if state.dice_counts[p] > 0]
            return
        if state.is_chance():
            state = state.apply(CHANCE, roll(state, rng))
            continue
        player = state.turn_player()
        bids = state.bids
        prev = (bids[-1].quantity, bids[-1].face) if bids else None
        total = sum(state.dice_counts)
        if not bids:
            assert player == state.opener
        tries = [(player, Bid(q, f)) for q in quantity_tries(rng, prev, total) for f in range(0, 8)]
        tries += [(seat, move) for seat in range(players) for move in (Call(), CallOutOfTurn())]
        tries += [(rng.choice([s for s in range(players) if s != player]), rng.choice([t[1] for t in tries]))
                  for _ in range(4)]
        legal = {seat: roll_call_legal(state, seat) for seat in range(players)}

        def text_allows(seat, move, legal=legal):
            return _roll_call_move(move) in legal[seat]

        agree_on_tries(state, tries, text_allows)
        moves = sorted((m for m in legal[player] if m[0] == "bid"), key=lambda m: (m[1], m[2]))[:10]
        callers = [s for s in range(players) if any(m[0] != "bid" for m in legal[s])]
        if callers and (rng.random() < 0.3 or not moves):
            caller = rng.choice(callers)
            state = state.apply(caller, Call() if caller == player else CallOutOfTurn())
        else:
            _, q, f = rng.choice(moves)
            after = state.apply(player, Bid(q, f))
            assert after.turn_player() == left_of(player, [c > 0 for c in state.dice_counts]), \
                "\"Going Clockwise, Players Must RAISE or CALL the BID\""
            state = after


@pytest.mark.parametrize("long_run", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["quick", "long"])
def test_roll_call_refuses_exactly_what_the_text_forbids(long_run):
    """Every seat tries calls in and out of turn and bids across every
    boundary (faces 0-7, quantities past the table) at every decision, 2-10
    players, 1-6 dice each."""
    @(LONG if long_run else QUICK)
    @given(seed=st.integers(0, 2**32), players=st.integers(2, 10), starting=st.integers(1, 6))
    def run(seed, players, starting):
        play_roll_call_trying_everything(seed, players, starting)
    run()


def clockwise(seats, start: int, n: int) -> list[int]:
    """``seats`` in clockwise order (to the left: the next number up) from ``start``."""
    return sorted(seats, key=lambda s: (s - start) % n)


def play_roll_the_bones_trying_everything(seed: int, players: int, side_pots: bool) -> None:
    """Antes with every bone count, announcements by every seat.

    - "each player must ante any 1 die from their collection": a seat antes
      the stage's amount in any mix of its six-siders and bones it holds.
    - House: "starting with the last round's winner and going clockwise, each
      player holding a bone declares ... then one more pass in which each
      player may change their declaration"; a seat with only bones, or only
      six-siders, has nothing to choose (RULES.md: the second pass is skipped
      when only one player has a choice)."""
    from game.games.roll_the_bones.rules import Ante, Declare
    rng = random.Random(seed)
    state = make_game("roll-the-bones", players, {"side_pots": side_pots}).new_initial_state()
    deciders: list[int] = []
    for _step in range(3000):
        if state.is_terminal():
            return
        if state.is_chance():
            state = state.apply(CHANCE, roll(state, rng))
            continue
        player = state.turn_player()
        if state.phase == "declare" and not deciders:   # a new announcement: who chooses, in what order
            choosing = [p for p in clockwise(state.order, state.starter, players) if all(state.counts(p))]
            deciders = choosing * (2 if len(choosing) >= 2 else 1)
        if state.phase == "declare":
            assert player == deciders.pop(0), "announcements go clockwise from the last winner, twice"
        else:
            assert not deciders
        sixes, bones = state.counts(player)
        amount = state.amounts.get(player, 0) if isinstance(state.amounts, dict) else state.amounts[player]
        tries = [(seat, Ante(k)) for seat in range(players) for k in range(-1, amount + 2)]
        tries += [(seat, Declare(b)) for seat in range(players) for b in (True, False)]

        def text_allows(seat, move, player=player, amount=amount, sixes=sixes, bones=bones, phase=state.phase):
            if seat != player:
                return False
            if isinstance(move, Ante):
                return phase == "ante" and 0 <= move.bones <= bones and 0 <= amount - move.bones <= sixes
            return phase == "declare"

        agree_on_tries(state, tries, text_allows)
        state = state.apply(player, rng.choice(state.legal_actions(player)))
        if state.phase != "declare":
            deciders = []


@pytest.mark.parametrize("long_run", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["quick", "long"])
def test_roll_the_bones_refuses_exactly_what_the_text_forbids(long_run):
    """2-6 players, side pots on and off: every seat tries every ante and
    announcement at every decision."""
    @(LONG if long_run else QUICK)
    @given(seed=st.integers(0, 2**32), players=st.integers(2, 6), side_pots=st.booleans())
    def run(seed, players, side_pots):
        play_roll_the_bones_trying_everything(seed, players, side_pots)
    run()


def play_roll_for_it_trying_everything(seed: int, players: int, target: int) -> None:
    """- "All players roll two dice; the highest total goes first" (house:
      ties roll again, the tied players only).
    - "Roll your dice once per turn"; "Take Back: At the beginning of a
      player's turn, before rolling"; house (RULES.md): with all six on
      cards a player may Pass.
    - A die is placed only on an uncovered matching image of a face-up card.
    - "your turn ends and play passes to the person on your left".
    - "The first player to score 40 or more points wins" (the target is an option)."""
    from game.core.protocol import ShuffleResult
    from game.games.roll_for_it.rules import KeepRest, Pass, Place, Roll, TakeBack, card
    rng = random.Random(seed)
    state = make_game("roll-for-it", players, {"target": target}).new_initial_state()
    assert len(state.slots) == 0 or len(state.slots) == (4 if players >= 5 else 3)
    contenders = list(range(players))
    for _step in range(4000):
        if state.is_terminal():
            assert max(state.scores) >= target or all(s is None for s in state.slots) \
                or state.end_reason == "stall"
            return
        if state.is_chance():
            request = state.chance_request()
            if state.phase == "shuffle":
                state = state.apply(CHANCE, ShuffleResult(tuple(rng.sample(range(request.size), request.size))))
                assert len(state.slots) == (4 if players >= 5 else 3), "three cards face up, four at 5+"
                continue
            if state.phase == "rolloff":
                assert [g.owner for g in request.groups] == contenders and {g.count for g in request.groups} == {2}
                result = roll(state, rng)
                totals = {g.owner: sum(f) for g, f in zip(request.groups, result.faces)}
                state = state.apply(CHANCE, result)
                best = [p for p in contenders if totals[p] == max(totals.values())]
                if len(best) == 1:
                    assert state.phase == "start" and state.turn_player() == best[0]
                else:
                    contenders = best
                continue
            state = state.apply(CHANCE, roll(state, rng))
            continue
        player = state.turn_player()
        on_cards = state.dice_on_cards(player)
        face_up = [c for c in state.slots if c is not None]
        elsewhere = [c for c in range(0, 62) if c not in face_up]
        cards = face_up + rng.sample(elsewhere, 3) + [-1]
        tries = [(seat, m) for seat in range(players) for m in (Roll(), TakeBack(), Pass(), KeepRest())]
        tries += [(player, Place(f, c)) for f in range(0, 8) for c in cards]
        tries += [(rng.choice([s for s in range(players) if s != player]), Place(f, c))
                  for f in range(1, 7) for c in face_up[:1]]

        def open_image(seat, face, cid):
            return cid in face_up and any(f == face and i not in state.covers[cid][seat]
                                          for i, f in enumerate(card(cid).images))

        def text_allows(seat, move, player=player, on_cards=on_cards, phase=state.phase, rolled=tuple(state.rolled)):
            if seat != player:
                return False
            if phase == "start":
                return {Roll: on_cards < 6, TakeBack: on_cards > 0, Pass: on_cards == 6}.get(type(move), False)
            if isinstance(move, Place):
                return move.face in rolled and open_image(seat, move.face, move.card)
            return isinstance(move, KeepRest)

        agree_on_tries(state, tries, text_allows)
        legal = state.legal_actions(player)
        places = [a for a in legal if isinstance(a, Place)]
        if state.phase == "place" and places and rng.random() < 0.95:
            action = max(places, key=lambda a: (len(state.covers[a.card][player]) - len(card(a.card).images),
                                                rng.random()))
        elif state.phase == "start":
            action = next((a for a in legal if isinstance(a, Roll)), None) if rng.random() < 0.9 else None
            action = action or rng.choice(legal)
        else:
            action = rng.choice(legal)
        after = state.apply(player, action)
        if not after.is_terminal() and after.phase == "start" and after.turn_player() != player:
            assert after.turn_player() == (player + 1) % players, "play passes to the person on your left"
        elif not after.is_terminal() and isinstance(action, (KeepRest, Pass)):
            raise AssertionError("the turn did not end")
        if after.is_terminal() and after.scores[player] >= target:
            assert after.ranking()[player] == 0
        state = after


@pytest.mark.parametrize("long_run", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["quick", "long"])
def test_roll_for_it_refuses_exactly_what_the_text_forbids(long_run):
    """2-8 players, targets 20-60: every seat tries every move at every
    decision, dice on cards not face up, on covered images, on faces not rolled."""
    @(LONG if long_run else QUICK)
    @given(seed=st.integers(0, 2**32), players=st.integers(2, 8), target=st.integers(20, 60))
    def run(seed, players, target):
        play_roll_for_it_trying_everything(seed, players, target)
    run()


def play_diced_out_trying_everything(seed: int, players: int, bonus: tuple[int, ...]) -> None:
    """- "EACH PLAYER WILL ROLL BOTH DICE. THE PLAYER WITH THE HIGHEST DICE
      TOTAL GOES FIRST! PLAY ROTATES TO THE LEFT" (a seat that is Diced Out
      or complete "MAY NOT TAKE ANOTHER TURN THAT ROUND").
    - A bonus number: "YOU MAY ... MARK-OFF ONE NUMBER" (any unmarked one, or none).
    - The round's lowest "MUST ALSO CHOOSE ONE PLAYER" (another player)."""
    from game.games.diced_out.rules import FreeMark, Penalise, SkipFreeMark
    rng = random.Random(seed)
    state = make_game("diced-out", players, {"bonus_numbers": bonus}).new_initial_state()
    for _step in range(3000):
        if state.is_terminal():
            return
        before = state
        if state.is_chance():
            request = state.chance_request()
            result = roll(state, rng)
            state = state.apply(CHANCE, result)
            if before.phase == "opening":
                totals = {g.owner: sum(f) for g, f in zip(request.groups, result.faces)}
                best = [p for p, t in totals.items() if t == max(totals.values())]
                if len(best) == 1:
                    assert state.phase == "roll" and state.current == best[0], "the highest total goes first"
            elif before.phase == "roll" and state.phase == "roll" and state.round_index == before.round_index \
                    and state.current != before.current:
                assert state.current == left_of(before.current, [not d for d in before.done]) or \
                    state.current == left_of(before.current, [not d for d in state.done]), \
                    "play rotates to the left, past players who are out for the round"
                assert not state.done[state.current]
            continue
        player = state.turn_player()
        tries = [(seat, m) for seat in range(players)
                 for m in [FreeMark(k) for k in range(0, 15)] + [SkipFreeMark()] + [Penalise(t) for t in range(-1, players + 1)]]

        def text_allows(seat, move, player=player, phase=state.phase, marked=sheet(state.marked[player])):
            if seat != player:
                return False
            if isinstance(move, FreeMark):
                return phase == "free_mark" and 2 <= move.number <= 12 and move.number not in marked
            if isinstance(move, SkipFreeMark):
                return phase == "free_mark"
            return phase == "penalty" and 0 <= move.target < players and move.target != seat

        agree_on_tries(state, tries, text_allows)
        state = state.apply(player, rng.choice(state.legal_actions(player)))
        if before.phase == "free_mark" and state.phase == "roll" and state.round_index == before.round_index:
            assert state.current == left_of(player, [not d for d in state.done]), "after the free mark: the left"


@pytest.mark.parametrize("long_run", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["quick", "long"])
def test_diced_out_refuses_exactly_what_the_text_forbids(long_run):
    """1-8 players, any bonus set: every seat tries every free mark (0-14),
    skip and penalty target at every decision; turns rotate to the left."""
    @(LONG if long_run else QUICK)
    @given(seed=st.integers(0, 2**32), players=st.integers(1, 8),
           bonus=st.sets(st.integers(2, 12), min_size=1, max_size=4).map(lambda s: tuple(sorted(s))))
    def run(seed, players, bonus):
        play_diced_out_trying_everything(seed, players, bonus)
    run()
