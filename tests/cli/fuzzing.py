"""Seeded mutations of the inputs a user hands bpdsl, and the checks every run of the CLI must pass.

Used by ``tests/cli/test_fuzz.py``.  Everything is driven by one ``random.Random`` per category, so a seed
gives the same inputs on every machine; a failing case prints its seed, its mutation and the command line.

Two kinds of mutation:

* **tree** mutations keep the file well-formed YAML/JSON and change its meaning: a value replaced by a
  hostile one (a mapping where text belongs, 10^400, -99999999999, .nan, "", a 5,000-character text,
  a card that does not exist), a key deleted or misspelt, a list item dropped or repeated, an id copied
  from its neighbour;
* **text** mutations damage the bytes: a line deleted, repeated or moved, the file cut short, a YAML token
  (tab, bracket, anchor, alias, tag, quote) or a stray character inserted.
"""
from __future__ import annotations

import json
import random
import re
import signal
import tempfile
import traceback
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import yaml

HOSTILE_VALUES: list[Any] = [
    {"x": {"y": 1}}, [1, [2, {"z": None}]], None, "", " ", 10 ** 400, -99999999999, 1e400, float("nan"),
    True, 0, -1, 2 ** 63, "x" * 5000, "♠99", "Joker3", "{{ 7*7 }}", "<script>alert(1)</script>", "%s%n",
    "１０", "♤Ａ〜Ｋ", "__class__", "../../etc/passwd", "\u202e", "a\nb",
    "[/x]", "[bold]", ":100:", "[link=file:///etc/passwd]x[/link]",  # console markup and emoji codes
]
TOKENS = ["\t", "[", "]", "{", "}", ":", "- ", "&a ", "*a", "*nosuch", "!!python/object/apply:os.system ", "'",
          '"', "#", "\n", "? ", "%YAML 1.1\n", "---\n", "...\n", "|", ">", "\\", "\x00", "\ufeff", "♠", "〜", "、", "[/x]", ":100:"]


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every node path of a plain YAML/JSON tree (the root excluded)."""
    out: list[tuple[Any, ...]] = []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    for k, v in items:
        out.append(path + (k,))
        out.extend(_paths(v, path + (k,)))
    return out


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    node = data
    for part in path[:-1]:
        node = node[part]
    return node


def mutate_tree(data: Any, rng: random.Random) -> str:
    """Change ``data`` in place by one tree mutation; returns what was done (for the failure message)."""
    paths = _paths(data)
    if not paths:
        return "nothing to mutate"
    path = rng.choice(paths)
    parent, last = _parent(data, path), path[-1]
    op = rng.choice(["value", "value", "value", "delete", "rename", "repeat", "copy_id", "swap"])
    if op == "delete":
        del parent[last]
    elif op == "rename" and isinstance(parent, dict):
        parent[str(last) + rng.choice(["s", "_", "x", " "])] = parent.pop(last)
    elif op == "repeat" and isinstance(parent, list):
        parent.insert(last, json.loads(json.dumps(parent[last], default=str)) if _plain(parent[last]) else parent[last])
    elif op == "copy_id" and isinstance(parent, list) and last > 0 and all(isinstance(x, dict) for x in parent[last - 1:last + 1]) \
            and "id" in parent[last - 1]:
        parent[last]["id"] = parent[last - 1]["id"]
    elif op == "swap":
        other = rng.choice(paths)
        if other[:len(path)] != path and path[:len(other)] != other:
            o_parent, o_last = _parent(data, other), other[-1]
            parent[last], o_parent[o_last] = o_parent[o_last], parent[last]
        else:
            op = "value"
    else:
        op = "value"
    if op == "value":
        value = rng.choice(HOSTILE_VALUES)
        parent[last] = json.loads(json.dumps(value)) if isinstance(value, (dict, list)) else value
        return f"{'/'.join(map(str, path))} = {_short(value)}"
    return f"{op} {'/'.join(map(str, path))}"


def _plain(value: Any) -> bool:
    try:
        json.dumps(value)
        return True
    except (TypeError, ValueError):
        return False


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 60 else text[:40] + f"... ({len(text)} chars)"


def mutate_text(text: str, rng: random.Random) -> tuple[str, str]:
    """One text mutation of ``text``; returns (new text, what was done)."""
    lines = text.split("\n")
    op = rng.choice(["delete", "repeat", "move", "cut", "insert", "insert", "replace"])
    i = rng.randrange(len(lines))
    if op == "delete" and len(lines) > 1:
        del lines[i]
        return "\n".join(lines), f"line {i + 1} deleted"
    if op == "repeat":
        lines.insert(i, lines[i])
        return "\n".join(lines), f"line {i + 1} repeated"
    if op == "move" and len(lines) > 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines), f"lines {i + 1} and {j + 1} swapped"
    at = rng.randrange(len(text) + 1)
    if op == "cut":
        return text[:at], f"cut at character {at}"
    if op == "replace" and at < len(text):
        ch = rng.choice(TOKENS)[:1] or "x"
        return text[:at] + ch + text[at + 1:], f"character {at} replaced by {ch!r}"
    token = rng.choice(TOKENS)
    return text[:at] + token + text[at:], f"{token!r} inserted at character {at}"


def dump_yaml(data: Any) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000)


# --------------------------------------------------------------------------- running the CLI in-process


@dataclass
class Outcome:
    code: int
    output: str
    crash: str = ""  # the traceback of an exception that escaped the commands (the CLI's exit 3)


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """At most ``seconds`` of CPU time (not wall-clock time: a loaded machine must not fail a case)."""
    def _expired(signum: int, frame: Any) -> None:
        raise Hang(f"no answer within {seconds} s of CPU time")

    old = signal.signal(signal.SIGPROF, _expired)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)


def run_cli(argv: list[str], stdin: str = "", seconds: int = 60) -> Outcome:
    """``bpdsl ARGV`` in this process, through the same typer app as the ``bpdsl`` script.

    An exception escaping the app is what :func:`bpdsl.cli.main` turns into exit 3 ("internal error"):
    it is returned as ``crash`` with its traceback (OSError and Ctrl-C map as main() maps them)."""
    from typer.testing import CliRunner

    from bpdsl.cli import app
    from bpdsl.dsl import loader

    for key in [k for k in loader._SELECTED if any(TMP in part for part in k)]:
        del loader._SELECTED[key]  # a case's own definitions are read once; the bundled ones stay cached
    runner = CliRunner()
    try:
        with time_limit(seconds):
            result = runner.invoke(app, argv, input=stdin, catch_exceptions=True)
    except Hang as exc:
        return Outcome(3, "", f"hang: {exc}")
    exc = result.exception
    if exc is None or isinstance(exc, SystemExit):
        return Outcome(result.exit_code, result.output)
    if isinstance(exc, KeyboardInterrupt):
        return Outcome(130, result.output)
    if isinstance(exc, OSError):
        return Outcome(1, result.output)
    crash = "".join(traceback.format_exception(*result.exc_info)) if result.exc_info else repr(exc)
    return Outcome(3, result.output, crash)


TMP = tempfile.gettempdir()
DIAGNOSTIC = re.compile(r"^\s*(?P<loc>\S[^\n]*?): (?P<code>[A-Z]\d{3}) ", re.M)
POSITIONED = re.compile(r"^.+:(?P<line>\d+):(?P<col>\d+)$")


@dataclass
class Tally:
    """What a category of the fuzz tried and saw (printed at the end of its test)."""

    name: str
    inputs: int = 0  # inputs tried (a mutated file, string or typed session)
    runs: int = 0  # CLI runs (a valid mutated definition is also rendered and simulated)
    exits: Counter[tuple[str, int]] = field(default_factory=Counter)  # (command, exit code) -> runs
    failures: list[str] = field(default_factory=list)

    def summary(self) -> str:
        commands = sorted({c for c, _ in self.exits})
        codes = "; ".join(c + " " + ", ".join(f"exit {code}: {n}" for (cc, code), n in sorted(self.exits.items())
                                              if cc == c) for c in commands)
        return f"fuzz {self.name}: {self.inputs} inputs, {self.runs} runs; {codes}"

    def check(self, what: str, argv: list[str], out: Outcome, allowed: set[int],
              extra: Callable[[Outcome], str] | None = None, same_input: bool = False) -> None:
        """Record one run: no exit 3 (nor any code outside ``allowed``), no traceback, every diagnostic with
        ``file:line:col`` and a line >= 1; ``extra`` may add a problem of its own (empty string: none).
        ``same_input``: a further run on the input of the previous one."""
        self.inputs += 0 if same_input else 1
        self.runs += 1
        self.exits[(" ".join(argv[:2]) if argv[0] in ("deck", "regulation", "render", "match") else argv[0], out.code)] += 1
        problems = []
        if out.crash:
            problems.append("exception escaped (exit 3):\n" + out.crash[-2500:])
        if out.code not in allowed:
            problems.append(f"exit {out.code}, expected one of {sorted(allowed)}")
        if "Traceback" in out.output or "internal error" in out.output:
            problems.append("traceback or internal error printed")
        for m in DIAGNOSTIC.finditer(out.output):
            pos = POSITIONED.match(m.group("loc"))
            if pos is None or int(pos.group("line")) < 1:
                problems.append(f"diagnostic without a position: {m.group(0).strip()!r}")
        if extra is not None:
            more = extra(out)
            if more:
                problems.append(more)
        if problems:
            self.failures.append(f"{what}\n  bpdsl {' '.join(argv)}\n  " + "\n  ".join(problems)
                                 + "\n  output: " + out.output[-1500:].replace("\n", "\n    "))
