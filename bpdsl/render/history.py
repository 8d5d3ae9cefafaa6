"""The change history between two editions, printed as a player reads it (a 変更履歴).

``bpdsl diff`` compares the model (op calls, expressions, patterns); a player reads the sheet.  This module
compares what each edition *prints* -- every entry's type, request, cost, key and sections as
:mod:`bpdsl.render.text` renders them, every trump's name and ability -- and groups the differences like
the official change histories do:

* 共通ルール -- the 基本 actions every list carries (ドロー, チャージ …);
* アクションリスト・用語 -- the edition's categories (魔法分類) and terms, then every other entry of the base
  lists; entries whose only change is their category are gathered into one line per move
  (「アップ, ダウン … : 速攻魔法 → 基礎魔法」);
* エクストラ -- the trump operations (切札操作), then one group per trump card, suit by suit (♠ ♡ ◇ ♣) and
  number by number: the trump's own name and ability, and the actions and characters it brings.

Each change is the printed field with its old and new text.  Entries are matched by id, so a renamed entry
shows ``名称: 旧 → 新``.  Pure data (:class:`History`); :mod:`bpdsl.render.historyout` prints it as reST,
Markdown, HTML and PDF.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from bpdsl.model import Action, Character, Edition, Fog, Trump
from bpdsl.render.text import EntryText, entry_text, phrase_context, trump_text

SUIT_ORDER = ("spade", "heart", "diamond", "club")
SUIT_TITLES = {"spade": "スペード系 ♠", "heart": "ハート系 ♡", "diamond": "ダイヤ系 ◇", "club": "クラブ系 ♣"}
SUIT_MARKS = {"spade": "♠", "heart": "♡", "diamond": "◇", "club": "♣"}
FIELD_LABELS = {"name": "名称", "type": "タイプ", "request": "@", "cost": "コスト", "key": "キーカード",
                "condition": "起動条件", "when": "誘発条件", "target": "対象", "effect": "効果", "note": "※",
                "size": "サイズ", "label": "ラベル", "ability": "能力", "formats": "フォーマット", "unit": "ユニット"}
KIND_WORDS = {"action": "アクション", "character": "キャラクター", "fog": "フォグ", "trump": "切札"}


@dataclass
class Change:
    """One printed field of one entry, before and after (``old`` empty: the field is new)."""

    field: str  # printed label: 効果, コスト, …
    old: str
    new: str


@dataclass
class Item:
    """One entry of the history: an entry added, removed or changed (with its changed fields), or a line
    of the edition itself (a category move)."""

    name: str  # printed name in the new edition (the old one for a removed entry)
    kind: str  # action | character | fog | trump | edition
    status: str  # added | removed | changed
    id: str = ""
    changes: list[Change] = field(default_factory=list)
    summary: str = ""  # one-line description when there are no field changes to list (a category move)
    old_name: str = ""  # the name it was printed under before, when renamed (「粉砕（旧 チャリオット防壁破壊）」)
    note: str = ""  # the edition's own reading, not the official history's: printed as such

    @property
    def label(self) -> str:
        """The name as the history prints it: a trump or character is said to be one (「切札 誘惑」), a renamed
        entry with its former name (「粉砕（旧 チャリオット防壁破壊）」)."""
        name = f"{KIND_WORDS[self.kind]} {self.name}" if self.kind in ("trump", "character", "fog") else self.name
        return f"{name}（旧 {self.old_name}）" if self.old_name and self.old_name != self.name else name

    @property
    def status_word(self) -> str:
        """追加, 削除, 変更 — or 名称変更 for an entry that is new here under a name it had before."""
        if self.old_name and self.status == "added":
            return "名称変更"
        return {"added": "追加", "removed": "削除", "changed": "変更"}[self.status]


@dataclass
class Group:
    title: str  # 「♠5 蘇生」, 「切札操作」, 「魔法分類」 …
    items: list[Item] = field(default_factory=list)


@dataclass
class Part:
    title: str  # 共通ルール, アクションリスト・用語, エクストラ
    groups: list[Group] = field(default_factory=list)
    subtitle: str = ""

    @property
    def items(self) -> list[Item]:
        return [i for g in self.groups for i in g.items]


@dataclass
class History:
    old_id: str
    old_name: str
    new_id: str
    new_name: str
    date: str
    parts: list[Part]

    @property
    def title(self) -> str:
        return f"{self.new_name} 変更履歴"

    @property
    def items(self) -> list[Item]:
        return [i for p in self.parts for i in p.items]

    def text(self) -> str:
        """Every printed word of the history, one name, field, old or new text a line: what a test searches."""
        out = [self.title]
        for p in self.parts:
            out.append(p.title)
            for g in p.groups:
                out.append(g.title)
                for i in g.items:
                    out += [i.label, i.summary, i.note] + [x for c in i.changes for x in (c.field, c.old, c.new)]
        return "\n".join(x for x in out if x)


# --------------------------------------------------------------------------- printed fields


def printed(t: EntryText) -> dict[str, str]:
    """The printed fields of an entry, by the history's field names (the section texts joined)."""
    out = {"name": t.name, "type": t.type, "request": t.request, "cost": t.cost.removeprefix("$ ").strip(),
           "key": t.key.removeprefix("★ ").strip()}
    for s in t.sections:
        text = "\n".join(s.lines())
        out[s.kind] = f"{out[s.kind]}\n{text}" if s.kind in out and out[s.kind] else text
    return {k: v for k, v in out.items() if v}


def _changes(old: dict[str, str], new: dict[str, str]) -> list[Change]:
    keys = list(new) + [k for k in old if k not in new]
    return [Change(FIELD_LABELS.get(k, k), old.get(k, ""), new.get(k, "")) for k in keys if old.get(k, "") != new.get(k, "")]


def _format_names(edition: Edition, ids: Iterable[str]) -> str:
    names = {f.id: f.name for f in edition.formats}
    return ", ".join(names.get(i, i) for i in ids)


def _entry_item(old_ed: Edition, new_ed: Edition, kind: str, old: Any, new: Any, octx: Any, nctx: Any) -> Item | None:
    if old is None:
        fields = printed(entry_text(new_ed, new, None, nctx))
        return Item(new.name, kind, "added", new.id,
                    [Change(FIELD_LABELS.get(k, k), "", v) for k, v in fields.items() if k != "name"])
    if new is None:
        return Item(old.name, kind, "removed", old.id)
    changes = _changes(printed(entry_text(old_ed, old, None, octx)), printed(entry_text(new_ed, new, None, nctx)))
    fa, fb = _format_names(old_ed, old.formats), _format_names(new_ed, new.formats)
    if fa != fb:
        changes.append(Change(FIELD_LABELS["formats"], fa, fb))
    return Item(new.name, kind, "changed", new.id, changes, old_name=old.name) if changes else None


def _trump_fields(edition: Edition, t: Trump, ctx: Any) -> dict[str, str]:
    fields = printed(trump_text(edition, t, ctx))
    fields.pop("type", None)
    if t.beta:
        fields["name"] += " β"
    return fields


# --------------------------------------------------------------------------- grouping


def _category(edition: Edition, cid: str | None) -> str:
    return next((c.name for c in edition.categories if c.id == cid), cid or "")


def _is_common(entry: Any) -> bool:
    return isinstance(entry, Action) and entry.trump is None and entry.category == "basic"


def build_history(old: Edition, new: Edition, between: Sequence[Edition] = ()) -> History:
    """The printed differences between ``old`` and ``new``, grouped like an official change history.

    A change of how trumps are printed (the edition term ``trump_style``) is one line of the edition, not
    a change of every trump action: the old edition is read in the new one's style for the entries.
    ``between`` are the editions ``new`` extends down to ``old`` (a draft): an entry ``old`` never printed
    that one of them printed under another name is a rename (「粉砕（旧 チャリオット防壁破壊）」).  The
    edition's ``history:`` adds the changes of the rules text no list shows and marks the changes that
    are its own reading rather than the official history's (``inferred``)."""
    notes = dict(new.history.get("inferred") or {})
    notation = old.terms.get("trump_style") != new.terms.get("trump_style")
    if notation:
        old = dataclasses.replace(old, terms={**old.terms, "trump_style": new.terms.get("trump_style")})
    octx, nctx = phrase_context(old), phrase_context(new)
    common, listed, moves = Part("共通ルール"), Part("アクションリスト・用語"), Group("魔法分類・アクション分類の移動")
    extra = Part("エクストラ")
    ops_group = Group("切札操作")
    terms = _edition_group(old, new)
    if notation:
        terms.items.append(Item("切札のアクションの表記", "edition", "changed", summary="表記のみの変更",
                                changes=[Change("起動条件", "切札の能力「…アクションを起こすことができる。」",
                                                "各アクションの起動条件「自分の表切札に「…」がある」")]))
    if terms.items:
        listed.groups.append(terms)
    base_common, base_other = Group("基本アクション"), Group("アクション・キャラクター・フォグ")
    moved: dict[tuple[str, str], list[str]] = {}
    for kind, attr in (("action", "actions"), ("character", "characters"), ("fog", "fogs")):
        a: dict[str, Any] = getattr(old, attr)
        b: dict[str, Any] = getattr(new, attr)
        for eid in list(b) + [k for k in a if k not in b]:
            before, after = a.get(eid), b.get(eid)
            entry = after if after is not None else before
            if getattr(entry, "trump", None) is not None:
                continue  # listed with its trump below
            item = _entry_item(old, new, kind, before, after, octx, nctx)
            if item is None:
                continue
            if isinstance(entry, Action) and entry.category == "trump":
                ops_group.items.append(item)
                continue
            if (kind == "action" and item.status == "changed" and before.category != after.category
                    and {c.field for c in item.changes} <= {FIELD_LABELS["type"]}):
                key = (_category(old, before.category), _category(new, after.category), str(notes.get(eid, "")))
                moved.setdefault(key, []).append(after.name)
                continue
            (base_common if _is_common(entry) else base_other).items.append(item)
    for (was, now, note), names in sorted(moved.items(), key=lambda kv: bool(kv[0][2])):  # the stated first
        moves.items.append(Item("、".join(names), "edition", "changed", summary=f"{was} → {now}",
                                changes=[Change("分類", was, now)], note=note))
    if base_common.items:
        common.groups.append(base_common)
    if moves.items:
        listed.groups.append(moves)
    if base_other.items:
        listed.groups.append(base_other)
    if ops_group.items:
        extra.groups.append(ops_group)
    extra.groups += _trump_groups(old, new, octx, nctx)
    rules = [str(line) for line in new.history.get("rules") or []]
    if rules:
        common.groups.insert(0, Group("ルール本文", [Item(line, "edition", "changed") for line in rules]))
    history = History(old.id, old.name, new.id, new.name, new.date, [p for p in (common, listed, extra) if p.groups])
    _renames(history, old, between)
    for item in history.items:
        if item.id in notes and not item.note:
            item.note = str(notes[item.id])
    return history


def between(editions: dict[str, Edition], old: Edition, new: Edition) -> list[Edition]:
    """The editions ``new`` extends on its way down to ``old`` (a draft between two publications), newest
    first; none when ``old`` is not an ancestor of ``new``."""
    chain: list[Edition] = []
    eid = new.extends
    while eid and eid != old.id and eid in editions and len(chain) < len(editions):
        chain.append(editions[eid])
        eid = editions[eid].extends
    return chain if eid == old.id else []


def _renames(history: History, old: Edition, between: Sequence[Edition]) -> None:
    """Added entries that an edition between ``old`` and the new one printed under another name: renames."""
    for item in history.items:
        if item.status != "added" or not item.id:
            continue
        attr = {"action": "actions", "character": "characters", "fog": "fogs", "trump": "trumps"}.get(item.kind)
        for ed in reversed(list(between)):  # the one nearest to ``old`` first: the name its players met
            before = getattr(ed, attr, {}).get(item.id) if attr else None
            if before is not None and before.name != item.name and item.id not in getattr(old, attr):
                item.old_name = before.name
                break


def _edition_group(old: Edition, new: Edition) -> Group:
    g = Group("版・用語")
    ca = [c.name for c in old.categories if c.section == "action"]
    cb = [c.name for c in new.categories if c.section == "action"]
    if ca != cb:
        gone = [c for c in ca if c not in cb]
        came = [c for c in cb if c not in ca]
        g.items.append(Item("アクションの分類", "edition", "changed",
                            changes=[Change("分類", " / ".join(gone) or "-", " / ".join(came) or "-")]))
    # the edition's terms are words its sentences are printed with: a changed term shows in the printed text
    # of every entry it words (listed there), never as the term's key, which is the definitions' own name
    return g


def _number_order(number: str) -> int:
    order = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return order.index(number) if number in order else len(order)


def _trump_groups(old: Edition, new: Edition, octx: Any, nctx: Any) -> list[Group]:
    ids = list(new.trumps) + [k for k in old.trumps if k not in new.trumps]
    cards: dict[str, list[tuple[int, Group]]] = {s: [] for s in SUIT_ORDER}
    for tid in ids:
        a, b = old.trumps.get(tid), new.trumps.get(tid)
        t = b if b is not None else a
        assert t is not None
        group = Group(f"{SUIT_MARKS.get(t.suit, '')}{t.number} {t.name}")
        if a is None:
            group.items.append(Item(t.name, "trump", "added", tid, [Change(FIELD_LABELS.get(k, k), "", v) for k, v
                                                                    in _trump_fields(new, t, nctx).items() if k != "name"]))
        elif b is None:
            group.items.append(Item(t.name, "trump", "removed", tid))
        else:
            changes = _changes(_trump_fields(old, a, octx), _trump_fields(new, b, nctx))
            if changes:
                group.items.append(Item(b.name, "trump", "changed", tid, changes))
        for kind, attr, listing in (("action", "actions", "actions"), ("character", "characters", "characters")):
            before_ids = getattr(a, listing) if a is not None else []
            after_ids = getattr(b, listing) if b is not None else []
            olds: dict[str, Any] = getattr(old, attr)
            news: dict[str, Any] = getattr(new, attr)
            for eid in list(after_ids) + [x for x in before_ids if x not in after_ids]:
                item = _entry_item(old, new, kind, olds.get(eid) if eid in before_ids or eid in olds else None,
                                   news.get(eid) if eid in after_ids else None, octx, nctx)
                if item is not None:
                    group.items.append(item)
        if group.items and t.suit in cards:
            cards[t.suit].append((_number_order(t.number), group))
    out: list[Group] = []
    for suit in SUIT_ORDER:
        for _, g in sorted(cards[suit], key=lambda x: x[0]):
            g.title = f"{SUIT_TITLES[suit]} / {g.title}"
            out.append(g)
    return out
