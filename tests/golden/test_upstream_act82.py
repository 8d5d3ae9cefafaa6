"""Golden test: the act8.2 sheets print the official 第8.2版 texts (../shared/upstream/act.yaml).

For every format and every entry of the official lists, the rendered sheet of that format lists the same
entries in the same order, and each printed field (type, @ notation, cost, key, 起動条件, 誘発条件, 対象,
効果, ※ note, size, labels, abilities, fog target and ability) equals the official text after the seed
goldens' normalisation. Nothing expected is copied here: the expectation is read from the official file.
"""
from __future__ import annotations

import pytest

import upstream
from bpdsl.dsl.stats import edition_stats
from bpdsl.render.text import edition_texts

pytestmark = pytest.mark.skipif(not upstream.ACT.is_file(), reason="../shared/upstream/act.yaml not beside the checkout")


@pytest.fixture(scope="module")
def official() -> list[upstream.Entry]:
    return upstream.load()


@pytest.mark.parametrize("fmt", upstream.FORMATS)
def test_entries_of_each_format_in_official_order(definitions, official, fmt: str) -> None:
    texts = edition_texts(definitions.editions["act8.2"], fmt)
    for kind in ("action", "character", "fog"):
        ours = [t.name for t in texts if t.entry == kind]
        theirs = [e.name for e in official if e.kind == kind and fmt in e.formats]
        assert ours == theirs, f"{fmt} {kind} list differs from the official one"


@pytest.mark.parametrize("fmt", upstream.FORMATS)
def test_every_printed_field_equals_the_official_text(definitions, official, fmt: str) -> None:
    problems, checked = upstream.differences(edition_texts(definitions.editions["act8.2"], fmt), official, fmt)
    assert checked > 0
    assert not problems, "\n".join(problems)


def test_mast_counts_and_override_ratio(definitions) -> None:
    stats = edition_stats(definitions.editions["act8.2"])
    mast = next(f for f in stats.formats if f.format == "mast")
    assert (mast.actions, mast.characters, mast.fogs) == (37, 6, 3)
    # text overrides stay at most 10 % of the effect steps of the マスター list (the trumps' steps the engine
    # does not run yet are text overrides of the エクストラ format, counted there)
    assert mast.effect_text_overrides * 10 <= mast.effect_steps
