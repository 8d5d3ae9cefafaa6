"""Regulation tables of the rulebook, printed from the regulation definitions (never typed by hand).

Directives (optional argument: the regulation system id, default ``bp2024``):

``.. bpdsl-format-kinds::``       Table 4.2 種類 and 4.4 フォーマット定義 (difficulty, printed counts, lists)
``.. bpdsl-frames::``             Table 5.1 フレーム一覧
``.. bpdsl-match-types::``        5.2.1 マッチ形式 (rules and the 2-deck procedure)
``.. bpdsl-frame-compat::``       Table 5.2 フレーム対応一覧
``.. bpdsl-options::``            5.3 オプション定義 (with the actions an option adds)
``.. bpdsl-option-compat::``      Table 5.3 オプション対応一覧
``.. bpdsl-named-regulations::``  the 2021 rulebook's named regulations (argument default ``bp2021``)
``.. bpdsl-scenario-build::``     シナリオ構築 (第9.1版): trumps, rare cards and the シナリオ手札 a build may fix
"""
from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from bpdsl.games.blackpoker.regulation.model import RegulationSystem
from bpdsl.render.sphinxext.data import definitions
from bpdsl.render.sphinxext.nodes import simple_table

_TRIGGER = {"direct": "直接", "triggered": "誘発"}
_SPEED = {"instant": "即時", "normal": "通常"}
_TIMING = {"main": "メイン", "quick": "クイック"}
_BUILD = {"fixed": "固定", "random": "ランダム", "constructed": "構築"}


class _RegulationDirective(SphinxDirective):
    optional_arguments = 1
    default_system = "bp2024"

    def system(self) -> RegulationSystem:

        defs = definitions(self.env)
        found = {k: v for k, v in defs.regulations.items() if isinstance(v, RegulationSystem)}
        sid = self.arguments[0] if self.arguments else self.default_system
        if sid not in found:
            raise self.error(f"unknown regulation system {sid!r}; known: {', '.join(found) or '(none)'}")
        return found[sid]

    def table(self, caption: str, headers: list[str], rows: list[list[Any]], widths: list[int] | None = None
              ) -> nodes.table:

        table = simple_table(headers, rows, widths=widths, classes=["bpdsl-regulation"])
        title = nodes.title(text=caption)
        table.insert(0, title)
        return table


class FormatKinds(_RegulationDirective):
    def run(self) -> list[nodes.Node]:
        s = self.system()
        rows = [[f.name, "★" * f.difficulty, f.printed_actions, f.printed_characters, "有" if f.trump else "無",
                 f.action_list, f.extra_list or "x"] for f in s.formats.values()]
        return [self.table("Table 4.2 フォーマットの種類", ["フォーマット名", "難易度", "アクション数", "キャラクター数",
                                                  "切札有無", "アクションリスト", "エクストラリスト"], rows,
                           [3, 2, 2, 2, 1, 2, 2])]


class Frames(_RegulationDirective):
    def run(self) -> list[nodes.Node]:
        s = self.system()
        rows = []
        for fr in s.frames.values():
            texts = fr.deck.deck_texts() + ["x"]
            rows.append([fr.name, _BUILD[fr.build], s.match_types[fr.match].name, fr.method, texts[0], texts[1]])
        return [self.table("Table 5.1 フレーム一覧", ["フレーム", "構築タイプ", "マッチ形式", "デッキ構成方法",
                                                 "デッキ 1", "デッキ 2"], rows, [2, 1, 2, 5, 1, 2])]


class MatchTypes(_RegulationDirective):
    def run(self) -> list[nodes.Node]:
        s = self.system()
        out: list[nodes.Node] = []
        for mt in s.match_types.values():
            sec = nodes.rubric(text=mt.name)
            out.append(sec)
            out.append(_bullets(mt.rules or [f"{mt.games_to_win} ゲームに勝ったプレイヤーの対戦勝利とする"]))
            if mt.procedure:
                out.append(nodes.paragraph(text=f"{mt.name}の手順"))
                out.append(_enumerated(mt.procedure))
        return out


class FrameCompat(_RegulationDirective):
    def run(self) -> list[nodes.Node]:
        s = self.system()
        t = s.frame_table
        if t is None:
            raise self.error(f"{s.id} has no frame table")
        cols = list(s.formats)
        rows = [[s.frames[r].name] + [cells[c] for c in cols] for r, cells in t.rows.items()]
        return [self.table(f"Table {t.number} {t.title}", ["【フレーム】"] + [s.formats[c].name for c in cols], rows)]


class OptionCompat(_RegulationDirective):
    def run(self) -> list[nodes.Node]:
        s = self.system()
        tf, tr = s.option_format_table, s.option_frame_table
        if tf is None or tr is None:
            raise self.error(f"{s.id} has no option tables")
        cols = list(s.options)
        rows: list[list[Any]] = [[nodes.strong(text="【フォーマット】")] + [""] * len(cols)]
        rows += [[s.formats[r].name] + [cells[c] for c in cols] for r, cells in tf.rows.items()]
        rows.append([nodes.strong(text="【フレーム】")] + [""] * len(cols))
        rows += [[s.frames[r].name] + [cells[c] for c in cols] for r, cells in tr.rows.items()]
        return [self.table(f"Table {tf.number} オプション対応一覧", [""] + [s.options[c].name for c in cols], rows)]


class Options(_RegulationDirective):
    def run(self) -> list[nodes.Node]:
        s = self.system()
        out: list[nodes.Node] = []
        for o in s.options.values():
            out.append(nodes.rubric(text=f"{o.section} {o.name}".strip()))
            out.append(nodes.paragraph(text=o.summary))
            out.append(nodes.paragraph(text="ルール: " + o.rule))
            for a in o.actions:
                head = f"【{a.name}】<{a.type}> @{_TRIGGER[a.trigger]}-{_SPEED[a.speed]}-{_TIMING[a.timing]}"
                block = nodes.container(classes=["bpdsl-option-action"])
                block += nodes.paragraph(text=head)
                for note in a.printed(a.conditions):
                    block += nodes.paragraph(text="※" + note)
                block += nodes.paragraph(text=f"（{_SPEED[a.speed]}効果）")
                block += _enumerated(a.printed(a.effect))
                if a.remark:
                    block += nodes.paragraph(text=f"注) {a.remark}")
                out.append(block)
        if s.exclusive_options:
            out.append(nodes.paragraph(text="同時に選べないオプション:"))
            out.append(_bullets([
                " と ".join(s.options[i].name for i in ids) + f" — {reason}" for ids, reason in s.exclusive_options
            ]))
        return out


class ScenarioBuild(_RegulationDirective):
    """シナリオ構築 (第9.1版): what a player fixes before the game apart from the deck, as the system rules it."""

    def run(self) -> list[nodes.Node]:
        s = self.system()
        rule = s.scenario_build
        if rule is None:
            raise self.error(f"{s.id} has no scenario_build rule")
        rows = [["切札", f"{rule.max_trumps} 枚まで（切札のあるフォーマットのみ）"],
                ["レアカード", f"{rule.max_rare_cards} 枚まで"],
                ["シナリオ手札", f"{rule.scenario_hand} 枚、またはなし（ゲーム開始後は通常の手札）"]]
        out: list[nodes.Node] = [self.table("シナリオ構築", ["要素", "決まり"], rows, [1, 4])]
        if rule.source:
            out.append(nodes.paragraph(text="出典: " + rule.source))
        return out


class NamedRegulations(_RegulationDirective):
    default_system = "bp2021"

    def run(self) -> list[nodes.Node]:
        s = self.system()
        rows = []
        for r in s.named.values():
            mt = s.match_types[r.match]
            rows.append([r.section, r.name, s.formats[r.format].name, r.condition, " / ".join(r.deck.deck_texts()),
                         mt.name])
        table = self.table("対戦レギュレーション一覧 (2021)", ["節", "レギュレーション", "フォーマット", "デッキ条件",
                                                    "デッキ", "対戦"], rows, [1, 3, 2, 5, 2, 2])
        pools = sorted({r.pool for r in s.named.values()})
        return [table, nodes.paragraph(text="使用できるカード: " + "; ".join(pools))]


def _bullets(items: Any) -> nodes.bullet_list:
    lst = nodes.bullet_list()
    for text in items:
        lst += nodes.list_item("", nodes.paragraph(text=text))
    return lst


def _enumerated(items: Any) -> nodes.enumerated_list:
    lst = nodes.enumerated_list(enumtype="arabic")
    for text in items:
        lst += nodes.list_item("", nodes.paragraph(text=text))
    return lst


def setup(app: Any) -> None:
    app.add_directive("bpdsl-format-kinds", FormatKinds, override=True)
    app.add_directive("bpdsl-frames", Frames, override=True)
    app.add_directive("bpdsl-match-types", MatchTypes, override=True)
    app.add_directive("bpdsl-frame-compat", FrameCompat, override=True)
    app.add_directive("bpdsl-options", Options, override=True)
    app.add_directive("bpdsl-option-compat", OptionCompat, override=True)
    app.add_directive("bpdsl-named-regulations", NamedRegulations, override=True)
    app.add_directive("bpdsl-scenario-build", ScenarioBuild, override=True)
