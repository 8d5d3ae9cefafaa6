"""Every sentence the bundled editions print is traced to an official list, the official change history or a
reviewed exception (bpdsl/games/blackpoker/official/trace.yaml).  The official data is read where it is
(../shared/upstream), never copied; see bpdsl.games.blackpoker.official.trace for what "traced" means."""
from __future__ import annotations

from pathlib import Path

import pytest

from bpdsl.games.blackpoker.official.trace import (TRACE_FILE, TraceFileError, default_sources, sentences,
                                                   trace)

ROOT = Path(__file__).resolve().parents[2]
UPSTREAM = default_sources(ROOT)



@pytest.fixture(autouse=True)
def _upstream_is_there() -> None:
    """The check must not pass by being skipped: without the official data it fails (as the frame golden does)."""
    if UPSTREAM is None:
        pytest.fail(f"the official data is not at {ROOT.parent / 'shared' / 'upstream'} (../shared must sit beside "
                    "the checkout)")


def _untraced(report) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(d.format() for d in report.diagnostics())


def test_every_printed_sentence_of_the_bundled_editions_is_traced(definitions) -> None:
    report = trace(definitions, UPSTREAM)
    assert {"act6.1", "act8.2", "act9.0-draft", "act9.0", "act9.1"} <= set(report.editions)
    assert report.sentences > 5000 and report.by_source > 0.9 * report.sentences
    assert report.ok, _untraced(report)


def test_an_edition_wide_term_that_rewords_another_entry_is_untraced(definitions) -> None:
    """The draft's 「オーナー手札」 (ブレイク) made edition-wide reaches 死の槍 and 救済: 「オーナーライフ」."""
    edition = definitions.editions["act9.0"]
    edition.terms["owner_form"] = "オーナー"
    try:
        report = trace(definitions, UPSTREAM, editions=["act9.0"])
    finally:
        del edition.terms["owner_form"]
    found = {(f.entry, f.field, f.sentence) for f in report.untraced}
    assert ("死の槍", "effect", "対象の兵士をオーナーライフの一番上に裏向きで移す") in found
    assert {f.entry for f in report.untraced} <= {"死の槍", "救済"}, _untraced(report)  # 救済: the same words


def test_a_sentence_printed_twice_is_untraced() -> None:
    """A phrase composed twice (「…時に誘発する。時に誘発する。」) leaves a sentence no source or record has."""
    assert sentences("自分の防壁が墓地に移った時に誘発する。時に誘発する。") == ["自分の防壁が墓地に移った時に誘発する",
                                                                                "時に誘発する"]


def test_a_record_citing_words_the_history_lacks_is_refused(definitions, tmp_path: Path) -> None:
    text = TRACE_FILE.read_text(encoding="utf-8").replace("``ドロー`` の効果が変更されました。", "ドローは変わらない。")
    bad = tmp_path / "trace.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(TraceFileError, match="does not stand in revision-9.0.rst"):
        trace(definitions, UPSTREAM, bad)


def test_a_record_no_sheet_prints_any_more_is_stale(definitions, tmp_path: Path) -> None:
    text = TRACE_FILE.read_text(encoding="utf-8").replace("records:\n", "records:\n  - {edition: act9.0, entries: [ドロー], "
                                                          "sentences: {effect: [カードを3枚引く。]}, reason: not printed}\n", 1)
    extra = tmp_path / "trace.yaml"
    extra.write_text(text, encoding="utf-8")
    report = trace(definitions, UPSTREAM, extra, editions=["act9.0"])
    assert [r.entries for r in report.stale] == [("ドロー",)]


def test_validate_trace_through_the_command(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from bpdsl.cli import app

    r = CliRunner().invoke(app, ["validate", "--trace", "--sources", str(UPSTREAM), "-q"], terminal_width=400)
    assert r.exit_code == 0, r.output
    assert "0 untraced, 0 stale record(s)" in r.output
    assert "trace: act8.0 not traced: the trace file names no official list for it or its ancestors" in r.output
    missing = CliRunner().invoke(app, ["validate", "--trace", "--sources", str(tmp_path), "-q"])
    assert missing.exit_code == 2 and "is not there" in missing.output


def test_a_designers_edition_is_not_traced(tmp_path: Path) -> None:
    from bpdsl.dsl.loader import load
    from bpdsl.resources import definitions_dir

    (tmp_path / "edition.yaml").write_text("kind: edition\nid: my\nextends: act9.0\nname: 私の版\ndate: 2026/11/28\n",
                                           encoding="utf-8")
    defs = load([definitions_dir(), tmp_path]).definitions
    report = trace(defs, UPSTREAM, editions=["my", "act6.1"])
    assert report.untraced_editions == {"my": "not a bundled edition (its own sentences have no official list)"}
    assert set(report.editions) == {"act6.1"} and report.ok


def test_the_request_of_an_older_list_is_its_timing_in_the_timing_only_notation(definitions) -> None:
    """act6.1 prints 「@メイン」 where v6-act.yaml gives the timing (and ● for 即時): traced, not excepted."""
    report = trace(definitions, UPSTREAM, editions=["act6.1"])
    assert report.ok and report.by_exception == 2  # the two スーツ sentences of the printed 第六版 sheet


def test_an_entry_the_history_renames_is_traced_against_its_old_official_entry(definitions, tmp_path: Path) -> None:
    """防壁破壊士 (♡J) is act-frame.yaml's チャリオット under the name revision-9.0.rst gives it: without the
    renames its sentences are untraced, with them they are the official ones."""
    text = TRACE_FILE.read_text(encoding="utf-8")
    start, end = text.index("renames:\n"), text.index("\nrecords:")
    bare = tmp_path / "trace.yaml"
    bare.write_text(text[:start] + text[end:], encoding="utf-8")
    untraced = {f.entry for f in trace(definitions, UPSTREAM, bare, editions=["act9.0"]).untraced}
    assert {"防壁破壊士", "防壁破壊士召喚", "クイック防壁破壊士召喚", "粉砕", "防壁破壊士再生", "転生召喚"} <= untraced
    assert trace(definitions, UPSTREAM, editions=["act9.0"]).ok
