"""The regulation directives render Tables 4.2, 5.1, 5.2 and 5.3 from the data (text builder, warnings as errors)."""
from __future__ import annotations

import re

import pytest

from bpdsl.games.blackpoker.regulation.load import REGULATIONS_DIR

PAGE = """\
Regulations
===========

.. bpdsl-format-kinds::

.. bpdsl-frames::

.. bpdsl-match-types::

.. bpdsl-frame-compat::

.. bpdsl-options::

.. bpdsl-option-compat::

.. bpdsl-named-regulations::

.. bpdsl-scenario-build::
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, list[list[str]]]]:
    """The page as text, and every table of its doctree as rows of cell texts, by caption."""
    from docutils import nodes
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace

    from bpdsl.render.sphinxext import data

    src = tmp_path_factory.mktemp("src")
    (src / "conf.py").write_text(
        "extensions = ['bpdsl.render.sphinxext']\n"
        f"bpdsl_definitions = [{str(REGULATIONS_DIR)!r}]\n"
        "language = 'ja'\n", encoding="utf-8")
    (src / "index.rst").write_text(PAGE, encoding="utf-8")
    out = tmp_path_factory.mktemp("out")
    data.clear_cache()
    tables: dict[str, list[list[str]]] = {}
    with docutils_namespace():  # keep this build's registrations out of later builds in the process
        app = Sphinx(str(src), str(src), str(out), str(out / ".doctrees"), "text", warningiserror=True,
                     status=None, freshenv=True)
        app.build()
        data.clear_cache()
        for table in app.env.get_doctree("index").findall(nodes.table):
            caption = table.next_node(nodes.title).astext()
            tables[caption] = [[entry.astext() for entry in row.findall(nodes.entry)]
                               for row in table.findall(nodes.row)]
    return (out / "index.txt").read_text(encoding="utf-8"), tables


def _squash(text: str) -> str:
    return re.sub(r"\s", "", text)


def test_every_table_is_there(built) -> None:  # type: ignore[no-untyped-def]
    text, tables = built
    for caption in ("Table 4.2", "Table 5.1", "Table 5.2", "Table 5.3"):
        assert any(c.startswith(caption) for c in tables), list(tables)
    assert "2デッキマッチの手順" in text and "パック開封" in text


def _table(tables: dict[str, list[list[str]]], prefix: str) -> list[list[str]]:
    return next(rows for caption, rows in tables.items() if caption.startswith(prefix))


def test_table_5_2_cells_are_the_data(built, bp2024) -> None:  # type: ignore[no-untyped-def]
    rows = _table(built[1], "Table 5.2")
    header, body = rows[0], rows[1:]
    assert header[1:] == [f.name for f in bp2024.formats.values()]
    expected = [[bp2024.frames[fid].name] + [cells[f] for f in bp2024.formats] for fid, cells in
                bp2024.frame_table.rows.items()]
    assert body == expected


def test_table_5_3_cells_are_the_data(built, bp2024) -> None:  # type: ignore[no-untyped-def]
    rows = _table(built[1], "Table 5.3")
    body = {r[0]: r[1:] for r in rows[1:] if r[1:] != ["", "", ""]}
    for fid, cells in bp2024.option_format_table.rows.items():
        assert body[bp2024.formats[fid].name] == [cells[o] for o in bp2024.options]
    for fid, cells in bp2024.option_frame_table.rows.items():
        assert body[bp2024.frames[fid].name] == [cells[o] for o in bp2024.options]


def test_table_5_1_deck_cells(built, bp2024) -> None:  # type: ignore[no-untyped-def]
    rows = _table(built[1], "Table 5.1")[1:]
    by_name = {r[0]: r for r in rows}
    assert by_name["エントリー"][4:] == ["21 枚", "x"]
    assert by_name["構築ハーフ"][4:] == ["n 枚", "(54-n) 枚以下"]
    assert by_name["ランダムハーフ"][2] == "2デッキマッチ"
    assert len(rows) == len(bp2024.frames)


def test_table_4_2_printed_counts(built, bp2024) -> None:  # type: ignore[no-untyped-def]
    rows = _table(built[1], "Table 4.2")[1:]
    assert [r[0] for r in rows] == [f.name for f in bp2024.formats.values()]
    assert [r[2] for r in rows] == [f.printed_actions for f in bp2024.formats.values()]


def test_pack_action_is_printed_from_its_ops(built, bp2024) -> None:  # type: ignore[no-untyped-def]
    (action,) = bp2024.options["pack"].actions
    flat = _squash(built[0])
    for line in action.printed(action.conditions) + action.printed(action.effect):
        assert _squash(line) in flat


def test_named_regulations_listed(built, bp2021) -> None:  # type: ignore[no-untyped-def]
    rows = next(rows for caption, rows in built[1].items() if "2021" in caption)
    assert [r[1] for r in rows[1:]] == [r.name for r in bp2021.named.values()]


def test_scenario_build_and_its_option_are_printed(built, bp2024) -> None:  # type: ignore[no-untyped-def]
    """第9.1版: the シナリオ構築 rule as a table from the data, and the option シナリオ手札 among the options."""
    text, tables = built
    rule = bp2024.scenario_build
    rows = _table(tables, "シナリオ構築")
    assert rows[1][0] == "切札" and rows[1][1].startswith(f"{rule.max_trumps} 枚まで")
    assert rows[3][0] == "シナリオ手札" and rows[3][1].startswith(f"{rule.scenario_hand} 枚、またはなし")
    assert "第9.1版 シナリオ手札" in text
    assert _squash(bp2024.options["scenario-hand"].summary) in _squash(text)
