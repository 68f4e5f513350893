"""Issue 41: Continue with "Show AI reasoning" on asked the AIs again for
the round's thinking in the table's first frame (``ReasonFlow.relive`` in
``RestoreFlow.restore``), one frame for the whole round's thought.  The
opening hand-over now runs it (``relive_steps``), an AI's thought a step of
its own, and the table opens with nothing left to think.  Steps and AI
decisions are counted, nothing is timed."""
from __future__ import annotations


from game.core.match import Match, Seat
from tests.helpers import continue_saved


def test_continue_relives_the_ais_thinking_a_thought_a_step_behind_the_hand_over(app):
    app.settings.show_ai_reasons = True
    match = Match("liars-dice", [Seat("You", "human")] + [Seat(f"B{i}", "ai", "normal") for i in range(1, 6)],
                  None, seed=11)
    rolls, since = 0, 0
    while not match.is_over and not (rolls == 3 and since == 4):   # the third round, 4 moves on: its bids' reasons held
        if match.state.is_chance():
            rolls, since = rolls + 1, -1
        if not match.step():
            match.apply(0, match.state.legal_actions(0)[0])
        since += 1
    continue_saved(app, match)
    assert app.top.name == "opening"
    table = app.top.table

    thoughts: list[str] = []   # where each AI decision was made: "step" (an opening step) or "table"
    in_step: list[bool] = []
    real_decision = Match.ai_decision

    def ai_decision(self, player):
        thoughts.append("step" if in_step else "table")
        return real_decision(self, player)
    per_step: list[int] = []
    real_step = table.opening_step

    def opening_step():
        before = len(thoughts)
        in_step.append(True)
        try:
            got = real_step()
        finally:
            in_step.pop()
        per_step.append(len(thoughts) - before)
        return got
    table.opening_step = opening_step
    Match.ai_decision = ai_decision   # type: ignore[method-assign]
    try:
        for _ in range(600):
            app.run_frames(1)
            if app.top is table:
                break
        app.run_frames(2)   # the table's own first frames (``enter``: ``restore``)
    finally:
        Match.ai_decision = real_decision   # type: ignore[method-assign]
    assert app.top is table
    assert thoughts, "the round's reasons were asked again"
    assert "table" not in thoughts   # cb395a1: every one of them in the table's first frame
    assert max(per_step) <= 1
