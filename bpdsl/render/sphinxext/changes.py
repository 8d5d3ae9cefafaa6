"""``.. bpdsl-diff:: act6.1 act8.0`` — what changed between two editions, computed on the model by
:func:`bpdsl.dsl.diff.diff_editions` (the same data ``bpdsl diff`` prints).

Option ``:details:`` adds the old and new value of every changed field."""
from __future__ import annotations

from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from bpdsl.render.sphinxext.data import definitions
from bpdsl.render.sphinxext.nodes import simple_table
from bpdsl.dsl.diff import diff_editions

STATUS = {"added": "追加", "removed": "削除", "changed": "変更"}
KIND = {"action": "アクション", "character": "キャラクター", "fog": "フォグ"}


class DiffDirective(SphinxDirective):
    required_arguments = 2
    option_spec: ClassVar[dict[str, Any]] = {"details": directives.flag}

    def run(self) -> list[nodes.Node]:

        defs = definitions(self.env)
        old_id, new_id = self.arguments
        missing = [e for e in (old_id, new_id) if e not in defs.editions]
        if missing:
            raise self.error(f"unknown edition(s): {', '.join(missing)}; known: {', '.join(defs.editions)}")
        result = diff_editions(defs.editions[old_id], defs.editions[new_id])
        out: list[nodes.Node] = []
        if result.edition:
            rows = [[f.field, f.old, f.new] for f in result.edition]
            out.append(simple_table(["版の項目", old_id, new_id], rows, widths=[2, 4, 4], classes=["bpdsl-diff"]))
        details = "details" in self.options
        rows = []
        for change in result.entries:
            name = change.name + (f"（旧 id {change.old_id}）" if change.old_id else "")
            if details and change.fields:
                fields: Any = nodes.bullet_list()
                for f in change.fields:
                    li = nodes.list_item()
                    note = "（表記のみ）" if f.printed_only else ""
                    li += nodes.paragraph(text=f"{f.field}{note}: {f.old} → {f.new}")
                    fields += li
            else:
                fields = "、".join(f.field for f in change.fields)
            rows.append([KIND.get(change.kind, change.kind), name, STATUS.get(change.status, change.status), fields])
        if rows:
            out.append(simple_table(["種別", "名前", "変更", "変わった項目"], rows, widths=[2, 3, 1, 6],
                                    classes=["bpdsl-diff"]))
        if not out:
            out.append(nodes.paragraph(text=f"{old_id} と {new_id} に違いはありません。"))
        return out


def setup(app: Any) -> None:
    app.add_directive("bpdsl-diff", DiffDirective, override=True)
