"""The expression names of BlackPoker definitions (``key.spade.rank``, ``target.size`` ...), declared as data.

Each name says what it means (``doc_en``), how the printed rules phrase it (``phrase_ja``) and its type;
:meth:`bpdsl.games.blackpoker.hooks.BlackPokerHooks.resolve_name` gives its value while a game runs.  Add a
name here together with its resolver there.
"""
from __future__ import annotations

from bpdsl.dsl.expr_names import NameInfo

NAMES: dict[str, NameInfo] = {
    # --- the key cards of the action being resolved
    "key.rank": NameInfo("rank value of the (single) key card (Table 3.1: A=1 .. K=13, Joker=0)", "キーカードの数字"),
    "key.count": NameInfo("number of key cards", "キーカードの枚数"),
    "key.rank_sum": NameInfo("sum of the rank values of the key cards", "キーカードの数字の合計"),
    "key.spade.rank": NameInfo("rank value of the ♠ key card", "キーカードの♠カードの数字"),
    "key.heart.rank": NameInfo("rank value of the ♡ key card", "キーカードの♡カードの数字"),
    "key.diamond.rank": NameInfo("rank value of the ◇ key card", "キーカードの◇カードの数字"),
    "key.club.rank": NameInfo("rank value of the ♣ key card", "キーカードの♣カードの数字"),
    "key.has_ace": NameInfo("whether the key cards include an A", "キーカードにAが含まれる", "bool"),
    "key.is_joker": NameInfo("whether the (single) key card is a Joker", "キーカードがJoker", "bool"),
    # --- the target (a character, a player or an action on the stage)
    "target.size": NameInfo("current size of the target character", "対象のサイズ"),
    "target.rank": NameInfo("printed rank value of the target character (its key cards' number)", "対象の数字"),
    "target.key_count": NameInfo("number of key cards of the target action", "対象アクションのキーカードの枚数"),
    "target.key_rank": NameInfo("rank value of the target action's single key card", "対象アクションのキーカードの数字"),
    "target.charged": NameInfo("whether the target character is charged (upright)", "対象がチャージ状態", "bool"),
    "target.is_soldier": NameInfo("whether the target character is a soldier", "対象が兵士", "bool"),
    "target.is_bulwark": NameInfo("whether the target character is a bulwark", "対象が防壁", "bool"),
    "target.life": NameInfo("number of cards in the target player's life", "対象のライフの枚数"),
    "target.hand": NameInfo("number of cards in the target player's hand", "対象の対戦相手の手札の枚数"),
    "target.shares_key": NameInfo("whether one of the target action's key cards is the same card (suit and "
                                  "number; Joker and Joker) as one of this action's key cards",
                                  "対象アクションのキーカードのいずれかがこのアクションのキーカードと同じ", "bool"),
    "target.key_sum": NameInfo("sum of the rank values of the target action's key cards",
                               "対象アクションのキーカードの数字の合計値"),
    # --- the attack being resolved (アタック / ブロック)
    "attackers.count": NameInfo("number of attackers declared by the current attack", "アタッカーの数"),
    # --- the action / character itself
    "self.key_rank": NameInfo("rank value of this action's or character's single key card", "このアクションのキーカードの数字"),
    "self.key_count": NameInfo("number of key cards of this action or character", "このアクションのキーカードの枚数"),
    "self.size": NameInfo("current size of this character", "このキャラクターのサイズ"),
    "source.size": NameInfo("current size of the soldier driven to raise this action (兵士起因)",
                            "このアクションを起こした兵士の数字"),
    # --- what a step looks at one by one (for_each: a character; reveal_top: a card)
    "each.size": NameInfo("current size of the character a for_each step is at", "サイズ"),
    "each.rank": NameInfo("printed rank value of the character a for_each step is at", "数字"),
    "each.key_count": NameInfo("number of key cards of the stage action a step looks at (negate_chosen)",
                               "キーカードの枚数"),
    "each.key_rank": NameInfo("rank value of the single key card of the stage action a step looks at",
                              "そのキーカードの数字"),
    "card.value": NameInfo("rank value (Table 3.1) of the card a step is looking at", "カードの数字"),
    # --- the event that triggered this action (raises_when)
    "trigger.discarded": NameInfo("number of cards the discard that triggered this action discarded (one "
                                  "discard event per card)", "このアクションを誘発した時に捨てられた手札の枚数"),
    "trigger.amount": NameInfo("how much the event that triggered this action was: the damage taken, a counter's "
                               "change", "その数"),
    "trigger.card.rank": NameInfo("rank value of the card whose event triggered this action (the card moved, the "
                                  "first card of the character summoned)", "そのカードの数字"),
    "trigger.same_rank_others": NameInfo("number of the controller's other characters on the field with a card of "
                                         "the triggering card's rank", "同じ数字の他の自分のキャラクターの数"),
    "trigger.action.cost": NameInfo("number of cost letters of the action whose event triggered this action",
                                    "そのアクションのコストの数"),
    # --- counters (counter_add, counter_set) and trumps
    "this.counter": NameInfo("counters on this card (the card whose ability this is)", "この切札のカウンターの数"),
    "me.counter": NameInfo("counters on the controller", "自分のカウンターの数"),
    "opponent.counter": NameInfo("counters on the opponent", "対戦相手のカウンターの数"),
    "me.trumps_up": NameInfo("number of the controller's face-up trumps", "自分の表向きの切札の枚数"),
    "me.trumps_down": NameInfo("number of the controller's face-down trumps", "自分の裏向きの切札の枚数"),
    "opponent.trumps_up": NameInfo("number of the opponent's face-up trumps", "対戦相手の表向きの切札の枚数"),
    "opponent.trumps_down": NameInfo("number of the opponent's face-down trumps", "対戦相手の裏向きの切札の枚数"),
    # --- the step of the turn, and this turn's records
    "step.end": NameInfo("whether the turn player has raised their エンド action this turn (the end step: from then "
                         "until the turn passes)", "エンドアクションが起こされた後", "bool"),
    "step.combat": NameInfo("whether an attack is being resolved (from アタック until its ダメージ判定)",
                            "アタックの最中", "bool"),
    "me.damage_this_turn": NameInfo("damage the controller has taken this turn", "このターンに自分が受けたダメージの合計"),
    "opponent.damage_this_turn": NameInfo("damage the opponent has taken this turn",
                                          "このターンに対戦相手が受けたダメージの合計"),
    # --- what an earlier step of the effect did
    "moved.size_sum": NameInfo("sum of the sizes of the characters a move_character step (count: any) of this "
                               "effect moved", "この方法で墓地に移した兵士の数字の合計値"),
    "discarded.count": NameInfo("number of cards the last discard_cards step of this effect discarded",
                                "捨てた手札の枚数"),
    # --- what an earlier step of the effect chose (choose_card)
    "chosen.found": NameInfo("whether the choose_card step of this effect could choose a card", "選べた", "bool"),
    # --- players
    "me.life": NameInfo("number of cards in the controller's life", "自分のライフの枚数"),
    "me.hand": NameInfo("number of cards in the controller's hand", "自分の手札の枚数"),
    "me.field": NameInfo("number of characters on the controller's field", "自分の場のキャラクターの数"),
    "opponent.life": NameInfo("number of cards in the opponent's life", "対戦相手のライフの枚数"),
    "opponent.hand": NameInfo("number of cards in the opponent's hand", "対戦相手の手札の枚数"),
    "me.bulwarks": NameInfo("number of bulwarks on the controller's field", "自分の場にいる防壁の数"),
    "me.soldiers": NameInfo("number of soldiers on the controller's field", "自分の場にいる兵士の数"),
    "opponent.bulwarks": NameInfo("number of bulwarks on the opponent's field", "対戦相手の場にいる防壁の数"),
    "opponent.soldiers": NameInfo("number of soldiers on the opponent's field", "対戦相手の場にいる兵士の数"),
    "me.rare": NameInfo("number of the controller's rare cards (レアカード, set aside before the game)",
                        "自分のレアカードの枚数"),
    "me.pack_sealed": NameInfo("whether the controller has a pack that is not opened yet (パック, レアパック)",
                               "パックが開封済みでない", "bool"),
    "turn.number": NameInfo("number of the current turn (1 = first turn of the game)", "ターン数"),
    "turn.is_mine": NameInfo("whether the controller holds the turn", "自分のターン", "bool"),
}
