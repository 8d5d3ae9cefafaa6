"""The view model of a printed sheet: exactly what the templates show, and nothing they must compute.

The renderer's pipeline is ``Edition`` -> (:mod:`bpdsl.render.text`: printed text of each entry) ->
:class:`SheetView` -> (jinja2 template) -> HTML -> PDF.  Keeping this layer as plain dataclasses means the
templates contain no rule knowledge and no string building beyond layout, and the tests can inspect what
will be printed without parsing HTML.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from bpdsl.render.marks import Legend


@dataclass
class Item:
    """One item of a list: its text and, possibly, nested lists under it (e.g. 2.(a) i.)."""

    text: str
    children: list["Block"] = field(default_factory=list)


@dataclass
class Block:
    """A paragraph (``items`` empty, ``text`` set) or a list of items.

    ``style`` is how the list is marked: ``"decimal"`` (1. 2.), ``"alpha"`` ((a) (b)), ``"roman"`` (i. ii.)
    or ``"bullet"`` (・).  Paragraph text may be empty for a section that only holds a list.
    """

    text: str = ""
    items: list[Item] = field(default_factory=list)
    style: str = "bullet"

    @property
    def is_list(self) -> bool:
        return bool(self.items)


@dataclass
class Section:
    """One labelled part of an entry: (起動条件), ※ notes, (誘発条件), (対象), (効果), (能力), (ラベル) ..."""

    label: str  # printed label, e.g. "(効果)", "（即時効果）", "※" or "" for an unlabelled line
    blocks: list[Block]
    kind: str = ""  # condition, note, when, target, effect, ability, label, size (for CSS and tests)


@dataclass
class EntryView:
    """An action, character or fog as printed on the sheet."""

    id: str
    mark: str  # ■ / ○ / ""
    name: str
    ruby: str
    type: str  # printed type in parentheses: 召喚, 速攻魔法 ...
    request: str  # "@直接-通常-メイン" / "@メイン" / ""
    cost: str  # "$ BL" / ""
    key: str  # "★ 2〜10" / ""
    size: str = ""  # "サイズ：1" (characters of act8.0)
    sections: list[Section] = field(default_factory=list)
    section: str = "action"  # action | character | fog
    tags: str = ""  # act6.1 prints the formats of an entry after its name: "[lite]"
    key_line: bool = False  # act8.0 prints "★ 2〜10" on its own line under the header
    # printed only on request (bpdsl render actionlist --story): the entry's story and flavor text
    story: str = ""
    flavor: str = ""
    flavor_speaker: str = ""
    # a redline sheet (bpdsl render actionlist --redline OLD): "new" (not on the old sheet) or "changed", and
    # the old printed text of each changed field (name, type, request, cost, key, size, or a section's kind)
    change: str = ""
    was: dict[str, str] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """All printed text of the entry in reading order (for search and tests)."""
        parts = [self.mark, self.name, self.type, self.tags, self.request, self.cost, self.key, self.size]
        for sec in self.sections:
            parts.append(sec.label)
            for block in sec.blocks:
                parts.extend(_block_texts(block))
        return " ".join(p for p in parts if p)


def _block_texts(block: Block) -> list[str]:
    out = [block.text] if block.text else []
    for item in block.items:
        out.append(item.text)
        for child in item.children:
            out.extend(_block_texts(child))
    return out


@dataclass
class Group:
    """A printed group heading (基本, 召喚, 展開系 ...) with its entries."""

    heading: str
    entries: list[EntryView]
    category: str = ""  # id of the edition's category


@dataclass
class Box:
    """A supplement box: (補足) 記号の意味, コストの意味, 防壁の置き方, 誘発する場合."""

    title: str
    lines: list[str]
    bullets: bool = False  # lines printed as ・ items (防壁の置き方)


@dataclass
class ListPart:
    """One of the lists of a sheet: アクションリスト, キャラクターリスト, フォグリスト."""

    id: str  # action | character | fog
    title: str  # アクションリスト
    subtitle: str  # Action List
    groups: list[Group]

    @property
    def entries(self) -> list[EntryView]:
        return [e for g in self.groups for e in g.entries]


@dataclass
class SheetView:
    """A whole action list of one edition and format."""

    edition_id: str
    edition_name: str  # 第八版
    format_id: str
    format_name: str  # スタンダード
    date: str
    game_name: str  # BlackPoker
    boxes: list[Box]
    parts: list[ListPart]
    colophon: list[tuple[str, str]]  # (誌名, BlackPoker ActionList 第八版 act8.0) ...
    legend: Legend = field(default_factory=Legend)  # what the format marks mean on this sheet
    redline_of: str = ""  # a redline sheet: the edition (name and id) it marks the changes against
    removed: list[str] = field(default_factory=list)  # a redline sheet: entries of the old sheet not on this one

    @property
    def title(self) -> str:
        return f"{self.edition_name} {self.edition_id} {self.format_name}"

    def part(self, pid: str) -> ListPart | None:
        return next((p for p in self.parts if p.id == pid), None)

    @property
    def entries(self) -> list[EntryView]:
        return [e for p in self.parts for e in p.entries]
