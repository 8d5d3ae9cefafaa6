"""Document kind ``trumps``: the エクストラリスト of an edition -- the abilities assigned to trump cards (3.11).

Example::

    kind: trumps
    edition: act8.2
    format: extra                 # the format whose extra list holds these trumps
    trumps:
      - id: drain
        card: ♠3                  # the card the ability is assigned to: suit mark and number
        name: ドレイン
        ruby: どれいん
        beta: true                # β: a trial ability of the official list
        abilities:                # the ability text, as op calls of kind "ability"
          - may_raise: {action: drain}
        actions:                  # the actions the trump brings: fields as in an ``actions`` document
          - id: drain
            name: ドレイン
            ...
        characters: []            # the characters it brings: fields as in a ``characters`` document

The actions and characters of a trump become entries of the edition like any other (same checks, same
inheritance), belonging to the document's ``format`` unless they write ``formats``, and remember the trump
that brings them (``Action.trump``): the engine lets a player raise them only while that trump lies face
up in the player's 切札 zone.  A card may hold one ability; a card without an ability may still be a trump
(3.11.4) -- it simply brings nothing when opened.
"""
from __future__ import annotations

from typing import Any

from bpdsl.diagnostics import DiagnosticSink, did_you_mean
from bpdsl.dsl import checks as C
from bpdsl.dsl import expr_names
from bpdsl.dsl import entries
from bpdsl.dsl.cards import MARK_TO_SUIT
from bpdsl.dsl.kinds import BuildContext, DocumentKind, register_kind
from bpdsl.dsl.opcalls import OpBuilder
from bpdsl.model import Definitions, Edition

TRUMP_FIELDS: dict[str, Any] = {
    "id": entries.ID, "card": {"type": "string", "required": True}, "name": entries.TEXT, "ruby": entries.TEXT,
    "beta": {"type": "boolean"}, "abilities": entries.OPCALLS, "formats": entries.FORMATS, "since": entries.VERSION,
    "official": entries.LORE["official"],
    "actions": {"type": "list", "schema": {"type": "dict", "schema": entries.ACTION_FIELDS}},
    "characters": {"type": "list", "schema": {"type": "dict", "schema": entries.CHARACTER_FIELDS}},
}

SCHEMA: dict[str, Any] = {
    "edition": {"type": "string", "required": True},
    "format": {"type": "string", "required": True},
    "trumps": {"type": "list", "required": True, "schema": {"type": "dict", "schema": TRUMP_FIELDS}},
}


def parse_card(ctx: BuildContext, path: tuple[Any, ...], text: str, edition: Edition) -> tuple[str, str] | None:
    """``"♠A"`` -> ("spade", "A"), checked against the suits and ranks the edition's game declares."""
    game = ctx.definitions.games.get(edition.game)
    raw = "".join(str(text).split())
    suits = {s.id: s for s in game.suits} if game is not None else {}
    ranks = [r.id for r in game.ranks if r.id != "Joker"] if game is not None else []
    marks = " ".join(s.mark for s in suits.values())
    suit = MARK_TO_SUIT.get(raw[:1]) if raw else None
    if suit is None or (suits and suit not in suits):
        ctx.error(path, C.E_CARD, f"trump card {text!r}: {raw[:1]!r} is not a suit of the game",
                  f"write a suit mark ({marks}) and a number, e.g. \"♠A\", \"◇10\"")
        return None
    number = raw[1:].upper()
    if ranks and number not in ranks:
        ctx.error(path, C.E_CARD, f"trump card {text!r}: {raw[1:]!r} is not a number of the game",
                  did_you_mean(number, ranks) or "numbers: " + ", ".join(ranks))
        return None
    return suit, number


def build(ctx: BuildContext) -> None:
    data = ctx.document.data
    eid = data["edition"]
    edition = ctx.definitions.editions.get(eid)
    if edition is None:
        ctx.error(("edition",), C.D_UNKNOWN_DOC_REF, f"unknown edition {eid!r}",
                  did_you_mean(eid, ctx.definitions.editions) or "editions: " + ", ".join(ctx.definitions.editions))
        entries.state(ctx.definitions).incomplete = True
        return
    fmt = data["format"]
    if fmt not in {f.id for f in edition.formats}:
        ctx.error(("format",), C.D_FORMAT, f"unknown format {fmt!r} in {eid}",
                  did_you_mean(fmt, [f.id for f in edition.formats]) or "formats: "
                  + ", ".join(f.id for f in edition.formats))
    opb = OpBuilder(ctx.document, ctx.sink, expr_names.names_for(ctx.definitions.games.get(edition.game)))
    st = entries.state(ctx.definitions)
    cards: dict[tuple[str, str], str] = {}
    for i, raw in enumerate(data["trumps"]):
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            continue
        tid = raw["id"]
        here = ("trumps", i)
        plain = {k: v for k, v in raw.items() if k not in ("card", "actions", "characters", "beta")}
        fields = entries.convert_fields(ctx, opb, entries.SPECS["trump"], edition, here, plain)
        fields.setdefault("formats", [fmt])
        if "beta" in raw:  # an override that does not write it keeps the inherited mark
            fields["beta"] = bool(raw["beta"])
        card = parse_card(ctx, here + ("card",), raw["card"], edition)
        broken = {p[2] for p in ctx.document.invalid if len(p) >= 3 and p[:2] == here}
        if card is None:
            broken |= {"suit", "number"}
        else:
            if card in cards:
                ctx.error(here + ("card",), C.E_CARD, f"card {raw['card']} holds two trump abilities "
                          f"({cards[card]!r} and {tid!r})", "a card is assigned one ability (3.11.1)")
            cards[card] = tid
            fields["suit"], fields["number"] = card
        for key, kind in (("actions", "action"), ("characters", "character")):
            ids = []
            for j, entry in enumerate(raw.get(key) or []):
                if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
                    continue
                epath = here + (key, j)
                efields = entries.convert_fields(ctx, opb, entries.SPECS[kind], edition, epath, entry)
                efields.setdefault("formats", list(fields["formats"]))
                efields["trump"] = tid
                ebroken = {p[4] for p in ctx.document.invalid if len(p) >= 5 and p[:4] == epath}
                st.drafts.append(entries.Draft(kind, eid, entry["id"], efields, ctx.pos(epath), ebroken))
                ids.append(entry["id"])
            fields[key] = ids
        st.drafts.append(entries.Draft("trump", eid, tid, fields, ctx.pos(here), broken))


def finish(defs: Definitions, sink: DiagnosticSink) -> None:
    """Formats that include another (エクストラ = マスター + 切札) get that format's entries too."""
    for edition in defs.editions.values():
        for fmt in edition.formats:
            if not fmt.includes:
                continue
            for table in (edition.actions, edition.characters, edition.fogs):
                for entry in table.values():
                    if fmt.includes in entry.formats and fmt.id not in entry.formats:
                        entry.formats = [*entry.formats, fmt.id]


TRUMPS_KIND = register_kind(DocumentKind("trumps", SCHEMA, build, order=30, finish=finish))
