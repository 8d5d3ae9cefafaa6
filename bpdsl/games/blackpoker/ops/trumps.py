"""Trump ops (エクストラ, 3.11): the building blocks of the trump abilities of the エクストラリスト.

A trump's ability is a list of these ability ops; they are the pieces a designer composes new trumps
from, not one op per trump:

* ``may_raise`` -- the owner may raise an action the trump brings (most trumps);
* ``grant`` -- a class of characters (「自分の♠兵士」) gets abilities, e.g. ``raise_by_driving`` (兵士起因
  actions: スラッシュ, 激励, 交渉, スイッチ, 先読み, 薙払; also the trump characters' free raises with virtual
  key cards);
* ``raises_when`` -- a triggered action on a game event (``player_raised``, ``player_discarded``,
  ``ability_enabled``, ``unblocked_attacker`` are its trigger ops);
* ``replace_effect`` -- a replacement of what another action does (革命's ダメージ判定, 喪失's チャージ);
* ``prevent_damage`` -- prevention (要塞);
* the trump characters' rules: ``untargetable``, ``raises_on_leave``, ``counts_as_size``,
  ``counts_as_suits``, ``moves_as_one``, ``must_attack``, ``immune_to_bulwarks``;
* ``alt_cost_quick`` -- the note "コストを$BDとすればタイミングをクイックとして起こすことができる".

Abilities exist only while their trump lies face up (the engine gates them by ``Action.trump`` and by
the trump that holds the ability); the executors of static abilities return None because the engine's
checks read their arguments (see bpdsl.games.blackpoker.trumps).
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.dsl.cards import SUIT_MARKS
from bpdsl.games.blackpoker.ops._common import NOUNS, get, stage_ref, target_sentence
from bpdsl.ops.registry import PhraseContext, declare, declare_term

SUIT_IDS = list(SUIT_MARKS)
_ACTION = {"type": "ref", "required": True, "meta": {"ref": "action"}}
# the abilities a grant can give, each of which the engine runs for the granted characters
# (bpdsl.games.blackpoker.trumps.install); any other is refused at validation, never printed and ignored
GRANTABLE = ("raise_by_driving", "raises_when", "raises_on_leave")
_ABILITIES = {"type": "list", "required": True, "minlength": 1,
              "schema": {"type": "opcall", "meta": {"kinds": ["ability"], "ops": list(GRANTABLE)}}}
WHOSE = {"self": "自分の", "opponent": "対戦相手の", "any": ""}
CLASS_DOC = "soldier, bulwark, character, or the id of a character of the edition"


def _lines(ctx: PhraseContext, calls: Any) -> list[str]:
    from bpdsl.model import OpCall
    from bpdsl.ops import registry

    out: list[str] = []
    for call in calls or []:
        if isinstance(call, OpCall):
            text = call.text if call.text is not None else registry.get(call.op).render(ctx, call.args)
        elif isinstance(call, Mapping) and len(call) == 1:
            (name, args), = call.items()
            text = registry.get(name).render(ctx, args if isinstance(args, Mapping) else {})
        elif isinstance(call, str) and call in registry.REGISTRY:
            text = registry.get(call).render(ctx, {})
        else:
            text = str(call)
        out += ["  " + line for line in text.split("\n") if line.strip()]
    return out


def _class_noun(ctx: PhraseContext, cls: str) -> str:
    return NOUNS.get(cls) or ctx.name(cls)


# --------------------------------------------------------------------------- trump abilities

MAY_RAISE = declare(
    "may_raise", "ability",
    args={"action": _ACTION},
    phrase=lambda ctx, a: f"{ctx.name(a['action'])}アクションを起こすことができる。",
    summary="The owner of the open trump may raise `action` (which the trump brings).",
    example={"may_raise": {"action": "drain"}},
)

@MAY_RAISE.executor
def _may_raise(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: the engine offers the trump's actions only while the trump is face up


GRANT_FORM = declare_term("grant_form", "rule", ("holder", "unit"),
                         "how a grant is printed in the frame list (trump_style: frame): as the trump's rule "
                         "「自分の場にいる♠の兵士は <スラッシュ> を持つ。」 or as who holds the ability "
                         "「自分の <革命ドロー> を持つ兵士」 (a granted trigger's 誘発条件)")
GRANT_WHERE = declare_term("grant_where", "場にいる", ("",),
                           "where the frame list says the granted characters are: 自分の場にいる兵士 / 自分の兵士")


def _granted_label(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    """The name in 「<…> を持つ」: the trump's own for an action raised by driving (<ファントム>), else the
    granted action's (<革命ドロー>)."""
    calls = a.get("abilities") or []
    first = calls[0] if calls else None
    op = getattr(first, "op", None) or (next(iter(first)) if isinstance(first, Mapping) and first else None)
    args = getattr(first, "args", None) or (first.get(op) if isinstance(first, Mapping) else None) or {}
    if op == "raise_by_driving" and ctx.holder:
        return ctx.holder
    return ctx.name(args.get("action", "")) if isinstance(args, Mapping) else ""


def _grant_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    mark = SUIT_MARKS.get(get(a, "suit", ""), "")
    if ctx.term("trump_style", "") == "frame":  # the frame list names the ability, its action says the rest
        whose, noun, label = WHOSE[get(a, "whose", "self")], _class_noun(ctx, a["to"]), _granted_label(ctx, a)
        form = ctx.term(GRANT_FORM.key, GRANT_FORM.default)
        if form == "holder":
            return f"{whose} <{label}> を持つ{noun}"
        if form == "unit":  # the (ユニット) of an action the granted characters raise by driving
            return f"<{label}> を持つ{noun}1体"
        where = ctx.term(GRANT_WHERE.key, GRANT_WHERE.default)
        return f"{whose}{where}{mark + 'の' if mark else ''}{noun}は <{label}> を持つ。"
    head = f"{WHOSE[get(a, 'whose', 'self')]}{mark}{_class_noun(ctx, a['to'])}は以下の能力を得る。"
    return "\n".join([head, *_lines(ctx, a.get("abilities"))])


GRANT = declare(
    "grant", "ability",
    args={"to": {"type": "string", "required": True, "meta": {"ref": "character_class"}},
          "suit": {"type": "string", "nullable": True, "allowed": SUIT_IDS},
          "whose": {"type": "string", "allowed": list(WHOSE), "default": "self"},
          "abilities": _ABILITIES},
    phrase=_grant_phrase,
    summary=(f"Characters of class `to` ({CLASS_DOC}), of `suit` when given, controlled by `whose`, have "
             "`abilities` while the trump is face up (「自分の♠兵士は以下の能力を得る」)."),
    example={"grant": {"to": "soldier", "suit": "spade", "whose": "self",
                       "abilities": [{"raise_by_driving": {"action": "slash", "stage_empty": True}}]}},
)

@GRANT.executor
def _grant(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: bpdsl.games.blackpoker.trumps lists the granted abilities of each character


def _drive_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    when = "この兵士がチャージ状態" + ("でステージが空" if get(a, "stage_empty", False) else "") + "かつチャンスを持っている場合、"
    name = ctx.name(a["action"])
    if not get(a, "free", False):
        return f"{when}ドライブして{name}アクションを起こすことができる。"
    keys = "と".join(str(get(a, "virtual_keys", "")).replace(" ", "").split("と"))
    text = f"{when}ドライブして「{name}」アクションをコストを支払わずに起こすことができる。アクションを起こした場合対象は任意に指定し"
    text += f"、キーカードは仮想的に{keys}とする。" if keys else "。"
    return text + ("アクションを起こした後、チャンスをパスする。" if get(a, "pass_after", False) else "")


RAISE_BY_DRIVING = declare(
    "raise_by_driving", "ability",
    args={"action": _ACTION, "stage_empty": {"type": "boolean", "default": False},
          "free": {"type": "boolean", "default": False},
          "virtual_keys": {"type": "string", "nullable": True},
          "pass_after": {"type": "boolean", "default": False}},
    phrase=_drive_phrase,
    summary=("A soldier ability (兵士起因): while the soldier is charged (and the stage is empty, with "
             "`stage_empty`) and its controller has the chance, drive it to raise `action`; with `free`, "
             "without paying the cost, any target, the key cards being `virtual_keys`; `pass_after`: the "
             "chance is passed afterwards."),
    example={"raise_by_driving": {"action": "reanimate", "stage_empty": True, "free": True,
                                  "virtual_keys": "♠J と ♡J", "pass_after": True}},
    static=True,  # names an action its controller may raise; never triggers it (bpdsl.engine.compiled)
)

@RAISE_BY_DRIVING.executor
def _raise_by_driving(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: bpdsl.games.blackpoker.trumps offers the driving raise as an option of the action decision


def _raises_when_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    from bpdsl.ops import registry

    when = a["when"]
    ctx.trigger_head = True  # a general trigger (on) then prints its clause only: 「…時、」
    try:
        if hasattr(when, "op"):
            head = when.text if when.text is not None else registry.get(when.op).render(ctx, when.args)
        elif isinstance(when, Mapping) and len(when) == 1:
            (name, args), = when.items()
            head = registry.get(name).render(ctx, args if isinstance(args, Mapping) else {})
        else:
            head = registry.get(str(when)).render(ctx, {})
    finally:
        ctx.trigger_head = False
    verb = "を誘発する。" if get(a, "verb", "trigger") == "trigger" else "を起こす。"
    return f"{head}{ctx.name(a['action'])}アクション{verb}"


RAISES_WHEN = declare(
    "raises_when", "ability",
    args={"when": {"type": "opcall", "required": True, "meta": {"kinds": ["trigger"]}}, "action": _ACTION,
          "verb": {"type": "string", "allowed": ["trigger", "raise"], "default": "trigger"}},
    phrase=_raises_when_phrase,
    summary=("A triggered ability: when the trigger op `when` fires, the owner triggers `action` (printed "
             "\"…を誘発する\", or \"…を起こす\" with `verb: raise`)."),
    example={"raises_when": {"when": {"player_raised": {"action": "end", "by": "self"}}, "action": "draw"}},
    triggers_action=True,
)

@RAISES_WHEN.executor
def _raises_when(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # compiled into a trigger source of the trump (bpdsl.games.blackpoker.trumps)


REPLACE_FORM = declare_term("replace_form", "when_resolving", ("every",),
                           "how a replacement of a step is introduced: 「この能力が有効である時に…アクションが効果を"
                           "発揮した場合、…アクションの「…」を」 or, as the frame list, 「この能力が有効で場合、対戦相手も"
                           "含めた全ての…アクションの「…」を」")


def _replace_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    name = ctx.name(a["action"])
    n = get(a, "if_charged_bulwarks", 0)
    if a.get("step") and not n and ctx.term(REPLACE_FORM.key, REPLACE_FORM.default) == "every":
        head = f"この能力が有効で場合、対戦相手も含めた全ての{name}アクションの「{get(a, 'title', a['step'])}」を以下のように変更する。"
        return "\n".join([head, *_lines(ctx, a.get("with"))])
    when = (f"この能力が有効でありかつ、自分の場にチャージ状態の防壁が{n}枚以上存在する時に" if n
            else "この能力が有効である時に")
    head = f"{when}{name}アクションが効果を発揮した場合、"
    if a.get("step"):
        head += f"{name}アクションの「{get(a, 'title', a['step'])}」を以下のように変更する。"
    else:
        head += f"以下のように{name}アクションの効果を変更する。"
    return "\n".join([head, *_lines(ctx, a.get("with"))])


REPLACE_EFFECT = declare(
    "replace_effect", "ability",
    args={"action": _ACTION, "step": {"type": "string", "nullable": True, "meta": {"ref": "step", "of": "action"}},
          "title": {"type": "string", "nullable": True},
          "if_charged_bulwarks": {"type": "integer", "min": 0, "nullable": True},
          "with": {"type": "list", "required": True, "minlength": 1,
                   "schema": {"type": "opcall", "meta": {"kinds": ["effect"]}}}},
    phrase=_replace_phrase,
    summary=("A replacement effect: while the trump is face up, when `action` takes effect, its step `step` "
             "(an op of its effect, printed as `title`) -- or its whole effect when no step is named -- is "
             "replaced by the effect steps `with`; with `if_charged_bulwarks: N`, only while the owner has "
             "N or more charged bulwarks."),
    example={"replace_effect": {"action": "charge", "if_charged_bulwarks": 2,
                                "with": [{"raise_action": {"action": "draw"}}]}},
)

@REPLACE_EFFECT.executor
def _replace_effect(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # applied by the engine when the replaced action resolves (bpdsl.games.blackpoker.trumps)


def _prevent_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    mark = SUIT_MARKS[a["key_suit"]]
    return (f"対戦相手がキーカードに{mark}を含むアクションの効果を発揮する直前に自分の場にキャラクターがいる場合、"
            "その効果によってあなたはダメージを受けない。")


PREVENT_DAMAGE = declare(
    "prevent_damage", "ability",
    args={"key_suit": {"type": "string", "required": True, "allowed": SUIT_IDS}},
    phrase=_prevent_phrase,
    summary=("Prevention: damage to the owner from the effect of an opponent's action whose key cards include "
             "`key_suit` is not dealt, if the owner has a character on the field just before it takes effect."),
    example={"prevent_damage": {"key_suit": "spade"}},
)

@PREVENT_DAMAGE.executor
def _prevent_damage(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: read by the damage step (bpdsl.games.blackpoker.trumps)


_PLAYERS = {"all": "全てのプレイヤー", "self": "自分", "opponent": "対戦相手"}


def _state_lock_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    from bpdsl.games.blackpoker.ops._common import STATES

    return (f"{_PLAYERS[get(a, 'players', 'all')]}は{ctx.name(a['by'])}アクションの効果で"
            f"{NOUNS[get(a, 'what', 'character')]}を{STATES[a['state']]}にすることができない。")


STATE_LOCK = declare(
    "state_lock", "ability",
    args={"state": {"type": "string", "allowed": ["charge", "drive"], "required": True},
          "by": {"type": "ref", "required": True, "meta": {"ref": "action"}},
          "players": {"type": "string", "allowed": list(_PLAYERS), "default": "all"},
          "what": {"type": "string", "allowed": list(NOUNS), "default": "character"}},
    phrase=_state_lock_phrase,
    summary=("A static restriction while the trump is face up: the effect of action `by`, raised by one of "
             "`players` (every player, the trump's owner or the opponent), cannot put a character of kind `what` "
             "into `state` (喪失, フレーム編: 「全てのプレイヤーはチャージアクションの効果でキャラクターをチャージ状態に"
             "することができない。」); the rest of the effect happens."),
    example={"state_lock": {"state": "charge", "by": "charge"}},
)

@STATE_LOCK.executor
def _state_lock(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: wraps the effect of `by` (bpdsl.games.blackpoker.trumps)


# --------------------------------------------------------------------------- trump characters

UNTARGETABLE = declare(
    "untargetable", "ability",
    args={"by": {"type": "ref", "nullable": True, "meta": {"ref": "action"}}},
    phrase=lambda ctx, a: f"{ctx.name(a['by']) if a.get('by') else ''}アクションの対象にできない。",
    summary="This character cannot be the target of `by` (of any action when `by` is not given).",
    example={"untargetable": {"by": "equip"}},
)

@UNTARGETABLE.executor
def _untargetable(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: targets are filtered by bpdsl.games.blackpoker.trumps


def _leave_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    to = "もしくは".join({"grave": "墓地", "hand": "手札"}[z] for z in get(a, "to", ["grave"]))
    target = f"対象を{a['target_card']}として" if a.get("target_card") else ""
    times = f"{a['times']}回" if get(a, "times", 1) > 1 else ""
    note = "誘発については「誘発する場合」を参照。" if get(a, "see_triggering", False) else ""
    return f"場から{to}に行く場合、{target}{ctx.name(a['action'])}アクションを{times}誘発する。{note}"


RAISES_ON_LEAVE = declare(
    "raises_on_leave", "ability",
    args={"action": _ACTION,
          "to": {"type": "list", "minlength": 1, "schema": {"type": "string", "allowed": ["grave", "hand"]},
                 "default": ["grave"]},
          "target_card": {"type": "string", "nullable": True},
          "times": {"type": "integer", "min": 1, "default": 1},
          "see_triggering": {"type": "boolean", "default": False}},
    phrase=_leave_phrase,
    summary=("When this character leaves the field for one of `to`, its controller triggers `action` `times` "
             "times, targeting the card `target_card` when given (切札再生 of a trump character)."),
    example={"raises_on_leave": {"action": "next_generation", "to": ["grave"], "times": 2}},
    triggers_action=True,
)

@RAISES_ON_LEAVE.executor
def _raises_on_leave(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # compiled into trigger sources (bpdsl.games.blackpoker.trumps)


COUNTS_AS_SIZE = declare(
    "counts_as_size", "ability",
    args={"value": {"type": "integer", "required": True, "min": 0}},
    phrase=lambda ctx, a: f"数字は{a['value']}として扱う。",
    summary="The printed statement of a fixed size among the abilities; the size itself is the `size` op.",
    example={"counts_as_size": {"value": 26}},
    implied_by_labels=True,  # the frame list leaves it out: its labels, size and key say it
)

@COUNTS_AS_SIZE.executor
def _counts_as_size(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # printed restatement of the character's size op


COUNTS_AS_SUITS = declare(
    "counts_as_suits", "ability",
    args={"suits": {"type": "list", "required": True, "minlength": 2, "schema": {"type": "string", "allowed": SUIT_IDS}},
          "as": {"type": "string", "allowed": ["soldier", "bulwark", "character"], "default": "soldier"}},
    phrase=lambda ctx, a: "も".join(f"{SUIT_MARKS[s]}{NOUNS[get(a, 'as', 'soldier')]}として" for s in a["suits"]) + "も扱う。",
    summary="This character is of every suit in `suits` at once (for abilities granted by suit, keys, costs).",
    example={"counts_as_suits": {"suits": ["spade", "heart"]}},
)

@COUNTS_AS_SUITS.executor
def _counts_as_suits(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: read by the class test of granted abilities


MOVES_AS_ONE = declare(
    "moves_as_one", "ability",
    args={"cards": {"type": "integer", "min": 2, "default": 2}},
    phrase=lambda ctx, a: (f"{get(a, 'cards', 2)}枚で1体の兵士として扱い、墓地や手札など別の場所に移る場合{get(a, 'cards', 2)}"
                           f"枚一緒に移す。防壁になる場合{get(a, 'cards', 2)}体の防壁になる。"),
    summary=("The printed statement of 3.8.3 for a character of several cards: it moves as one and becomes "
             "one bulwark per card."),
    example={"moves_as_one": {"cards": 2}},
    implied_by_labels=True,  # the frame list leaves it out: its labels, size and key say it
)

@MOVES_AS_ONE.executor
def _moves_as_one(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # the engine moves every character as one (BlackPokerRules.leave_field)


MUST_ATTACK = declare(
    "must_attack", "ability",
    args={"self_name": {"type": "ref", "required": True, "meta": {"ref": "character"}},
          "action": {"type": "ref", "default": "attack", "meta": {"ref": "action"}}},
    phrase=lambda ctx, a: (f"自分のターンに可能な限りアタックアクションを"
                           f"{'リクエストし' if ctx.term('raise_verb', '起こす') == 'リクエストする' else '起し'}、"
                           f"{ctx.name(a['self_name'])}がチャージ状態の場合、アタッカーに指定する。"),
    summary="Forced attack: on its controller's turn, while this character could attack, the attack (`action`) "
            "is raised whenever it may be (the player may not pass nor raise anything else), and this character is "
            "one of its attackers.",
    example={"must_attack": {"self_name": "giant"}},
    static=True,  # names the action it forces; never triggers it (bpdsl.engine.compiled)
)

@MUST_ATTACK.executor
def _must_attack(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: read by bpdsl.games.blackpoker.trumps


IMMUNE_FORM = declare_term("immune_form", "effect", ("judgement",),
                          "how 巨人's immunity is worded: 「防壁の効果によって墓地に移されない。」 or, as the frame list, "
                          "「「ダメージ判定」にてブロッカーが防壁の場合、条件に該当してもこの巨人は墓地に移されない。」")

IMMUNE_TO_BULWARKS = declare(
    "immune_to_bulwarks", "ability",
    args={},
    phrase=lambda ctx, a: ("「ダメージ判定」にてブロッカーが防壁の場合、条件に該当してもこの巨人は墓地に移されない。"
                           if ctx.term(IMMUNE_FORM.key, IMMUNE_FORM.default) == "judgement"
                           else "防壁の効果によって墓地に移されない。"),
    summary="A bulwark's effect (ダメージ判定 against a bulwark) never sends this character to the grave.",
    example={"immune_to_bulwarks": {}},
)

@IMMUNE_TO_BULWARKS.executor
def _immune_to_bulwarks(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: read by bpdsl.games.blackpoker.trumps


# --------------------------------------------------------------------------- notes and trigger ops

ALT_COST_QUICK = declare(
    "alt_cost_quick", "note",
    args={"cost": {"type": "string", "required": True, "regex": "[BLDS]+", "meta": {"ref": "cost"}}},
    phrase=lambda ctx, a: f"コストを${a['cost']}とすればタイミングをクイックとして起こすことができる。",
    summary="An alternative cost: paying `cost` instead, the action may be raised with timing quick.",
    example={"alt_cost_quick": {"cost": "BD"}},
)

@ALT_COST_QUICK.executor
def _alt_cost_quick(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # read when the legal actions are listed (bpdsl.games.blackpoker.trumps)


RAISED_FORM = declare_term("raised_form", "起こした", ("リクエストした", "ステージに追加された"),
                          "how a trigger on a raised action is worded: 「自分がエンドアクションを起こした」, "
                          "「エンドアクションをリクエストした」 (the frame list) or 「自分のエンドアクションのリクエストが"
                          "ステージに追加された」")


def _player_raised_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    who, name = "自分" if get(a, "by", "self") == "self" else "対戦相手", ctx.name(a["action"])
    form = ctx.term(RAISED_FORM.key, RAISED_FORM.default)
    if form == "リクエストした":
        return f"{'' if who == '自分' else who + 'が'}{name}アクションをリクエストした場合、"
    if form == "ステージに追加された":
        return f"{who}の{name}アクションのリクエストがステージに追加された場合、"
    return f"{who}が{name}アクションを起こした場合、"


PLAYER_RAISED = declare(
    "player_raised", "trigger",
    args={"action": _ACTION, "by": {"type": "string", "allowed": ["self", "opponent"], "default": "self"}},
    phrase=_player_raised_phrase,
    summary="Fires when the owner (`by: self`) or the opponent raises `action`.",
    example={"player_raised": {"action": "end", "by": "self"}},
)

PLAYER_DISCARDED = declare(
    "player_discarded", "trigger",
    args={"by": {"type": "string", "allowed": ["self", "opponent"], "default": "opponent"}},
    phrase=lambda ctx, a: f"{'自分' if get(a, 'by', 'opponent') == 'self' else '対戦相手'}が手札を捨てた場合、",
    summary="Fires when the owner or the opponent discards cards from the hand (by a cost or an effect).",
    example={"player_discarded": {"by": "opponent"}},
)

ABILITY_ENABLED = declare(
    "ability_enabled", "trigger",
    args={},
    phrase="この能力が有効になった時に",
    summary="Fires when the trump holding this ability turns face up (its ability becomes active).",
    example={"ability_enabled": {}},
)

UNBLOCKED_FORM = declare_term("unblocked_form", "なかった", ("ていない",),
                             "an unblocked attacker: 「アタッカーかつダメージ判定アクションにてブロックされなかった」 or "
                             "(the frame list) 「アタッカーかつ、ダメージ判定アクションにてブロックされていない」")

UNBLOCKED_ATTACKER = declare(
    "unblocked_attacker", "trigger",
    args={},
    phrase=lambda ctx, a: ("アタッカーかつ、ダメージ判定アクションにてブロックされていない時に"
                           if ctx.term(UNBLOCKED_FORM.key, UNBLOCKED_FORM.default) == "ていない"
                           else "アタッカーかつダメージ判定アクションにてブロックされなかった場合、"),
    summary="Fires for a soldier that attacked and was not blocked, when ダメージ判定 resolves.",
    example={"unblocked_attacker": {}},
)

# --------------------------------------------------------------------------- targets

TARGET_TRUMP = declare(
    "target_trump", "target",
    args={"whose": {"type": "string", "allowed": ["any", "self", "opponent"], "default": "any"},
          "face": {"type": "string", "nullable": True, "allowed": ["up"]}},
    phrase=lambda ctx, a: target_sentence(ctx, f"{WHOSE[get(a, 'whose', 'any')]}"
                                               f"{'表切札' if get(a, 'face', None) == 'up' else '切札'}1枚"),
    summary="Target one card in a 切札 zone (face up or face down; `face: up`: a face-up one, 表切札).",
    example={"target_trump": {"whose": "any"}},
)

TARGET_CARD = declare(
    "target_card", "target",
    args={},
    phrase=lambda ctx, a: target_sentence(ctx, "カード1枚"),
    summary="Target one card, named by the trigger that raises the action (切札再生).",
    example={"target_card": {}},
)

def _stage_target(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    ref = stage_ref(ctx)
    if a.get("action"):  # the frame list: 「アタックアクションのリクエスト」
        return f"{ctx.name(a['action'])}アクション" + ("のリクエスト" if ref == "リクエスト" else "")
    if get(a, "which", "any") == "with_key_cards":
        return f"キーカードがある{ref}"
    return f"{ref}1つ"


TARGET_STAGE_ACTION = declare(
    "target_stage_action", "target",
    args={"action": {"type": "ref", "nullable": True, "meta": {"ref": "action"}},
          "which": {"type": "string", "allowed": ["any", "with_key_cards"], "default": "any"}},
    phrase=lambda ctx, a: target_sentence(ctx, _stage_target(ctx, a)),
    summary=("Target an action on the stage: the action `action`, or (`which: with_key_cards`) any action "
             "with key cards."),
    example={"target_stage_action": {"action": "attack"}},
)


@PLAYER_RAISED.executor
def _player_raised(ctx: Any, a: Mapping[str, Any]) -> list[int]:
    ev = ctx.event
    if ev is None or ev.type != "raised" or ev.inst is None or ev.inst.action.id != a["action"]:
        return []
    return [ev.seat] if get(a, "by", "self") == "self" else [1 - ev.seat]


@PLAYER_DISCARDED.executor
def _player_discarded(ctx: Any, a: Mapping[str, Any]) -> list[int]:
    ev = ctx.event
    if ev is None or ev.type != "discarded":
        return []
    return [ev.seat] if get(a, "by", "opponent") == "self" else [1 - ev.seat]


@ABILITY_ENABLED.executor
def _ability_enabled(ctx: Any, a: Mapping[str, Any]) -> list[int]:
    ev = ctx.event  # the engine narrows it to the trump holding the ability (bpdsl.games.blackpoker.trumps)
    return [ev.seat] if ev is not None and ev.type == "trump_opened" else []


@UNBLOCKED_ATTACKER.executor
def _unblocked_attacker(ctx: Any, a: Mapping[str, Any]) -> list[int]:
    ev = ctx.event  # one "unblocked" event per attacker no character blocked (ダメージ判定 3)
    return [ev.seat] if ev is not None and ev.type == "unblocked" else []


@TARGET_TRUMP.executor
def _target_trump(ctx: Any, a: Mapping[str, Any]) -> list[Any]:
    whose = get(a, "whose", "any")
    seats = (ctx.seat,) if whose == "self" else (1 - ctx.seat,) if whose == "opponent" else (ctx.seat, 1 - ctx.seat)
    up = get(a, "face", None) == "up"
    return [("trump", c) for p in seats for c in ctx.state.players[p].trump if not up or c in ctx.state.trump_up]


@TARGET_CARD.executor
def _target_card(ctx: Any, a: Mapping[str, Any]) -> list[Any]:
    return []  # the card is named by the trigger (切札再生); a player never chooses it


@TARGET_STAGE_ACTION.executor
def _target_stage_action(ctx: Any, a: Mapping[str, Any]) -> list[Any]:
    me = ctx.inst.uid if ctx.inst is not None else -1
    out = []
    for x in ctx.state.stage:
        if x.uid == me or (a.get("action") and x.action.id != a["action"]) or (get(a, "which", "any") == "with_key_cards" and not x.keys):
            continue
        out.append(("action", x.uid))
    return out
