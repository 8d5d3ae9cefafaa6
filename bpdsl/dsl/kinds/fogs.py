"""Document kind ``fogs``: the fogs of one edition.

Example::

    kind: fogs
    edition: act8.0
    fogs:
      - id: up
        name: アップ
        type: 速攻魔法
        category: quick_magic
        key: ♡A〜10
        abilities: [...]
        formats: [lite, std]

Each entry is checked against its edition while it is built (formats, categories, cost letters, key
pattern, op calls and their arguments) and becomes final when inheritance is resolved
(see bpdsl.dsl.entries: an edition that extends another overrides its parent's entries field by field).
"""
from __future__ import annotations

from bpdsl.dsl import entries
from bpdsl.dsl.document import BuildContext, DocumentKind, register_kind

SCHEMA = entries.document_schema("fogs", entries.FOG_FIELDS)


def build(ctx: BuildContext) -> None:
    entries.build_document(ctx, "fog")


FOGS_KIND = register_kind(DocumentKind("fogs", SCHEMA, build, order=30))
