"""The trumps of the format at hand as a player reads them on the sandbox's page: card, name, printed
ability and the actions and characters it brings (the エクストラリスト), so that choosing a trump is choosing
among cards that say what they do, not among 55 bare card names.

The list is printed public data (every player reads it on the sheet): nothing of a game is in it, and it
is served apart from the seat's payload (``/api/tables/{table}/trumps``, like the hover texts): the page
matches a trump decision's options to it by their card.
"""
from __future__ import annotations

from typing import Any

_CACHE: dict[int, dict[str, dict[str, Any]]] = {}
SUIT_MARKS = {"spade": "♠", "heart": "♡", "diamond": "◇", "club": "♣"}


def trump_cards(rules: Any) -> dict[str, dict[str, Any]]:
    """Card label (♠A, ◇J …) -> the trump of that card in the format of ``rules``: its card, name, printed
    text lines (the name line first, as the sheet prints it) and what it brings; {} for a format without
    trumps."""
    key = id(rules)
    if key not in _CACHE:
        _CACHE[key] = _build(rules)
    return _CACHE[key]


def _build(rules: Any) -> dict[str, dict[str, Any]]:
    from bpdsl.render.text import entry_text, phrase_context, plain_lines, trump_text

    edition = getattr(rules, "edition", None)
    fmt = getattr(rules, "format", None)
    if edition is None or not getattr(edition, "trumps", None):
        return {}
    ctx = phrase_context(edition)
    out: dict[str, dict[str, Any]] = {}
    for t in edition.trumps_in(fmt):
        card = SUIT_MARKS.get(t.suit, "") + str(t.number)
        brings = [edition.actions[a].name for a in t.actions if a in edition.actions] + \
                 [edition.characters[c].name for c in t.characters if c in edition.characters]
        try:
            lines = plain_lines(trump_text(edition, t, ctx))
        except Exception:  # a trump the renderer cannot print: named, without its text
            lines = [f"{t.name} (切札) {card}"]
        if len(lines) <= 1:  # the frame list prints the ability in the actions the trump brings: show those
            for aid in t.actions:
                action = edition.actions.get(aid)
                if action is None:
                    continue
                try:
                    lines += [f"【{action.name}】", *plain_lines(entry_text(edition, action, fmt))[1:]]
                except Exception:  # an action the renderer cannot print: named
                    lines.append(f"【{action.name}】")
        out[card] = {"card": card, "name": t.name, "text": lines, "brings": brings}
    return out


def trump_list(rules: Any) -> list[dict[str, Any]]:
    """The format's trumps in the printed order (the 切札 list of the format at hand)."""
    return list(trump_cards(rules).values())
