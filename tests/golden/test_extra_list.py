"""Golden test of the エクストラリスト: the printed text of every trump equals the official extra list.

The expectation is ``../shared/upstream/extra.yaml`` itself (第七版 extra v7.30.0, read here, never copied):
for every trump ability it lists (abiList, ``output: ●``) the bundled edition has a trump on the same suit
and number with the same name, β mark and ability text, and each action and character it brings prints the
official name, type, timing, cost, key, note, target, effect, key and abilities; the trump actions of the
actList (オープン, クローズ, 切札破壊, 切札再生) likewise.  Texts are compared after the normalisation of the
golden tests (seedtext.normalize: widths, list markers, white space).

The extra list is written in the older notation and is printed in the edition's: its ``actTime`` メイン/
クイック is the request's timing, ``actS`` ● (即時効果) its speed, the type 誘発 a triggered request (type
誘発魔法); other types are printed as written.  Its notes (※) are compared with the note's op phrase in the
older (classic) wording the list is written in, and its targets in the sentence form it writes them in
(act8.2 prints the target as a noun: 「兵士1体」 for 「兵士1体を対象とする。」).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bpdsl.datafile import read_yaml_file
from bpdsl.model import Action, Edition
from bpdsl.ops.registry import PhraseContext
from bpdsl.render.text import EntryText, entry_text, render_call, trump_text
from seedtext import normalize

EXTRA = Path(__file__).resolve().parents[2].parent / "shared" / "upstream" / "extra.yaml"
EDITION, FORMAT = "act8.2", "extra"
SUITS = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}


@pytest.fixture(scope="module")
def official() -> dict[str, Any]:
    if not EXTRA.is_file():
        pytest.fail(f"the official extra list is not at {EXTRA} (../shared must sit beside the checkout)")
    return read_yaml_file(EXTRA)


@pytest.fixture(scope="module")
def edition(definitions: Any) -> Edition:
    return definitions.editions[EDITION]


def _abilities(official: dict[str, Any]) -> list[dict[str, Any]]:
    return [a for a in official["abiList"] if a.get("output") == "●"]


def _norm_cards(text: str) -> str:
    """normalize, and one mark per suit: the list writes ♢ where the game prints ◇."""
    return normalize(text).replace("♢", "◇").replace("♦", "◇").replace("♥", "♡")


def _text(et: EntryText, kind: str) -> str:
    return _norm_cards("".join(line for s in et.section(kind) for b in s.blocks for line in b.lines()))


def _classic_notes(edition: Edition, action: Action) -> str:
    ctx = PhraseContext({**edition.terms, "wording": "classic"}, {e.id: e.name for e in edition.actions.values()})
    calls = [c for c in action.conditions + action.notes]
    return normalize("".join("※" + render_call(ctx, c) for c in calls))  # ※ is the notes' printed label


def _check_action(edition: Edition, action: Action, act: dict[str, Any], problems: list[str]) -> None:
    et = entry_text(edition, action, None)
    where = f"{act['actName']} ({action.id})"
    r = action.request
    want_type = "誘発魔法" if act["actType"] == "誘発" else act["actType"]
    got = {"type": action.type, "timing": r.timing, "speed": r.speed, "trigger": r.trigger,
           "cost": action.cost, "key": _norm_cards(action.key_text or "")}
    want = {"type": want_type, "timing": {"メイン": "main", "クイック": "quick"}[act["actTime"]],
            "speed": "instant" if act.get("actS") == "●" else "normal",
            "trigger": "triggered" if act["actType"] == "誘発" else "direct", "cost": act.get("actCost") or "",
            # the official key "同じスート2枚" is the pattern "同じスートを2枚" of the key grammar
            "key": _norm_cards(str(act.get("actKey") or "")).replace("同じスート2枚", "同じスートを2枚")}
    for k in want:
        if got[k] != want[k]:
            problems.append(f"{where}: {k} {got[k]!r} != official {want[k]!r}")
    # the list words a target as a sentence (「兵士1体を対象とする。」), whatever form the edition prints
    names = {e.id: e.name for e in list(edition.actions.values()) + list(edition.characters.values())}
    sentence = PhraseContext({k: v for k, v in edition.terms.items() if k != "target_form"}, names)
    target = _norm_cards(render_call(sentence, action.target)) if action.target is not None else ""
    for kind, key, ours in (("target", "actTarget", target), ("effect", "actEffect", _text(et, "effect"))):
        if ours != _norm_cards(str(act.get(key) or "")):
            problems.append(f"{where}: {kind}\n  ours:     {ours}\n  official: {_norm_cards(str(act.get(key) or ''))}")
    if _classic_notes(edition, action) != normalize(str(act.get("actNote") or "")):
        problems.append(f"{where}: note {_classic_notes(edition, action)!r} != official {act.get('actNote')!r}")


def test_every_official_trump_is_defined_on_its_card(official: dict[str, Any], edition: Edition) -> None:
    ours = {(t.suit, t.number): t for t in edition.trumps_in(FORMAT)}
    want = {(SUITS[a["suit"]], str(a["num"])): a for a in _abilities(official)}
    assert sorted(ours) == sorted(want)
    assert len(want) == 30
    for key, a in want.items():
        assert (ours[key].name, ours[key].beta) == (a["name"], a.get("beta") == "●"), key


def test_ability_texts_equal_the_official_list(official: dict[str, Any], edition: Edition) -> None:
    by_card = {(t.suit, t.number): t for t in edition.trumps_in(FORMAT)}
    problems = []
    for a in _abilities(official):
        t = by_card[(SUITS[a["suit"]], str(a["num"]))]
        got = _text(trump_text(edition, t), "ability")
        if got != _norm_cards(a["ability"]):
            problems.append(f"{a['name']}\n  ours:     {got}\n  official: {_norm_cards(a['ability'])}")
    assert not problems, "\n".join(problems)


def test_trump_actions_equal_the_official_list(official: dict[str, Any], edition: Edition) -> None:
    by_card = {(t.suit, t.number): t for t in edition.trumps_in(FORMAT)}
    problems: list[str] = []
    checked = 0
    for a in _abilities(official):
        t = by_card[(SUITS[a["suit"]], str(a["num"]))]
        actions = {edition.actions[i].name: edition.actions[i] for i in t.actions}
        assert sorted(actions) == sorted(x["actName"] for x in a.get("acts") or []), a["name"]
        for act in a.get("acts") or []:
            _check_action(edition, actions[act["actName"]], act, problems)
            checked += 1
    for group in official["actList"]:
        for act in group["acts"]:
            action = next((x for x in edition.actions_in(FORMAT) if x.name == act["actName"]), None)
            assert action is not None and action.trump is None, act["actName"]
            _check_action(edition, action, act, problems)
            checked += 1
    assert checked == 40
    assert not problems, "\n".join(problems)


def test_trump_characters_equal_the_official_list(official: dict[str, Any], edition: Edition) -> None:
    by_card = {(t.suit, t.number): t for t in edition.trumps_in(FORMAT)}
    problems: list[str] = []
    checked = 0
    for a in _abilities(official):
        t = by_card[(SUITS[a["suit"]], str(a["num"]))]
        chars = {edition.characters[i].name: edition.characters[i] for i in t.characters}
        assert sorted(chars) == sorted(c["charName"] for c in a.get("chars") or []), a["name"]
        for c in a.get("chars") or []:
            ch = chars[c["charName"]]
            et = entry_text(edition, ch, None)
            if (ch.type, _norm_cards(ch.key_text)) != (c["charType"], _norm_cards(c["charKey"])):
                problems.append(f"{ch.id}: type/key {(ch.type, ch.key_text)} != {(c['charType'], c['charKey'])}")
            if _text(et, "ability") != _norm_cards(c["charAbility"]):
                problems.append(f"{ch.id}: abilities\n  ours:     {_text(et, 'ability')}\n"
                                f"  official: {normalize(c['charAbility'])}")
            checked += 1
    assert checked == 6
    assert not problems, "\n".join(problems)
