"""What the browser is sent: every payload addressed to a seat is built from that seat's view only.

:func:`seat_payload` is the one place a live game's data for a seat is put together — board, question,
options, event lines, result — and everything in it comes from :class:`bpdsl.engine.view.SeatView`
(3.12.1); nothing of the table (seed, decks, the full log) is added.  :func:`replay_payload` is the replay
viewer's step, from a seat's view or from the judge's (every card; marked ``judge``).
"""
from __future__ import annotations

from typing import Any, Sequence

from bpdsl.engine.decisions import without_id
from bpdsl.engine.view import JUDGE, QUESTIONS, SeatView, judge_line, result_words
from bpdsl.web.tables import Position, Table

_TEXTS: dict[int, dict[str, list[str]]] = {}


def printed_texts(rules: Any) -> dict[str, list[str]]:
    """Printed name -> printed text lines (header first) of every action, character and fog of the format."""
    key = id(rules)
    if key not in _TEXTS:
        from bpdsl.render.text import edition_texts, plain_lines

        texts = {et.name: plain_lines(et) for et in edition_texts(rules.edition, rules.format)}
        for a in rules.actions.values():  # actions added by a regulation's options
            if a.name not in texts and getattr(a, "model", None) is not None:
                from bpdsl.render.text import entry_text

                try:
                    texts[a.name] = plain_lines(entry_text(rules.edition, a.model, rules.format))
                except Exception:  # an option action the renderer cannot print: named, without text
                    texts[a.name] = [a.name]
        _TEXTS[key] = texts
    return _TEXTS[key]


def _option_entry(opt: Any) -> str | None:
    """The printed name of the action an option raises (for its text on hover), if it is one."""
    name = getattr(opt, "name", None)
    return name if isinstance(name, str) else None


def shown_label(opt: Any, label: str, game: Any = None, seat: int | None = None) -> str:
    """An option's text as the page shows it: an action's label without its id (「アタック (attack)」 is
    「アタック」; the id stays in the terminal's and the scenarios' labels, which scripts match), and a
    target on the stage or a player named from the reader's seat (「相手のツイスト[◇4]」, 「自分」), as the
    page's questions do: the terminal's label names neither."""
    ident = getattr(opt, "id", None)
    if isinstance(ident, str) and label.endswith(f" ({ident})"):
        return without_id(label)
    if game is not None and seat is not None and isinstance(opt, tuple) and len(opt) == 2:
        kind, ref = opt
        if kind == "player" and ref in (0, 1):
            return "自分" if ref == seat else "相手"
        if kind == "action":
            # an action offered that is not on the stage is the one resolving (対象変更 onto itself): its
            # effect asks its own controller, the reader
            owner = next((x.controller for x in game.state.stage if x.uid == ref), seat)
            return f"{'自分' if owner == seat else '相手'}の{label}"
    return label


def _result(pos: Position, seat: int) -> dict[str, Any] | None:
    r = pos.result
    if r is None:
        return None
    if r.draw or r.winner is None:
        outcome = "引き分け"
    else:
        outcome = "あなたの勝ち" if r.winner == seat else "あなたの負け"
    reason = result_words(pos.game, seat) if pos.game is not None else r.reason
    return {"outcome": outcome, "winner": r.winner, "draw": r.draw, "turns": r.turns, "reason": reason}


def seat_payload(table: Table, seat: int) -> dict[str, Any]:
    """Everything ``seat`` is shown of its table now."""
    pos = table.position()
    view = pos.log.views[seat]
    prompt = None
    waiting = None
    if pos.pending is not None and not table.quit:
        if pos.pending.player == seat:
            p = view.prompt(pos.pending)
            prompt = {"kind": p.kind, "question": p.question, "action": p.context.get("action"),
                      "options": [{"i": i, "label": shown_label(pos.pending.options[i], label, pos.game, seat),
                                   "entry": _option_entry(pos.pending.options[i])}
                                  for i, label in enumerate(p.labels)]}
        else:
            waiting = "相手の選択を待っています"
    return {
        "table": table.id, "seat": seat, "title": table.start.title,
        "decision_no": table.decision_no,
        "board": view.board(),
        "prompt": prompt, "waiting": waiting,
        "lines": [text for _i, text in pos.log.told[seat]],
        "over": table.over, "quit": table.quit, "result": _result(pos, seat),
        "notes": [n for n in getattr(table, "notes", []) if n["seat"] == seat],
        "undo": _undo(table, seat), "can_undo": bool(getattr(table, "choices", None)) and not table.over and getattr(table, "undo_ask", None) is None,
    }


def _undo(table: Table, seat: int) -> dict[str, Any] | None:
    """The undo asked and waiting for its answer, or the last one refused (until the next choice): who asked
    (``mine``: this seat) — the other seat accepts or refuses it through its own link."""
    for state, ask in (("asked", getattr(table, "undo_ask", None)), ("refused", getattr(table, "undo_refused", None))):
        if ask is not None:
            return {"state": state, "mine": ask["asked"] == seat, "decision_no": ask["decision_no"]}
    return None


WATCHERS = ("spectator", "judge")


def watch_payload(table: Table, role: str) -> dict[str, Any]:
    """What a watcher of a live table is shown.  The judge sees every card and hears every event with its
    hidden parts (marked ``judge``).  A spectator sees what *both* seats see: each side as its opponent sees
    it, the stage and the event lines of seat 0's side, every card name not visible to both seats blanked."""
    pos = table.position()
    game = pos.game
    hooks = game.hooks
    seats = range(len(table.seats))
    deciding = pos.pending.player if pos.pending is not None and not table.quit else None
    if role == "judge":
        view = SeatView(game, JUDGE)
        lines = [x for x in (judge_line(view, e) for e in pos.log.lines) if x]
        board: dict[str, Any] = {"judge": True, "seats": [hooks.observe(game, s) for s in seats]}
    else:
        public = set.intersection(*(SeatView(game, s).allowed() for s in seats))
        obs = [hooks.observe(game, s) for s in seats]
        board = dict(obs[0])
        if "players" in board and len(obs) == 2:  # each side as its opponent sees it
            board["players"] = [obs[1 - s]["players"][s] for s in seats]
        side = SeatView(game, 0)  # blanks (never raises): what is not public becomes ?
        board = side.guard_data(board, public, "spectator board")
        lines = [side.guard(text, public, "spectator line") for _i, text in pos.log.told[0]]
    result = None
    if pos.result is not None:
        r = pos.result
        result = {"winner": r.winner, "draw": r.draw, "turns": r.turns, "reason": r.reason}
    return {"table": table.id, "role": role, "judge": role == "judge", "title": table.start.title,
            "decision_no": table.decision_no, "board": board, "lines": lines, "deciding": deciding,
            "over": table.over, "quit": table.quit, "result": result}


def replay_payload(table: Table, step: int, total: int, seat: int, decisions: Sequence[int]) -> dict[str, Any]:
    """Step ``step`` of a replayed game from ``seat``'s view (:data:`JUDGE`: every card, marked as such);
    ``decisions``: the option the log records for each decision."""
    pos = table.position()
    game = pos.game
    if seat == JUDGE:
        view = SeatView(game, JUDGE)
        lines = [x for x in (judge_line(view, e) for e in pos.log.lines) if x]
        board = {"judge": True, "seats": [SeatView(game, s).hooks.observe(game, s) for s in range(len(table.seats))]}
    else:
        view = pos.log.views[seat]
        lines = [text for _i, text in pos.log.told[seat]]
        board = view.board()
    pending = None
    if pos.pending is not None:
        req = pos.pending
        if seat == JUDGE or req.player == seat:
            p = SeatView(game, req.player).prompt(req) if seat != JUDGE else None
            labels = p.labels if p is not None else [req.label(i) for i in range(len(req.options))]
            chosen = int(decisions[step]) if step < len(decisions) else None
            question = p.question if p else QUESTIONS.get(req.kind, QUESTIONS["choose"])  # the judge: no raw kind
            pending = {"player": req.player, "kind": req.kind, "question": question,
                       "options": [without_id(label) for label in labels], "chosen": chosen}
        else:
            pending = {"player": req.player, "kind": None, "question": "相手の選択", "options": [], "chosen": None}
    result = None
    if pos.result is not None:
        r = pos.result
        result = {"winner": r.winner, "draw": r.draw, "turns": r.turns, "reason": r.reason}
    return {"step": step, "steps": total, "seat": "judge" if seat == JUDGE else seat, "judge": seat == JUDGE,
            "board": board, "lines": lines, "pending": pending, "result": result, "title": table.start.title}


__all__ = ["WATCHERS", "printed_texts", "shown_label", "replay_payload", "seat_payload", "watch_payload"]
