"""The filters of BlackPoker's events and actions, shared by the ability blocks (no op is declared here).

One schema, one matcher and one wording for each filter, so that a trigger (``on``), a replacement, a cost
change and a prohibition that name the same thing mean and print the same thing:

* **whose** — whose event it is, from the point of view of the player holding the ability: ``self`` (the
  holder's card, damage the holder takes, an action the holder raises), ``opponent`` or ``any``;
* **an action filter** (``actions:``) — ids, printed type (即時魔法 …), speed, category, how many cost letters
  at most, raised directly or not, and what it targets (``targets: {whose, kind}``);
* **the event's fields** — zones a card moved from and to, the kind and ranks of the card or character, the
  cause of a move (ダメージ判定), the least amount of damage, the face a trump turned to.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.event_filters import (action_matches, card_matches, relative,  # noqa: F401 (re-exported)
                                                  seats_for, targets_match)
from bpdsl.games.blackpoker.ops._common import NOUNS, RANKS, case_of, get, zone_name

WHOSE = ["self", "opponent", "any"]
ZONES = ["life", "hand", "field", "grave", "trump", "fog", "stage"]
CAUSES = {"combat": "ダメージ判定にて", "blocker": "ダメージ判定にてブロッカーとして",
          "attacker": "ダメージ判定にてアタッカーとして"}
SPEEDS = {"instant": "即時", "normal": "通常"}
LIMIT_WORDS = {"once_per_turn": "1ターンに1回、", "once_per_game": "1ゲームに1回、", "first_each_turn": "各ターン最初に"}

WHOSE_ARG = {"type": "string", "allowed": WHOSE, "default": "self"}
LIMIT_ARG = {"type": "string", "allowed": list(LIMIT_WORDS), "nullable": True}
ZONE_LIST = {"type": "list", "minlength": 1, "nullable": True, "schema": {"type": "string", "allowed": ZONES}}
RANK_LIST = {"type": "list", "minlength": 1, "nullable": True, "schema": {"type": "string", "allowed": RANKS}}
KIND_ARG = {"type": "string", "allowed": list(NOUNS), "nullable": True}
TARGETS_ARG = {"type": "dict", "nullable": True, "schema": {
    "whose": {"type": "string", "allowed": WHOSE, "default": "any"},
    "kind": {"type": "string", "allowed": [*NOUNS, "player", "action"], "required": True}}}
ACTIONS_ARG = {"type": "dict", "nullable": True, "schema": {
    "ids": {"type": "list", "minlength": 1, "nullable": True,
            "schema": {"type": "ref", "meta": {"ref": "action"}}},
    "type": {"type": "string", "nullable": True},
    "speed": {"type": "string", "allowed": list(SPEEDS), "nullable": True},
    "max_cost": {"type": "integer", "min": 0, "nullable": True},
    "direct": {"type": "boolean", "nullable": True},
    "passes_turn": {"type": "boolean", "nullable": True},
    "targets": TARGETS_ARG}}


def whose_words(ctx: Any, whose: str) -> str:
    """自分 / 対戦相手 / (nothing: anybody's)."""
    return {"self": ctx.term("self", "自分"), "opponent": "対戦相手"}.get(whose, "")


def actions_words(ctx: Any, f: Mapping[str, Any] | None, noun: str = "アクション") -> str:
    """「コストが無い即時アクション」, 「自分のキャラクターを対象とするアタックアクションかドローアクション」."""
    if not f:
        return noun
    words = ""
    targets = f.get("targets")
    if targets:
        side = whose_words(ctx, get(targets, "whose", "any"))
        what = {"player": "プレイヤー", "action": "アクション"}.get(targets["kind"]) or NOUNS[targets["kind"]]
        words += f"{side + 'の' if side else ''}{what}を対象とする"
    most = f.get("max_cost")
    if most is not None:
        words += "コストが無い" if most == 0 else f"コストが{most}つ以下の"
    passes = f.get("passes_turn")
    if passes is not None:
        words += ("、" if most is not None else "") + ("ターンを渡す" if passes else "ターンを渡さない")
    if f.get("speed"):
        words += SPEEDS[f["speed"]]
    if f.get("type"):
        words += f["type"]
    ids = f.get("ids")
    if ids:
        return words + "か".join(f"{ctx.name(i)}{noun}" for i in ids)
    return words + noun


def zones_words(ctx: Any, zones: list[str] | None) -> str:
    return "か".join(zone_name(ctx, z) for z in zones or [])


def condition_clause(ctx: Any, cond: Any) -> str:
    """「…場合、」 for a condition (nothing without one), in the words the guard steps print."""
    return case_of(ctx, cond) if cond is not None else ""


__all__ = ["ACTIONS_ARG", "CAUSES", "KIND_ARG", "LIMIT_ARG", "LIMIT_WORDS", "RANK_LIST", "TARGETS_ARG", "WHOSE", "WHOSE_ARG",
           "ZONE_LIST", "action_matches", "actions_words", "card_matches", "condition_clause", "relative",
           "seats_for", "whose_words", "zones_words"]
