"""Document kind ``actions``: the actions of one edition.

Example::

    kind: actions
    edition: act8.0
    actions:
      - id: throwing
        name: 投擲
        ruby: とうてき
        category: normal_magic
        type: 通常魔法
        request: {trigger: direct, speed: normal, timing: main}   # or "@直接-通常-メイン"
        cost: ""
        key: "♠A〜K と ♣A〜K"
        target: {opponent_player: {}}
        conditions: []            # condition ops: once_per_turn, not_direct ...
        when: null                # trigger op (triggered actions only)
        notes: []                 # note ops, e.g. cannot be countered
        formats: [lite, std]
        effect:
          - damage: {to: target, amount: key.spade.rank}

Each entry is checked against its edition while it is built (formats, categories, cost letters, key
pattern, op calls and their arguments) and becomes final when inheritance is resolved
(see bpdsl.dsl.entries: an edition that extends another overrides its parent's entries field by field).
"""
from __future__ import annotations

from bpdsl.dsl import entries
from bpdsl.dsl.document import BuildContext, DocumentKind, register_kind

SCHEMA = entries.document_schema("actions", entries.ACTION_FIELDS)


def build(ctx: BuildContext) -> None:
    entries.build_document(ctx, "action")


ACTIONS_KIND = register_kind(DocumentKind("actions", SCHEMA, build, order=30))
