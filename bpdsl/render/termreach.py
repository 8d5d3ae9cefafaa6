"""Which entries an edition-wide wording term reaches.

An edition's ``terms`` change how every op phrase that reads them prints, in every entry of the edition --
those it writes and those it inherits unchanged.  A term set for one entry's sake (the frame draft's
``owner_form: オーナー`` for ブレイク's 「オーナー手札に戻す」) silently rewords others (死の槍's
「オーナーライフ」).  :func:`term_reach` prints the new edition twice, with the term as it is and as the old
edition had it, and lists every entry whose printed text differs: ``bpdsl diff`` shows them under the term's
change, marking those the new edition does not write itself.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterable

from bpdsl.model import Edition
from bpdsl.render.history import printed
from bpdsl.render.text import entry_text, phrase_context, trump_text


@dataclass
class Reach:
    kind: str  # action | character | fog | trump
    id: str
    name: str
    fields: list[str]  # printed fields whose text the term changes
    written: bool  # the new edition adds or changes the entry itself (else: inherited unchanged)


def _printed_all(edition: Edition) -> dict[tuple[str, str], tuple[str, dict[str, str]]]:
    ctx = phrase_context(edition)
    out: dict[tuple[str, str], tuple[str, dict[str, str]]] = {}
    for kind, table in (("action", edition.actions), ("character", edition.characters), ("fog", edition.fogs)):
        for e in table.values():
            out[(kind, e.id)] = (e.name, printed(entry_text(edition, e, None, ctx)))
    for t in edition.trumps.values():
        out[("trump", t.id)] = (t.name, printed(trump_text(edition, t, ctx)))
    return out


def term_reach(old: Edition, new: Edition, written: Iterable[tuple[str, str]] = ()) -> dict[str, list[Reach]]:
    """For every term whose value differs between ``old`` and ``new``: the entries of ``new`` whose printed
    text that term alone changes (``written``: the (kind, id) of the entries ``new`` adds or changes)."""
    mine = set(written)
    now = _printed_all(new)
    out: dict[str, list[Reach]] = {}
    for key in sorted(set(old.terms) | set(new.terms)):
        if old.terms.get(key) == new.terms.get(key):
            continue
        terms = {k: v for k, v in new.terms.items() if k != key}
        if key in old.terms:
            terms[key] = old.terms[key]
        before = _printed_all(dataclasses.replace(new, terms=terms))
        reach = []
        for k, (name, fields) in now.items():
            other = before.get(k, (name, {}))[1]
            changed = [f for f in sorted(set(fields) | set(other)) if fields.get(f) != other.get(f)]
            if changed:
                reach.append(Reach(k[0], k[1], name, changed, k in mine))
        out[key] = reach
    return out


__all__ = ["Reach", "term_reach"]
