"""Tables 5.2 and 5.3: the data equals the seed's tables, and the checker accepts every ○ and rejects every x."""
from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from bpdsl.games.blackpoker.regulation.check import resolve
from bpdsl.dsl.loader import load_or_raise
from bpdsl.games.blackpoker.regulation.load import REGULATIONS_DIR, systems
from bpdsl.games.blackpoker.regulation.model import NG_MARK, OK_MARK

from reg_seed_helpers import name_to_id, seed_table, seed_text

_S = systems(load_or_raise([REGULATIONS_DIR]))["bp2024"]
FORMATS = list(_S.formats)
FRAMES = list(_S.frames)
OPTIONS = list(_S.options)


def _seed_52(seeds_dir: Path) -> dict[str, dict[str, str]]:
    rows = seed_table(seed_text(seeds_dir, "000"), "Table 5.2")
    header = [name_to_id(_S.formats, h) for h in rows[0][1:]]
    return {name_to_id(_S.frames, r[0]): dict(zip(header, r[1:])) for r in rows[1:]}


def _seed_53(seeds_dir: Path) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    rows = seed_table(seed_text(seeds_dir, "000"), "Table 5.3")
    header = [name_to_id(_S.options, h) for h in rows[0][1:]]
    by_format: dict[str, dict[str, str]] = {}
    by_frame: dict[str, dict[str, str]] = {}
    section: dict[str, dict[str, str]] | None = None
    for r in rows[1:]:
        if "フォーマット" in r[0]:
            section = by_format
        elif "フレーム" in r[0]:
            section = by_frame
        else:
            assert section is not None
            entries = _S.formats if section is by_format else _S.frames
            section[name_to_id(entries, r[0])] = dict(zip(header, r[1:]))
    return by_format, by_frame


def test_table_5_2_equals_the_seed(seeds_dir: Path) -> None:
    seed = _seed_52(seeds_dir)
    assert _S.frame_table is not None
    assert set(seed) == set(FRAMES)
    assert seed == _S.frame_table.rows


def test_table_5_3_equals_the_seed(seeds_dir: Path) -> None:
    """The rulebook's columns as printed; the data adds columns the 2024 rulebook does not have."""
    by_format, by_frame = _seed_53(seeds_dir)
    assert _S.option_format_table is not None and _S.option_frame_table is not None
    # the 2024 rulebook's columns as printed; the columns it does not have are the frame list's レアパック
    # (rare_pack) and the option of 第9.1版 (scenario-hand)
    later = {o.id for o in _S.options.values() if o.section == "第9.1版"}
    assert later == {"scenario-hand"}
    printed = {o for row in by_format.values() for o in row}
    assert set(_S.options) - printed == {"rare_pack"} | later

    def seen(rows: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
        return {r: {o: m for o, m in cells.items() if o in printed} for r, cells in rows.items()}

    assert by_format == seen(_S.option_format_table.rows)
    assert by_frame == seen(_S.option_frame_table.rows)


@pytest.mark.parametrize("fmt,frame,expected", [
    # a few cells read by eye from seed 000, independently of the parser above
    ("extra", "entry", NG_MARK), ("extra", "regular", OK_MARK), ("extra", "full", OK_MARK),
    ("lite", "random-half", OK_MARK), ("extra", "constructed40", NG_MARK), ("mast", "entry", OK_MARK),
])
def test_table_5_2_cells_read_in_the_seed(bp2024, fmt: str, frame: str, expected: str) -> None:
    assert bp2024.frame_table.cell(frame, fmt) == expected


@pytest.mark.parametrize("row,option,expected", [
    ("lite", "preset2", NG_MARK), ("lite", "pack", OK_MARK), ("extra", "pack", NG_MARK),
    ("entry", "preset2", OK_MARK), ("entry", "preset4", NG_MARK), ("random-half", "pack", NG_MARK),
    ("random40", "pack", OK_MARK), ("regular", "pack", NG_MARK), ("constructed40", "preset4", OK_MARK),
])
def test_table_5_3_cells_read_in_the_seed(bp2024, row: str, option: str, expected: str) -> None:
    table = bp2024.option_format_table if row in bp2024.formats else bp2024.option_frame_table
    assert table.cell(row, option) == expected


@pytest.mark.parametrize("fmt,frame", list(itertools.product(FORMATS, FRAMES)))
def test_every_frame_cell_is_enforced(bp2024, reg_systems, fmt: str, frame: str) -> None:
    mark = bp2024.frame_table.cell(frame, fmt)
    for text in (f"{fmt}+{frame}", f"{bp2024.formats[fmt].name} + {bp2024.frames[frame].name}"):
        result = resolve(text, reg_systems)
        if mark == OK_MARK:
            assert result.valid, (text, [p.format() for p in result.problems])
        else:
            assert not result.valid and result.exit_code == 1
            assert any("Table 5.2" in p.rule for p in result.problems), [p.format() for p in result.problems]


@pytest.mark.parametrize("fmt,frame,option", list(itertools.product(FORMATS, FRAMES, OPTIONS)))
def test_every_option_cell_is_enforced(bp2024, reg_systems, fmt: str, frame: str, option: str) -> None:
    frame_ok = bp2024.frame_table.cell(frame, fmt) == OK_MARK
    fmt_ok = bp2024.option_format_table.cell(fmt, option) == OK_MARK
    frm_ok = bp2024.option_frame_table.cell(frame, option) == OK_MARK
    result = resolve(f"{fmt}+{frame}+{option}", reg_systems)
    assert result.valid == (frame_ok and fmt_ok and frm_ok)
    rules = " ".join(p.rule for p in result.problems)
    if not fmt_ok:
        assert f"{bp2024.formats[fmt].name} × {bp2024.options[option].name} = x" in rules
    if not frm_ok:
        assert f"{bp2024.frames[frame].name} × {bp2024.options[option].name} = x" in rules
    if not frame_ok:
        assert "Table 5.2" in rules


def test_the_rulebook_example_is_valid(reg_systems) -> None:
    # 5.4 注釈: スタンダード + ランダムハーフ + プリセット 2; 5.1.1: マスター + ランダム 40+ プリセット 2+ パック
    for text in ("スタンダード+ランダムハーフ+プリセット 2", "マスター + ランダム 40+ プリセット 2+ パック",
                 "マスター + ランダムハーフ + プリセット 2", "std+random-half+preset2"):
        assert resolve(text, reg_systems).valid, text


def test_named_2021_regulations_match_the_seed(seeds_dir: Path, bp2021) -> None:
    text = seed_text(seeds_dir, "001")
    import re

    heads = re.findall(r"^5\.2\.(\d+) (.+)$", text, flags=re.M)
    seed_names = {f"5.2.{n}": name.replace(" ", "") for n, name in heads}
    assert len(seed_names) == 13
    assert {r.section: r.name for r in bp2021.named.values()} == seed_names
    for r in bp2021.named.values():
        # the デッキ条件 sentence of each regulation is the seed's (the seed drops 枚 after 54 in places)
        m = re.search(rf"^{re.escape(r.section)} .+$", text, flags=re.M)
        assert m is not None, r.section
        block = text[m.end():m.end() + 400].replace(" ", "").replace("枚", "")
        assert r.condition.replace("枚", "") in block
        if "40" in r.name:
            assert r.deck.size.max == 40 and r.match == "one_deck"
        elif "ランダムハーフ" in r.name:
            assert r.deck.count == 2 and r.deck.size.exact == 27 and r.match == "two_deck"
        else:
            assert r.deck.size.max == 54 and r.match == "one_deck"


def test_each_named_regulation_resolves_by_name_and_id(reg_systems, bp2021) -> None:
    for r in bp2021.named.values():
        by_name = resolve(r.name, reg_systems)
        assert by_name.valid and by_name.regulation.named is r
        by_id = resolve(r.id, reg_systems, system="bp2021")
        assert by_id.valid and by_id.regulation.named is r


def test_incomplete_regulation_still_hears_about_its_options(reg_systems) -> None:
    result = resolve("ライト + プリセット2", reg_systems)
    assert result.exit_code == 1
    kinds = sorted(p.kind for p in result.problems)
    assert kinds == ["forbidden", "incomplete"]
    assert any("ライト × プリセット2 = x" in p.rule for p in result.problems)


@pytest.mark.parametrize("text,code", [
    ("", 2), ("std++entry", 2), ("std+entry+entry", 1), ("std+lite+entry", 1), ("std+entry+preset2+preset2", 1),
    ("std+random40+preset2+preset4", 1), ("ＳＴＤ＋ＥＮＴＲＹ", 0), ("std + Random_Half", 0),
])
def test_malformed_and_loose_texts(reg_systems, text: str, code: int) -> None:
    assert resolve(text, reg_systems).exit_code == code
