"""Golden test: the printed text rendered from the executable definitions equals the seeds' sheets.

For every action, character and fog of seed 002 (act6.1 ライト) and seed 003 (act8.0 スタンダード), the
entry's region of the seed is located by its name header, and the normalised rendered header and each
rendered section (label and text: conditions, trigger condition, target, effect, size, labels, abilities)
must be found in that region, in the rendered order.  Nothing expected is copied into this file: the
expectation is the seed text itself (see seedtext.normalize for the normalisation).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from bpdsl.render.text import EntryText, count_overrides, edition_texts
from seedtext import PART_HEADINGS, Seed, find_seed, normalize

SHEETS = [("act6.1", "lite", "002"), ("act8.0", "std", "003")]
IDS = [f"{e}-{f}" for e, f, _ in SHEETS]


def _title(t: EntryText) -> str:
    return normalize(f"{t.mark}{t.name}({t.type})")


def _regions(seed: Seed, texts: list[EntryText]) -> dict[str, str]:
    """The seed text of each entry: from its header to the header of the next entry of the same list."""
    regions: dict[str, str] = {}
    for part in PART_HEADINGS:
        entries = [t for t in texts if t.entry == part]
        if not entries:
            continue
        body = seed.part(part)
        for i, t in enumerate(entries):
            start = body.find(_title(t))
            if start < 0:
                regions[f"{part}:{t.id}"] = ""
                continue
            end = len(body)
            if i + 1 < len(entries):
                nxt = body.find(_title(entries[i + 1]), start + 1)
                end = nxt if nxt > start else end
            regions[f"{part}:{t.id}"] = body[start:end]
    return regions


@pytest.mark.parametrize("edition_id,format_id,seed_prefix", SHEETS, ids=IDS)
def test_every_seed_entry_is_defined_in_printed_order(definitions, seeds_dir: Path, edition_id: str,
                                                      format_id: str, seed_prefix: str) -> None:
    seed = find_seed(seeds_dir, seed_prefix)
    edition = definitions.editions[edition_id]
    texts = edition_texts(edition, format_id)
    for part in PART_HEADINGS:
        ours = [(t.mark, normalize(t.name), normalize(t.type)) for t in texts if t.entry == part]
        printed = seed.headers(part) if PART_HEADINGS[part] in seed.text else []
        assert ours == printed, f"{edition_id} {part} list differs from seed {seed_prefix}"


@pytest.mark.parametrize("edition_id,format_id,seed_prefix", SHEETS, ids=IDS)
def test_rendered_sections_equal_seed_text(definitions, seeds_dir: Path, edition_id: str, format_id: str,
                                           seed_prefix: str) -> None:
    seed = find_seed(seeds_dir, seed_prefix)
    edition = definitions.editions[edition_id]
    texts = edition_texts(edition, format_id)
    regions = _regions(seed, texts)
    problems: list[str] = []
    checked = 0
    for t in texts:
        region = regions.get(f"{t.entry}:{t.id}", "")
        if not region:
            problems.append(f"{t.entry} {t.id} ({t.name}): header {_title(t)!r} not found in the seed")
            continue
        header = normalize(t.header)
        if not region.startswith(header):
            problems.append(f"{t.id}: header {header!r} does not open its region {region[:len(header) + 20]!r}")
        pos = len(_title(t))
        for section in t.sections:
            want = normalize(section.label + section.text)
            found = region.find(want, pos)
            checked += 1
            if found < 0:
                where = "elsewhere in the region (order)" if want in region else "not in the region"
                problems.append(f"{t.id} {section.kind}: {want!r} {where}\n    region: {region!r}")
                continue
            pos = found + len(want)
    assert checked >= len(texts), "every entry has at least one section to compare"
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("edition_id,format_id,seed_prefix", SHEETS, ids=IDS)
def test_supplements_and_title_equal_seed_text(definitions, seeds_dir: Path, edition_id: str, format_id: str,
                                               seed_prefix: str) -> None:
    seed = find_seed(seeds_dir, seed_prefix)
    edition = definitions.editions[edition_id]
    game = definitions.games[edition.game]
    pre = seed.preamble()
    fmt = edition.format(format_id)
    assert normalize(f"{edition.name} {edition.id} {fmt.name}") in pre
    assert normalize(edition.date) in pre
    sup = edition.supplements
    wanted = [sup["symbols"]["text"], *sup["placement"]["lines"], sup["triggering"]["text"]]
    wanted += [f"{cid}:{game.cost(cid).text}" for cid in sup["costs"]]
    missing = [w for w in wanted if normalize(w) not in pre]
    assert not missing, f"supplement lines not in seed {seed_prefix}: {missing}"


def test_colophon_equals_seed_text(definitions, seeds_dir: Path) -> None:
    seed = find_seed(seeds_dir, "003")
    colophon = definitions.editions["act8.0"].colophon
    tail = seed.text[seed.text.index(PART_HEADINGS["fog"]):]
    assert normalize(f"誌名:{colophon['title']}") in tail
    assert normalize(f"発行:{colophon['issued']}") in tail
    assert normalize(colophon["copyright"]) in tail


@pytest.mark.parametrize("edition_id", ["act6.1", "act8.0"])
def test_text_overrides_are_rare(definitions, edition_id: str) -> None:
    # Every printed step of the bundled editions comes from an op phrase; an override must be a choice.
    assert count_overrides(definitions.editions[edition_id]) <= 2
