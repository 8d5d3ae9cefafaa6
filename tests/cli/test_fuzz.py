"""A seeded fuzz of everything a user hands bpdsl: definitions, scenarios, decks, event logs, regulation
strings, numeric options and what is typed into ``play``.

Each category mutates real inputs (the bundled definitions, scenarios, decks, a logged game) with the
mutations of :mod:`tests.cli.fuzzing` and runs the real CLI (the typer app of the ``bpdsl`` script, in this
process to stay fast).  Every run must end with an exit code the README's table allows for it -- never 3 --
without a traceback, and every diagnostic must carry ``file:line:col`` with a line of at least 1.  Mutated
definitions that still validate are rendered (exit 0, every action, character and fog of the format printed
by name, no Python repr such as ``{'x': ...}``) and simulated (exit 0: a definition that validates plays);
exit 2 only when the mutation took away the edition or format the commands name; a changed log must never replay as genuine;
a fuzzed deck that is legal is played in a match.  The broken-but-valid definitions the issue lists
(tests/dsl/test_broken_but_valid.py) must fail ``bpdsl validate`` with exit 1.

Seeded and bounded: ``BPDSL_FUZZ_SEED`` (default 1) and ``BPDSL_FUZZ_SCALE`` (default 1: about 300 inputs in
all; 10 for a long run).  Each test prints its counts (inputs tried, exit codes seen) on the terminal.
"""
from __future__ import annotations

import copy
import json
import os
import random
import shutil
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml

from tests.cli.fuzzing import Outcome, Tally, dump_yaml, mutate_text, mutate_tree, run_cli
from tests.dsl.test_broken_but_valid import CASES as BROKEN_BUT_VALID

ROOT = Path(__file__).resolve().parents[2]
DEFS = ROOT / "definitions"
SEED = int(os.environ.get("BPDSL_FUZZ_SEED", "1"))
SCALE = float(os.environ.get("BPDSL_FUZZ_SCALE", "1"))
CONSTRUCTED = "std+constructed40"


def count(n: int) -> int:
    return max(1, round(n * SCALE))


def rng_for(name: str) -> random.Random:
    return random.Random(f"{SEED}:{name}")


@pytest.fixture(autouse=True)
def _outside_the_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from an empty folder: no project definitions are picked up from the working directory."""
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("COLUMNS", "200")


def report(tally: Tally, capsys: pytest.CaptureFixture[str]) -> None:
    with capsys.disabled():
        print(f"\n{tally.summary()}")
    assert not tally.failures, f"{len(tally.failures)} of {tally.inputs} runs failed:\n\n" + "\n\n".join(
        tally.failures[:8])


def mutate_file(src: str, rng: random.Random) -> tuple[str, str]:
    """A tree mutation (70 %) when the text reads as YAML, else a text mutation."""
    if rng.random() < 0.7:
        data = yaml.safe_load(src)
        if isinstance(data, (dict, list)):
            what = mutate_tree(data, rng)
            return dump_yaml(data), "tree: " + what
    text, what = mutate_text(src, rng)
    return text, "text: " + what


def no_repr_in(folder: Path) -> Callable[[Outcome], str]:
    def check(_out: Outcome) -> str:
        for page in folder.rglob("*.html"):
            html = page.read_text(encoding="utf-8")
            for leak in ("{'", "['", "': ", "None</", ">None<"):
                if leak in html:
                    at = html.index(leak)
                    return f"{page.name} prints a Python repr: ...{html[max(0, at - 60):at + 60]}..."
        return ""
    return check


# --------------------------------------------------------------------------- definitions

DEFINITION_SETS: dict[str, tuple[list[str], str, str]] = {
    # name -> (paths below definitions/, edition, format)
    "blackdoubt": (["blackdoubt"], "bd1", "std"),
    "act6.1": (["blackpoker/game.yaml", "blackpoker/flows", "blackpoker/editions/act6.1",
                "blackpoker/regulations/bp2021.yaml"], "act6.1", "lite"),
    "act8.2": (["blackpoker/game.yaml", "blackpoker/flows", "blackpoker/editions/act8.0", "blackpoker/editions/act8.2",
                "blackpoker/regulations/bp2024.yaml"], "act8.2", "extra"),
}


def copy_set(name: str, dest: Path) -> Path:
    paths, _, _ = DEFINITION_SETS[name]
    root = dest / "defs"
    for p in paths:
        src = DEFS / p
        target = root / p
        target.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, target)
        else:
            shutil.copy(src, target)
    return root


@pytest.mark.long
def test_fuzzed_definitions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = rng_for("definitions")
    tally = Tally("definitions")
    for case in range(count(110)):
        name = rng.choice(sorted(DEFINITION_SETS))
        _, edition, fmt = DEFINITION_SETS[name]
        here = tmp_path / f"d{case}"
        root = copy_set(name, here)
        files = sorted(root.rglob("*.yaml"))
        target = rng.choice(files)
        text, what = mutate_file(target.read_text(encoding="utf-8"), rng)
        target.write_text(text, encoding="utf-8")
        label = f"case {case} (seed {SEED}): {name}, {target.relative_to(root)}: {what}"
        d = ["--no-bundled", "-d", str(root)]
        argv = ["validate", "-q", *d]
        out = run_cli(argv)
        tally.check(label, argv, out, {0, 1})
        if out.code != 0:
            continue
        # "validates" implies "prints what it says and plays": exit 2 only when the mutation took away the
        # edition or format the commands name; otherwise the sheet holds every entry's name and games run
        names = printed_names(root, edition, fmt)
        allowed = {0} if names is not None else {2}
        sheets = here / "out"
        argv = ["render", "actionlist", "-e", edition, "-f", fmt, "--html-only", "--out", str(sheets), *d]
        tally.check(label, argv, run_cli(argv), allowed, all_of([no_repr_in(sheets), names_in(sheets, names or [])]),
                    same_input=True)
        argv = ["simulate", "-e", edition, "-f", fmt, "-n", "2", "--jobs", "1", "--seed", str(case), "--json", *d]
        tally.check(label, argv, run_cli(argv), allowed, same_input=True)
    report(tally, capsys)


def printed_names(root: Path, edition: str, fmt: str) -> list[str] | None:
    """The names of the actions, characters and fogs the sheet of ``edition``/``fmt`` must print (None: the
    definitions no longer hold that edition and format)."""
    from bpdsl.dsl.loader import load

    defs = load([root]).definitions
    ed = defs.editions.get(edition) if defs is not None else None
    if ed is None or fmt not in {f.id for f in ed.formats}:
        return None
    return [e.name for e in [*ed.actions_in(fmt), *ed.characters_in(fmt), *ed.fogs_in(fmt)] if e.name]


def names_in(folder: Path, names: list[str]) -> Callable[[Outcome], str]:
    def check(out: Outcome) -> str:
        if out.code != 0:
            return ""
        import html as html_lib

        text = html_lib.unescape(" ".join(p.read_text(encoding="utf-8") for p in folder.rglob("*.html")))
        missing = [n for n in names if n not in text]
        return f"the sheet does not print {missing[:5]}" if missing else ""
    return check


def all_of(checks: list[Callable[[Outcome], str]]) -> Callable[[Outcome], str]:
    return lambda out: "; ".join(x for x in (c(out) for c in checks) if x)


@pytest.mark.long
def test_broken_but_valid_definitions_stay_invalid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The definitions the issue found valid although broken fail ``bpdsl validate`` (exit 1), positioned."""
    tally = Tally("broken-but-valid definitions")
    for i, (name, edit) in enumerate(sorted(BROKEN_BUT_VALID.items())):
        root = tmp_path / f"b{i}"
        shutil.copytree(DEFS, root)
        target = root / edit.file
        target.write_text(target.read_text(encoding="utf-8").replace(edit.old, edit.new, 1), encoding="utf-8")
        argv = ["validate", "-q", "--no-bundled", "-d", str(root)]
        out = run_cli(argv)
        tally.check(name, argv, out, {1}, lambda o, code=edit.code: "" if f": {code} " in o.output
                    else f"no {code} diagnostic")
    report(tally, capsys)


# --------------------------------------------------------------------------- scenarios, decks

def test_fuzzed_scenarios(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = rng_for("scenarios")
    tally = Tally("scenarios")
    sources = sorted((ROOT / "scenarios").rglob("*.yaml"))
    for case in range(count(50)):
        src = rng.choice(sources)
        text, what = mutate_file(src.read_text(encoding="utf-8"), rng)
        f = tmp_path / f"s{case}.yaml"
        f.write_text(text, encoding="utf-8")
        argv = ["scenario", str(f)]
        out = run_cli(argv)
        tally.check(f"case {case} (seed {SEED}): {src.relative_to(ROOT)}: {what}", argv, out, {0, 1, 2},
                    lambda o, name=f.name: "" if o.code == 0 or name in o.output else "the output does not name the file")
    report(tally, capsys)


def test_fuzzed_decks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = rng_for("decks")
    tally = Tally("decks")
    sources = sorted((ROOT / "tests" / "regulation" / "decks").glob("*.yaml"))
    for case in range(count(40)):
        src = rng.choice(sources)
        text, what = mutate_file(src.read_text(encoding="utf-8"), rng)
        f = tmp_path / f"deck{case}.yaml"
        f.write_text(text, encoding="utf-8")
        label = f"case {case} (seed {SEED}): {src.name}: {what}"
        argv = ["deck", "check", "-r", CONSTRUCTED, str(f)]
        out = run_cli(argv)
        tally.check(label, argv, out, {0, 1, 2}, lambda o, name=f.name: "" if o.code != 2 or name in o.output
                    else "a refused deck file is not named")
        if out.code == 0:  # a legal deck plays
            argv = ["simulate", "-r", CONSTRUCTED, "--deck", str(f), "-n", "1", "--jobs", "1", "--seed", str(case)]
            tally.check(label, argv, run_cli(argv), {0}, same_input=True)
    report(tally, capsys)


# --------------------------------------------------------------------------- logs

@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Path, str]]:
    """Logged games and the command that replays each: two plain games and a game of a regulation match."""
    d = tmp_path_factory.mktemp("logs")
    out = []
    for edition, fmt in (("bd1", "std"), ("act6.1", "lite")):
        log = d / f"{edition}.jsonl"
        r = run_cli(["simulate", "-e", edition, "-f", fmt, "-n", "1", "--jobs", "1", "--seed", "3", "--log", str(log)])
        assert r.code == 0, r.output + r.crash
        out.append((log, "replay"))
    log = d / "match.jsonl"
    r = run_cli(["match", "simulate", "-r", "std+entry", "-n", "1", "--seed", "3", "--log", str(log)])
    assert r.code == 0, r.output + r.crash
    out.append((log, "match replay"))
    return out


def mutate_log(lines: list[str], rng: random.Random) -> tuple[str, str]:
    if rng.random() < 0.5:
        i = rng.randrange(len(lines))
        event = json.loads(lines[i])
        before = copy.deepcopy(event)
        what = mutate_tree({"event": event}, rng)
        if event == before:
            event["t"] = "changed"
        changed = list(lines)
        changed[i] = json.dumps(event, ensure_ascii=False, default=str)
        return "\n".join(changed) + "\n", f"event {i + 1}: {what}"
    text = "\n".join(lines) + "\n"
    new, what = mutate_text(text, rng)
    while new == text or new.strip() == text.strip():
        new, what = mutate_text(text, rng)
    return new, what


def test_fuzzed_logs_never_replay_as_genuine(tmp_path: Path, logs: list[tuple[Path, str]],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    rng = rng_for("logs")
    tally = Tally("logs")

    def same_events(a: str, b: str) -> bool:
        """Whether two log texts hold the same events (JSON whitespace is not part of an event)."""
        try:
            return [json.loads(x) for x in a.splitlines() if x.strip()] == [json.loads(x) for x in b.splitlines()
                                                                            if x.strip()]
        except ValueError:
            return False

    def names_the_place(o: Outcome) -> str:
        if "event " in o.output or ".jsonl:" in o.output or "line " in o.output:
            return ""
        return "the output names neither the event nor the line"

    for case in range(count(60)):
        src, command = rng.choice(logs)
        original = src.read_text(encoding="utf-8")
        text, what = mutate_log(original.splitlines(), rng)
        f = tmp_path / f"log{case}.jsonl"
        f.write_text(text, encoding="utf-8")
        argv = [*command.split(), str(f)]
        genuine = same_events(text, original)  # e.g. a tab between two JSON values: the same events
        tally.check(f"case {case} (seed {SEED}): {src.name}: {what}", argv, run_cli(argv), {0} if genuine else {1, 2},
                    None if genuine else names_the_place)
    report(tally, capsys)


# --------------------------------------------------------------------------- strings and numbers

REGULATION_WORDS = ["std", "lite", "pro", "mast", "extra", "スタンダード", "ライト", "エクストラ", "entry", "random40",
                    "random-half", "constructed40", "constructed-half", "regular", "full", "レギュラー", "フル", "preset2",
                    "preset4", "プリセット2", "pack", "パック", "lite40", "ライト40", "ライトランダムハーフ", "nosuch", "♠",
                    "", " ", "\u3000", "＋", "x" * 300, "std+std", "1", "-1", "none", "None", "..", "%s"]


def regulation_string(rng: random.Random) -> str:
    words = [rng.choice(REGULATION_WORDS) for _ in range(rng.randint(1, 5))]
    return rng.choice(["+", " + ", "＋", "++", " "]).join(words)


def test_fuzzed_regulation_strings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = rng_for("regulations")
    tally = Tally("regulation strings")
    for case in range(count(40)):
        text = regulation_string(rng)
        argv = ["regulation", "check", text]
        out = run_cli(argv)
        tally.check(f"case {case} (seed {SEED}): {text!r}", argv, out, {0, 1, 2})
        if out.code == 0 and case % 2 == 0:
            argv = ["deck", "build", "-r", text, "--seed", str(case)]
            tally.check(f"case {case}: {text!r}", argv, run_cli(argv), {0, 1, 2}, same_input=True)
    report(tally, capsys)


NUMBERS = ["1", "2", "0", "-1", "100000001", "1" + "0" * 29, "9" * 5000, "1e3", "abc", "", "0x10", "１", "1.5",
           "nan", "-99999999999", " 1", "--", "２"]


def test_fuzzed_numeric_options(capsys: pytest.CaptureFixture[str]) -> None:
    rng = rng_for("numbers")
    tally = Tally("numeric options")
    for case in range(count(30)):
        games = rng.choice([n for n in NUMBERS if n not in ("１", "２")] if rng.random() < 0.7 else ["1", "2"])
        seed, jobs = rng.choice(NUMBERS), rng.choice(["1", "0", "-3", "x", "1.0"])
        argv = ["simulate", "-e", "bd1", "-f", "std", "-n", games, "--seed", seed, "--jobs", jobs, "--json"]
        if games not in ("1", "2"):
            argv[argv.index("--jobs") + 1] = "1"  # an accepted count with many jobs is a real run, not a fuzz
        tally.check(f"case {case} (seed {SEED})", argv, run_cli(argv), {0, 2})
    report(tally, capsys)


TYPED = ["1", "0", "-1", "99", "9" * 5000, "", " ", "?", "b", "t 1", "t", "t 99", "t ツイスト", "t " + "x" * 500,
         "\x1b[A", "\x00", "１", "1 2", "q q", "引く", "y", "n", "%s", "{}", "[", "1e9"]


def test_garbage_typed_into_play(capsys: pytest.CaptureFixture[str]) -> None:
    rng = rng_for("play")
    tally = Tally("play stdin")
    for case in range(count(15)):
        lines = [rng.choice(TYPED) for _ in range(rng.randint(1, 40))]
        stdin = "\n".join(lines) + "\nq\n"
        edition, fmt = rng.choice([("bd1", "std"), ("act6.1", "lite"), ("act8.0", "std")])
        argv = ["play", "-e", edition, "-f", fmt, "--seed", str(case)]
        tally.check(f"case {case} (seed {SEED}): typed {lines!r}", argv, run_cli(argv, stdin=stdin), {0})
    report(tally, capsys)
