"""The printed text of an entry (action, character, fog), produced from its executable definition.

Every word printed for an effect, condition, trigger condition, target, size, label or ability comes from
the phrase of the op that runs it (:mod:`bpdsl.ops`), or from the step's ``text`` override where no phrase
fits (counted by :func:`count_overrides`).  This module only arranges those phrases the way each edition's
sheet does:

* the header: ■/○ mark, name, ruby, (type), act6.1's [format] tag, the request in the edition's notation
  (act6.1 ``@メイン``, act8.0 ``@直接-通常-メイン``), ``$ BL`` and ``★ 2〜10``;
* the sections in printed order: act6.1 ``※`` notes, （対象）, （即時効果）/（通常効果）; act8.0 (起動条件),
  (誘発条件), (対象), (効果); characters サイズ：, (ラベル), (能力); fogs (能力).

An effect of one step prints as a paragraph, an effect of several steps as a list, numbered or bulleted
as the action's ``list`` (else its edition's ``list``) declares (:func:`step_style`), or as one paragraph
with ``list: prose`` (an official text that runs its steps together); the action's ``lead`` and steps of ops declared with ``lead=True`` print as the
paragraph before that list.  A phrase may nest sub-items by indenting lines by two spaces (see
:mod:`bpdsl.games.blackpoker.ops._common`); nested lists take the next marker style (・ -> 1. -> (a) -> i.).

The result is plain data (:class:`EntryText`) that the HTML templates, the Sphinx directives and the
golden test read; nothing here looks at game state or re-derives a rule.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from bpdsl.model import Action, Character, Edition, FaceDownTrump, Fog, Format, OpCall, Trump
from bpdsl.ops import registry
from bpdsl.ops.registry import PhraseContext

TRIGGER = {"direct": "直接", "triggered": "誘発"}
SPEED = {"instant": "即時", "normal": "通常"}
TIMING = {"main": "メイン", "quick": "クイック"}

# marker style of a nested list, by the style of what it hangs under
NEXT_STYLE = {"paragraph": "bullet", "bullet": "decimal", "decimal": "alpha", "alpha": "roman", "roman": "roman"}


# --------------------------------------------------------------------------- data


@dataclass
class TextItem:
    """One list item and the lists nested under it."""

    text: str
    children: list["TextBlock"] = field(default_factory=list)


@dataclass
class TextBlock:
    """A paragraph (``text``) or a list (``items``) marked ``bullet`` (・), ``decimal`` (1.), ``alpha``
    ((a)) or ``roman`` (i.).  A paragraph may carry the list nested under it in ``children``."""

    text: str = ""
    items: list[TextItem] = field(default_factory=list)
    style: str = "paragraph"
    children: list["TextBlock"] = field(default_factory=list)

    @property
    def is_list(self) -> bool:
        return bool(self.items)

    def lines(self) -> list[str]:
        """Every printed line of the block in reading order (markers left out)."""
        out = [self.text] if self.text else []
        for item in self.items:
            out.append(item.text)
            for child in item.children:
                out.extend(child.lines())
        for child in self.children:
            out.extend(child.lines())
        return out

    def marked_lines(self, depth: int = 0) -> list[str]:
        """The printed lines with their list markers (1. / ・ / (a) / i.), a nested list indented one step
        further: the plain text of a numbered procedure keeps the numbers its steps refer to."""
        pad = "  " * depth
        out = [pad + self.text] if self.text else []
        for n, item in enumerate(self.items, 1):
            out.append(f"{pad}{list_marker(self.style, n)}{item.text}")
            for child in item.children:
                out.extend(child.marked_lines(depth + 1))
        for child in self.children:
            out.extend(child.marked_lines(depth + 1 if self.text else depth))
        return out


def _roman(n: int) -> str:
    out = ""
    for value, digits in ((10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        while n >= value:
            out += digits
            n -= value
    return out


def list_marker(style: str, n: int) -> str:
    """The marker of the ``n``-th item (from 1) of a list of ``style``, as plain text prints it."""
    if style == "decimal":
        return f"{n}. "
    if style == "alpha":
        return f"({chr(ord('a') + (n - 1) % 26)}) "
    if style == "roman":
        return f"{_roman(n)}. "
    if style == "bullet":
        return "・"
    return ""


@dataclass
class TextSection:
    """One labelled part of an entry.  ``kind``: condition, when, target, effect, note, size, label, ability."""

    kind: str
    label: str  # "(効果)", "（通常効果）", "※", "(起動条件)", "サイズ：", "(ラベル)" ...
    blocks: list[TextBlock]
    overrides: int = 0  # how many of its op calls print a text override

    def lines(self) -> list[str]:
        return [line for block in self.blocks for line in block.lines()]

    @property
    def text(self) -> str:
        """The section's printed text without label and markers (what the golden test compares)."""
        return "".join(self.lines())


@dataclass
class EntryText:
    """An action, character or fog as printed on an edition's sheet."""

    id: str
    entry: str  # action | character | fog | trump
    mark: str  # ■ / ○ / "" (no format given)
    name: str
    ruby: str
    type: str
    tags: str = ""  # the entry's lowest format where the edition prints it: "[lite]"
    key_first: bool = False  # act6.1 prints ★ before @ on the header line
    request: str = ""  # "@メイン" / "@直接-通常-メイン"
    cost: str = ""  # "$ BL"
    key: str = ""  # "★ 2〜10"
    sections: list[TextSection] = field(default_factory=list)

    @property
    def header_parts(self) -> list[str]:
        """Header pieces in the edition's printed order (act6.1: key before request; act8.0: after cost)."""
        title = f"{self.mark} {self.name} ({self.type})".strip()
        if self.tags:
            title += f" {self.tags}"
        if self.entry == "action" and not self.key_first:  # act8.0: "■ 兵士召喚 (召喚) @… $ BL" then "★ 2〜10"
            return [p for p in (title, self.request, self.cost, self.key) if p]
        return [p for p in (title, self.key, self.request, self.cost) if p]

    @property
    def header(self) -> str:
        return " ".join(self.header_parts)

    def section(self, kind: str) -> list[TextSection]:
        return [s for s in self.sections if s.kind == kind]

    @property
    def overrides(self) -> int:
        return sum(s.overrides for s in self.sections)


# --------------------------------------------------------------------------- phrases


def phrase_context(edition: Edition) -> PhraseContext:
    """The wording of an edition: its terms and the printed names of all its entries."""
    names: dict[str, str] = {}
    for table in (edition.actions, edition.characters, edition.fogs):
        names.update({eid: e.name for eid, e in table.items()})
    return PhraseContext(edition.terms, names)


def render_call(ctx: PhraseContext, call: OpCall) -> str:
    """Printed text of one op call: its ``text`` override, else its op's phrase."""
    if call.text is not None:
        return call.text
    if call.terms:  # this sentence's own wording (terms: beside the op)
        saved = ctx.terms
        ctx.terms = {**saved, **call.terms}
        try:
            return registry.get(call.op).render(ctx, call.args)
        finally:
            ctx.terms = saved
    return registry.get(call.op).render(ctx, call.args)


def parse_lines(text: str) -> TextItem:
    """Split a phrase into its first line and the nested sub-items (two spaces of indent per level)."""
    rows = [(len(line) - len(line.lstrip(" ")), line.strip()) for line in text.split("\n") if line.strip()]
    if not rows:
        return TextItem("")
    root = TextItem(rows[0][1])
    stack: list[tuple[int, TextItem]] = [(-1, root)]
    for indent, line in rows[1:]:
        item = TextItem(line)
        while len(stack) > 1 and stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        if not parent.children:
            parent.children.append(TextBlock(style="bullet"))
        parent.children[-1].items.append(item)
        stack.append((indent, item))
    return root


def _restyle(blocks: Iterable[TextBlock], parent_style: str) -> None:
    for block in blocks:
        if block.items:
            block.style = NEXT_STYLE[parent_style]
            for item in block.items:
                _restyle(item.children, block.style)
        _restyle(block.children, "paragraph" if not block.items else block.style)


def _paragraph(item: TextItem) -> TextBlock:
    block = TextBlock(text=item.text, children=item.children)
    _restyle(block.children, "paragraph")
    return block


def _list(items: Sequence[TextItem], style: str) -> TextBlock:
    block = TextBlock(items=list(items), style=style)
    for item in block.items:
        _restyle(item.children, style)
    return block


LIST_STYLES = {"numbered": "decimal", "bullets": "bullet"}  # DSL ``list`` -> marker style (prose: no list)


def step_style(edition: Edition, action: Action) -> str:
    """Marker style of an effect's steps: the action's ``list``, else the edition's, else by notation
    (definitions written before ``list`` existed: act6.1-style sheets bullet, act8.0-style number)."""
    declared = action.list_style or edition.list_style
    if declared:
        return LIST_STYLES.get(declared, "decimal")  # prose: runs together (see _effect_blocks)
    return "bullet" if _classic(edition) else "decimal"


def _frame_style(edition: Edition) -> bool:
    """The 第9.0版 フレーム編 way of printing trumps (edition term ``trump_style: frame``): each action a trump
    brings says in its 起動条件 that the trump must be face up, so the trump's ability does not repeat
    「…アクションを起こすことができる。」."""
    return edition.terms.get("trump_style") == "frame"


def _trump_condition(edition: Edition, action: Action) -> str:
    trump = edition.trumps.get(action.trump) if action.trump else None
    if trump is None or not _frame_style(edition) or action.request.trigger != "direct":
        return ""
    return f"自分の表切札に「{trump.name}」がある"


def _raising_calls(calls: Iterable[object], action_id: str,
                   grant: OpCall | None = None) -> list[tuple[OpCall, OpCall | None]]:
    """Every ``raises_when`` ability among ``calls`` that triggers ``action_id``, each with the ``grant`` that
    gives it to a class of characters (None when the trump holds it itself), in written order."""
    found: list[tuple[OpCall, OpCall | None]] = []
    for call in calls:
        if not isinstance(call, OpCall):
            continue
        if call.op == "raises_when" and call.args.get("action") == action_id:
            found.append((call, grant))
        elif call.op == "grant":
            found += _raising_calls(call.args.get("abilities") or [], action_id, call)
    return found


def _event_head(phrase: str) -> str:
    """The event of a trigger phrase, without the ending the composition adds itself: 「…場合、」, 「…時に」 and a
    trigger condition's whole 「…時に誘発する。」 (card_moved of a character kind) all give 「…」."""
    for ending in ("時に誘発する。", "、", "場合", "時に"):
        phrase = phrase.removesuffix(ending)
    return phrase


def _trump_trigger(edition: Edition, action: Action, ctx: PhraseContext) -> str:
    """The frame list's (誘発条件) of a triggered action a trump brings: 「自分の表切札に「<trump>」があるかつ、
    <the event of the trump's raises_when>時に誘発する。」 (the trump's ability then leaves that line out), one
    line for each of its triggers; a granted trigger names who holds it: 「自分の <…> を持つ兵士が…」."""
    trump = edition.trumps.get(action.trump) if action.trump else None
    if trump is None or not _frame_style(edition) or action.request.trigger != "triggered":
        return ""
    found = _raising_calls(trump.abilities, action.id)
    if not found:  # a trigger of the trump's character: 「自分の「リアニメーター」が場から墓地に移った時」
        return _character_trigger(edition, trump, action, ctx)
    return "\n".join(line for call, grant in found if (line := _trigger_line(trump, action, ctx, call, grant)))


def _trigger_line(trump: Trump, action: Action, ctx: PhraseContext, call: OpCall, grant: OpCall | None) -> str:
    when = call.args.get("when")
    if not isinstance(when, OpCall):
        return ""
    clause = registry.get(when.op).extra.get("clause") if when.text is None else None
    worded = clause(ctx, when.args) if clause is not None else None
    if worded is not None:  # a trigger that words its event and its condition apart (on, card_moved)
        event, cond = worded
        if grant is not None:
            event = f"{_granted_holder(ctx, grant, action.name)}が{event}"
        return f"自分の表切札に「{trump.name}」があるかつ、{event}時に{cond}誘発する。"
    head = _event_head(render_call(ctx, when))
    if grant is not None:
        head = f"{_granted_holder(ctx, grant, action.name)}が{head}"
    return f"自分の表切札に「{trump.name}」があるかつ、{head}時に誘発する。"


def _driving_unit(edition: Edition, action: Action, ctx: PhraseContext) -> str:
    """The frame list's (ユニット) of an action a character raises by driving itself (兵士起因): who may
    raise it, in the words of the grant that gives it (「<スラッシュ> を持つ兵士1体」) or the trump character
    that has it (「「策士」1体」); "" for any other action or edition."""
    trump = edition.trumps.get(action.trump) if action.trump else None
    if trump is None or not _frame_style(edition):
        return ""
    for call in trump.abilities:
        if isinstance(call, OpCall) and call.op == "grant" and _drives(call.args.get("abilities") or [], action.id):
            ctx.holder = trump.name
            try:
                return render_call(ctx, OpCall(call.op, call.args, terms={**(call.terms or {}), "grant_form": "unit"}))
            finally:
                ctx.holder = None
    for character in edition.characters.values():
        if character.trump == trump.id and _drives(character.abilities, action.id):
            return f"「{character.name}」1体"
    return ""


def _drives(calls: Iterable[object], action_id: str) -> bool:
    return any(isinstance(c, OpCall) and c.op == "raise_by_driving" and c.args.get("action") == action_id
               and not c.args.get("free") for c in calls)


def _character_trigger(edition: Edition, trump: Trump, action: Action, ctx: PhraseContext) -> str:
    """The (誘発条件) of an action a trump's character triggers, in the frame list's words: on leaving the
    field (``raises_on_leave``) 「自分の「<character>」が場から墓地に移った時に誘発する。」, on an event
    (``raises_when``) 「自分の場に「<character>」がいるかつ、<event>時に誘発する。」."""
    zones = {"grave": "墓地", "hand": "手札"}
    for character in edition.characters.values():
        if character.trump != trump.id:
            continue
        for call in character.abilities:
            if call.args.get("action") != action.id:
                continue
            if call.op == "raises_on_leave":
                to = "もしくは".join(zones[z] for z in call.args.get("to") or ["grave"])
                return f"自分の「{character.name}」が場から{to}に移った時に誘発する。"
            when = call.args.get("when")
            if call.op == "raises_when" and isinstance(when, OpCall):
                head = _event_head(render_call(ctx, when))
                return f"自分の場に「{character.name}」がいるかつ、{head}時に誘発する。"
    return ""


def _implied_in_frame(edition: Edition, call: OpCall) -> bool:
    """A character ability the frame list does not print: what its labels, size and key already say
    (ops declared ``implied_by_labels``), and the actions it raises, which print their own (ユニット) or
    (誘発条件)."""
    op = registry.REGISTRY.get(call.op)
    if op is not None and op.extra.get("implied_by_labels"):
        return True
    if call.op in ("raises_on_leave", "raises_when"):  # an action the trump brings prints its own 誘発条件
        raised = edition.actions.get(call.args.get("action"))
        return raised is not None and raised.trump is not None
    return call.op == "raise_by_driving" and not call.args.get("free")


def _granted_holder(ctx: PhraseContext, grant: OpCall, ability: str) -> str:
    """Who holds a granted ability, in the grant's own words (its phrase with the wording term
    ``grant_form: holder``): 「自分の <革命ドロー> を持つ兵士」."""
    return render_call(ctx, OpCall(grant.op, grant.args, terms={**(grant.terms or {}), "grant_form": "holder"}))


def _classic(edition: Edition) -> bool:
    return edition.notation == "timing"


# --------------------------------------------------------------------------- entries


def request_text(edition: Edition, action: Action) -> str:
    r = action.request
    if _classic(edition):
        return f"@{TIMING[r.timing]}"
    return f"@{TRIGGER[r.trigger]}-{SPEED[r.speed]}-{TIMING[r.timing]}"


def effect_label(edition: Edition, action: Action) -> str:
    if _classic(edition):
        return f"（{SPEED[action.request.speed]}効果）"
    return "(効果)"


def mark(edition: Edition, formats: Sequence[str], fmt: Format | str | None) -> str:
    """The mark of the entry's lowest format (■ ライト, ○ スタンダード, ● プロ, ◎ マスター in the bundled
    editions): the glyph the edition declares for it, "" with no format given or no mark declared."""
    if fmt is None:
        return ""
    lowest = edition.lowest_format(formats)
    return lowest.mark if lowest is not None else ""


def _tags(edition: Edition, formats: Sequence[str], fmt: Format | str | None) -> str:
    """``[lite]``: the id of the entry's lowest format, printed after its type where the edition's
    ``marks.tag`` says so (act6.1, act8.2; the act8.0 sheet prints none); like the mark, only on a
    format's sheet (not under a trump of the extra list)."""
    if fmt is None or not edition.marks.tag:
        return ""
    lowest = edition.lowest_format(formats)
    return f"[{lowest.id}]" if lowest is not None else ""


def _key_text(entry: Action | Character | Fog) -> str:
    text = getattr(entry, "key_text", None)
    if not text and entry.key is not None:
        text = getattr(entry.key, "text", None) or str(entry.key)
    return f"★ {text}" if text else ""


def _effect_blocks(ctx: PhraseContext, edition: Edition, action: Action) -> tuple[list[TextBlock], int]:
    blocks: list[TextBlock] = []
    if action.lead:
        blocks.append(TextBlock(text=action.lead))
    steps: list[TextItem] = []
    for call in action.effect:
        text = render_call(ctx, call)
        op = registry.REGISTRY.get(call.op)
        if op is not None and op.extra.get("steps") and call.text is None:
            # an op whose phrase is a whole procedure: each paragraph is one numbered step
            steps.extend(parse_lines(part) for part in text.split("\n\n") if part.strip())
            continue
        item = parse_lines(text)
        if op is not None and op.extra.get("lead") and not steps:
            blocks.append(_paragraph(item))
        else:
            steps.append(item)
    if len(steps) == 1 and blocks and blocks[-1].text.endswith("、") and not blocks[-1].children:
        # a guard worded to run into its one step: 「切札の◇Jが表の場合、キーカードと…」
        blocks[-1] = _paragraph(TextItem(blocks[-1].text + steps[0].text, steps[0].children))
    elif len(steps) == 1:
        blocks.append(_paragraph(steps[0]))
    elif steps and action.list_style == "prose" and not any(item.children for item in steps):
        # the official text runs the steps together as one paragraph (ハンデス: 「…指定する。…捨てる。」)
        blocks.append(TextBlock(text="".join(item.text for item in steps)))
    elif steps:
        blocks.append(_list(steps, step_style(edition, action)))
    return blocks, sum(1 for c in action.effect if c.text is not None)


def _simple(kind: str, label: str, ctx: PhraseContext, calls: Sequence[OpCall]) -> TextSection:
    blocks = [_paragraph(parse_lines(render_call(ctx, c))) for c in calls]
    return TextSection(kind, label, blocks, sum(1 for c in calls if c.text is not None))


def action_text(edition: Edition, action: Action, fmt: Format | str | None = None,
                ctx: PhraseContext | None = None) -> EntryText:
    ctx = ctx or phrase_context(edition)
    ctx.target = action.target  # 「対象の…」 in the effect names what this action targets
    classic = _classic(edition)
    sections: list[TextSection] = []
    unit = _driving_unit(edition, action, ctx)
    if unit:  # 兵士起因: the unit is driven to raise it, printed as the cost C
        sections.append(TextSection("unit", "(ユニット)", [TextBlock(text=unit)]))
    conditions = [c for c in action.conditions if not any(c is n for n in action.notes)]  # ※ notes print below
    face_up = _trump_condition(edition, action) if not unit.startswith("「") else ""  # a trump character's own
    trigger = _trump_trigger(edition, action, ctx)
    if trigger:  # the frame list says 「…時に誘発する。」 instead of 「直接起こすことができない」
        conditions = [c for c in conditions if c.op != "not_direct"]
    if conditions or face_up:
        section = _simple("condition", "※" if classic else "(起動条件)", ctx, conditions)
        if face_up:
            section.blocks.insert(0, TextBlock(text=face_up))
        sections.append(section)
    if action.when is not None:
        sections.append(_simple("when", "(誘発条件)", ctx, [action.when]))
    elif trigger:  # one paragraph per trigger of the action
        sections.append(TextSection("when", "(誘発条件)", [TextBlock(text=line) for line in trigger.split("\n")]))
    if action.target is not None:
        sections.append(_simple("target", "（対象）" if classic else "(対象)", ctx, [action.target]))
    blocks, overrides = _effect_blocks(ctx, edition, action)
    sections.append(TextSection("effect", effect_label(edition, action), blocks, overrides))
    if action.notes:
        sections.append(_simple("note", "※", ctx, action.notes))
    return EntryText(
        id=action.id, entry="action", mark=mark(edition, action.formats, fmt), name=action.name,
        ruby=action.ruby, type=action.type, tags=_tags(edition, action.formats, fmt),
        request=request_text(edition, action), cost=f"$ {'C' if unit else ''}{action.cost}" if action.cost or unit else "",
        key=_key_text(action), sections=sections, key_first=classic,
    )


def character_text(edition: Edition, character: Character, fmt: Format | str | None = None,
                   ctx: PhraseContext | None = None) -> EntryText:
    ctx = ctx or phrase_context(edition)
    ctx.target = None
    classic = _classic(edition)
    sections: list[TextSection] = []
    size_label = edition.terms.get("size_label")
    if character.size is not None and size_label:
        sections.append(TextSection("size", f"{size_label}：", [TextBlock(text=render_call(ctx, character.size))],
                                    int(character.size.text is not None)))
    if character.labels:
        text = edition.terms.get("label_sep", "、").join(render_call(ctx, c) for c in character.labels)
        sections.append(TextSection("label", "(ラベル)", [TextBlock(text=text)],
                                    sum(1 for c in character.labels if c.text is not None)))
    abilities = [c for c in character.abilities
                 if not (_frame_style(edition) and character.trump and _implied_in_frame(edition, c))]
    if abilities:
        items = [parse_lines(render_call(ctx, c)) for c in abilities]
        sections.append(TextSection("ability", "（能力）" if classic else "(能力)", [_list(items, "bullet")],
                                    sum(1 for c in abilities if c.text is not None)))
    return EntryText(
        id=character.id, entry="character", mark=mark(edition, character.formats, fmt), name=character.name,
        ruby=character.ruby, type=character.type, tags=_tags(edition, character.formats, fmt),
        key=_key_text(character), sections=sections,
    )


def fog_text(edition: Edition, fog: Fog, fmt: Format | str | None = None,
             ctx: PhraseContext | None = None) -> EntryText:
    ctx = ctx or phrase_context(edition)
    ctx.target = None
    sections = [_simple("target", "(対象)", ctx, [fog.target])] if fog.target is not None else []
    sections += [_simple("ability", "(能力)", ctx, fog.abilities)] if fog.abilities else []
    return EntryText(
        id=fog.id, entry="fog", mark=mark(edition, fog.formats, fmt), name=fog.name, ruby=fog.ruby,
        type=fog.type, tags=_tags(edition, fog.formats, fmt), key=_key_text(fog), sections=sections,
        key_first=_classic(edition),
    )


def trump_text(edition: Edition, trump: Trump, ctx: PhraseContext | None = None) -> EntryText:
    """The printed text of a trump's ability (エクストラリスト): its card, name and ability; the actions and
    characters it brings print as entries of their own (:func:`entry_text`)."""
    from bpdsl.dsl.cards import SUIT_MARKS

    ctx = ctx or phrase_context(edition)
    calls = [c for c in trump.abilities if not (_frame_style(edition) and _said_by_action(edition, c))]
    ctx.holder = trump.name
    try:
        items = [parse_lines(render_call(ctx, c)) for c in calls]
    finally:
        ctx.holder = None
    if len(items) == 1:
        blocks = [_paragraph(items[0])]
    else:
        blocks = [_list(items, "bullet")] if items else []
    overrides = sum(1 for c in trump.abilities if c.text is not None)
    return with_glyphs(edition, EntryText(
        id=trump.id, entry="trump", mark="", name=trump.name, ruby=trump.ruby, type="切札",
        tags="β" if trump.beta else "", key=f"{SUIT_MARKS[trump.suit]}{trump.number}",
        sections=[TextSection("ability", "(能力)", blocks, overrides)],
    ))


def face_down_trump_text(edition: Edition, entry: FaceDownTrump) -> EntryText:
    """The extra list's entry for any card lying face down in a 切札 zone (the frame list's 裏切札): its name and
    its card field; it has no ability, so no (能力) section."""
    return with_glyphs(edition, EntryText(
        id="face_down_trump", entry="trump", mark="", name=entry.name, ruby=entry.ruby, type="切札", tags="",
        key=entry.key, sections=[],
    ))


def _said_by_action(edition: Edition, call: OpCall) -> bool:
    """In the frame list a trump's ability leaves out what its actions say themselves: 「…アクションを起こす
    ことができる」 (their 起動条件) and 「…場合、…アクションを誘発する」 (their 誘発条件)."""
    if call.op == "may_raise":
        return True
    return call.op == "raises_when" and call.args.get("action") in edition.actions


def entry_text(edition: Edition, entry: Action | Character | Fog, fmt: Format | str | None = None,
               ctx: PhraseContext | None = None) -> EntryText:
    """Printed text of any entry; ``fmt`` (a Format or its id) decides the ■/○ mark."""
    if isinstance(fmt, str):
        fmt = next((f for f in edition.formats if f.id == fmt), None)
    if isinstance(entry, Action):
        return with_glyphs(edition, action_text(edition, entry, fmt, ctx))
    if isinstance(entry, Character):
        return with_glyphs(edition, character_text(edition, entry, fmt, ctx))
    return with_glyphs(edition, fog_text(edition, entry, fmt, ctx))


def with_glyphs(edition: Edition, text: EntryText) -> EntryText:
    """The entry with the edition's suit glyph: the term ``diamond`` (``♢``, as the 第9.0版 フレーム編 prints
    it) replaces the ◇ bpdsl writes, in the name, key and every printed line; unset, nothing changes."""
    glyph = edition.terms.get("diamond", "◇")
    if glyph == "◇":
        return text

    def swap(value: str) -> str:
        return value.replace("◇", glyph)

    def block(b: TextBlock) -> None:
        b.text = swap(b.text)
        for item in b.items:
            item.text = swap(item.text)
            for child in item.children:
                block(child)
        for child in b.children:
            block(child)

    text.name, text.key = swap(text.name), swap(text.key)
    for section in text.sections:
        for b in section.blocks:
            block(b)
    return text


def edition_texts(edition: Edition, fmt: Format | str | None = None) -> list[EntryText]:
    """Every entry of an edition (of one format, when given) in printed order: actions, characters, fogs."""
    fid = fmt.id if isinstance(fmt, Format) else fmt
    ctx = phrase_context(edition)
    out: list[EntryText] = []
    for table in (edition.actions, edition.characters, edition.fogs):
        for entry in table.values():
            if fid is None or fid in entry.formats:
                out.append(entry_text(edition, entry, fmt, ctx))
    return out


def plain_lines(entry: EntryText) -> list[str]:
    """An entry's printed text as plain lines: the header, then each section's label and lines (what the
    terminal prints and the browser shows on hover)."""
    out = [entry.header]
    for sec in entry.sections:
        lines = [line for block in sec.blocks for line in block.marked_lines()]
        if not lines:
            continue
        out.append(f"{sec.label} {lines[0]}")
        out.extend(f"  {line}" for line in lines[1:])
    return out


def count_overrides(edition: Edition) -> int:
    """Number of op calls of an edition whose printed text is a ``text`` override instead of the phrase."""
    calls: list[OpCall] = []
    for a in edition.actions.values():
        calls += [*(c for c in a.conditions if not any(c is n for n in a.notes)), *a.effect, *a.notes]
        calls += [c for c in (a.when, a.target) if c is not None]
    for c in edition.characters.values():
        calls += [*c.labels, *c.abilities] + ([c.size] if c.size is not None else [])
    for f in edition.fogs.values():
        calls += list(f.abilities) + ([f.target] if f.target is not None else [])
    for t in edition.trumps.values():
        calls += list(t.abilities)
    return sum(1 for c in calls if c.text is not None)


def as_dict(entry: EntryText) -> Mapping[str, object]:
    """A JSON-able view of an entry's printed text (for the docs and ``--json`` outputs)."""
    from dataclasses import asdict

    data = asdict(entry)
    data["header"] = entry.header
    return data
