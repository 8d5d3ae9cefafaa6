"""The import's composition search tries the per-call wording of a call's names and conditions (``terms:``
beside the call, ``expr:<name>`` / ``cond:<condition>``): calls written *without* any terms find the trump
sentences the bundled act8.2 prints with them (スラッシュ, 救済, 瞬殺), and a sentence that says another value
than the call plays is not taken for it."""
from __future__ import annotations

import pytest

from bpdsl.dsl.document import Document
from bpdsl.dsl.loader import load_or_raise
from bpdsl.games.blackpoker.official import phrases as P
from bpdsl.ops.registry import PhraseContext
from bpdsl.resources import definitions_dir

TARGET = {"target_character": {"what": "soldier"}}
SLASH = {"send_to_grave": {"cards": "target", "what": "soldier", "from_field": False,
                           "if": "target.size <= source.size"}}
SALVATION = {"for_each": {"what": "soldier", "where": "each.size >= key.rank", "do": [
    {"move_cards": {"cards": "each", "to": "life", "position": "top", "say_owner": True, "order": "owner"}}]}}
SACRIFICE = {"move_character": {"whose": "self", "what": "soldier", "to": "grave", "count": "any"}}
KILL = {"send_to_grave": {"cards": "target", "what": "soldier", "from_field": False,
                          "if": "moved.size_sum >= target.size"}}


@pytest.fixture(scope="module")
def index() -> P.PhraseIndex:
    edition = load_or_raise([definitions_dir()]).editions["act8.2"]
    doc = Document("<calls without terms>", {"kind": "actions", "actions": [
        {"id": "a", "target": TARGET, "effect": [SLASH, SALVATION, SACRIFICE, KILL]}]})
    idx = P.PhraseIndex(P.collect([doc]), PhraseContext(edition.terms, {}))
    idx.set_target(TARGET)
    return idx


def test_a_name_said_shorter_is_found_as_a_term_beside_the_call(index: P.PhraseIndex) -> None:
    text = "対象の兵士がこのアクションを起こした兵士の数字以下の場合、対象の兵士を墓地に移す。"
    assert index.one("effect", text) == {**SLASH, "terms": {"expr:target.size": "対象の兵士"}}


def test_a_name_left_unsaid_is_the_empty_term(index: P.PhraseIndex) -> None:
    text = "キーカードの数字以上の全ての兵士をオーナーのライフの一番上にオーナーの好きな順で移す。"
    match = index.compose("effect", P.units(text), "not_executed")
    assert match.calls == [{**SALVATION, "terms": {"expr:each.size": ""}}] and not match.overrides


def test_a_line_of_two_calls_one_in_its_own_wording(index: P.PhraseIndex) -> None:
    text = ("自分の場にいる兵士を1体以上任意の数だけ墓地に移す。この方法で墓地に移した兵士の数字の合計値が"
            "対象の兵士の数字以上の場合、対象の兵士を墓地に移す。")
    match = index.compose("effect", P.units(text), "not_executed")
    assert match.calls == [SACRIFICE, {**KILL, "terms": {"expr:target.size": "対象の兵士の数字"}}]
    assert match.joined and not match.overrides


def test_a_word_that_says_another_value_is_not_a_wording(index: P.PhraseIndex) -> None:
    # 「5」 is not a way to say the size of the soldier that raised the action: left as an override
    text = "対象の兵士が5以下の場合、対象の兵士を墓地に移す。"
    assert index.one("effect", text) is None
    match = index.compose("effect", P.units(text), "not_executed")
    assert match.overrides and match.ops == 0
