"""Why an op that only one entry uses stays an op of its own (``bpdsl validate --stats``).

The vocabulary is meant to be composed: a new action that only combines existing mechanics never needs a
new op.  An op used by a single entry is therefore either a piece of the core rules (a basic action the
rulebook defines once), a general building block that one entry happens to use so far, a rule of a trump
card or of another game that changes the game for that one card or game, or a word cut to one sentence of
a seed list that is still to be replaced by a composition.  Every such op of the bundled definitions has
its reason written here; a test keeps the table complete, so a new single-entry op is a decision someone
wrote down, not an accident.
"""
from __future__ import annotations

REASONS: dict[str, str] = {
    "core": "a step of the core rules (basic actions and characters the rulebook defines once)",
    "block": "a general building block, used by one entry so far",
    "trump": "a trump card's rule (エクストラ): changes the game for that one card",
    "game": "a rule only another game has",
    "seed": "cut to one sentence of a seed list: to be replaced by a composition",
}

# op -> (reason, why it is not a composition of other ops)
WHY: dict[str, tuple[str, str]] = {
    # --- the core rules: one op per step of a basic action, as the rulebook's flow of that action
    "declare_attackers": ("core", "アタック: who may attack (labels, 準備, drive) is the core rule"),
    "declare_blockers": ("core", "ブロック: blockers per attacker, several soldiers on one attacker"),
    "compare_soldiers": ("core", "ダメージ判定 1: attacker against blockers, the smaller to the grave"),
    "compare_bulwark": ("core", "ダメージ判定 2: a bulwark blocker turned face up and judged"),
    "unblocked_damage": ("core", "ダメージ判定 3: an unblocked attacker's damage"),
    "end_turn": ("core", "エンド: the turn passes (the flow's pass of the turn)"),
    "discard_to_hand_limit": ("core", "エンド: the hand limit of the common rules"),
    "draw": ("core", "ドロー: one card and the optional second one of the common rules"),
    "bulwark_judgement": ("core", "防壁 (act6.1): the judgement printed on the bulwark character"),
    "cannot_attack": ("core", "防壁 (act6.1): a bulwark never attacks"),
    "size_rule": ("core", "装備兵: the size of an armed soldier (the soldier card's rank)"),
    "size_key_sum": ("core", "装備兵: the equipped cards add to the size"),
    # the basic trump actions of the rulebook (3.11: オープン, クローズ, 切札破壊, 切札再生), defined once for every
    # trump card alike: steps of the core rules of the 切札 zone, not the rule of one trump card
    "open_trump": ("core", "オープン: turns a trump face up (the 切札 zone of 3.11)"),
    "close_trump": ("core", "クローズ: turns a trump face down"),
    "destroy_trump": ("core", "切札破壊: a trump to the grave"),
    # the pack of the frames パック/レアパック (and of the 2024 regulation's option パック, whose action the stats
    # do not count): taking a card of it and turning it face up are the rules of that component
    "take_from_pack": ("core", "パック開封 1: a card of the pack (or the rare card) to the hand, shown"),
    "reveal_pack": ("core", "パック開封 2: the pack face up, opened"),
    "fog_keeps_closed": ("core", "クローズ (フレーム編): the fog card's ability, the mark of a trump kept face down "
                                 "for the turn (close_trump's for_turn applies it, as fog_size_modifier for アップ)"),
    "regenerate_trump": ("core", "切札再生: a trump from the grave back face down"),
    "target_card": ("core", "切札再生: targets a card of the grave (only trumps are targeted so)"),
    # --- general building blocks: written for any entry, one uses them today
    "choose_one": ("block", "「…もしくは…」: one of several step lists"),
    "change_target": ("block", "a new target within what the targeted action may target"),
    "release_combat": ("block", "a character stops being an attacker or blocker"),
    "reveal_top": ("block", "turn over the top N of the life, matching cards onto the field"),
    "rest_to_life_bottom": ("block", "the rest of a reveal under the life, in an order the player chooses"),
    "move_cards": ("block", "cards (a target's, chosen, key) to the top or bottom of a zone (死の槍: the life top)"),
    "attempt": ("block", "a step, then one branch if it could be done and another if not (リアニメイト)"),
    "move_all": ("block", "every card of one zone to another (エンド: fog to grave)"),
    "reveal_until": ("block", "reveal cards until one matches a pattern (世代交代)"),
    "card_moved": ("block", "trigger: a card matching a pattern moves between zones"),
    "attach_key": ("block", "a key card attached to a character (装備)"),
    "choose_cards": ("block", "choose cards of a zone for the later steps (cards: chosen), ハンデス"),
    "discard": ("block", "the chosen cards are discarded from the hand, ハンデス"),
    "proceed_if": ("block", "a guard on the steps after it, printed from its condition (死の槍)"),
    "lose_at": ("block", "a player loses at a limit of a declared counter (Black Doubt's 100 points)"),
    "set_state": ("block", "the targeted character (or the raising soldier) driven or charged (交渉)"),
    "ability_enabled": ("block", "trigger: this trump is turned face up (リセット's 前触れ); any trump may use it"),
    "trigger_action": ("block", "「…アクションを誘発する。」: an effect triggers a named action (リセット)"),
    "player_discarded": ("block", "trigger: a player discarded cards from the hand (内乱's 暴動)"),
    "unblocked_attacker": ("block", "trigger: an attacker no character blocked (革命ドロー), for any grant"),
    "choose_card": ("block", "choose a card of a pattern (or of the target's suit) in a zone for a later step"),
    "close_all_trumps": ("block", "every trump of every player face down (切札リセット)"),
    "discard_cards": ("block", "a player discards N cards of their choice (内乱: the targeted opponent)"),
    "negate_chosen": ("block", "choose an action of the stage that a condition over it lets through and negate it "
                               "(策士召喚); any condition on each.key_count / each.key_rank, printed as its cases"),
    "reorder": ("block", "the own characters of a kind in an order the player chooses, in their places (幻影)"),
    "together": ("block", "steps printed as one item of the effect's list (悪あがき's second bullet)"),
    "may": ("block", "「…てもよい。…た場合、…」: an optional step for a named player with its consequence"),
    "waive_cost": ("block", "a character's ability waiving a cost letter for a type of action (魔術士)"),
    # --- a trump card's rule that changes a core rule for that one card, through the general mechanism it
    # already uses (replace_effect, grant, a character's ability)
    "soldier_duel": ("trump", "革命: the replaced step 1 of ダメージ判定 (replace_effect): the larger soldier goes, "
                              "the difference is damage -- the core comparison turned round"),
    "immune_to_bulwarks": ("trump", "巨人: a bulwark's judgement never sends this character to the grave "
                                    "(an exception inside the core ダメージ判定 2)"),
    "must_attack": ("trump", "巨人: the attack becomes the only choice while it could attack (a rule of the core "
                             "flow's choice of actions for one character)"),
    "prevent_damage": ("trump", "要塞: damage of actions whose key holds ♠ is not taken (wraps the effects of every "
                                "such action: a replacement of the core damage rule)"),
    # --- a trump card's rule still written as one op: what its composition lacks (to be composed)
    "if_targetable_by": ("trump", "修繕: a guard 「対象の兵士が装備アクションの対象にできる場合」: needs a "
                                  "targetability name for expressions"),
    # --- cut to one sentence of a seed list: what a composition still lacks
    "push_your_luck": ("seed", "B・J's hit-or-stand loop, left as one op: composed, it needs a per-effect tally read "
                               "by expressions (合計点), a named group of revealed cards (公開カード), points counted "
                               "card by card (an A stays 11 once counted, unlike Black Doubt's hand value) and a "
                               "loop printed 「手順 2 に戻る」; each piece would serve B・J alone, four single-entry "
                               "ops instead of one, with wording flags made for this one numbered text"),
}


def reason_of(op: str, user_is_trump: bool, user_game: str, main_game: str) -> tuple[str, str]:
    """(reason key, why) of a single-entry op; trump entries and entries of a game other than ``main_game`` (the
    game with the most editions) explain themselves."""
    if op in WHY:
        return WHY[op]
    if user_is_trump:
        return "trump", "an ability of a trump card"
    if user_game != main_game:
        return "game", f"a rule of {user_game}"
    return "", ""


__all__ = ["REASONS", "WHY", "reason_of"]
