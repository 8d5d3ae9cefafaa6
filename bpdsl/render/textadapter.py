"""Turn the printed text of an entry (from :mod:`bpdsl.render.text`) into the templates' view model.

:mod:`bpdsl.render.text` owns the wording: it renders each op call through its phrase (or the step's
``text`` override) in the edition's own notation.  This module only reshapes that result into
:class:`~bpdsl.render.view.EntryView`.  When ``text`` offers no structured entry for a kind of entry, the
entry is assembled here from the same op phrases (never from anything else), so every printed word still
comes from the executable definition.
"""
from __future__ import annotations

import importlib
from typing import Any, Mapping, Sequence

from bpdsl.model import Action, Character, Definitions, Edition, Fog, Format, OpCall
from bpdsl.render.view import Block, EntryView, Item, Section

TRIGGER = {"direct": "直接", "triggered": "誘発"}
SPEED = {"instant": "即時", "normal": "通常"}
TIMING = {"main": "メイン", "quick": "クイック"}


def _text_module() -> Any | None:
    try:
        return importlib.import_module("bpdsl.render.text")
    except ImportError:
        return None


class TextSource:
    """Printed text of the entries of one edition."""

    def __init__(self, defs: Definitions, edition: Edition):
        self.defs = defs
        self.edition = edition
        self.text = _text_module()
        names: dict[str, str] = {}
        for table in (edition.actions, edition.characters, edition.fogs):
            names.update({eid: e.name for eid, e in table.items()})
        self.names = names
        self._ctx: Any = None

    # ------------------------------------------------------------------ phrases

    @property
    def ctx(self) -> Any:
        if self._ctx is None:
            from bpdsl.ops.registry import PhraseContext

            self._ctx = PhraseContext(self.edition.terms, self.names)
        return self._ctx

    def phrase(self, call: OpCall) -> str:
        if call.text is not None:
            return call.text
        from bpdsl.ops import registry

        return registry.get(call.op).render(self.ctx, call.args)

    # ------------------------------------------------------------------ entries

    def entry(self, entry: Action | Character | Fog, fmt: Format, part: str) -> EntryView:
        from bpdsl.render.sheet import mark_of

        mark = mark_of(self.edition, entry.formats, fmt)
        if isinstance(entry, Action):
            return self._action(entry, mark)
        if isinstance(entry, Character):
            return self._character(entry, mark)
        return self._fog(entry, mark)

    def request_text(self, action: Action) -> str:
        r = action.request
        if self.edition.notation == "timing":
            return f"@{TIMING[r.timing]}"
        return f"@{TRIGGER[r.trigger]}-{SPEED[r.speed]}-{TIMING[r.timing]}"

    def effect_label(self, action: Action) -> str:
        if self.edition.notation == "timing":
            return f"（{SPEED[action.request.speed]}効果）"
        return "(効果)"

    def _steps(self, calls: Sequence[OpCall], numbered: bool) -> list[Block]:
        texts = [self.phrase(c) for c in calls]
        if len(texts) == 1 or not numbered:
            blocks: list[Block] = []
            for t in texts:
                blocks.extend(text_to_blocks(t))
            return blocks
        return [Block(items=[text_to_item(t, "decimal") for t in texts], style="decimal")]

    def _action(self, a: Action, mark: str) -> EntryView:
        six = self.edition.notation == "timing"
        sections: list[Section] = []
        if a.conditions:
            label = "※" if six else "(起動条件)"
            sections.append(Section(label, self._steps(a.conditions, False), "condition"))
        if a.when is not None:
            sections.append(Section("(誘発条件)", [Block(text=self.phrase(a.when))], "when"))
        if a.target is not None:
            sections.append(Section("（対象）" if six else "(対象)", [Block(text=self.phrase(a.target))], "target"))
        effect = self._steps(a.effect, True)
        if a.lead:
            effect.insert(0, Block(text=a.lead))
        sections.append(Section(self.effect_label(a), effect, "effect"))
        for note in a.notes:
            sections.append(Section("※", [Block(text=self.phrase(note))], "note"))
        return EntryView(
            id=a.id, mark=mark, name=a.name, ruby=a.ruby, type=a.type, request=self.request_text(a),
            cost=f"$ {a.cost}" if a.cost else "", key=f"★ {a.key_text}" if a.key_text else "",
            sections=sections, section="action",
        )

    def _character(self, c: Character, mark: str) -> EntryView:
        sections: list[Section] = []
        size = ""
        if c.size is not None:
            size = f"{self.edition.terms.get('size', 'サイズ')}：{self.phrase(c.size)}"
        if c.labels:
            labels = "、".join(self.phrase(lab) for lab in c.labels)
            sections.append(Section("(ラベル)", [Block(text=labels)], "label"))
        if c.abilities:
            items = [text_to_item(self.phrase(ab), "bullet") for ab in c.abilities]
            sections.append(Section("(能力)", [Block(items=items, style="bullet")], "ability"))
        return EntryView(
            id=c.id, mark=mark, name=c.name, ruby=c.ruby, type=c.type, request="", cost="",
            key=f"★ {c.key_text}" if c.key_text else "", size=size, sections=sections, section="character",
        )

    def _fog(self, f: Fog, mark: str) -> EntryView:
        blocks: list[Block] = []
        for ab in f.abilities:
            blocks.extend(text_to_blocks(self.phrase(ab)))
        sections = [Section("(能力)", blocks, "ability")]
        return EntryView(
            id=f.id, mark=mark, name=f.name, ruby=f.ruby, type=f.type, request="", cost="",
            key=f"★ {f.key_text}" if f.key_text else "", sections=sections, section="fog",
        )


# Marker of a nested list, by the marker of the list (or paragraph) it sits under: the official sheets
# number sub-steps of a numbered step (a), (b) and theirs i., ii.; sub-items of a paragraph are ・ bullets,
# and the steps of a ・ item are numbered.
CHILD_STYLE = {"": "bullet", "bullet": "decimal", "decimal": "alpha", "alpha": "roman", "roman": "bullet"}


def _tree(text: str) -> list[tuple[str, list[Any]]]:
    """Lines indented by two spaces per level -> (line, children) trees."""
    root: list[tuple[str, list[Any]]] = []
    stack: list[tuple[int, list[tuple[str, list[Any]]]]] = [(-1, root)]
    for raw in text.split("\n"):
        if not raw.strip():
            continue
        depth = (len(raw) - len(raw.lstrip(" "))) // 2
        node: tuple[str, list[Any]] = (raw.strip(), [])
        while stack and stack[-1][0] >= depth:
            stack.pop()
        parent_children = stack[-1][1] if stack else root
        parent_children.append(node)
        stack.append((depth, node[1]))
    return root


def _children_block(children: list[tuple[str, list[Any]]], parent_style: str) -> Block:
    style = CHILD_STYLE.get(parent_style, "bullet")
    return Block(items=[Item(t, [_children_block(c, style)] if c else []) for t, c in children], style=style)


def text_to_blocks(text: str, parent_style: str = "") -> list[Block]:
    """A phrase as paragraphs, each followed by the nested list of its indented sub-lines."""
    blocks: list[Block] = []
    for line, children in _tree(text):
        blocks.append(Block(text=line))
        if children:
            blocks.append(_children_block(children, parent_style))
    return blocks


def text_to_item(text: str, style: str) -> Item:
    """A phrase as one item of a list of the given style; its indented sub-lines become nested lists."""
    tree = _tree(text)
    if not tree:
        return Item("")
    head, children = tree[0]
    item = Item(head, [_children_block(children, style)] if children else [])
    for line, more in tree[1:]:  # further top-level lines continue the same item
        item.children.append(Block(text=line))
        if more:
            item.children.append(_children_block(more, style))
    return item


def blocks_from(value: Any) -> list[Block]:
    """Accept the shapes a text layer may hand over: str, list of str (numbered), nested mappings."""
    if value is None:
        return []
    if isinstance(value, str):
        return [Block(text=value)]
    if isinstance(value, Block):
        return [value]
    if isinstance(value, Mapping):
        items = [Item(str(k), blocks_from(v)) for k, v in value.items()]
        return [Block(items=items)]
    return [Block(text=str(v)) if isinstance(v, str) else Block(items=[Item(str(v))]) for v in value]
