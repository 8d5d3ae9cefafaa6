"""A :class:`~bpdsl.render.history.History` as a document: reStructuredText, Markdown, HTML and PDF.

The text forms follow the official 変更履歴 pages: a title, one section per part (共通ルール, アクション
リスト・用語, エクストラ), one bullet per entry and, under it, each printed field as 旧 / 新.  The HTML is a
jinja2 template (autoescaped) with its print CSS inlined; the PDF is that HTML through weasyprint.
"""
from __future__ import annotations

import jinja2

from bpdsl.render.history import Change, History, Item
from bpdsl.render.html import TEMPLATES_DIR, environment, stylesheet
from bpdsl.render.pdf import html_to_pdf

FORMATS = ("rst", "md", "html", "pdf")
STATUS_WORDS = {"added": "追加", "removed": "削除", "changed": "変更"}


def _one_line(text: str) -> str:
    return " / ".join(line for line in text.splitlines() if line.strip()) or "なし"


def _item_lines(item: Item, bullet: str, indent: str, code: str) -> list[str]:
    rule = item.kind == "edition" and not item.changes  # a sentence of the rules text, not a name
    head = f"{bullet} {item.label}" if rule else f"{bullet} {code}{item.label}{code}"
    if item.kind != "edition":
        head += f"（{item.status_word}）"
    lines = [head, ""]
    if item.note:  # the edition's own reading: never passed off as the official history's
        lines += [f"{indent}{bullet} ※ この版の判断（公式の変更履歴にない）: {item.note}", ""]
    if item.status == "removed":
        return lines
    for c in item.changes:
        lines += _change_lines(c, item.status, bullet, indent)
    return lines


def _change_lines(c: Change, status: str, bullet: str, indent: str) -> list[str]:
    if status == "added":
        return [f"{indent}{bullet} {c.field}: {_one_line(c.new)}", ""]
    return [f"{indent}{bullet} {c.field}", "",
            f"{indent}{indent}{bullet} 旧: {_one_line(c.old)}",
            f"{indent}{indent}{bullet} 新: {_one_line(c.new)}", ""]


def to_rst(h: History) -> str:
    """The history as a reStructuredText page (the official 変更履歴 pages are reST)."""
    title = h.title
    out = [title, "=" * (2 * len(title)), "", ".. note::", "",
           f"   bpdsl が {h.old_name} ({h.old_id}) と {h.new_name} ({h.new_id}) の定義を比較して生成した変更履歴です。", ""]
    for part in h.parts:
        out += [part.title, "-" * (2 * len(part.title)), ""]
        for g in part.groups:
            out += [g.title, "~" * (2 * len(g.title)), ""]
            for item in g.items:
                out += _item_lines(item, "*", "  ", "``")
    return "\n".join(out).rstrip() + "\n"


def to_md(h: History) -> str:
    """The history as Markdown."""
    out = [f"# {h.title}", "",
           f"> bpdsl が {h.old_name} ({h.old_id}) と {h.new_name} ({h.new_id}) の定義を比較して生成した変更履歴です。", ""]
    for part in h.parts:
        out += [f"## {part.title}", ""]
        for g in part.groups:
            out += [f"### {g.title}", ""]
            for item in g.items:
                out += _item_lines(item, "-", "  ", "`")
    return "\n".join(out).rstrip() + "\n"


def to_html(h: History) -> str:
    """The history as one self-contained HTML document (autoescaped; the print CSS inlined)."""
    env = environment(str(TEMPLATES_DIR))
    css = jinja2.utils.markupsafe.Markup(stylesheet("history.css"))
    return env.get_template("history.html.j2").render(h=h, css=css, words=STATUS_WORDS)


def to_pdf(h: History) -> bytes:
    return html_to_pdf(to_html(h), base_url=TEMPLATES_DIR)


def render(h: History, fmt: str) -> str | bytes:
    if fmt == "rst":
        return to_rst(h)
    if fmt == "md":
        return to_md(h)
    if fmt == "html":
        return to_html(h)
    if fmt == "pdf":
        return to_pdf(h)
    raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {fmt!r}")
