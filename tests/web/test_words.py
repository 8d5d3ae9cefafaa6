"""Every question, option and event line the sandbox page shows, read as a player reads it: in Japanese (no
raw id, no English word), and naming its subject from the reader's seat without ambiguity.

Games of every format of every edition, the example regulations and two scenarios (the leak property test's
list) are played with random choices by both seats; every decision is asked as the page asks it (the
question and the option texts of :func:`bpdsl.web.payload.seat_payload`) and every line each seat is told
is checked:

* no run of two Latin letters once card names and cost notations ($BD, コスト B) are taken out: an id such as
  ``trump_place`` or ``attack``, or an English word, is a failure;
* an event line names its subject as あなた (the reader) or 相手 (the other seat) — only the lines about the
  whole game (ゲーム終了, Black Doubt's 勝負 N 開始) have none — and never says 自分, which in 「相手: ツイスト …
  自分の防壁」 would read as the acting seat's own; a target (対象 …) is named あなた/相手 or あなたの…/相手の…;
* a question or option may say 自分 (it is asked to the reader, so 自分 is the reader); an option that is an
  action on the stage names its owner (自分の…/相手の…), one that is a player says 自分 or 相手;
* the judge's lines (every event with its hidden parts, seat 0's words) are in Japanese as well.

BPDSL_WORDS_SEEDS (default 1) plays more seeds of each game.
"""
from __future__ import annotations

import os
import random
import re
from typing import Any

import pytest

from bpdsl.engine.view import CARD_TOKEN, JUDGE, SeatView, ViewLog, judge_line, result_words
from bpdsl.web.payload import shown_label
from bpdsl.web.starts import new_start
from tests.web.test_leak_property import GAMES, start_game

SEEDS = range(int(os.environ.get("BPDSL_WORDS_SEEDS", "1")))
NOTATION = re.compile(r"\$[BLDS]+|コスト [BLDS]\b|コスト[BLDS]:|B・J")  # printed notations of costs, ブラックジャック
LATIN = re.compile(r"[A-Za-z_]{2,}|_")
WHOLE_GAME = re.compile(r"^(ゲーム終了|勝負 \d+ 開始 \(得点 \d+-\d+\))$")
TARGET = re.compile(r"対象 (\S+)")


def latin(text: str) -> list[str]:
    """Latin words left in ``text`` once card names and printed notations are taken out."""
    return LATIN.findall(NOTATION.sub("", CARD_TOKEN.sub("", text)))


def line_problem(line: str) -> str:
    if latin(line):
        return f"Latin words {latin(line)}"
    if "自分" in line:
        return "says 自分, which reads as the acting seat's own"
    if not WHOLE_GAME.match(line) and "あなた" not in line and "相手" not in line:
        return "names no subject (あなた/相手)"
    for target in TARGET.findall(line):
        if not target.startswith(("あなた", "相手")):
            return f"a target not named as whose it is: {target}"
    return ""


def asked_problem(text: str) -> str:
    return f"Latin words {latin(text)}" if latin(text) else ""


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("fields", GAMES, ids=lambda f: "-".join(f.values()))
def test_every_line_and_question_is_japanese_and_names_its_subject(fields: dict[str, str], seed: int) -> None:
    start = new_start(fields, seed + 21, None)
    rng = random.Random(seed)
    log = ViewLog(2)
    problems: dict[str, str] = {}
    asked = [0]

    class Reader:
        name = "reader"

        def decide(self, request: Any, observe: Any) -> int:
            prompt = SeatView(game, request.player).prompt(request)
            shown = [shown_label(request.options[i], label, game, request.player)
                     for i, label in enumerate(prompt.labels)]
            for text in [prompt.question] + shown:
                why = asked_problem(text)
                if why:
                    problems.setdefault(text, why)
            for opt, text in zip(request.options, shown):  # an action on the stage or a player: whose
                kind = opt[0] if isinstance(opt, tuple) and len(opt) == 2 else None
                if kind == "action" and not text.startswith(("自分の", "相手の")):
                    problems.setdefault(text, "a stage action offered without its owner")
                if kind == "player" and text not in ("自分", "相手"):
                    problems.setdefault(text, "a player offered without saying which")
            asked[0] += 1
            return rng.randrange(len(request.options))

    game = start_game(start, [Reader(), Reader()], log)
    game.play()
    lines = [text for seat in (0, 1) for _i, text in log.told[seat]]
    for line in lines + [result_words(game, seat) for seat in (0, 1)]:
        why = line_problem(line)
        if why:
            problems.setdefault(line, why)
    judge = SeatView(game, JUDGE)  # the judge's page: every event with its hidden parts, in Japanese too
    for text in filter(None, (judge_line(judge, e) for e in log.lines)):
        if latin(text):
            problems.setdefault(text, f"Latin words {latin(text)} (judge)")
    assert asked[0] >= 5 and len(lines) >= 10, "a game of a few decisions at least"
    assert not problems, "\n".join(f"{why}: {text}" for text, why in problems.items())


def test_the_rules_catch_what_they_are_for() -> None:
    assert line_problem("相手: ツイスト キー ♠3 対象 自分の防壁[♣3](チャージ)")  # 自分 in a line
    assert line_problem("カウンター を解決")  # whose?
    assert line_problem("相手: カウンター キー ♠3 対象 ツイスト[◇4]")  # whose ツイスト?
    assert asked_problem("デッキのカードを切札として置きますか？ (trump_place)")
    assert asked_problem("アタック (attack)")
    assert not line_problem("相手: カウンター キー ♠3 対象 あなたのツイスト[◇4]")
    assert not line_problem("あなた がコスト B を支払った") and not asked_problem("オープン ($DDでクイック)")
    assert not line_problem("ゲーム終了") and not asked_problem("自分の防壁[♣3](チャージ)")


def test_an_option_on_the_stage_names_its_owner_from_the_readers_seat() -> None:
    from types import SimpleNamespace

    game = SimpleNamespace(state=SimpleNamespace(stage=[SimpleNamespace(uid=5, controller=1)]))
    assert shown_label(("action", 5), "ツイスト[◇4]", game, 0) == "相手のツイスト[◇4]"
    assert shown_label(("action", 5), "ツイスト[◇4]", game, 1) == "自分のツイスト[◇4]"
    assert shown_label(("player", 0), "プレイヤー0", game, 0) == "自分"
    assert shown_label(("player", 0), "プレイヤー0", game, 1) == "相手"
    assert shown_label(("action", 5), "ツイスト[◇4]") == "ツイスト[◇4]"  # the terminal's label, unchanged
