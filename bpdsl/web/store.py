"""Tables kept on disk (SQLite, the standard library's ``sqlite3``): a restarted ``bpdsl serve --tables FILE``
resumes every game where it was.

A table is stored as what makes it: the new-game request's fields and seed (its start is built again from
them, exactly as the first time), which seats are people and which bots, the bot seed, the seats' tokens, the
people's choices so far and whether it was quit.  Playing the start again with those choices is the table
(:mod:`bpdsl.web.tables`), so nothing of a game's state needs a format of its own.  Each write is one
transaction (atomic); the file holds the seats' tokens, so it is created readable by its owner only.

The file is one a user can copy: it is kept with a rollback journal (``journal_mode=DELETE``), so every game
saved is in the named file itself once its write returns, never only in a ``-wal`` beside it; a file left in
WAL mode by an older bpdsl is checkpointed and turned back when it is opened, and :meth:`TableStore.close`
(called when the server stops) leaves no journal behind.  A file that cannot be this store is refused when
the server starts (:class:`StoreError`, said plainly), never a 500 at the first game: not an SQLite file,
truncated (shorter than its header says), damaged (``PRAGMA quick_check``), a ``tables`` table of another
shape, or a row that does not read back as a table.
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bpdsl.web.tables import Refused

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


class StoreError(Exception):
    """The file cannot be the tables' store; the message says why and what to do, for the user."""


HEADER = b"SQLite format 3\x00"


def _checked_header(path: Path) -> None:
    """Refuse a file that is not an SQLite database, or is shorter than its header says (truncated)."""
    size = path.stat().st_size
    if size == 0:
        return  # a new file
    with path.open("rb") as fh:
        head = fh.read(100)
    if len(head) < 100 or not head.startswith(HEADER):
        raise StoreError(f"{path} is not a tables file (not an SQLite database); give a new file name, or the "
                         "file `bpdsl serve --tables` wrote")
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    pages = int.from_bytes(head[28:32], "big")
    counted = int.from_bytes(head[24:28], "big") == int.from_bytes(head[92:96], "big")  # the count is current
    if counted and pages and size < page * pages:
        raise StoreError(f"{path} is truncated: its header says {page * pages} bytes, the file holds {size}; "
                         "the games in it cannot be read whole -- restore it from a copy")


def _stored(row: tuple[Any, ...]) -> Stored:
    """A row as a table, or ValueError/TypeError/KeyError when it does not read back as one."""
    recipe = json.loads(row[1])
    if not isinstance(recipe, dict) or not isinstance(recipe.get("data"), dict) or \
            isinstance(recipe.get("seed"), bool) or not isinstance(recipe.get("seed"), int):
        raise ValueError("its recipe is not {data: {...}, seed: integer}")
    seats = json.loads(row[2])
    if not isinstance(seats, list) or not all(isinstance(x, str) for x in seats):
        raise ValueError("its seats are not a list of names")
    tokens = {int(k): v for k, v in json.loads(row[4]).items()}
    if not all(isinstance(v, str) for v in tokens.values()):
        raise ValueError("its tokens are not texts")
    choices = json.loads(row[5])
    if not isinstance(choices, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in choices):
        raise ValueError("its choices are not a list of integers")
    watchers, notes, undos, undo_ask = (json.loads(row[i]) for i in (7, 8, 9, 10))
    if not isinstance(watchers, dict) or not isinstance(notes, list) or not isinstance(undos, list) or \
            not (undo_ask is None or isinstance(undo_ask, dict)):
        raise ValueError("its watchers, notes or undos are not of their kind")
    if not isinstance(row[0], str) or isinstance(row[3], bool) or not isinstance(row[3], int):
        raise ValueError("its id or bot seed is not of its kind")
    return Stored(row[0], recipe, seats, int(row[3]), tokens, choices, bool(row[6]), watchers, notes, undos,
                  undo_ask)


COLUMNS = ("id", "recipe", "seats", "bot_seed", "tokens", "choices", "quit", "watchers", "notes", "undos",
           "undo_ask")
_SELECT = "SELECT " + ", ".join(COLUMNS) + " FROM tables"


class TableStore:
    def __init__(self, path: Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not self.path.exists():
            fd = os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600)  # the tokens are secrets
            os.close(fd)
        _checked_header(self.path)
        self.lock = threading.Lock()
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            self._open()
        except sqlite3.OperationalError as exc:
            self.db.close()
            if "locked" in str(exc) or "busy" in str(exc):
                raise StoreError(f"{self.path} is in use by another program (another `bpdsl serve`?); stop it or "
                                 "give another file name") from None
            raise StoreError(f"{self.path} cannot be read as a tables file ({exc}); restore it from a copy or "
                             "give a new file name") from None
        except sqlite3.Error as exc:
            self.db.close()
            raise StoreError(f"{self.path} cannot be read as a tables file ({exc}); restore it from a copy or "
                             "give a new file name") from None
        except StoreError:
            self.db.close()
            raise

    def _open(self) -> None:
        """Check the file whole and bring an older one up to date (the caller turns errors into StoreError)."""
        mode = self.db.execute("PRAGMA journal_mode=DELETE").fetchone()[0]  # a WAL file is checkpointed first
        if str(mode).lower() != "delete":
            raise StoreError(f"{self.path} is in use by another program (its journal cannot be changed); stop it")
        self.db.execute("PRAGMA synchronous=FULL")
        damage = [r[0] for r in self.db.execute("PRAGMA quick_check(5)")]
        if damage != ["ok"]:
            raise StoreError(f"{self.path} is damaged ({'; '.join(map(str, damage))[:300]}); restore it from a copy")
        have = {row[1]: row for row in self.db.execute("PRAGMA table_info(tables)")}
        if not have:
            self.db.execute(SCHEMA)
            return
        missing = [c for c in (*COLUMNS, "saved") if c not in have and c not in ADDED]
        extra = [c for c, row in have.items() if c not in (*COLUMNS, "saved") and row[3] and row[4] is None]
        if missing or extra:
            what = (f"lacks the column(s) {', '.join(missing)}" if missing else
                    f"has the required column(s) {', '.join(extra)} bpdsl does not write")
            raise StoreError(f"{self.path} holds a 'tables' table of another shape: it {what}; it is not a file "
                             "of `bpdsl serve --tables` -- give another file name")
        for column, kind in ADDED.items():
            if column not in have:
                self.db.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")
        for row in self.db.execute(_SELECT):
            try:
                _stored(row)
            except (ValueError, TypeError, KeyError, AttributeError) as exc:
                raise StoreError(f"{self.path}: the table {str(row[0])[:40]!r} cannot be read back ({exc}); the "
                                 "file was edited by another program -- restore it from a copy") from None

    def save(self, table: Any) -> None:
        """Write ``table`` (new or changed) in one transaction; a file that can no longer be written (a full
        disk, a file changed by another program) is a 503 with the reason, never a 500."""
        row = (table.id, json.dumps(table.recipe, ensure_ascii=False), json.dumps(table.seats), table.bot_seed,
               json.dumps({str(k): v for k, v in table.tokens.items()}), json.dumps(table.choices),
               int(table.quit), json.dumps(table.watchers), json.dumps(table.notes, ensure_ascii=False),
               json.dumps(table.undos, ensure_ascii=False), json.dumps(table.undo_ask))
        try:
            with self.lock:
                self.db.execute("INSERT OR REPLACE INTO tables (id, recipe, seats, bot_seed, tokens, choices, quit, "
                                "watchers, notes, undos, undo_ask, saved) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                                "julianday('now'))", row)
        except sqlite3.Error as exc:
            raise Refused(503, f"the game cannot be saved in the tables file ({exc}); try again, or ask "
                               "whoever runs the server to check the file") from None

    def load(self, table_id: str) -> Stored | None:
        """The table as stored; None when there is none, or its row no longer reads back (changed by another
        program since the start: the game is not found rather than an error)."""
        try:
            with self.lock:
                row = self.db.execute(_SELECT + " WHERE id = ?", (table_id,)).fetchone()
        except sqlite3.Error:
            return None
        if row is None:
            return None
        try:
            return _stored(row)
        except (ValueError, TypeError, KeyError, AttributeError):
            return None

    def close(self) -> None:
        """Close the file (nothing is left beside it: the rollback journal is gone once a write returns)."""
        with self.lock:
            self.db.close()


__all__ = ["StoreError", "Stored", "TableStore"]
