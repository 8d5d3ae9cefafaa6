"""Static rules (常在型能力) while an ability is active: costs changed, actions forbidden, trumps kept face down.

``cost_change`` adds cost letters to, removes some from (or waives the cost of) the actions its filter names —
which may depend on the target chosen (「あなたのキャラクターを対象とするアクション」: the cost is then known
once the target is chosen, and only targets the raiser can pay for are offered).  ``forbid`` keeps players
from raising the actions its filter names, or from turning trumps face up, while its condition (``while``)
holds; those apply to a player raising an action (直接), not to an action an effect or a trigger raises.

``forbid`` with ``what: target`` keeps the actions of a player (``by``: which ones) from choosing as their
target what ``targets`` names (「自分のキャラクターは、対戦相手が起こすアクションの対象にならない」): those
targets are not offered, whoever raises the action (a player, an effect or a trigger).  Executed by
:class:`bpdsl.engine.abilities.Abilities`, installed with the trump by
:mod:`bpdsl.games.blackpoker.ability_blocks`; the ops' executors themselves do nothing.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.event_filters import PROTECTED
from bpdsl.games.blackpoker.ops._common import NOUNS, case_of, get
from bpdsl.games.blackpoker.ops._filters import ACTIONS_ARG, TARGETS_ARG, WHOSE, actions_words, whose_words
from bpdsl.ops.registry import PhraseContext, declare

_WHILE = {"type": "expr", "nullable": True, "meta": {"expr": "bool"}}


def _while_words(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    cond = a.get("while")
    return case_of(ctx, cond) if cond is not None else ""


def _cost_change_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    who = whose_words(ctx, get(a, "whose", "opponent")) or "各プレイヤー"
    actions = actions_words(ctx, a.get("actions"))
    if a.get("waive"):
        change = "コストを支払わなくてよい。"
    else:
        removed = "".join(f"${c}" for c in a.get("remove") or "")
        added = "".join(f"${c}" for c in a.get("add") or "")
        change = (f"コストから{removed}が取り除かれ、" if removed and added else
                  f"コストから{removed}が取り除かれる。" if removed else "")
        change += f"コストに{added}が加わる。" if added else ""
    return f"{_while_words(ctx, a)}{who}が直接起こす{actions}は、{change}"


COST_CHANGE = declare(
    "cost_change", "ability",
    args={"whose": {"type": "string", "allowed": WHOSE, "default": "opponent"},
          "actions": ACTIONS_ARG,
          "add": {"type": "string", "nullable": True, "regex": r"^[A-Z]+$", "meta": {"ref": "cost"}},
          "remove": {"type": "string", "nullable": True, "regex": r"^[A-Z]+$", "meta": {"ref": "cost"}},
          "waive": {"type": "boolean", "default": False},
          "while": _WHILE},
    phrase=_cost_change_phrase,
    summary=("While the ability is active (and `while` holds), the actions that players to whom it is `whose` "
             "raise and that `actions` names cost `add` more (cost letters: B, L, D, S), lose one of each letter "
             "of `remove` their cost has (`remove: LL`: two $L fewer; a letter the cost lacks is not taken from "
             "another), or cost nothing with `waive`. "
             "With `actions.targets` the cost depends on the target chosen: only targets the raiser can pay for "
             "are offered."),
    example={"cost_change": {"whose": "opponent", "actions": {"targets": {"whose": "self", "kind": "character"}},
                             "add": "L"}},
)


@COST_CHANGE.executor
def _cost_change(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # installed into the rules' Abilities (bpdsl.games.blackpoker.ability_blocks)


def _forbid_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    who = whose_words(ctx, get(a, "whose", "opponent")) or "各プレイヤー"
    what = get(a, "what", "raise")
    if what == "target":
        t = a.get("targets") or PROTECTED
        side = whose_words(ctx, get(t, "whose", "any"))
        noun = {"player": "プレイヤー", "action": "アクション"}.get(t["kind"]) or NOUNS[t["kind"]]
        raiser = whose_words(ctx, get(a, "whose", "opponent")) or "いずれかのプレイヤー"
        return (f"{_while_words(ctx, a)}{side + 'の' if side else ''}{noun}は、{raiser}が起こす"
                f"{actions_words(ctx, a.get('by'))}の対象にならない。")
    if what == "open":
        return f"{_while_words(ctx, a)}{who}は切札を表向きにできない。"
    return f"{_while_words(ctx, a)}{who}は{actions_words(ctx, a.get('actions'))}を直接起こせない。"


FORBID = declare(
    "forbid", "ability",
    args={"what": {"type": "string", "allowed": ["raise", "open", "target"], "default": "raise"},
          "whose": {"type": "string", "allowed": WHOSE, "default": "opponent"},
          "actions": ACTIONS_ARG,
          # what: target — the actions that may not choose (raised directly or not: no `direct` filter) and
          # what they may not choose
          "by": {"type": "dict", "nullable": True, "dependencies": {"what": ["target"]},
                 "schema": {k: v for k, v in ACTIONS_ARG["schema"].items() if k != "direct"}},
          "targets": {**TARGETS_ARG, "dependencies": {"what": ["target"]}},
          "while": _WHILE},
    phrase=_forbid_phrase,
    summary=("While the ability is active (and `while` holds, asked as the holder), the players to whom it is "
             "`whose` cannot raise the actions `actions` names (`what: raise`), cannot turn trumps face up "
             "(`what: open`: the actions that would do it are not offered, and no effect does it), or cannot "
             "choose as the target of the actions `by` names (raised directly, by an effect or by a trigger) "
             "what `targets` names (`what: target`; by default the holder's characters, 「自分のキャラクターは、"
             "対戦相手が起こすアクションの対象にならない」): such targets are not offered, and an action left "
             "without one is not offered either."),
    example={"forbid": {"whose": "opponent", "actions": {"speed": "instant"},
                        "while": "turn.is_mine and step.end"}},
)


@FORBID.executor
def _forbid(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # installed into the rules' Abilities (bpdsl.games.blackpoker.ability_blocks)
