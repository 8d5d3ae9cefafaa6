"""The validated model: what the definitions say, as plain typed data.

Data flows one way: YAML -> (bpdsl.dsl) -> this model -> (bpdsl.engine | bpdsl.render).  Nothing here
reads YAML and nothing here knows how a rule is executed or printed; the engine compiles this model into
its own fast structures, and the renderer turns it into text through the op registry's phrases.

Every object keeps the :class:`~bpdsl.diagnostics.Pos` it was declared at, so that later checks (and the
engine, when a definition misbehaves at run time) can point at the line that caused it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Literal

from bpdsl.diagnostics import UNKNOWN_POS, Pos

Trigger = Literal["direct", "triggered"]
Speed = Literal["instant", "normal"]
Timing = Literal["main", "quick"]


# --------------------------------------------------------------------------- game


@dataclass(frozen=True)
class Suit:
    id: str  # spade, heart, diamond, club
    mark: str  # ♠ ♡ ◇ ♣
    name: str  # スペード ...


@dataclass(frozen=True)
class Rank:
    id: str  # A, 2..10, J, Q, K, Joker
    value: int  # Table 3.1: A=1 .. K=13, Joker=0


@dataclass(frozen=True)
class Zone:
    id: str  # life, hand, field, grave, trump, fog, stage, pack
    name: str  # printed name, e.g. ライフ
    ordered: bool  # whether the order of cards matters (life: yes, grave: no)
    visibility: str  # id of a VisibilityLevel: how much the opponent may see
    owner_visibility: str = "public"  # how much the owner sees (life: count only)
    role: str = ""  # what the core flow does with it: one of ZONE_ROLES, or "" (only the game's rules use it)
    shared: bool = False  # one zone for the table (Black Doubt's 山札), not one per player: kept with seat 0


# What the generic engine may do with a zone, by role (a game declares each role on at most one zone):
ZONE_ROLES: dict[str, str] = {
    "characters": "holds the characters (the engine keeps them as characters, not as a list of cards)",
    "stage": "holds the key cards of the actions being raised or on the stage",
    "deck": "each player's draw pile; the cards a game or a scenario starts with go there, top first",
    "keys": "key cards are chosen from it",
    "spent": "key cards go there once their action has resolved or been negated",
}


@dataclass(frozen=True)
class CharacterKind:
    """A kind of character the game's rules know (BlackPoker: soldier, bulwark)."""

    id: str
    name: str  # printed name, e.g. 兵士
    face_down: bool = False  # placed face down unless said otherwise (a bulwark)


# when a declared counter goes back to 0: a turn passes (next_turn), a round starts (new_round)
COUNTER_RESETS = ("turn", "round")


@dataclass(frozen=True)
class Counter:
    """A number the rules keep per player (得点, a flag such as "drew this turn"), 0 at the start of a game.

    Expressions read it as ``me.<id>`` / ``opponent.<id>``; the ops ``add_counter`` / ``set_counter`` change it."""

    id: str
    name: str  # printed name, e.g. 得点
    description: str = ""
    reset: tuple[str, ...] = ()  # when it goes back to 0 (COUNTER_RESETS: turn, round)


@dataclass(frozen=True)
class PlayerValue:
    """A number computed from a player's cards in one zone (Black Doubt's 合計: ace 11 or 1), read by
    expressions as ``me.<id>`` / ``opponent.<id>``.  ``expr`` is a parsed expression over the card-set names
    ``cards.count``, ``cards.value`` (the declared rank values summed) and ``cards.aces``."""

    id: str
    name: str
    zone: str  # the zone whose cards are valued (field: every card of every character)
    expr: Any
    pos: Pos = UNKNOWN_POS


@dataclass(frozen=True)
class CostKind:
    id: str  # B, L, D, S
    text: str  # 防壁をドライブする
    op: str  # the effect op that pays it (registered in bpdsl.ops)
    pos: Pos = UNKNOWN_POS


@dataclass(frozen=True)
class VisibilityLevel:
    id: str  # public, private, count, count_capped ...
    name: str  # 公開, 非公開 ...
    description: str = ""


@dataclass(frozen=True)
class RoundSetup:
    """How a round (Black Doubt's 勝負) starts, declared in game.yaml ``round:``: the cards of the zones
    ``gather`` go back into the deck, which is shuffled; the counters declared with ``reset: [round]`` go back
    to 0; each player, the round's first player first, draws ``deal`` cards onto the field, ``face`` up or
    down; the first player holds the turn."""

    gather: tuple[str, ...]
    deal: int = 0
    face: str = "up"


@dataclass
class Game:
    """The components of a card game: its cards, zones and cost kinds."""

    id: str  # blackpoker
    name: str
    suits: list[Suit]
    ranks: list[Rank]
    zones: list[Zone]
    costs: list[CostKind]
    visibility: list[VisibilityLevel]
    jokers: int = 2
    pos: Pos = UNKNOWN_POS
    counters: list[Counter] = field(default_factory=list)
    values: list[PlayerValue] = field(default_factory=list)
    character_kinds: list[CharacterKind] = field(default_factory=list)
    round: RoundSetup | None = None  # how a round starts (games played in rounds)

    @property
    def deck_size(self) -> int:
        """Cards in one player's deck: one per suit and rank (Jokers apart), plus the Jokers."""
        return len(self.suits) * sum(1 for r in self.ranks if r.id != "Joker") + self.jokers

    def zone(self, zid: str) -> Zone | None:
        return next((z for z in self.zones if z.id == zid), None)

    def suit(self, sid: str) -> Suit:
        return next(s for s in self.suits if s.id == sid)

    def rank(self, rid: str) -> Rank:
        return next(r for r in self.ranks if r.id == rid)

    def cost(self, cid: str) -> CostKind:
        return next(c for c in self.costs if c.id == cid)


# --------------------------------------------------------------------------- effect steps


@dataclass
class OpCall:
    """One call of a registered op: an effect step, a condition, a trigger condition, a target, an ability.

    ``args`` holds the arguments after validation against the op's schema; expression arguments are
    already parsed (bpdsl.dsl.expr.Expr) and key patterns are parsed (bpdsl.dsl.cards.KeyPattern).
    ``text`` is a printed-text override, used only where no phrase fits; overrides are counted by
    ``bpdsl validate --stats``.
    """

    op: str
    args: dict[str, Any] = field(default_factory=dict)
    text: str | None = None
    pos: Pos = UNKNOWN_POS
    arg_pos: dict[str, Pos] = field(default_factory=dict, compare=False, repr=False)  # position of each argument
    terms: dict[str, str] | None = None  # wording terms of this call's sentence only (``terms:`` beside the op)


@dataclass(frozen=True)
class Request:
    """How an action is requested: @trigger-speed-timing (act8.0 notation; act6.1 prints timing only)."""

    trigger: Trigger = "direct"
    speed: Speed = "normal"
    timing: Timing = "main"


# --------------------------------------------------------------------------- cards of an edition


@dataclass
class Action:
    id: str  # ascii identifier, e.g. summon_soldier
    name: str  # 兵士召喚
    ruby: str  # へいししょうかん
    category: str  # id of a Category of the edition (printed group heading)
    type: str  # printed type in parentheses: 召喚, 速攻魔法, 基本 ...
    request: Request
    cost: str  # cost letters in printed order, e.g. "BBL"; "" for none
    key: Any  # bpdsl.dsl.cards.KeyPattern | None
    key_text: str | None  # the pattern as written (the printed notation is the DSL)
    target: OpCall | None  # a target op call
    conditions: list[OpCall]  # activation conditions (起動条件 / ※ notes): once_per_turn, not_direct ...
    when: OpCall | None  # trigger condition (誘発条件) of a triggered action
    notes: list[OpCall]  # other notes, e.g. cannot be countered
    formats: list[str]  # format ids of the edition this action belongs to
    effect: list[OpCall]
    lead: str | None = None  # printed lead-in before the effect steps (e.g. "アタッカーとブロッカーを比較する")
    list_style: str | None = None  # DSL ``list``: numbered | bullets for the effect steps; None = edition's
    since: str | None = None
    update: str | None = None
    story: str | None = None
    flavor: str | None = None
    flavor_speaker: str | None = None  # who says the flavor text (「…」 ― 再現の師より)
    dev_note: str | None = None
    pos: Pos = UNKNOWN_POS
    trump: str | None = None  # id of the trump card that brings this action (エクストラ), else None
    unplayed: str | None = None  # printed but left out of play: the reason (bpdsl.ops.playable)
    official: dict[str, str] | None = None  # the official list's own forms of fields that say the same (export)


# data of an entry that is printed only on request (--story) or kept for the record
LORE_FIELDS = ("since", "update", "story", "flavor", "flavor_speaker")


@dataclass
class Character:
    id: str  # general_soldier, hero, ace, magician, armed_soldier, bulwark
    name: str  # 一般兵
    ruby: str
    kind: str  # one of the game's character kinds (BlackPoker: soldier, bulwark)
    type: str  # printed type: 兵士 / 防壁
    key: Any  # KeyPattern
    key_text: str
    size: OpCall | None  # size op call (act8.0 prints サイズ: ...)
    labels: list[OpCall]  # attacker, blocker, haste (possibly conditional)
    abilities: list[OpCall]  # static/triggered abilities
    formats: list[str]
    since: str | None = None
    update: str | None = None
    story: str | None = None
    flavor: str | None = None
    flavor_speaker: str | None = None
    pos: Pos = UNKNOWN_POS
    trump: str | None = None  # id of the trump card that brings this character (エクストラ), else None
    unplayed: str | None = None  # printed but left out of play: the reason (bpdsl.ops.playable)
    official: dict[str, str] | None = None  # the official list's own forms of fields that say the same (export)


@dataclass
class Trump:
    """One trump card's ability (3.11, the エクストラリスト): the card it is assigned to, its printed name, the
    ability as op calls, and the actions and characters it brings (entries of the edition with ``trump``
    set to this id).  The ability exists only while its card lies face up in its owner's 切札 zone."""

    id: str  # revolution
    suit: str  # suit id of the card: spade, heart, diamond, club
    number: str  # rank id of the card: A, 2..10, J, Q, K
    name: str  # 革命
    ruby: str
    abilities: list[OpCall]  # the ability text: op calls of kind "ability" (granted abilities, triggers ...)
    formats: list[str]  # formats whose extra list holds it
    actions: list[str] = field(default_factory=list)  # ids of the actions it brings, in printed order
    characters: list[str] = field(default_factory=list)  # ids of the characters it brings
    beta: bool = False  # β: trial ability of the official list
    since: str | None = None
    pos: Pos = UNKNOWN_POS
    official: dict[str, str] | None = None  # the official list's own forms of fields that say the same (export)


@dataclass(frozen=True)
class FaceDownTrump:
    """The entry of an extra list for every card lying face down in a 切札 zone (the frame list's 裏切札): a
    face-down trump has no ability (3.11.5), whatever its card; the entry names it and says so."""

    name: str  # 裏切札
    ruby: str
    key: str  # the printed card field: 「全て(裏向き)」
    formats: tuple[str, ...]
    since: str | None = None
    # the official list's own forms of its fields (its id secretTrump): written by ``bpdsl export official``
    official: dict[str, str] | None = field(default=None, hash=False, compare=False)


@dataclass
class Fog:
    id: str
    name: str
    ruby: str
    type: str  # 速攻魔法 ...
    category: str
    key: Any
    key_text: str
    abilities: list[OpCall]
    formats: list[str]
    target: OpCall | None = None  # printed (対象) of a fog: what its ability applies to
    since: str | None = None
    update: str | None = None
    story: str | None = None
    flavor: str | None = None
    flavor_speaker: str | None = None
    pos: Pos = UNKNOWN_POS
    official: dict[str, str] | None = None  # the official list's own forms of fields that say the same (export)


@dataclass(frozen=True)
class Category:
    id: str
    name: str  # printed group heading, e.g. 展開系, 基本, 速攻魔法
    section: Literal["action", "character", "fog"] = "action"


@dataclass(frozen=True)
class Format:
    id: str  # lite, std, pro, mast, extra
    name: str  # ライト
    order: int  # lite < std < pro < mast < extra; an entry is new (○) in the first format listing it
    includes: str | None = None  # id of a format whose entries this one has too (エクストラ: マスター + 切札)
    # the glyph printed before an entry whose lowest format this is (■ ○ ● ◎), declared by the edition
    mark: str = ""
    pos: Pos = field(default=UNKNOWN_POS, compare=False)


@dataclass(frozen=True)
class MarkStyle:
    """How an edition's sheets print the format marks (DSL ``marks``).

    ``tag`` adds the entry's lowest format id after its type (``■ エンド (基本) [lite]``). ``legend`` is one
    line per format from the first up to the sheet's, with the placeholders ``{mark}``, ``{id}``, ``{name}``
    and ``{formats}`` (the names of this format through the sheet's, joined by 、); ``intro`` is the
    sentence above those lines (``{formats}``: every format up to the sheet's; ``{format}``: the sheet's).
    A sheet of the first format prints neither: every entry on it has the same mark.
    """

    tag: bool = False
    legend: str = ""
    intro: str = ""


@dataclass
class Edition:
    """One edition of the rules (act6.1, act8.0, ...), possibly extending another."""

    id: str
    name: str  # 第六版
    date: str  # printed date of the action list
    game: str  # id of the Game
    flow: str  # id of the core Flow it is played on
    notation: Literal["timing", "trigger-speed-timing"]
    terms: dict[str, str]  # printed words that differ by edition: life=デッキ/ライフ, size=数字/サイズ ...
    formats: list[Format]
    categories: list[Category]
    actions: dict[str, Action]  # in printed order
    characters: dict[str, Character]
    fogs: dict[str, Fog]
    supplements: dict[str, Any]  # legend boxes: symbols, costs, placement, triggering
    colophon: dict[str, str]
    extends: str | None = None
    pos: Pos = UNKNOWN_POS
    list_style: str | None = None  # DSL ``list``: numbered | bullets, how effects of several steps print
    trumps: dict[str, Trump] = field(default_factory=dict)  # trump abilities (エクストラリスト), by id
    marks: MarkStyle = field(default_factory=MarkStyle)  # how the format marks and their legend print
    face_down_trump: FaceDownTrump | None = None  # DSL ``face_down_trump``: the extra list's 裏切札 entry
    # DSL ``history`` (the edition's own, not inherited): how its change history reads -- ``rules``: changes
    # of the rules text no list shows; ``inferred``: entry id -> why a change is this edition's own reading
    history: dict[str, Any] = field(default_factory=dict)
    # DSL ``official`` (the edition's own, not inherited): the official list it was written from -- ``file``
    # its file name, ``layout: frames`` when that list names an entry's frames rather than its formats
    official: dict[str, str] = field(default_factory=dict)

    def trumps_in(self, fid: str) -> list[Trump]:
        return [t for t in self.trumps.values() if fid in t.formats]

    def format(self, fid: str) -> Format:
        return next(f for f in self.formats if f.id == fid)

    def lowest_format(self, fids: Iterable[str]) -> Format | None:
        """The first format (in the edition's order) of those an entry lists: the one its mark names."""
        listed = [f for f in self.formats if f.id in set(fids)]
        return min(listed, key=lambda f: f.order) if listed else None

    def actions_in(self, fid: str) -> list[Action]:
        return [a for a in self.actions.values() if fid in a.formats]

    def characters_in(self, fid: str) -> list[Character]:
        return [c for c in self.characters.values() if fid in c.formats]

    def fogs_in(self, fid: str) -> list[Fog]:
        return [f for f in self.fogs.values() if fid in f.formats]


@dataclass
class Definitions:
    """Everything loaded from a definitions tree: the root of the model.

    ``flows`` and ``regulations`` hold objects of the document kinds registered by bpdsl.engine.flow and
    bpdsl.games.blackpoker.regulation (see bpdsl.dsl.kinds); they are typed loosely here to keep this module free of them.
    """

    games: dict[str, Game] = field(default_factory=dict)
    editions: dict[str, Edition] = field(default_factory=dict)
    flows: dict[str, Any] = field(default_factory=dict)
    regulations: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # other document kinds, by kind then id
    files: list[str] = field(default_factory=list)
