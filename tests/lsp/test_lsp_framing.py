"""``bpdsl lsp`` driven over stdio with malformed frames: every frame is either answered or ends the session
with a word on standard error -- the server never stays alive without answering.

A header that cannot be read (a length that is not a number, negative, missing, too large, a line without
``:``, the input ending inside a frame) closes the session with status 1; a body that is not JSON or not a
JSON-RPC message is answered with the JSON-RPC error it is, and the next request is answered as usual.  The
reader itself is fuzzed in-process with seeded mutations of a valid stream."""
from __future__ import annotations

import asyncio
import io
import json
import os
import queue
import random
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest

from bpdsl.lsp.framing import FramingError, read_frame

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60.0  # seconds a loaded machine may take to start the server and answer


def frame(body: bytes | dict[str, Any]) -> bytes:
    raw = json.dumps(body).encode() if isinstance(body, dict) else body
    return b"Content-Length: %d\r\n\r\n" % len(raw) + raw


class Session:
    """``bpdsl lsp`` as a child process; its answers read by a thread into a queue."""

    def __init__(self, cwd: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        env.pop("BPDSL_DEFINITIONS", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "bpdsl", "lsp"], cwd=cwd, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.answers: queue.Queue[dict[str, Any] | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.answers.put(None)
                    return
                if line.strip() == b"":
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            assert length is not None
            self.answers.put(json.loads(out.read(length)))

    def send(self, raw: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(raw)
        self.proc.stdin.flush()

    def answer(self, msg_id: Any) -> dict[str, Any]:
        """The answer to request ``msg_id`` (notifications the server sends meanwhile are skipped)."""
        while True:
            got = self.answers.get(timeout=WAIT)
            assert got is not None, "the server closed instead of answering: " + self.stderr()
            if got.get("id") == msg_id and "method" not in got:
                return got

    def stderr(self) -> str:
        if self.proc.poll() is None:
            return ""
        assert self.proc.stderr is not None
        return self.proc.stderr.read().decode("utf-8", "replace")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=WAIT)


@pytest.fixture()
def session(tmp_path: Path) -> Iterator[Session]:
    s = Session(tmp_path)
    s.send(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"processId": None, "rootUri": None, "capabilities": {}}}))
    assert "result" in s.answer(1)
    yield s
    s.close()


CLOSING = {
    "a length that is not a number": b"Content-Length: abc\r\n\r\n{}",
    "a negative length": b"Content-Length: -5\r\n\r\n{}",
    "no Content-Length": b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}",
    "a length beyond any message": b"Content-Length: 99999999999\r\n\r\n{}",
    "a header line without a colon": b"Content-Length 2\r\n\r\n{}",
    "two different lengths": b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
    "a header line of 20 kB": b"X-Pad: " + b"x" * 20000 + b"\r\n",
}


@pytest.mark.parametrize("name", sorted(CLOSING))
def test_a_frame_that_cannot_be_read_closes_the_session_with_a_word(session: Session, name: str) -> None:
    session.send(CLOSING[name])  # standard input stays open: the server must notice by itself
    try:
        status = session.proc.wait(timeout=WAIT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{name}: the server neither answered nor closed")
    assert status == 1
    err = session.stderr()
    assert "malformed message" in err and "closing" in err and "Traceback" not in err, err


def test_the_input_ending_inside_a_body_closes_the_session(session: Session) -> None:
    session.send(b"Content-Length: 100\r\n\r\n{\"jsonrpc\"")
    assert session.proc.stdin is not None
    session.proc.stdin.close()
    assert session.proc.wait(timeout=WAIT) == 1
    assert "ended inside a message's body" in session.stderr()


BAD_BODIES = {
    "not JSON": (b"{not json", -32700, None),
    "not UTF-8": (b"\xff\xfe{}", -32700, None),
    "an array": (b"[1, 2]", -32600, None),
    "a string": (b'"hello"', -32600, None),
    "no jsonrpc version": (b'{"id": 5, "method": "shutdown"}', -32600, 5),
    "neither method nor id": (b'{"jsonrpc": "2.0"}', -32600, None),
    "params of the wrong shape": (b'{"jsonrpc": "2.0", "id": 6, "method": "textDocument/hover", "params": 5}',
                                  None, 6),
}


def test_a_body_that_is_not_a_message_is_answered_and_the_session_goes_on(session: Session) -> None:
    for name, (body, code, msg_id) in BAD_BODIES.items():
        session.send(frame(body))
        got = session.answer(msg_id)
        assert "error" in got, (name, got)
        if code is not None:
            assert got["error"]["code"] == code, (name, got)
    session.send(b"\r\n")  # a stray blank line between messages is tolerated
    session.send(frame({"jsonrpc": "2.0", "id": 42, "method": "shutdown"}))
    assert session.answer(42) == {"jsonrpc": "2.0", "id": 42, "result": None}
    session.send(frame({"jsonrpc": "2.0", "method": "exit"}))
    assert session.proc.wait(timeout=WAIT) == 0


def _frames(stream: bytes) -> list[bytes]:
    """Every body ``read_frame`` finds in ``stream``, until it ends or a FramingError is raised."""
    src = io.BufferedReader(io.BytesIO(stream))  # type: ignore[arg-type]

    async def readline(limit: int) -> bytes:
        return src.readline(limit)

    async def read(n: int) -> bytes:
        return src.read(n)

    async def all_frames() -> list[bytes]:
        out = []
        while (body := await read_frame(readline, read)) is not None:
            out.append(body)
        return out

    return asyncio.run(all_frames())


def test_the_reader_reads_every_valid_stream_whole() -> None:
    bodies = [b'{"a": 1}', b"{}", "{\"名\": \"\u200b\"}".encode()]
    stream = b"".join(frame(b) for b in bodies)
    assert _frames(stream) == bodies
    assert _frames(b"content-length:2\n\n{}") == [b"{}"]  # case and bare line feeds are read too
    assert _frames(b"") == []


def test_fuzzed_streams_are_read_or_refused_never_anything_else() -> None:
    """Seeded mutations of a valid stream: each is read to its end or refused with a FramingError (the
    session's close) -- no other exception, and every body read has the length its header announced."""
    rng = random.Random(40)
    valid = b"".join(frame({"jsonrpc": "2.0", "id": i, "method": "m", "params": {"x": "y" * i}}) for i in range(4))
    outcomes = {"read": 0, "refused": 0}
    for _ in range(3000):
        data = bytearray(valid)
        for _ in range(rng.randint(1, 4)):
            op = rng.randrange(4)
            at = rng.randrange(len(data) + 1)
            if op == 0 and data:
                del data[at:at + rng.randint(1, 8)]
            elif op == 1:
                data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 6)))
            elif op == 2:
                data[at:at] = rng.choice([b"-", b"\r\n", b":", b"Content-Length: ", b"99999999999", b"abc"])
            else:
                data = data[:at]
        try:
            bodies = _frames(bytes(data))
        except FramingError:
            outcomes["refused"] += 1
        else:
            outcomes["read"] += 1
            assert all(len(b) <= len(data) for b in bodies)
    assert outcomes["read"] > 10 and outcomes["refused"] > 100, outcomes  # both ways were exercised
