"""The regulation model: formats, frames, options, match types and compatibility tables as typed data.

A match of BlackPoker is played under a regulation.  The 2024 rulebook (seed 000, chapters 4 and 5)
composes a regulation as ``フォーマット + フレーム + オプション``; the 2021 rulebook (seed 001, chapter 5)
names thirteen fixed regulations instead.  Both systems are declared in YAML
(``definitions/blackpoker/regulations/``), loaded by the ``regulations`` document kind into
:class:`RegulationSystem` objects kept in ``Definitions.regulations`` by system id, and read from here by
the checker, the deck builder, the match runner and the Sphinx directives.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bpdsl.diagnostics import UNKNOWN_POS, Pos
from bpdsl.model import OpCall
from bpdsl.ops.registry import PhraseContext, get

BuildType = Literal["fixed", "random", "constructed"]
Mark = Literal["○", "x"]
OK_MARK = "○"
NG_MARK = "x"
FULL_SIZE = 54  # 52 cards + 2 Jokers (seed 000, 3.3)


@dataclass(frozen=True)
class SizeRule:
    """How many cards one deck holds: exactly ``exact``, or between ``min`` and ``max``."""

    exact: int | None = None
    min: int | None = None
    max: int | None = None

    def allows(self, n: int) -> bool:
        if self.exact is not None and n != self.exact:
            return False
        if self.min is not None and n < self.min:
            return False
        if self.max is not None and n > self.max:
            return False
        return True

    def text(self) -> str:
        """Printed form used by the tables: "40 枚", "40 枚以下", "8 枚以上"."""
        if self.exact is not None:
            return f"{self.exact} 枚"
        if self.max is not None and self.min is not None:
            return f"{self.min}〜{self.max} 枚"
        if self.max is not None:
            return f"{self.max} 枚以下"
        if self.min is not None:
            return f"{self.min} 枚以上"
        return "任意"


@dataclass(frozen=True)
class DeckRule:
    """How the decks of one player are made under a frame (or a 2021 regulation's デッキ条件).

    ``count`` decks per player, each obeying ``size``.  With two decks, ``together`` says how the two
    share the 54 cards: ``all`` (every card in exactly one of them: ランダムハーフ) or ``subset`` (disjoint,
    cards may be left out: 構築ハーフ).  A fixed build lists its ``cards`` (``None`` = all 54); a random
    build draws its deck(s) from the 54 with the game's seed.
    """

    build: BuildType
    count: int = 1
    size: SizeRule = SizeRule()
    together: Literal["all", "subset"] | None = None
    cards: tuple[str, ...] | None = None  # fixed builds: printed card ids ("♠A", "Joker"); None = all 54
    even_split: bool = False  # random two-deck builds: both halves equal (2021: 27 each)
    max_jokers: int = 2
    unique: bool = True  # no two cards of the same suit and rank

    def deck_texts(self) -> list[str]:
        """Table 5.1's デッキ 1 / デッキ 2 cells: "21 枚", "n 枚", "(54-n) 枚以下"..."""
        if self.count == 1:
            return [self.size.text()]
        if self.even_split and self.size.exact is not None:
            return [self.size.text(), self.size.text()]
        second = f"({FULL_SIZE}-n) 枚" if self.together == "all" else f"({FULL_SIZE}-n) 枚以下"
        return ["n 枚", second]


@dataclass
class Format:
    """A format (4.2/4.4): which action list (and extra list) a game is played with."""

    id: str
    name: str
    order: int
    difficulty: int
    printed_actions: str  # as printed in Table 4.2 ("17", "39～"); the lists may count differently
    printed_characters: str
    trump: bool  # 切札有無
    action_list: str  # format id of the edition's action list this format plays with
    extra_list: str | None = None  # id of the extra (trump) list, when the format uses one
    section: str = ""  # where the rulebook defines it, e.g. "6.2.1"
    preparation: tuple[str, ...] = ()  # 事前準備
    aliases: tuple[str, ...] = ()
    pos: Pos = UNKNOWN_POS


@dataclass
class MatchType:
    """A match type (5.2.1): how many decks, how many games, which deck may be used again."""

    id: str
    name: str
    decks: int
    games_to_win: int
    max_games: int
    winning_deck_retired: bool  # a deck that won a game cannot be used again in the match
    rules: tuple[str, ...] = ()
    procedure: tuple[str, ...] = ()
    pos: Pos = UNKNOWN_POS


@dataclass
class Frame:
    """A frame (Table 5.1): build type, match type and deck rule."""

    id: str
    name: str
    build: BuildType
    match: str  # id of a MatchType
    method: str  # デッキ構成方法 as printed
    deck: DeckRule
    aliases: tuple[str, ...] = ()
    pos: Pos = UNKNOWN_POS


@dataclass(frozen=True)
class OptionAction:
    """An action an option adds to the game (パック: 【パック開封】)."""

    id: str
    name: str
    ruby: str
    type: str
    trigger: str
    speed: str
    timing: str
    conditions: tuple[OpCall, ...]  # condition op calls (once_per_game)
    effect: tuple[OpCall, ...]  # effect op calls; their phrases are the printed steps
    remark: str = ""

    def printed(self, calls: tuple[OpCall, ...]) -> list[str]:
        """The printed lines of ``calls`` from the op registry's phrases (or a call's text override)."""

        ctx = PhraseContext({}, {})
        return [c.text if c.text else get(c.op).render(ctx, c.args) for c in calls]


@dataclass
class Option:
    """An option (5.3): a rule added at game start."""

    id: str
    name: str
    summary: str
    rule: str
    section: str = ""
    preset_bulwarks: int = 0  # プリセット: face-down bulwarks placed from the shuffled deck
    preset_soldiers: int = 0  # then soldiers placed face up
    pack: bool = False  # the cards left out of the deck become the pack
    actions: tuple[OptionAction, ...] = ()
    scenario_hand: int = 0  # シナリオ手札: cards each player chooses from the deck into the first hand
    aliases: tuple[str, ...] = ()
    pos: Pos = UNKNOWN_POS
    rare_cards: int = 0  # レアパック: cards each player chooses from the deck and sets aside (zone rare)
    pack_from_deck: int = 0  # レアパック: the pack is this many cards from the top of the shuffled deck


@dataclass
class CompatTable:
    """A compatibility table: rows x columns of ○/x, with its printed number and title."""

    number: str  # "5.2"
    title: str  # フレーム対応一覧
    rows: dict[str, dict[str, str]]  # row id -> column id -> "○" | "x"
    pos: Pos = UNKNOWN_POS

    def cell(self, row: str, column: str) -> str:
        return self.rows[row][column]


@dataclass
class NamedRegulation:
    """One of the 2021 rulebook's named regulations (seed 001, 5.2.x)."""

    id: str
    name: str
    section: str
    format: str
    deck: DeckRule
    pool: str  # printed card pool of the デッキ条件
    condition: str  # printed デッキ条件 sentence
    match: str  # id of a MatchType
    preparation: tuple[str, ...] = ()
    restrictions: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    pos: Pos = UNKNOWN_POS


@dataclass(frozen=True)
class ScenarioRule:
    """シナリオ構築 (第9.1版): the strategic elements a player fixes before the game, apart from the deck
    (デッキ構築: the cards the game is played with).  ``trumps`` (切札, at most ``max_trumps``, only in a
    format played with trumps), ``rare_cards`` (レアカード, at most ``max_rare_cards``) and the
    ``scenario_hand`` (シナリオ手札, the renamed ストラテジー: exactly ``scenario_hand`` cards, or none) are
    cards of the player's deck, each used once."""

    max_trumps: int = 2
    max_rare_cards: int = 1
    scenario_hand: int = 3
    source: str = ""
    pos: Pos = UNKNOWN_POS


@dataclass
class RegulationSystem:
    """All regulation data of one rulebook: the 2024 composition system or the 2021 named list."""

    id: str  # bp2024, bp2021
    name: str
    source: str
    edition: str  # the edition whose action lists the formats play with
    notation: str
    formats: dict[str, Format] = field(default_factory=dict)
    frames: dict[str, Frame] = field(default_factory=dict)
    options: dict[str, Option] = field(default_factory=dict)
    match_types: dict[str, MatchType] = field(default_factory=dict)
    frame_table: CompatTable | None = None  # Table 5.2: frame x format
    option_format_table: CompatTable | None = None  # Table 5.3 upper half: format x option
    option_frame_table: CompatTable | None = None  # Table 5.3 lower half: frame x option
    exclusive_options: list[tuple[tuple[str, ...], str]] = field(default_factory=list)  # (ids, reason)
    named: dict[str, NamedRegulation] = field(default_factory=dict)
    scenario_build: ScenarioRule | None = None  # シナリオ構築 (第9.1版), checked apart from the deck
    pos: Pos = UNKNOWN_POS
    edition_pos: Pos = UNKNOWN_POS  # of the ``edition:`` line: an unknown edition is reported there


@dataclass
class Regulation:
    """A resolved regulation: what a match is actually played under."""

    system: RegulationSystem
    format: Format
    deck: DeckRule
    match: MatchType
    frame: Frame | None = None  # 2024 system
    options: tuple[Option, ...] = ()
    named: NamedRegulation | None = None  # 2021 system

    @property
    def name(self) -> str:
        if self.named is not None:
            return self.named.name
        parts = [self.format.name] + ([self.frame.name] if self.frame else []) + [o.name for o in self.options]
        return " + ".join(parts)

    @property
    def id(self) -> str:
        if self.named is not None:
            return self.named.id
        parts = [self.format.id] + ([self.frame.id] if self.frame else []) + [o.id for o in self.options]
        return "+".join(parts)

    @property
    def edition(self) -> str:
        return self.system.edition

    def option(self, oid: str) -> Option | None:
        return next((o for o in self.options if o.id == oid), None)
