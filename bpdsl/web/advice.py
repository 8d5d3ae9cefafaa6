"""An agent's values of a person's pending decision, for the sandbox's 「評価」 (``…/seats/{seat}/explain``).

The agent is asked with the seat's own observation only — what the person sees — so the advice reveals
nothing hidden; its option labels are the seat's view's.  Only agents that decide from the observation are
offered (heuristic, collector): the search agent copies the live game, which a sandbox table does not keep.
"""
from __future__ import annotations

from typing import Any

from bpdsl.web.tables import Refused, Table

ADVISORS = ("heuristic", "collector")
ADVISOR_NAMES = {"heuristic": "定石", "collector": "収集"}  # as the page names them
MEASURE_WORDS = {  # what an advisor's values mean, as the page says it (the terminal's --explain keeps English)
    "rule-of-thumb score (highest chosen, ties at random)": "定石の点数 (最も高いものを選ぶ。同点はランダム)",
    "no rule of thumb for this decision: chosen at random": "この選択には定石がない (ランダムに選ぶ)",
    "no values: the agent gives only its choice": "点数なし (選ぶものだけを示す)",
}


def seat_advice(table: Table, seat: int, agent: str) -> dict[str, Any]:
    """The explanation (:class:`bpdsl.sim.explain.Explanation` as a dict) of ``agent`` for ``seat``'s decision."""
    from bpdsl.sim.agents import make_agent, parse_agent
    from bpdsl.sim.explain import explain
    from bpdsl.web.payload import shown_label

    if agent not in ADVISORS:
        raise Refused(400, f"unknown advisor {agent!r}; advisors: {', '.join(ADVISORS)}")
    pos = table.position()
    if table.quit or pos.pending is None:
        raise Refused(409, "the game is over")
    if pos.pending.player != seat:
        raise Refused(409, "it is not this seat's decision")
    advisor = make_agent(parse_agent(agent), table.bot_seed + 7 + table.decision_no, table.start.rules)
    e = explain(advisor, pos.pending, lambda: pos.game.observe(seat)).as_dict()
    labels = pos.log.views[seat].prompt(pos.pending).labels
    for c in e["candidates"]:
        c["label"] = shown_label(pos.pending.options[c["index"]], labels[c["index"]], pos.game, seat)  # as the page shows it
    e["decision_no"] = table.decision_no
    e["agent_name"] = ADVISOR_NAMES[agent]
    e["measure_words"] = MEASURE_WORDS.get(e["measure"], "点数の意味は端末の --explain を参照")
    return e
