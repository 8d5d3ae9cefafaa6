"""A small hand-built edition for the renderer's unit tests: independent of the bundled definitions.

Its op calls carry printed-text overrides, so the tests exercise layout, grouping, marks and escaping
without depending on any op's phrase.
"""
from __future__ import annotations

from bpdsl.model import (
    Action, Category, Character, CostKind, Definitions, Edition, Fog, Format, Game, OpCall, Request,
)


def step(text: str) -> OpCall:
    return OpCall("text_only", {}, text=text)


def action(aid: str, name: str, formats: list[str], *, category: str = "basic", steps: int = 1,
           cost: str = "", key: str | None = None, speed: str = "normal") -> Action:
    return Action(
        id=aid, name=name, ruby=f"{aid}のよみ", category=category, type="基本",
        request=Request("direct", speed, "main"), cost=cost, key=None, key_text=key,
        target=None, conditions=[], when=None, notes=[], formats=formats,
        effect=[step(f"{name}の効果{i + 1}。") for i in range(steps)],
    )


def handmade_definitions(evil: str = "<script>alert(1)</script>") -> Definitions:
    game = Game(
        id="bp", name="BlackPoker", suits=[], ranks=[], zones=[], visibility=[],
        costs=[CostKind("B", "防壁をドライブする", "pay_b"), CostKind("L", "1点ダメージを受ける", "pay_l")],
    )
    actions = [
        action("end", "エンド", ["lite", "std"], steps=3),
        action("attack", "アタック", ["lite", "std"], cost="BL", key="2〜10"),
        action("return", "帰還", ["std"], category="magic", key="同じスートを2枚"),
        action("evil", evil, ["std"], category="magic"),
    ]
    chars = [
        Character(id="ace", name="エース", ruby="えーす", kind="soldier", type="兵士", key=None, key_text="A",
                  size=OpCall("size_fixed", {}, text="1"), labels=[OpCall("l", {}, text="アタッカー"),
                  OpCall("l", {}, text="速攻")], abilities=[], formats=["lite", "std"]),
        Character(id="magician", name="魔術士", ruby="まじゅつし", kind="soldier", type="兵士", key=None,
                  key_text="Joker", size=OpCall("size_fixed", {}, text="0"), labels=[],
                  abilities=[OpCall("a", {}, text="魔力増加（説明）")], formats=["std"]),
    ]
    fogs = [Fog(id="up", name="アップ", ruby="あっぷ", type="速攻魔法", category="quick", key=None,
                key_text="♡A〜10", abilities=[OpCall("a", {}, text="サイズが加算される。")], formats=["lite", "std"])]
    edition = Edition(
        id="act9.9", name="第九版", date="2030/1/1", game="bp", flow="f", notation="trigger-speed-timing",
        terms={"size": "サイズ", "size_label": "サイズ"},
        formats=[Format("lite", "ライト", 0, mark="■"), Format("std", "スタンダード", 1, mark="○")],
        categories=[Category("basic", "基本"), Category("magic", "速攻魔法"), Category("quick", "速攻魔法", "fog")],
        actions={a.id: a for a in actions},
        characters={c.id: c for c in chars},
        fogs={f.id: f for f in fogs},
        supplements={"symbols": "@:トリガー-スピード-タイミング, $:コスト, ★:キーカード", "costs": ["B", "L"],
                     "placement": ["・防壁を置く時はライフ側に詰めて置く。"], "triggering": "誘発の説明 & <b>"},
        colophon={"title": "BlackPoker ActionList 第九版", "issued": "2030/1/1", "copyright": "2013 BlackPoker"},
    )
    return Definitions(games={"bp": game}, editions={edition.id: edition})
