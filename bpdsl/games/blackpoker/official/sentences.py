"""The sentences of an entry as op compositions (the phrase search of :mod:`.phrases`), and the words the
file's sentences choose promoted to the edition's terms."""
from __future__ import annotations

import re
from typing import Any

from bpdsl.games.blackpoker.official import phrases as P
from bpdsl.games.blackpoker.official.planned import FieldReport, PlannedEntry, phrase_of


class EntrySentences:
    """The sentences of :class:`~.plan.Planner` (a part of it)."""

    def _compose(self, entry: PlannedEntry, reports: list[FieldReport]) -> dict[str, Any]:
        e = entry.source
        self.index.set_entry(entry.id, self.chain)  # where calls print alike, the parent's own call
        if "unit" in entry.forced:  # no ability raises it by driving the unit the file names
            entry.data.setdefault("unplayed", f"its unit {e.get('actUnit')!r} is not a character that raises it "
                                  "by driving itself")
        data = dict(entry.data)
        name = data["name"]

        def record(fname: str, match: P.Match) -> None:
            reports.append(FieldReport(name, e.kind, fname, match.ops, match.overrides))

        def single(fname: str, kind: str, text: str) -> Any:
            raw = None if fname in entry.forced else self.index.one(kind, text)
            if raw is None:
                raw = {f"not_executed_{kind}": {}, "text": phrase_of(text)}
                record(fname, P.Match([raw], [raw["text"]]))
            else:
                record(fname, P.Match([raw]))
            return raw

        def many(fname: str, kind: str, text: str, override: str) -> list[Any]:
            parts = P.units(text)
            if fname in entry.forced:
                match = P.Match([{override: {}, "text": u.as_phrase()} for u in parts], [u.as_phrase() for u in parts])
            else:
                match = self.index.compose(kind, parts, override)
            record(fname, match)
            return match.calls

        if e.kind == "action":
            conditions = self.raised_by.get(id(e), e.get("actActCond"))
            if conditions:
                data["conditions"] = many("conditions", "condition", conditions, "not_executed_condition")
            elif id(e) in self.raised_by:  # the whole 起動条件 is the trump's: printed from the may_raise link
                record("conditions", P.Match([{"may_raise": {"action": entry.id}}]))
            link = self.triggered_by.get(id(e))
            if link is not None and "when" not in entry.forced:  # printed from the trump's or character's link
                record("when", P.Match([link.call or {}]))
                data.setdefault("conditions", ["not_direct"])  # raised only by that link (not printed then)
            elif e.get("actTriggerCond"):
                data["when"] = single("when", "trigger", e.get("actTriggerCond"))
            target = single("target", "target", e.get("actTarget")) if e.get("actTarget") else None
            if target is not None:
                data["target"] = target
            self.index.set_target(target)
            parts = P.units(e.get("actEffect"))
            lead = None
            if len(parts) > 1 and not parts[0].numbered and not parts[0].bulleted and all(
                    u.numbered for u in parts[1:]):
                first = self.index.compose("effect", parts[:1], "not_executed")
                if first.overrides or "effect" in entry.forced:
                    lead, parts = parts[0].as_phrase(), parts[1:]
            if lead is not None:
                data["lead"] = lead
                reports.append(FieldReport(name, e.kind, "lead", 0, []))
            if "effect" in entry.forced:
                match = P.Match([{"not_executed": {}, "text": u.as_phrase()} for u in parts],
                                [u.as_phrase() for u in parts])
            else:
                match = self.index.compose("effect", parts, "not_executed")
            record("effect", match)
            data["effect"] = match.calls
            if match.joined and len(parts) == 1:
                data["list"] = "prose"
            if any(u.bulleted for u in parts) and len(parts) > 1:
                data["list"] = "bullets"
            if e.get("actNote"):
                note = "\n".join(line.strip().removeprefix("※").strip() for line in e.get("actNote").split("\n"))
                data["notes"] = many("notes", "note", note, "not_executed_note")
        elif e.kind == "character":
            if e.get("charSize"):
                data["size"] = single("size", "size", e.get("charSize"))
            if e.get("charLabel"):
                labels = [t.strip() for t in re.split(r"[,、，]", e.get("charLabel")) if t.strip()]
                calls, overs = [], []
                for text in labels:
                    raw = None if "labels" in entry.forced else self.index.one("label", text)
                    if raw is None:
                        raw = {"not_executed_label": {}, "text": text}
                        overs.append(text)
                    calls.append(raw)
                record("labels", P.Match(calls, overs))
                data["labels"] = calls
            if e.get("charAbility"):
                data["abilities"] = many("abilities", "ability", e.get("charAbility"), "not_executed_ability")
        elif e.kind == "trump":
            text = e.get("trumpAbility").strip()
            if text and text != "なし":
                data["abilities"] = many("abilities", "ability", text, "not_executed_ability")
        else:
            if e.get("fogTarget"):
                data["target"] = single("target", "target", e.get("fogTarget"))
            if e.get("fogAbility"):
                data["abilities"] = many("abilities", "ability", e.get("fogAbility"), "not_executed_ability")
        return data

    # ------------------------------------------------------------------ the edition's words

    def promote_terms(self, least: int = 3) -> bool:
        """Make a wording term the edition's where the file's sentences choose one word for it: the word
        written beside ``least`` or more calls by the last :meth:`result` (e.g. 第七版 extra's targets
        「兵士1体を対象とする。」 under act8.2's noun targets) becomes the edition's ``terms:``, so the calls
        print it without a ``terms:`` of their own.  True when a term was promoted (compose again)."""
        best: dict[str, tuple[int, str]] = {}
        for (key, word), n in self.written_terms.items():
            if n >= least and n > best.get(key, (0, ""))[0]:
                best[key] = (n, word)
        new = {key: word for key, (_, word) in best.items() if self.terms.get(key) != word}
        if not new:
            return False
        self.terms.update(new)
        self.index.set_terms(new)
        return True
