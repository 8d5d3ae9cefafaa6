"""The contract between the core and a game (bpdsl.engine.contract) is complete and kept.

* every method the engine calls on a game's hooks (``hooks.<name>`` anywhere in bpdsl/engine) is a
  member of the GameHooks protocol, so the protocol is the whole contract;
* the hooks of every registered game implement the protocol;
* no game keeps per-game data on the Game object: what changes is in the declared state.
"""
from __future__ import annotations

import re
from pathlib import Path

import bpdsl.engine
from bpdsl import plugins
from bpdsl.engine import build_rules, hooks_for
from bpdsl.engine.contract import BaseHooks, GameHooks

ENGINE = Path(bpdsl.engine.__file__).resolve().parent
MEMBERS = {n for n in dir(GameHooks) if not n.startswith("_")}


def test_every_hook_the_engine_calls_is_in_the_protocol() -> None:
    called = set()
    for f in ENGINE.glob("*.py"):
        called |= set(re.findall(r"\bhooks\.([a-z_]+)\(", f.read_text(encoding="utf-8")))
    assert called, "the engine calls no hook?"
    assert called <= MEMBERS, f"hooks called by the engine but missing from GameHooks: {sorted(called - MEMBERS)}"


def test_the_hooks_of_every_game_implement_the_protocol() -> None:
    games = plugins.games()
    assert {"blackpoker", "blackdoubt"} <= set(games)
    for edition, fmt in (("act8.0", "std"), ("bd1", "std")):
        hooks = hooks_for(build_rules(edition, fmt))
        assert isinstance(hooks, GameHooks)
        assert isinstance(hooks, BaseHooks)
        missing = [n for n in MEMBERS if not callable(getattr(hooks, n, None))]
        assert not missing, (edition, missing)


def test_games_set_no_attributes_on_game() -> None:
    games_dir = ENGINE.parent / "games"
    offenders = []
    for f in games_dir.rglob("*.py"):
        text = f.read_text(encoding="utf-8")
        if re.search(r"\bgame\.__dict__|setattr\(\s*(ctx\.)?game\b|\bgame\.[a-z_]+\s*=[^=]", text):
            offenders.append(str(f.relative_to(games_dir)))
    assert not offenders, offenders
