"""The Sphinx project as it is built: the bundled ``docs/`` plus pages generated from the definitions.

Every edition and format the definitions declare gets its action-list page (``actionlists/<edition>-<format>``)
and every edition that extends another a page of its changes, so a designer's own edition appears in the
rulebook without any page written by hand.  A page of the same name in the project overrides the generated
one (to add prose, as the Black Doubt page does).  The project is copied to a staging folder beside the
output (only files whose content changed are rewritten, so Sphinx's incremental build keeps working) and the
installed, possibly read-only, ``docs/`` is never written to.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from bpdsl.model import Definitions

GENERATED_INDEX = "actionlists/index.rst"


def _underline(title: str, char: str = "=") -> str:
    from unicodedata import east_asian_width

    width = sum(2 if east_asian_width(c) in "WF" else 1 for c in title)
    return f"{title}\n{char * width}\n"


ORPHAN = ":orphan:\n\n"  # a project whose toctree does not list the generated pages is not warned about them


def sheet_page(defs: Definitions, edition_id: str, format_id: str) -> str:
    edition = defs.editions[edition_id]
    fmt = edition.format(format_id)
    parts = [ORPHAN + _underline(f"{edition.name} {edition.id} {fmt.name}"),
             f"定義ファイルから生成したアクションリストです。印刷用は "
             f"``bpdsl render actionlist --edition {edition.id} --format {fmt.id}``。", ""]
    for part, title, entries in (("action", "アクション", edition.actions_in(format_id)),
                                 ("character", "キャラクター", edition.characters_in(format_id)),
                                 ("fog", "フォグ", edition.fogs_in(format_id)),
                                 ("trump", "エクストラリスト", edition.trumps_in(format_id))):
        if entries:
            parts += [_underline(title, "-"), f".. bpdsl-entries:: {edition.id} {fmt.id}", f"   :part: {part}", ""]
    return "\n".join(parts)


def changes_page(defs: Definitions, edition_id: str) -> str:
    edition = defs.editions[edition_id]
    parent = defs.editions[edition.extends or ""]
    return "\n".join([
        ORPHAN + _underline(f"{parent.name} {parent.id} から {edition.name} {edition.id} への変更"),
        f"{edition.id} は {parent.id} を拡張した版です。定義を比べた結果です（``bpdsl diff {parent.id} {edition.id}`` "
        "と同じデータ）。", "", f".. bpdsl-diff:: {parent.id} {edition.id}", "   :details:", ""])


def generated_pages(defs: Definitions, existing: set[str]) -> dict[str, str]:
    """Relative path -> text of the generated pages; ``existing`` pages of the project are kept as written."""
    from bpdsl.render.sheet import sheet_formats

    pages: dict[str, str] = {}
    toc: list[str] = []
    for edition_id, format_id in sheet_formats(defs):
        name = f"actionlists/{edition_id}-{format_id}"
        toc.append(name)
        if f"{name}.rst" not in existing:
            pages[f"{name}.rst"] = sheet_page(defs, edition_id, format_id)
    for edition in defs.editions.values():
        if edition.extends and edition.extends in defs.editions:
            name = f"actionlists/{edition.id}-changes"
            toc.append(name)
            if f"{name}.rst" not in existing:
                pages[f"{name}.rst"] = changes_page(defs, edition.id)
    toc += sorted(p.removesuffix(".rst") for p in existing
                  if p.startswith("actionlists/") and p != GENERATED_INDEX and p.removesuffix(".rst") not in toc)
    pages[GENERATED_INDEX] = "\n".join([
        ORPHAN + _underline("アクションリスト"),
        "定義ファイルが宣言するすべての版とフォーマットのアクションリストです（定義から生成）。", "",
        ".. toctree::", "   :maxdepth: 1", "", *[f"   {p.removeprefix('actionlists/')}" for p in toc], ""])
    return pages


def _sync(path: Path, data: bytes) -> None:
    if path.is_file() and path.read_bytes() == data:
        return  # unchanged: keep the modification time Sphinx compares
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def stage(source: Path, staging: Path, defs: Definitions) -> Path:
    """Make ``staging`` hold ``source`` plus the generated pages; returns ``staging``."""
    wanted: dict[str, bytes] = {}
    for f in source.rglob("*"):
        rel = f.relative_to(source)
        if f.is_file() and not any(p.startswith((".", "_build", "__pycache__")) for p in rel.parts):
            wanted[rel.as_posix()] = f.read_bytes()
    existing = {p for p in wanted if p.endswith(".rst")}
    for rel, text in generated_pages(defs, existing).items():
        wanted[rel] = text.encode("utf-8")
    for rel, data in wanted.items():
        _sync(staging / rel, data)
    for f in list(staging.rglob("*")):  # pages of editions no longer declared
        if f.is_file() and f.relative_to(staging).as_posix() not in wanted:
            f.unlink()
    for d in sorted((d for d in staging.rglob("*") if d.is_dir()), reverse=True):
        if not any(d.iterdir()):
            shutil.rmtree(d)
    return staging
