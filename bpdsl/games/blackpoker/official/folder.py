"""The planned edition folder: the entries as YAML documents, the trumps with what they bring, the edition
with its formats, categories and removals, and the report's counts."""
from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

from bpdsl.games.blackpoker.official.planned import (
    FIELD_TITLES, NOT_CARRIED_DATA, FieldReport, ImportResult, card_of, dump_yaml, format_ids, key_of, named_in, op_name,
    raw_call, schema_line, terms_beside)


class EditionFolder:
    """The folder of :class:`~.plan.Planner` (a part of it)."""

    def result(self) -> ImportResult:
        reports: list[FieldReport] = []
        lists: dict[str, list[dict[str, Any]]] = {"action": [], "character": [], "fog": [], "trump": []}
        brought: dict[str, dict[str, list[dict[str, Any]]]] = {}  # card -> the entries its trump brings
        self.written_terms = {}
        for entry in self.entries:
            composed = self._compose(entry, reports)
            for key, word in terms_beside(composed):
                self.written_terms[(key, word)] = self.written_terms.get((key, word), 0) + 1
            if entry.source.trump is not None:
                key = {"action": "actions", "character": "characters"}[entry.source.kind]
                brought.setdefault(card_of(entry.source.trump), {}).setdefault(key, []).append(composed)
            else:
                lists[entry.source.kind].append(composed)
        cards = {t["card"] for t in lists["trump"]}
        raised = {entry.id for entry in self.entries if id(entry.source) in self.raised_by}
        for trump in lists["trump"]:
            for key, rows in brought.get(trump["card"], {}).items():
                for row in rows:
                    if row.get("formats") == trump.get("formats"):
                        row.pop("formats")  # the trump's format
                    if row["id"] in raised and row["id"] not in named_in(trump.get("abilities")):
                        trump.setdefault("abilities", []).append({"may_raise": {"action": row["id"]}})
                trump[key] = rows
        self._link_triggers(lists["trump"], brought)
        for rows in brought.values():
            for row in rows.get("characters", []):
                self._implied_abilities(row)
        for card, by_key in brought.items():  # a trump the file does not list: plain entries
            if card not in cards:
                for key, rows in by_key.items():
                    lists[{"actions": "action", "characters": "character"}[key]].extend(rows)
        left_out: list[tuple[str, str, str]] = []
        for entry in self.entries:
            e = entry.source
            name = e.get(key_of(e, "Name"))
            run = [f for f in reports if f.entry == name and f.kind == e.kind and f.overrides
                   and f.field not in ("notes", "lead")]
            if entry.data.get("unplayed"):
                left_out.append((e.kind, name, entry.data["unplayed"]))
            elif run:
                left_out.append((e.kind, name, "printed from a text override: "
                                 + ", ".join(FIELD_TITLES.get(f.field, f.field) for f in run)))
        out_trumps = {card_of(e.source.get("trumpKey")) for e in self.entries if e.source.kind == "trump"
                      and (e.source.kind, e.source.get("trumpName")) in {(k, n) for k, n, _ in left_out}}
        for entry in self.entries:  # what a trump left out of play brings is not played either
            e = entry.source
            if e.trump is not None and card_of(e.trump) in out_trumps and not any(
                    k == e.kind and n == e.get(key_of(e, "Name")) for k, n, _ in left_out):
                left_out.append((e.kind, e.get(key_of(e, "Name")), f"brought by the trump {card_of(e.trump)}, which "
                                 "is printed only"))
        files = self._files(lists)
        data = self.official.data
        not_carried = [f"data.{k}" for k in data if k.startswith(NOT_CARRIED_DATA)]
        not_carried += sorted({f"{e.kind} {k}" for e in self.official.entries for k in e.values
                               if k in ("charNote",) or (k == "devNote" and e.kind != "action")})
        guessed = [f"{e.get('charName')}: kind {self._character_kind(e)} (from its type {e.get('charType')})"
                   for e in self.official.entries if e.kind == "character"]
        not_carried += sorted(self.official.aside)
        counts = {k: len(v) for k, v in lists.items() if k != "trump"}
        for kind in ("action", "character"):
            counts[kind] += sum(1 for e in self.entries if e.source.trump is not None and e.source.kind == kind)
        return ImportResult(self.edition_id, self.parent.id, files, reports, counts, self.renamed, not_carried,
                            guessed, trumps=len(lists["trump"]), left_out=left_out)

    def _link_triggers(self, trumps: list[dict[str, Any]], brought: dict[str, dict[str, list[dict[str, Any]]]]) -> None:
        """Write the abilities that trigger the linked actions (:meth:`_trump_triggers`): on the trump
        (``raises_when``) or on its character (``raises_on_leave`` / ``raises_when``), unless an ability
        written there names the action already.  An action whose 誘発条件 is an override keeps no link."""
        rows = {(e.source.kind, id(e.source)): e for e in self.entries}
        for entry in self.entries:
            link = self.triggered_by.get(id(entry.source)) or self.driven_by.get(id(entry.source))
            if link is None or "when" in entry.forced or "unit" in entry.forced:
                continue
            if link.character is None:
                row = next((t for t in trumps if t["card"] == link.card), None)
                if row is not None and link.call is not None and entry.id not in named_in(row.get("abilities")):
                    row.setdefault("abilities", []).append({"raises_when": {"when": link.call, "action": entry.id}})
                continue
            holder = rows.get(("character", id(link.character)))
            if holder is None:
                continue
            for row in brought.get(link.card, {}).get("characters", []):
                if row["id"] == holder.id and entry.id not in named_in(row.get("abilities")):
                    (op, args), = link.call.items()
                    row.setdefault("abilities", []).append({op: {**args, "action": entry.id}})

    def _implied_abilities(self, row: dict[str, Any]) -> None:
        """A trump character of a frame list: the abilities the frame style leaves out because its labels, size
        and key say them (ops declared ``implied_by_labels``: 準備, 「2枚で1体」 ...) are taken from the parent's
        character of the same id, and the abilities are put in the parent's order (the order the engine
        meets them in)."""
        from bpdsl.ops import registry

        was = self.parent.characters.get(row["id"])
        if was is None or self.parent.terms.get("trump_style") != "frame":
            return
        rows = list(row.get("abilities") or [])
        have = {op_name(r) for r in rows}
        for call in was.abilities:
            op = registry.REGISTRY.get(call.op)
            if op is not None and op.extra.get("implied_by_labels") and call.op not in have and call.text is None:
                rows.append(raw_call(call))
        order = {c.op: n for n, c in reversed(list(enumerate(was.abilities)))}
        rows.sort(key=lambda r: order.get(op_name(r), len(order)))
        if rows:
            row["abilities"] = rows

    def _files(self, lists: dict[str, list[dict[str, Any]]]) -> dict[str, str]:
        data = self.official.data
        formats = sorted({f for e in [*self.official.entries, *self.official.trumps] for f in format_ids(e)},
                         key=lambda f: [x["id"] for x in self.formats].index(f) if self.formats else
                         next((x.order for x in self.parent.formats if x.id == f), 99))
        includes = {f.id: f.includes for f in self.parent.formats if f.includes}

        def own(formats_of: list[str]) -> set[str]:  # without the formats an entry is in by inclusion
            return {f for f in formats_of if not (f in includes and includes[f] in formats_of)}

        written = {(en.source.kind, en.id) for en in self.entries}
        rewritten = {en.id for en in self.entries if en.source.kind == "trump"}
        named = named_in(lists)
        for row in lists["trump"]:  # a trump the file gives no ability keeps its parent's (its calls name actions)
            inherited = self.parent.trumps.get(row["id"])
            if "abilities" not in row and inherited is not None:
                from bpdsl.dsl.opcalls import nested_calls

                named |= {v for c in nested_calls(list(inherited.abilities)) for k in ("action", "self")
                          if isinstance(v := c.args.get(k), str)}
        # the parent's trumps stay (a trump cannot be removed): the entries they bring stay unless re-written
        # or their trump is (the file lists all that trump brings) and no call written names them
        removed = {kind: [eid for eid, e in table.items() if own(e.formats) & set(formats)
                          and (getattr(e, "trump", None) is None
                               or (getattr(e, "trump", None) in rewritten and eid not in named)
                               or (kind[:-1] if kind != "fogs" else "fog", eid) in written)]
                   for kind, table in (("actions", self.parent.actions), ("characters", self.parent.characters),
                                       ("fogs", self.parent.fogs))}
        name = data.get("ver") or self.edition_id
        date = data.get("lastupdate") or datetime.date.today().strftime("%Y/%-m/%-d")
        edition: dict[str, Any] = {"kind": "edition", "id": self.edition_id, "extends": self.parent.id,
                                   "name": name, "date": date}
        if self.terms:
            edition["terms"] = dict(self.terms)
        if self.formats:
            edition["formats"] = self.formats
        if self.face_down is not None:
            edition["face_down_trump"] = self.face_down
        if self.new_categories:
            edition["categories"] = [{"id": c.id, "name": c.name, "section": c.section}
                                     for c in self.parent.categories] + self.new_categories
        edition["colophon"] = {"title": f"BlackPoker ActionList {name} {self.edition_id}", "issued": date}
        edition["remove"] = {k: v for k, v in removed.items() if v}
        head = (f"# Imported by `bpdsl import official` from {Path(self.official.file).name}: the official list "
                f"as edition {self.edition_id},\n# extending {self.parent.id} (its flow, notation, wording and "
                "trumps); the entries of the listed formats are replaced.\n")
        files = {"definitions/edition.yaml": schema_line("edition") + head + dump_yaml(edition)}
        for kind, key in (("action", "actions"), ("character", "characters"), ("fog", "fogs")):
            if lists[kind]:
                files[f"definitions/{key}.yaml"] = schema_line(key) + dump_yaml(
                    {"kind": key, "edition": self.edition_id, key: lists[kind]})
        by_format: dict[str, list[dict[str, Any]]] = {}
        for trump in lists["trump"]:
            by_format.setdefault(trump["formats"][0], []).append(trump)
        for n, (fmt, trumps) in enumerate(by_format.items()):
            for trump in trumps:
                if trump["formats"] == [fmt]:
                    trump.pop("formats")
            files[f"definitions/trumps{'' if n == 0 else n + 1}.yaml"] = schema_line("trumps") + dump_yaml(
                {"kind": "trumps", "edition": self.edition_id, "format": fmt, "trumps": trumps})
        files["bpdsl.toml"] = (f'# bpdsl project of edition {self.edition_id} (imported)\n[definitions]\n'
                               f'paths = ["definitions"]\n\n[defaults]\nedition = "{self.edition_id}"\n'
                               f'format = "{"std" if "std" in formats else formats[-1] if formats else "std"}"\n')
        from bpdsl.dsl.jsonschema import schema_files

        files.update({f"schemas/{n}": text for n, text in schema_files().items()})
        return files
