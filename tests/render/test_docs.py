"""The Sphinx rulebook, built from the bundled definitions with warnings as errors."""
from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest

from bpdsl.ops.registry import load_all
from bpdsl.render.docsbuild import build_docs
from bpdsl.dsl.loader import load_definitions
from bpdsl.render.sheet import sheet_formats

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built(rulebook: Path) -> Path:
    """The rulebook of the bundled definitions (with a designer's edition beside them: tests/render/conftest.py)."""
    return rulebook


def test_action_list_pages_hold_the_entries_of_their_format(built: Path) -> None:
    defs = load_definitions()
    for eid, fid in sheet_formats(defs):
        page = built / "actionlists" / f"{eid}-{fid}.html"
        assert page.is_file(), page
        html = page.read_text(encoding="utf-8")
        edition = defs.editions[eid]
        ids = set(re.findall(r'id="action-([\w.-]+)"', html))
        assert ids == {a.id for a in edition.actions_in(fid)}, (eid, fid)
        chars = set(re.findall(r'id="character-([\w.-]+)"', html))
        assert chars == {c.id for c in edition.characters_in(fid)}, (eid, fid)
        for a in edition.actions_in(fid):
            assert f"<ruby>{htmllib.escape(a.name)}<rp>" in html


def test_format_table_counts_come_from_the_definitions(built: Path) -> None:
    defs = load_definitions()
    html = (built / "rules" / "formats.html").read_text(encoding="utf-8")
    table = html[html.index("bpdsl-format-table"):]
    table = table[: table.index("</table>")]
    cells = [htmllib.unescape(re.sub(r"<[^>]+>", "", c)).strip()
             for c in re.findall(r"<td[^>]*>(.*?)</td>", table, re.S)]
    rows = [cells[i : i + 6] for i in range(0, len(cells), 6)]
    for eid, fid in sheet_formats(defs):
        edition = defs.editions[eid]
        fmt = edition.format(fid)
        row = next(r for r in rows if r[0] == f"{edition.name} {eid}" and r[1] == fmt.name)
        assert row[2:5] == [str(len(edition.actions_in(fid))), str(len(edition.characters_in(fid))),
                            str(len(edition.fogs_in(fid)))]


def test_dsl_reference_lists_every_op_with_its_example(built: Path) -> None:
    html = (built / "dsl.html").read_text(encoding="utf-8")
    for op in load_all().values():
        anchor = f'id="op-{op.name.replace("_", "-")}"'
        assert anchor in html, op.name
    assert html.count("phrase: ") >= len(load_all())


def test_core_flow_diagrams_are_drawn_from_the_flow_data(built: Path) -> None:
    defs = load_definitions()
    html = (built / "rules" / "core.html").read_text(encoding="utf-8")
    svgs = re.findall(r'data="\.\./(_images/graphviz-[0-9a-f]+\.svg)"', html)
    assert len(svgs) >= 2
    # other games' flows are drawn on their own pages (Black Doubt: actionlists/bd1-std)
    for page in sorted((built / "actionlists").glob("*.html")):
        svgs += re.findall(r'data="\.\./(_images/graphviz-[0-9a-f]+\.svg)"', page.read_text(encoding="utf-8"))
    drawn = "".join((built / s).read_text(encoding="utf-8") for s in svgs)
    for flow in defs.flows.values():
        for node in flow.nodes.values():
            assert htmllib.escape(node.label, quote=False) in drawn, (flow.id, node.label)


def test_regulations_page_is_in_the_toctree(built: Path) -> None:
    assert (built / "regulations.html").is_file()
    index = (built / "index.html").read_text(encoding="utf-8")
    assert 'href="regulations.html"' in index and 'href="architecture.html"' in index


def test_changes_page_lists_what_the_diff_finds(built: Path) -> None:
    from bpdsl.dsl.diff import diff_editions

    defs = load_definitions()
    result = diff_editions(defs.editions["act6.1"], defs.editions["act8.0"])
    html = htmllib.unescape((built / "actionlists" / "changes.html").read_text(encoding="utf-8"))
    assert result.of("added")
    for change in result.entries:
        assert change.name in html, change.name


def test_entries_directive_selects_part_and_category(tmp_path: Path) -> None:
    defs = load_definitions()
    edition = defs.editions["act8.0"]
    category = next(a.category for a in edition.actions_in("std"))
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["bpdsl.render.sphinxext"]\n', encoding="utf-8")
    (src / "index.rst").write_text(
        f"T\n=\n\n.. bpdsl-entries:: act8.0 std\n   :part: action\n   :category: {category}\n", encoding="utf-8")
    status, messages = build_docs(src, tmp_path / "out", builder="text")
    assert status == 0, messages
    text = (tmp_path / "out" / "index.txt").read_text(encoding="utf-8")
    inside = [a for a in edition.actions_in("std") if a.category == category]
    outside = [a for a in edition.actions_in("std") if a.category != category]
    assert inside and outside
    for a in inside:
        assert f"{a.name}（{a.ruby}）" in text
    for a in outside:
        assert f"{a.name}（{a.ruby}）" not in text
