"""``waive_cost``'s wording: 第八版 and later name the waived letters (「…のコストDが無しになる」), 第七版 act7.0
does not (「…のコストが無しになる」).  Both play the same, and the import finds either sentence by varying the
argument."""
from __future__ import annotations

import pytest

from bpdsl.diagnostics import DiagnosticSink
from bpdsl.dsl.document import Document
from bpdsl.dsl.loader import load_or_raise
from bpdsl.dsl.opcalls import OpBuilder
from bpdsl.games.blackpoker.official import phrases as P
from bpdsl.ops import registry
from bpdsl.ops.registry import PhraseContext
from bpdsl.resources import definitions_dir

WAIVE = {"waive_cost": {"name": "魔力増加", "type": "速攻魔法", "cost": "D"}}
LETTERS = "魔力増加（このキャラクターが場にいる間、タイプ：速攻魔法のコストDが無しになる。）"
PLAIN = "魔力増加（このキャラクターが場にいる間、タイプ：速攻魔法のコストが無しになる。）"


def printed(raw: dict) -> str:
    registry.load_all()
    call = OpBuilder(Document("<t>", None), DiagnosticSink()).build((), raw, ("ability",))
    return registry.get("waive_cost").render(PhraseContext({}, {}), call.args)


def test_each_wording_of_waive_cost_prints_its_sentence() -> None:
    assert printed(WAIVE) == LETTERS
    assert printed({"waive_cost": {**WAIVE["waive_cost"], "wording": "letters"}}) == LETTERS
    assert printed({"waive_cost": {**WAIVE["waive_cost"], "wording": "plain"}}) == PLAIN
    assert registry.get("waive_cost").execute is not None  # one executor for every wording


@pytest.fixture(scope="module")
def index() -> P.PhraseIndex:
    edition = load_or_raise([definitions_dir()]).editions["act8.0"]
    doc = Document("<calls>", {"kind": "characters", "characters": [{"id": "c", "abilities": [WAIVE]}]})
    return P.PhraseIndex(P.collect([doc]), PhraseContext(edition.terms, {}))


def test_the_import_finds_the_act7_wording_by_varying_the_argument(index: P.PhraseIndex) -> None:
    assert index.one("ability", LETTERS) == WAIVE
    assert index.one("ability", PLAIN) == {"waive_cost": {**WAIVE["waive_cost"], "wording": "plain"}}
