"""The beginner's course (bpdsl/games/blackpoker/lessons): every lesson's solution reaches its goal in every
edition it names, the goal does not hold at the start, and a learner playing it is told what went wrong."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.commands.lesson import course_dir
from bpdsl.scenarios.lesson import LessonPlay, check_lesson, read_course

COURSE = read_course(course_dir())
runner = CliRunner()


def test_the_course_has_the_beginners_topics() -> None:
    assert len(COURSE) >= 12
    titles = " ".join(x.title for x in COURSE)
    for topic in ("防壁設置", "召喚", "アタック", "ブロック", "ダメージ判定", "世代交代", "アップ", "ダウン", "カウンター",
                  "コスト", "勝利条件"):
        assert topic in titles, topic
    for x in COURSE:
        assert x.explanation.strip() and x.goal and x.hints and x.teaches and x.editions, x.id
    assert len({x.id for x in COURSE}) == len(COURSE)


@pytest.mark.parametrize("lesson", COURSE, ids=[x.id for x in COURSE])
def test_lesson_holds_in_every_edition_it_names(lesson) -> None:  # type: ignore[no-untyped-def]
    problems = check_lesson(lesson)
    assert set(problems) == set(lesson.editions)
    assert not any(problems.values()), problems


def _solution(lesson) -> list[str]:  # type: ignore[no-untyped-def]
    """The learner's own moves of the lesson's solution (labels)."""
    out = []
    for d in lesson.data["decisions"]:
        if isinstance(d, dict) and d.get("p", lesson.seat) != lesson.seat:
            continue
        out.append(d["choose"] if isinstance(d, dict) else d)
    return out


@pytest.mark.parametrize("lesson", COURSE, ids=[x.id for x in COURSE])
def test_a_learner_playing_the_solution_reaches_the_goal(lesson) -> None:  # type: ignore[no-untyped-def]
    play = LessonPlay(lesson)
    assert not play.reached
    for label in _solution(lesson):
        assert play.request() is not None and play.request().player == lesson.seat
        move = play.choose(label)
        assert move.ok, (label, move)
    assert play.reached and not play.failed


def test_a_move_that_is_not_enough_says_what_is_missing() -> None:
    lesson = next(x for x in COURSE if x.id == "twist_then_attack")
    play = LessonPlay(lesson)
    move = play.choose("アタック (attack)")
    assert move.ok and "先にツイスト" in move.message  # the lesson's own word on the tempting move
    while play.request() is not None:  # go on without the twist: the attack is blocked
        labels = play.labels()
        play.choose("アタッカーに指定する" if "アタッカーに指定する" in labels else "パス" if "パス" in labels else 0)
    assert play.failed and not play.reached
    assert "not yet: {'t': 'resolve', 'action': 'twist'}" in play.reasons
    assert any("players[1].life: expected 4 card(s), got 10" in r for r in play.reasons), play.reasons


def test_a_move_that_is_not_legal_is_refused_and_explained() -> None:
    lesson = next(x for x in COURSE if x.id == "summon_soldier")
    play = LessonPlay(lesson)
    move = play.choose("英雄召喚 (summon_hero)")
    assert not move.ok and "今選べません" in move.message and "兵士召喚 (summon_soldier)" in move.message
    assert play.moves == 0 and play.request() is not None


def test_cli_lists_checks_and_plays() -> None:
    r = runner.invoke(app, ["lesson"])
    assert r.exit_code == 0 and "防壁設置 (place_bulwark)" in r.output
    r = runner.invoke(app, ["lesson", "place_bulwark"], input="h\n防壁設置 (place_bulwark)\n")
    assert r.exit_code == 0, r.output
    assert "ゴール:" in r.output and "「防壁設置」を選びましょう" in r.output and "レッスンクリア" in r.output
    r = runner.invoke(app, ["lesson", "nope"])
    assert r.exit_code == 2 and "no lesson 'nope'" in r.output
    r = runner.invoke(app, ["lesson", "--check", "--edition", "act8.2"])
    assert r.exit_code == 0 and "12 lessons, 0 failing" in r.output


def test_a_lesson_at_the_terminal_shows_its_markdown_as_text() -> None:
    """The explanation, hints and messages are Markdown: printed as text (bold as bold), never the marks."""
    lesson = next(x for x in COURSE if x.id == "place_bulwark")
    assert "**" in lesson.explanation  # the source is Markdown
    r = runner.invoke(app, ["lesson", "place_bulwark"], input="h\n防壁設置 (place_bulwark)\n")
    assert r.exit_code == 0, r.output
    assert "**" not in r.output and "防壁は場に裏向きで置かれるキャラクター" in r.output, r.output
