"""Document kind ``characters``: the characters of one edition.

Example::

    kind: characters
    edition: act8.0
    characters:
      - id: ace
        name: エース
        kind: soldier             # soldier | bulwark
        type: 兵士
        key: A
        size: {fixed_size: {value: 1}}
        labels: [attacker, blocker, haste]
        abilities: []
        formats: [lite, std]

Each entry is checked against its edition while it is built (formats, categories, cost letters, key
pattern, op calls and their arguments) and becomes final when inheritance is resolved
(see bpdsl.dsl.entries: an edition that extends another overrides its parent's entries field by field).
"""
from __future__ import annotations

from bpdsl.dsl import entries
from bpdsl.dsl.document import BuildContext, DocumentKind, register_kind

SCHEMA = entries.document_schema("characters", entries.CHARACTER_FIELDS)


def build(ctx: BuildContext) -> None:
    entries.build_document(ctx, "character")


CHARACTERS_KIND = register_kind(DocumentKind("characters", SCHEMA, build, order=30))
