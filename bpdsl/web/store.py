"""Tables kept on disk (SQLite, the standard library's ``sqlite3``): a restarted ``bpdsl serve --tables FILE``
resumes every game where it was.

A table is stored as what makes it: the new-game request's fields and seed (its start is built again from
them, exactly as the first time), which seats are people and which bots, the bot seed, the seats' tokens, the
people's choices so far and whether it was quit.  Playing the start again with those choices is the table
(:mod:`bpdsl.web.tables`), so nothing of a game's state needs a format of its own.  Each write is one
transaction (atomic); the file holds the seats' tokens, so it is created readable by its owner only.
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """CREATE TABLE IF NOT EXISTS tables (
  id TEXT PRIMARY KEY, recipe TEXT NOT NULL, seats TEXT NOT NULL, bot_seed INTEGER NOT NULL,
  tokens TEXT NOT NULL, choices TEXT NOT NULL, quit INTEGER NOT NULL, saved REAL NOT NULL DEFAULT 0,
  watchers TEXT NOT NULL DEFAULT '{}', notes TEXT NOT NULL DEFAULT '[]', undos TEXT NOT NULL DEFAULT '[]',
  undo_ask TEXT NOT NULL DEFAULT 'null')"""
# columns added since the first files were written: a file of an older bpdsl gets them when it is opened
ADDED = {"undos": "TEXT NOT NULL DEFAULT '[]'", "undo_ask": "TEXT NOT NULL DEFAULT 'null'"}


@dataclass
class Stored:
    """One table as stored."""

    id: str
    recipe: dict[str, Any]  # {"data": the new-game request's fields, "seed": the seed}
    seats: list[str]
    bot_seed: int
    tokens: dict[int, str]
    choices: list[int]
    quit: bool
    watchers: dict[str, str]
    notes: list[dict[str, Any]]
    undos: list[dict[str, Any]]  # the decisions taken back (bpdsl.web.tables.Table.undos)
    undo_ask: dict[str, int] | None  # an undo asked and not answered yet


class TableStore:
    def __init__(self, path: Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not self.path.exists():
            fd = os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600)  # the tokens are secrets
            os.close(fd)
        self.lock = threading.Lock()
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(SCHEMA)
        have = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
        for column, kind in ADDED.items():
            if column not in have:
                self.db.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")

    def save(self, table: Any) -> None:
        """Write ``table`` (new or changed) in one transaction."""
        row = (table.id, json.dumps(table.recipe, ensure_ascii=False), json.dumps(table.seats), table.bot_seed,
               json.dumps({str(k): v for k, v in table.tokens.items()}), json.dumps(table.choices),
               int(table.quit), json.dumps(table.watchers), json.dumps(table.notes, ensure_ascii=False),
               json.dumps(table.undos, ensure_ascii=False), json.dumps(table.undo_ask))
        with self.lock:
            self.db.execute("INSERT OR REPLACE INTO tables (id, recipe, seats, bot_seed, tokens, choices, quit, "
                            "watchers, notes, undos, undo_ask, saved) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                            "julianday('now'))", row)

    def load(self, table_id: str) -> Stored | None:
        with self.lock:
            row = self.db.execute("SELECT id, recipe, seats, bot_seed, tokens, choices, quit, watchers, notes, "
                                  "undos, undo_ask FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            return None
        return Stored(row[0], json.loads(row[1]), json.loads(row[2]), int(row[3]),
                      {int(k): v for k, v in json.loads(row[4]).items()}, [int(i) for i in json.loads(row[5])],
                      bool(row[6]), dict(json.loads(row[7])), list(json.loads(row[8])), list(json.loads(row[9])),
                      json.loads(row[10]))

    def close(self) -> None:
        with self.lock:
            self.db.close()


__all__ = ["Stored", "TableStore"]
