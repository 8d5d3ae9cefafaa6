"""The tables file a user can copy and trust (``bpdsl serve --tables FILE``): every game saved is in the named
file itself (no ``-wal`` beside it, a copy taken while the server runs or after it stops holds the games),
and a file that cannot be this store -- another program's table, a bad row, a truncated or damaged file, not
SQLite at all -- is refused when the server starts with a clear message, never a 500 at the first game."""
from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from bpdsl.web.app import create_app
from bpdsl.web.store import StoreError, TableStore

ROOT = Path(__file__).resolve().parents[2]


def _client(store: TableStore) -> TestClient:
    return TestClient(create_app(store=store), raise_server_exceptions=False, headers={"X-Bpdsl-Client": "1"})


def _new_game(client: TestClient) -> dict:
    r = client.post("/api/tables", json={"edition": "act8.0", "format": "std", "opponent": "random", "seed": 5})
    assert r.status_code == 200, r.text
    return r.json()


def test_a_copy_of_the_named_file_holds_every_game(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    store = TableStore(db)
    client = _client(store)
    games = [_new_game(client)["table"] for _ in range(3)]
    assert not Path(f"{db}-wal").exists() and not Path(f"{db}-journal").exists()
    copy = tmp_path / "copy-while-running.db"
    shutil.copy(db, copy)  # only the file the user named, while the server runs
    with sqlite3.connect(copy) as c:
        assert sorted(r[0] for r in c.execute("SELECT id FROM tables")) == sorted(games)
    store.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy-while-running.db", "tables.db"]


def test_a_file_left_in_wal_mode_is_turned_back_with_its_games(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    store = TableStore(db)
    table = _new_game(_client(store))["table"]
    store.close()
    writer = sqlite3.connect(db, isolation_level=None)  # an older bpdsl: WAL, the last rows only in the -wal
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("UPDATE tables SET quit = 1 WHERE id = ?", (table,))
    assert Path(f"{db}-wal").stat().st_size > 0
    crashed = tmp_path / "crashed.db"  # the old server killed: its file and its -wal left as they were
    shutil.copy(db, crashed)
    shutil.copy(f"{db}-wal", f"{crashed}-wal")
    with pytest.raises(StoreError, match="in use by another program"):
        TableStore(db)  # the old writer still has it open
    writer.close()
    again = TableStore(crashed)
    assert again.load(table).quit  # the row that was only in the -wal
    again.close()
    assert not Path(f"{crashed}-wal").exists()
    with sqlite3.connect(crashed) as c:  # and it is in the named file now
        assert c.execute("SELECT quit FROM tables WHERE id = ?", (table,)).fetchone() == (1,)


def _refused(path: Path, *words: str) -> str:
    with pytest.raises(StoreError) as caught:
        TableStore(path)
    message = str(caught.value)
    for w in words:
        assert w in message, message
    return message


def test_a_table_of_another_shape_is_refused_at_the_start(tmp_path: Path) -> None:
    db = tmp_path / "other.db"
    with sqlite3.connect(db) as c:
        c.execute("CREATE TABLE tables (id TEXT PRIMARY KEY, colour TEXT NOT NULL)")
    _refused(db, "another shape", "recipe", "give another file name")
    db2 = tmp_path / "extra.db"
    store = TableStore(db2)
    store.close()
    with sqlite3.connect(db2) as c:
        c.execute("ALTER TABLE tables ADD COLUMN owner TEXT NOT NULL DEFAULT 'x'")  # with a default: fine
    TableStore(db2).close()


@pytest.mark.parametrize("column, value, words", [
    ("recipe", "not json", "cannot be read back"),
    ("choices", '["a"]', "choices"),
    ("seats", '{"a": 1}', "seats"),
    ("tokens", "[1]", "cannot be read back"),
    ("recipe", '{"data": {}, "seed": "9"}', "recipe"),
])
def test_a_bad_row_is_refused_at_the_start_naming_the_table(tmp_path: Path, column: str, value: str,
                                                             words: str) -> None:
    db = tmp_path / "t.db"
    store = TableStore(db)
    table = _new_game(_client(store))["table"]
    store.close()
    with sqlite3.connect(db) as c:
        c.execute(f"UPDATE tables SET {column} = ? WHERE id = ?", (value, table))
    _refused(db, table[:40], words, "restore it from a copy")


def test_a_row_broken_while_the_server_runs_is_not_found_not_a_500(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    store = TableStore(db)
    client = _client(store)
    game = _new_game(client)
    with sqlite3.connect(db) as c:
        c.execute("UPDATE tables SET choices = 'x' WHERE id = ?", (game["table"],))
    fresh = _client(store)  # another server on the same store: the table is not in its memory
    r = fresh.get(f"/api/tables/{game['table']}/seats/0?token={game['seats'][0]['token']}")
    assert r.status_code == 404 and "error" in r.json()
    store.close()


def test_a_table_file_that_cannot_be_written_is_a_503_not_a_500(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    store = TableStore(db)
    client = _client(store)
    store.db.execute("DROP TABLE tables")  # another program took it away while the server runs
    r = client.post("/api/tables", json={"edition": "act8.0", "format": "std", "opponent": "random", "seed": 5})
    assert r.status_code == 503 and "cannot be saved" in r.json()["error"]
    store.close()


def test_a_truncated_file_is_reported(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    store = TableStore(db)
    client = _client(store)
    for _ in range(12):
        _new_game(client)
    store.close()
    with sqlite3.connect(db) as c:  # enough rows for several pages
        c.execute("UPDATE tables SET notes = ?", ("[" + ",".join(['{"seat":0,"decision_no":0,"text":"n"}'] * 60) + "]",))
    size = db.stat().st_size
    assert size >= 3 * 4096
    with db.open("r+b") as fh:
        fh.truncate(size - 4096)
    _refused(db, "truncated", str(size - 4096))


def test_a_file_that_is_not_sqlite_or_is_damaged_is_refused(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("these are my notes, not a database\n" * 10, encoding="utf-8")
    _refused(text, "not a tables file")
    short = tmp_path / "short.db"
    short.write_bytes(b"SQLite format 3\x00")
    _refused(short, "not a tables file")
    db = tmp_path / "damaged.db"
    store = TableStore(db)
    for _ in range(6):
        _new_game(_client(store))
    store.close()
    data = bytearray(db.read_bytes())
    data[4096 + 8: 4096 + 200] = b"\xff" * 192  # a b-tree page's header and cell pointers overwritten
    db.write_bytes(bytes(data))
    _refused(db, "restore it from a copy")


def test_serve_refuses_a_bad_file_with_exit_2_and_a_message(tmp_path: Path) -> None:
    db = tmp_path / "other.db"
    with sqlite3.connect(db) as c:
        c.execute("CREATE TABLE tables (id TEXT PRIMARY KEY, colour TEXT NOT NULL)")
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-m", "bpdsl", "serve", "--port", "0", "--tables", str(db)],
                          capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "another shape" in done.stderr and "Traceback" not in done.stderr
