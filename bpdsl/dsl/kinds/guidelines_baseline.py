"""Document kind ``guidelines_baseline``: design-guideline breaches already known, which ``bpdsl validate
--guidelines`` does not count (a baseline, as linters keep one).

Example::

    kind: guidelines_baseline
    game: blackpoker
    breaches:
      - {guideline: triggered_instant_quick, edition: act8.2, entry: replenish_hand}   # 手札補充

A breach is known when a record names its guideline, its entry's id and the edition that *writes* the entry
(the edition whose files hold it; an edition that only inherits the entry shares the record, one that
rewrites the entry has a breach of its own).  The bundled baseline records the official lists' own breaches;
a designer's project may keep one for what it took over (``bpdsl validate --guidelines --write-baseline``).
The records are kept in ``Definitions.extra["guidelines_baseline"][<game>]`` as
:class:`bpdsl.dsl.guidelines.Known`.
"""
from __future__ import annotations

from typing import Any

from bpdsl.dsl.document import BuildContext, DocumentKind, register_kind
from bpdsl.dsl.guidelines import L_BAD_GUIDELINE, Known

_TEXT = {"type": "string", "required": True, "empty": False}
SCHEMA: dict[str, Any] = {
    "game": {"type": "string", "required": True},
    "breaches": {"type": "list", "required": True, "schema": {"type": "dict", "schema": {
        "guideline": _TEXT, "edition": _TEXT, "entry": _TEXT, "note": {"type": "string"},
    }}},
}


def build(ctx: BuildContext) -> None:
    data = ctx.document.data
    out: list[Known] = []
    seen: set[tuple[str, str, str]] = set()
    for i, item in enumerate(data.get("breaches") or []):
        k = (str(item["guideline"]), str(item["edition"]), str(item["entry"]))
        if k in seen:
            ctx.error(("breaches", i), L_BAD_GUIDELINE, f"the breach {' '.join(k)} is recorded twice",
                      "keep one record of it")
            continue
        seen.add(k)
        out.append(Known(*k, pos=ctx.pos(("breaches", i))))
    ctx.definitions.extra.setdefault("guidelines_baseline", {}).setdefault(str(data.get("game")), []).extend(out)


BASELINE_KIND = register_kind(DocumentKind("guidelines_baseline", SCHEMA, build, order=51))
