"""One simulation job and the function every worker runs: play the games ``start..stop`` of a run.

A :class:`SimJob` is plain, picklable data (edition, format, definitions folders, agent specs, options), so
the same job runs in this process, in a ``multiprocessing`` worker or as a Ray task.  Each process compiles
its own private copy of the rules once per job (the copy is instrumented to count characters entering the
field and, with ``coverage``, executions of every effect step) and then plays its range of games, adding
each finished game to a :class:`~bpdsl.sim.tally.Tally`.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from bpdsl.engine.wrapped import inserted_steps, written_steps
from bpdsl.sim.agents import make_agent, parse_agents
from bpdsl.sim.seeds import game_seed
from bpdsl.sim.separation import shadowed
from bpdsl.sim.tally import GameRecord, Tally


@dataclass(frozen=True)
class SimJob:
    edition: str
    fmt: str
    definitions: tuple[str, ...] | None = None  # definitions folders or files added to the bundled ones
    agents: tuple[str, ...] = ("random", "random")  # agent spec per seat, e.g. ("mcts:200", "heuristic")
    check: bool = False  # check the invariants after every core-flow step
    coverage: bool = False  # count executions of every effect step
    seed: int = 1
    bundled: bool = True  # with the bundled definitions (False: only ``definitions``)
    # with ``check``: the invariants are checked in games 0, N, 2N ... of the run (1: every game)
    check_every: int = 1


@dataclass(frozen=True)
class PlayedDefinitions:
    """The definitions a job really plays with: whether the bundled ones are among them, and the folders or
    files read besides (the project's, the command line's ``-d``, $BPDSL_DEFINITIONS, the job's own)."""

    bundled: bool
    paths: tuple[Path, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"bundled": self.bundled, "paths": [str(p) for p in self.paths]}


def played_definitions(job: SimJob) -> PlayedDefinitions:
    """What ``load_definitions(job.definitions, bundled=job.bundled)`` reads in this process: the process's
    selection (bundled + project + ``-d``, or $BPDSL_DEFINITIONS) when ``job.bundled``, then the job's own
    folders — so a run says what it played, not what a default would have been."""
    from bpdsl.dsl import project
    from bpdsl.resources import definitions_dir

    bundled_root = definitions_dir().resolve()
    roots = [*(project.current().roots() if job.bundled else []), *(Path(p) for p in job.definitions or ())]
    return PlayedDefinitions(any(p.resolve() == bundled_root for p in roots),
                             tuple(p for p in roots if p.resolve() != bundled_root))


class _Prepared:
    """A job's rules, compiled once per process, with the instruments the tally reads."""

    def __init__(self, job: SimJob):
        from bpdsl.engine import hooks_for, load_definitions
        from bpdsl.engine.compiled import compile_rules

        defs = load_definitions(job.definitions or (), bundled=job.bundled)
        self.rules = compile_rules(defs, job.edition, job.fmt)  # a private copy: instruments stay local
        self.hooks = hooks_for(self.rules)
        self.entered: set[tuple[int, str]] = set()
        self.current: Any = None  # the game being tallied (search agents play copies beside it)
        self.coverage: dict[str, int] = {}
        self._watch_characters()
        if job.coverage:
            self._count_steps()
        self.agent_specs = parse_agents(job.agents)

    def _watch_characters(self) -> None:
        put = getattr(self.hooks, "put_onto_field", None)
        attach = getattr(self.hooks, "attach", None)
        entered = self.entered
        prep = self
        if put is not None:
            def put_onto_field(game: Any, seat: int, *args: Any, **kw: Any) -> Any:
                made = put(game, seat, *args, **kw)
                if game is prep.current:
                    for ch in made:
                        entered.add((seat, ch.char_id))
                return made

            self.hooks.put_onto_field = put_onto_field
        if attach is not None:
            def attach_(game: Any, ch: Any, *args: Any, **kw: Any) -> Any:
                new = attach(game, ch, *args, **kw)
                if game is prep.current:
                    entered.add((new.controller, new.char_id))
                return new

            self.hooks.attach = attach_

    def _count_steps(self) -> None:
        """Instrument the compiled rules: effect steps count their executions, activation conditions the
        times they held, trigger sources (actions' trigger conditions, characters' triggering abilities,
        trumps') the times they triggered an action — in the game being tallied only."""
        counts = self.coverage

        def count_steps(steps: list[Any], owner: str) -> None:
            for n, (fn, args, name) in enumerate(steps):
                key = step_key(owner, n)
                counts[key] = 0
                steps[n] = (_counting(fn, key, self), args, name)

        for aid, a in self.rules.actions.items():
            count_steps(written_steps(a.effect), aid)
            for put_in in inserted_steps(a.effect):  # steps a game's rule runs instead (replace_effect)
                count_steps(put_in.steps, put_in.rule)
            for n, (fn, args, name) in enumerate(a.conditions):
                key = condition_key(aid, n)
                counts[key] = 0
                a.conditions[n] = (_counting(fn, key, self, truthy=True), args, name)
        for src in self.rules.triggers:
            key = trigger_key(self.rules, src)
            counts[key] = 0
            fn, args, name = src.step
            src.step = (_counting_trigger(fn, key, self, src.character), args, name)


def step_key(owner: str, index: int) -> str:
    """Coverage key of effect step ``index`` (0-based) of an action (``action_id#n``, n counted from 1), or of
    the steps a game's rule puts into an effect (``trump_id@m#n``: step n of the trump's m-th ability)."""
    return f"{owner}#{index + 1}"


def condition_key(action_id: str, index: int) -> str:
    """Coverage key of activation condition ``index`` (0-based) of an action: ``action_id?n``, n from 1."""
    return f"{action_id}?{index + 1}"


def trigger_key(rules: Any, src: Any) -> str:
    """Coverage key of a trigger source: ``character@n`` for the n-th ability of a character (from 1),
    ``action!`` for an action's own trigger condition, ``action!op`` for one a game's rules added."""
    if src.character is not None and src.character in rules.characters:
        for n, step in enumerate(rules.characters[src.character].abilities):
            if step is src.step or step[1] is src.step[1]:
                return f"{src.character}@{n + 1}"
    if src.action.when is not None and src.action.when[1] is src.step[1]:
        return f"{src.action.id}!"
    return f"{src.action.id}!{src.step[2]}"


COVERAGE = "coverage"  # the counter of the game's state that --coverage counts in


def _count(game: Any, key: str, n: int) -> None:
    """Count in the game's own state, so that a step-driven game (one with a search agent) that runs a flow
    node again from its checkpoint counts each execution once, as callback play does."""
    table = game.state.counts.setdefault(COVERAGE, {})
    table[key] = table.get(key, 0) + n


def _counting(fn: Callable[..., Any], key: str, prep: _Prepared,
              truthy: bool = False) -> Callable[..., Any]:
    if truthy:  # a condition: count the times it held
        def held(ctx: Any, args: Any) -> Any:
            r = fn(ctx, args)
            if r and ctx.game is prep.current:
                _count(ctx.game, key, 1)
            return r

        return held

    def step(ctx: Any, args: Any) -> Any:
        if ctx.game is prep.current:
            _count(ctx.game, key, 1)
        return fn(ctx, args)

    return step


def _counting_trigger(fn: Callable[..., Any], key: str, prep: _Prepared,
                      character: str | None) -> Callable[..., Any]:
    """A trigger condition that counts the times it triggered (seats returned, for the right character)."""
    def trigger(ctx: Any, args: Any) -> Any:
        seats = fn(ctx, args)
        if seats and ctx.game is prep.current:
            ev = ctx.event
            if character is None or ev is None or not ev.char_id or ev.char_id == character:
                _count(ctx.game, key, len(seats))
        return seats

    return trigger


_PREPARED: dict[SimJob, _Prepared] = {}


def _prepared(job: SimJob) -> _Prepared:
    p = _PREPARED.get(job)
    if p is None:
        _PREPARED.clear()  # one job at a time per process
        p = _PREPARED[job] = _Prepared(job)
    return p


def play_range(job: SimJob, start: int, stop: int) -> Tally:
    """Play games ``start`` .. ``stop - 1`` of the run and return their tally."""
    from bpdsl.engine.invariants import InvariantError
    from bpdsl.engine.invariants import check as check_invariants

    prep = _prepared(job)
    rules = prep.rules
    tally = Tally()
    checking = check_invariants if job.check else None
    every = max(1, job.check_every)
    for i in range(start, stop):
        check = checking if i % every == 0 else None  # a sampled game: checked after every step
        gs, s0, s1 = game_seed(job.seed, i)
        agents = [make_agent(prep.agent_specs[0], s0, rules), make_agent(prep.agent_specs[1], s1, rules)]
        separation: Counter = Counter()
        if str(prep.agent_specs[0]) != str(prep.agent_specs[1]):  # each seat's decisions put to the other's agent
            shadows = [make_agent(prep.agent_specs[1], s1, rules), make_agent(prep.agent_specs[0], s0, rules)]
            agents = shadowed(agents, shadows, separation)
        prep.entered.clear()
        game = _new_game(rules, agents, gs, check)
        prep.current = game
        problem = ""
        violation = False
        try:
            r = _play(game, agents)
            aborted, draw, winner, turns, decisions = r.aborted, r.draw, r.winner, r.turns, r.decisions
            if r.aborted:
                problem = f"game {i}: {r.reason}"
        except InvariantError as exc:
            violation = aborted = True
            draw, winner, turns, decisions = False, None, game.state.turn_no, game.decisions
            problem = f"game {i}: invariant violated: {exc}"
        s = game.state
        if job.coverage:
            tally.coverage.update(s.counts.pop(COVERAGE, {}))
        if check is not None:
            tally.checked += 1
        tally.add(GameRecord(
            index=i, winner=winner, draw=draw, aborted=aborted, first=_first_player(s), turns=turns,
            decisions=decisions, life=tuple(len(getattr(p, "life", ())) for p in s.players),
            raised=dict(game.raised_game), characters=set(prep.entered), problem=problem, violation=violation,
            counts={k: dict(v) for k, v in getattr(s, "counts", {}).items()},  # the rules' counters (State.counts)
            separation=dict(separation)))
    if job.coverage:
        tally.coverage.update(dict.fromkeys(prep.coverage, 0))  # every rule listed, executed or not
    return tally


def _new_game(rules: Any, agents: list[Any], seed: int, check: Any) -> Any:
    """A game of the run.  A game with a searching agent is driven through the step API, so that the agent
    can copy it (``game.clone()``, see :mod:`bpdsl.sim.search`); the others are played by callback, the
    faster way.  Both play the same game for the same agents."""
    from bpdsl.engine import new_game

    if not any(hasattr(a, "bind") for a in agents):
        return new_game(rules, agents, seed, check=check)
    game = new_game(rules, None, seed, check=check)
    for seat, a in enumerate(agents):
        if hasattr(a, "bind"):
            a.bind(game, seat)
    return game


def _play(game: Any, agents: list[Any]) -> Any:
    """Play a game made by :func:`_new_game` to its end; its result."""
    if game.agents is not None:
        return game.play()
    from bpdsl.sim.search import drive

    return drive(game, agents)


def _first_player(s: Any) -> int:
    """Seat that took turn 1: turns alternate, so it follows from the turn player and the turn number."""
    n = len(s.players)
    return (s.turn - max(s.turn_no - 1, 0)) % n
