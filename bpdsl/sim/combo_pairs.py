"""The combo search over the trumps of a format: every pair (or triple) of trumps face up for one player,
each searched from the same goldfish position (:mod:`bpdsl.sim.combos`), in parallel with the same results.

The position is a scenario's (``players``, ``turn``, ``turn_no``, bpdsl.scenarios.runner) — the designer's
own with ``--position``, or :data:`DEFAULT_POSITION`: the searcher (seat 0) past its first turns with two
charged bulwarks, a charged soldier and four cards in hand (no ♠: no 投擲 ends the game at once), the opponent with twenty life and nothing else.
The trumps searched are laid face up in the searcher's 切札 zone (the scenario's ``trump_up``); a card of the
position that is one of them is taken out of where the position put it.  Only trumps whose actions the
engine plays are searched (the others are printed only and named in the result).

Results do not depend on ``jobs`` nor on the backend (worker processes, or Ray tasks that get the
definitions read here, :mod:`bpdsl.sim.shipped`): each combination is searched alone, its search is deterministic for a
node bound, and the results are listed in the order of the combinations (a time bound, the safety net, is
the one thing that can make a slower machine search less: the result says when it was hit).
"""
from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from bpdsl.dsl.cards import SUIT_MARKS
from bpdsl.sim.combo_search import search_position
from bpdsl.sim.combos import Bound, finding_log

DEFAULT_POSITION: dict[str, Any] = {
    "turn": 0, "turn_no": 5,
    "players": [
        {"life": 20, "hand": ["♡3", "♣6", "◇9", "♡Q"],
         "field": [{"as": "bulwark", "cards": ["♣K"], "face_up": False},
                   {"as": "bulwark", "cards": ["◇K"], "face_up": False},
                   {"as": "general_soldier", "cards": ["♡8"]}]},
        {"life": 20},
    ],
}


@dataclass(frozen=True)
class Combo:
    """Trumps searched together: their ids and cards (empty: the base list alone)."""

    trumps: tuple[str, ...]
    cards: tuple[str, ...]


def playable_trumps(rules: Any) -> tuple[list[tuple[str, str]], list[str]]:
    """(id, card) of the format's trumps the engine plays, and the ids of those it only prints."""
    edition = rules.edition
    played, printed = [], []
    for t in edition.trumps_in(rules.format):
        if all(a in rules.actions for a in t.actions) and all(c in rules.characters for c in t.characters):
            played.append((t.id, SUIT_MARKS[t.suit] + t.number))
        else:
            printed.append(t.id)
    return played, printed


def combos(rules: Any, size: int = 2, base: bool = False, only: Sequence[str] = ()) -> list[Combo]:
    """Every ``size``-combination of the playable trumps (those of ``only`` when given), the base list first
    when ``base``."""
    played, _ = playable_trumps(rules)
    if only:
        played = [t for t in played if t[0] in only]
    out = [Combo((), ())] if base else []
    for group in itertools.combinations(played, size):
        out.append(Combo(tuple(t for t, _ in group), tuple(c for _, c in group)))
    return out


def position_for(base: dict[str, Any], combo: Combo, seat: int = 0) -> dict[str, Any]:
    """The base position with ``combo``'s cards face up in ``seat``'s 切札 zone."""
    from bpdsl.dsl.cards import parse_card

    pos = copy.deepcopy(base)
    players = pos.setdefault("players", [{}, {}])
    me = players[seat] = dict(players[seat] or {})
    taken = {parse_card(c).id for c in combo.cards}

    def keep(cards: list[Any]) -> list[Any]:
        return [c for c in cards if parse_card(str(c)).id not in taken]

    for zone, value in list(me.items()):
        if zone == "field":
            me[zone] = [ch for ch in value if keep(list(ch.get("cards") or []))]
            for ch in me[zone]:
                ch["cards"] = keep(list(ch["cards"]))
        elif isinstance(value, list):
            me[zone] = keep(value)
    if combo.cards:
        me["trump_up"] = [*me.get("trump_up", []), *combo.cards]
    return pos


@dataclass(frozen=True)
class Task:
    """One combination to search (plain data: sent to worker processes)."""

    edition: str
    format: str
    combo: Combo
    position: dict[str, Any]
    bound: Bound
    seed: int = 0
    deal: int | None = None  # the game start the position is the first turn of (the hand search), if any
    climb: Any = None  # a hand climb from this deal instead of one search (bpdsl.sim.combo_climb.ClimbSpec)


def search_task(task: Task, rules: Any = None) -> dict[str, Any]:
    """Search one combination; the JSON-able result with the decisions of its findings."""
    from bpdsl.engine import build_rules

    rules = rules if rules is not None else build_rules(task.edition, task.format)
    if task.climb is not None:  # the hand climb: many searches, one combination's, in one task
        from bpdsl.sim.combo_climb import climb

        return climb(task, rules, search_task)
    pos = position_for(task.position, task.combo)
    trumps = rules.edition.trumps
    focus = [a for t in task.combo.trumps if t in trumps for a in trumps[t].actions]
    r = search_position(rules, pos, 0, task.bound, task.seed, focus)
    out = {"trumps": list(task.combo.trumps), "cards": list(task.combo.cards), **r.to_json()}
    out["position"] = pos
    if task.deal is not None:  # the hand search (bpdsl.sim.combo_hands): which deal, and the hand it gave
        out["deal"] = task.deal
        out["hand"] = list(pos["players"][0].get("hand") or [])
    return out


def run_tasks(tasks: list[Task], jobs: int = 1, progress: Callable[[int], None] | None = None,
              rules: Any = None, backend: str = "local", address: str | None = None) -> Iterator[dict[str, Any]]:
    """The results of ``tasks`` in their order (``jobs`` worker processes, :mod:`bpdsl.sim.combo_pool`; 1: this
    process; ``backend`` ``"ray"``: Ray tasks on a local Ray instance of ``jobs`` CPUs or the cluster at
    ``address``).  A worker process that dies raises :class:`~bpdsl.sim.combo_pool.SearchWorkerDied`."""
    if backend == "ray":
        yield from _run_ray(tasks, jobs, progress, address)
        return
    if jobs <= 1 or len(tasks) <= 1:
        for n, t in enumerate(tasks, 1):
            yield search_task(t, rules)
            if progress is not None:
                progress(n)
        return
    from bpdsl.sim.combo_pool import run_pool

    # a worker that dies stops the run with SearchWorkerDied (the combination it searched, the results so far)
    yield from run_pool(search_task, tasks, jobs, task_name, progress)


def task_name(task: Task) -> str:
    """How a message names a task: its trumps (``drain + add_bulwark``), and its deal when it has one."""
    name = " + ".join(task.combo.trumps) or "the base list"
    return name + (f" (deal {task.deal})" if task.deal is not None else "")


_SHIPPED_RULES: dict[tuple[str, str, str], Any] = {}


def search_shipped(task: Task, shipped: Any) -> dict[str, Any]:
    """What a Ray task runs: search one combination with the shipped definitions (compiled once per worker),
    not the worker's own selection (it shares no files with the command)."""
    from bpdsl.engine import load_definitions
    from bpdsl.engine.compiled import compile_rules
    from bpdsl.sim.shipped import unpack

    key = (shipped.digest(), task.edition, task.format)
    if key not in _SHIPPED_RULES:
        _SHIPPED_RULES[key] = compile_rules(load_definitions(unpack(shipped), bundled=False), task.edition,
                                            task.format)
    return search_task(task, _SHIPPED_RULES[key])


def _run_ray(tasks: list[Task], jobs: int, progress: Callable[[int], None] | None,
             address: str | None) -> Iterator[dict[str, Any]]:
    """The tasks as Ray tasks, their results yielded in the tasks' order (whichever finishes first)."""
    from bpdsl.sim.backends import BackendError

    try:
        import ray
    except ImportError:
        raise BackendError("the Ray backend needs Ray: pip install 'bpdsl[cluster]'") from None
    from bpdsl.sim.job import SimJob
    from bpdsl.sim.shipped import pack

    if not tasks:
        return
    shipped_defs = pack(SimJob(tasks[0].edition, tasks[0].format))  # the definitions this command reads
    started_here = False
    if not ray.is_initialized():
        try:
            if address:
                ray.init(address=address, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
            else:
                ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False, logging_level="ERROR")
        except Exception as exc:  # Ray reports a node that timed out starting as a bare Exception
            if ray.is_initialized():
                ray.shutdown()
            raise BackendError(f"cannot start or reach Ray{' at ' + address if address else ''}: {exc}") from None
        started_here = True
    try:
        remote = ray.remote(search_shipped)
        shipped = ray.put(shipped_defs)
        refs = [remote.remote(t, shipped) for t in tasks]
        for n, ref in enumerate(refs, 1):
            yield ray.get(ref)
            if progress is not None:
                progress(n)
    finally:
        if started_here:
            ray.shutdown()


def write_finding_logs(rules: Any, result: dict[str, Any], folder: Any, head: Callable[[Any], list[dict[str, Any]]],
                       seed: int = 0, tag: str = "") -> dict[str, str]:
    """Write the logs of a result's loop and kill into ``folder``; their file names by finding (``tag``, e.g.
    the deal, tells apart the logs of one combination's several searches)."""
    import json
    from pathlib import Path

    from bpdsl.fsutil import write_atomic

    out: dict[str, str] = {}
    name = ("-".join(result["trumps"]) or "base") + (f"-{tag}" if tag else "")
    for what in ("loop", "kill"):
        finding = result.get(what)
        if not finding:
            continue
        path = Path(folder) / f"{what}-{name}.jsonl"
        lines = finding_log(rules, result["position"], seed, finding["choices"], head(path))
        write_atomic(path, "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in lines))
        out[what] = str(path)
    return out


def summary(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Totals over the combinations: nodes, what was found, which searches hit a limit."""
    return {
        "combinations": len(results),
        "nodes": sum(r["stats"]["nodes"] for r in results),
        "loops": [r["trumps"] for r in results if r["loop"]],
        "kills": [r["trumps"] for r in results if r["kill"]],
        "stopped_early": [r["trumps"] for r in results if r["stats"]["stopped"]],
        "proven_absent": [r["trumps"] for r in results if verdict(r) == "absent"],
    }


def verdict(result: dict[str, Any]) -> str:
    """What a combination's search says: ``loop``, ``kill``, ``absent`` (nothing, and every line up to the bound
    searched) or ``cut`` (nothing within what a limit let it search)."""
    if result.get("loop"):
        return "loop"
    if result.get("kill"):
        return "kill"
    return "absent" if result["stats"].get("complete") else "cut"


def by_verdict(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The results as a designer reads them: loops, then kills, then what was proven absent, then what a
    limit cut (in the order of the combinations within each)."""
    order = {"loop": 0, "kill": 1, "absent": 2, "cut": 3}
    return sorted(results, key=lambda r: order[verdict(r)])


__all__ = ["Combo", "DEFAULT_POSITION", "Task", "combos", "playable_trumps", "position_for", "run_tasks",
           "search_task", "summary", "task_name", "verdict", "by_verdict", "write_finding_logs"]
