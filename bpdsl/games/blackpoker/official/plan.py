"""The plan of an imported edition: the list read, its trumps linked, its facts and sentences planned; the
parts live in :mod:`.links`, :mod:`.facts`, :mod:`.sentences` and :mod:`.folder`."""
from __future__ import annotations

from bpdsl.diagnostics import DiagnosticSink, Pos
from bpdsl.dsl.document import Document
from bpdsl.games.blackpoker.official import phrases as P
from bpdsl.games.blackpoker.official import variants
from bpdsl.games.blackpoker.official.facts import EditionFacts
from bpdsl.games.blackpoker.official.folder import EditionFolder
from bpdsl.games.blackpoker.official.links import TrumpLinks
from bpdsl.games.blackpoker.official.planned import ImportProblem, PlannedEntry, Trigger, key_of
from bpdsl.games.blackpoker.official.sentences import EntrySentences
from bpdsl.games.blackpoker.official.source import OfficialList
from bpdsl.model import Definitions, Edition
from bpdsl.ops.registry import PhraseContext


class Planner(TrumpLinks, EditionFacts, EntrySentences, EditionFolder):
    """An official list planned as an edition folder extending ``parent``: :meth:`result` gives the files."""

    def __init__(self, official: OfficialList, edition_id: str, parent: Edition, defs: Definitions,
                 documents: list[Document]):
        self.official = official
        self.edition_id = edition_id
        self.parent = parent
        self.defs = defs
        self.sink = DiagnosticSink()
        self.new_forms: dict[PlannedEntry, dict[str, str]] = {}  # the official forms to keep (set by the check)
        self.unplayed_costs: dict[int, str] = {}
        self.candidates = P.collect(documents)
        self.chain: list[str] = []  # the parent and its ancestors
        at: Edition | None = parent
        while at is not None and at.id not in self.chain:
            self.chain.append(at.id)
            at = defs.editions.get(at.extends) if at.extends else None
        self.raised_by: dict[int, str] = self._trump_conditions()  # id(entry) -> its 起動条件 without the trump's
        self.triggered_by: dict[int, Trigger] = self._trump_triggers()  # id(action) -> what triggers it
        self.driven_by: dict[int, Trigger] = self._trump_units()  # id(action) -> the character driven to raise it
        self.formats = self._formats()
        self.categories = self._categories()
        self.entries = self._entries()
        if self.sink.errors:
            raise ImportProblem(f"{official.file} cannot be imported", self.sink.sorted())
        names = {eid: e.name for table in (parent.actions, parent.characters, parent.fogs)
                 for eid, e in table.items()}
        names.update({e.id: e.source.get(key_of(e.source, "Name")) for e in self.entries})
        self.index = P.PhraseIndex(self.candidates, PhraseContext(parent.terms, names))
        self.index.refit = variants.refit  # calls naming the entries a sentence names, without optional args
        for kind, table in (("action", parent.actions), ("character", parent.characters), ("fog", parent.fogs)):
            self.index.entry_ids[kind] = set(table) | {e.id for e in self.entries if e.source.kind == kind}
        self.terms: dict[str, str] = {}  # the edition terms the file's sentences choose (promote_terms)
        written = "".join(v for e in [*official.entries, *official.trumps] for v in e.values.values())
        if "♢" in written and "◇" not in written and parent.terms.get("diamond", "◇") != "♢":
            self.terms["diamond"] = "♢"  # the list's own suit glyph (第9.0版 フレーム編)
        self.written_terms: dict[tuple[str, str], int] = {}  # (term, word) -> calls that write it beside them

    def official_pos(self) -> "Pos":
        """Where the list states its edition: its data block, else its first line."""
        first = next(iter([*self.official.entries, *self.official.trumps]), None)
        return first.doc.pos(("data",)) if first is not None else Pos(self.official.file, 1, 1)

