"""Build the :class:`~bpdsl.render.view.SheetView` of one edition and format from the model.

This module only arranges: which entries belong to the format, in which group and order, with which
format mark (:mod:`bpdsl.render.marks`), and what the supplement boxes and colophon say.  The printed text of each entry (header,
sections, numbered steps) comes from :mod:`bpdsl.render.text`, which produces it from the op phrases of
the executable definition; nothing here re-derives a rule.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from bpdsl.model import Action, Category, Character, Definitions, Edition, Fog, Format, Trump
from bpdsl.render import marks, textadapter
from bpdsl.render.view import Box, EntryView, Group, ListPart, SheetView
from bpdsl.render.text import mark

# Printed titles of the supplement boxes, in the order of the official sheets.
BOX_TITLES: dict[str, str] = {
    "symbols": "記号の意味",
    "costs": "コストの意味",
    "placement": "防壁の置き方",
    "triggering": "誘発する場合",
}

PART_TITLES: dict[str, tuple[str, str]] = {
    "action": ("アクションリスト", "Action List"),
    "character": ("キャラクターリスト", "CharacterList"),
    "fog": ("フォグリスト", "FogList"),
    "trump": ("エクストラリスト", "ExtraList"),
}

COLOPHON_LABELS: dict[str, str] = {
    "title": "誌名",
    "magazine": "誌名",
    "issued": "発行",
    "published": "発行",
    "date": "発行",
    "copyright": "©",
}


class SheetError(ValueError):
    """The requested edition or format does not exist in the definitions (a usage error)."""


def sheet_formats(defs: Definitions) -> list[tuple[str, str]]:
    """Every (edition id, format id) whose action list can be printed: formats with at least one entry."""
    pairs: list[tuple[str, str]] = []
    for edition in defs.editions.values():
        for fmt in sorted(edition.formats, key=lambda f: f.order):
            if edition.actions_in(fmt.id) or edition.characters_in(fmt.id):
                pairs.append((edition.id, fmt.id))
    return pairs


def build_sheet(defs: Definitions, edition_id: str, format_id: str, *, story: bool = False) -> SheetView:
    """The printed sheet of one edition and format; ``story`` adds each entry's story and flavor text (the
    data 第8.2版 carries for the sheets that print it, e.g. a starter's list)."""
    edition = defs.editions.get(edition_id)
    if edition is None:
        raise SheetError(f"unknown edition {edition_id!r}; known: {', '.join(defs.editions) or '(none)'}")
    fmt = next((f for f in edition.formats if f.id == format_id), None)
    if fmt is None:
        known = ", ".join(f.id for f in edition.formats)
        raise SheetError(f"edition {edition_id} has no format {format_id!r}; known: {known}")
    game = defs.games.get(edition.game)
    game_name = game.name if game is not None else edition.game
    texts = textadapter.TextSource(defs, edition)

    parts: list[ListPart] = []
    # entries a trump brings print under their trump in the extra list, not in the action list (4.4)
    actions = [a for a in edition.actions_in(fmt.id) if a.trump is None]
    characters = [c for c in edition.characters_in(fmt.id) if c.trump is None]
    fogs = edition.fogs_in(fmt.id)
    for pid, entries in (("action", actions), ("character", characters), ("fog", fogs)):
        if not entries:
            continue
        title, subtitle = PART_TITLES[pid]
        views = [texts.entry(e, fmt, pid) for e in entries]
        if story:
            for entry, view in zip(entries, views):
                _add_lore(entry, view)
        parts.append(ListPart(pid, title, subtitle, _group(edition, entries, views, pid)))
    trumps = edition.trumps_in(fmt.id)
    if trumps:
        title, subtitle = PART_TITLES["trump"]
        groups = [_trump_group(edition, texts, t, fmt) for t in trumps]
        face_down = edition.face_down_trump
        if face_down is not None and fmt.id in face_down.formats:  # the frame list's 裏切札, after the cards
            from bpdsl.render import text as textmod

            view = textadapter.entry_view(edition, textmod.face_down_trump_text(edition, face_down))
            groups.append(Group(view.key, [view], "face_down_trump"))
        parts.append(ListPart("trump", title, subtitle, groups))

    return SheetView(
        edition_id=edition.id,
        edition_name=edition.name,
        format_id=fmt.id,
        format_name=fmt.name,
        date=edition.date,
        game_name=game_name,
        boxes=_boxes(defs, edition),
        parts=parts,
        colophon=_colophon(edition),
        legend=marks.legend(edition, fmt),
    )


def _add_lore(entry: Action | Character | Fog, view: EntryView) -> None:
    view.story = (getattr(entry, "story", None) or "").strip()
    view.flavor = (getattr(entry, "flavor", None) or "").strip()
    view.flavor_speaker = (getattr(entry, "flavor_speaker", None) or "").strip() if view.flavor else ""


def _trump_group(edition: Edition, texts: textadapter.TextSource, trump: Trump, fmt: Format) -> Group:
    """One trump of the extra list: its card as the heading, its ability, then its actions and characters in
    the action-list layout."""
    from bpdsl.render import text as textmod

    ability = textadapter.entry_view(edition, textmod.trump_text(edition, trump, texts.ctx))
    views = [ability]  # the trump's own entries carry no ■/○ mark: the extra list is one format's
    for table, ids in ((edition.actions, trump.actions), (edition.characters, trump.characters)):
        views += [textadapter.entry_view(edition, textmod.entry_text(edition, table[i], None, texts.ctx))
                  for i in ids if i in table]
    return Group(ability.key, views, trump.id)


def mark_of(edition: Edition, entry_formats: Iterable[str], fmt: Format) -> str:
    """The mark the edition declares for the entry's lowest format (■ ライト, ○ スタンダード, ...)."""

    return mark(edition, list(entry_formats), fmt)


def _group(edition: Edition, entries: list[Any], views: list[EntryView], pid: str) -> list[Group]:
    """Group entries under their category heading, in the order the categories first appear."""
    cats: dict[str, Category] = {c.id: c for c in edition.categories}
    groups: dict[str, Group] = {}
    for entry, view in zip(entries, views):
        cid = getattr(entry, "category", "") or _default_category(entry)
        heading = cats[cid].name if cid in cats else cid
        groups.setdefault(cid, Group(heading, [], cid)).entries.append(view)
    return list(groups.values())


def _default_category(entry: Action | Character | Fog) -> str:
    if isinstance(entry, Character):
        return entry.type or entry.kind
    return getattr(entry, "type", "")


def _lines(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [line for line in value.splitlines() if line.strip()]
    if isinstance(value, Mapping):
        return [f"{k}: {v}" for k, v in value.items()]
    return [str(v) for v in value]


def _boxes(defs: Definitions, edition: Edition) -> list[Box]:
    """The supplement boxes in the sheet's order; a box is a string, a list of lines (printed as ・ items),
    a mapping with ``title`` and ``text``/``lines``, or (コストの意味) a list of the game's cost ids."""
    boxes: list[Box] = []
    supplements = edition.supplements or {}
    keys = [k for k in BOX_TITLES if k in supplements] + [k for k in supplements if k not in BOX_TITLES]
    for key in keys:
        value = supplements[key]
        title = BOX_TITLES.get(key, key)
        if isinstance(value, Mapping) and ("lines" in value or "title" in value or "text" in value):
            title = str(value.get("title", title))
            value = value.get("lines", value.get("text"))
        if key == "costs":
            boxes.append(Box(title, _cost_lines(defs, edition, value)))
        else:
            bullets = isinstance(value, (list, tuple)) and len(value) > 1
            boxes.append(Box(title, _lines(value), bullets))
    return boxes


def _cost_lines(defs: Definitions, edition: Edition, value: Any) -> list[str]:
    """コストの意味: a list of cost ids is printed with the game's own wording of each cost kind."""
    game = defs.games.get(edition.game)
    known = {c.id: c.text for c in game.costs} if game is not None else {}
    if value is None or value == "all":
        return [f"{cid}: {text}" for cid, text in known.items()]
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) and v in known for v in value):
        return [f"{cid}: {known[cid]}" for cid in value]
    return _lines(value)


def _colophon(edition: Edition) -> list[tuple[str, str]]:
    """(label, value) lines: 誌名, 発行, and the copyright line printed as it is written (©...)."""
    out: list[tuple[str, str]] = []
    for key, value in (edition.colophon or {}).items():
        label = COLOPHON_LABELS.get(key, key)
        text = str(value)
        if label == "©":
            out.append(("", text if text.startswith("©") else f"©{text}"))
        else:
            out.append((label, text))
    return out
