"""The worker processes of the combo search: its combinations searched in parallel, their results in order.

A :class:`concurrent.futures.ProcessPoolExecutor`, not a ``multiprocessing.Pool``: a ``Pool`` replaces a
worker that dies (killed, out of memory, a crash of compiled code) but loses the combination it was
searching, and the run waits for that result forever.  The executor notices the death
(``BrokenProcessPool``); the run then stops with :class:`SearchWorkerDied`, which names the combination the
dead worker was searching — each worker writes its process id into a shared array when it starts a
combination, so the parent knows which one was in flight on which process — and carries the results that
had come back, so the caller can report them.

At most two combinations a worker are in flight, so a death loses few and the results come back in the
order of the combinations (those that finish early wait in a buffer for their turn).  Ctrl-C reaches only
the parent (the workers ignore it): the workers are stopped, the pool is shut down without waiting for the
combinations in flight, and ``KeyboardInterrupt`` goes on to the caller, which reports what it has.
"""
from __future__ import annotations

import os
from typing import Any, Callable, Iterator, Sequence

_STARTED: Any = None  # in a worker: the shared array, by task index, of the process searching it


class SearchWorkerDied(Exception):
    """A worker process died while combinations were in flight: the search cannot be completed."""

    def __init__(self, names: list[str], lost: list[str], how: str, finished: list[tuple[int, dict[str, Any]]]):
        self.names, self.lost, self.how, self.finished = names, lost, how, finished
        what = " or ".join(names) if names else "one of " + ", ".join(lost[:6]) + (" …" if len(lost) > 6 else "")
        others = [n for n in lost if n not in names] if names else []
        super().__init__(
            f"a worker process {how} while searching {what}; the search is stopped"
            + (f" (also lost in flight: {', '.join(others[:6])}{' …' if len(others) > 6 else ''})" if others else "")
            + f". Search {'it' if len(names) == 1 else 'each'} alone ({_retry(names)}) to see whether it is the "
              "cause, or check the machine's memory (a worker killed by the system dies the same way)")


def _retry(names: list[str]) -> str:
    """The option that searches a named combination alone (``drain + add_bulwark`` -> ``--explain
    drain,add_bulwark --jobs 1``)."""
    if len(names) != 1:
        return "--explain with its trump ids, --jobs 1"
    return f"--explain {names[0].split(' (', 1)[0].replace(' + ', ',')} --jobs 1"


def _init(started: Any) -> None:
    from bpdsl.sim.backends import worker_signals

    global _STARTED
    _STARTED = started
    worker_signals()


def _run_one(fn: Callable[[Any], dict[str, Any]], index: int, task: Any) -> dict[str, Any]:
    if _STARTED is not None:
        _STARTED[index] = os.getpid()
    return fn(task)


def _dead(procs: dict[int, Any]) -> tuple[set[int], str]:
    """The process ids of the workers that died, and how ("was killed by signal 9").  The pool stops its other
    workers with SIGTERM once one has died: those are told apart unless nothing else ended."""
    import signal

    for p in procs.values():
        p.join(timeout=10)  # the pool is ending them: their exit codes are known once they are reaped
    codes = {pid: p.exitcode for pid, p in procs.items() if p.exitcode not in (None, 0)}
    stopped = (-signal.SIGTERM, 128 + signal.SIGTERM)
    dead = {pid: c for pid, c in codes.items() if c not in stopped} or codes
    if not dead:
        return set(), "died"
    code = next(iter(dead.values()))
    return set(dead), f"was killed by signal {-code}" if code < 0 else f"exited with status {code}"


def _stop(pool: Any) -> None:
    """Stop the workers now: the combinations in flight are not waited for."""
    for p in list((getattr(pool, "_processes", None) or {}).values()):
        if p.is_alive():
            p.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


def run_pool(fn: Callable[[Any], dict[str, Any]], tasks: Sequence[Any], jobs: int, name: Callable[[Any], str],
             progress: Callable[[int], None] | None = None) -> Iterator[dict[str, Any]]:
    """``fn(task)`` for every task in ``jobs`` worker processes, yielded in the tasks' order; ``name(task)``: how
    a message names a task (its trumps)."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    workers = max(1, min(jobs, len(tasks)))
    started = ctx.RawArray("q", len(tasks))  # by task index: the process id that started it (0: none yet)
    pool = ProcessPoolExecutor(workers, mp_context=ctx, initializer=_init, initargs=(started,))
    flight: dict[Future[dict[str, Any]], int] = {}
    ready: dict[int, dict[str, Any]] = {}
    todo = iter(range(len(tasks)))
    nxt = 0  # the next task whose result is yielded

    def feed() -> None:
        while len(flight) < 2 * workers:
            i = next(todo, None)
            if i is None:
                return
            flight[pool.submit(_run_one, fn, i, tasks[i])] = i

    procs: dict[int, Any] = {}  # every worker started (the pool forgets them once it is broken)
    try:
        feed()
        while flight:
            procs.update(getattr(pool, "_processes", None) or {})
            done, _ = wait(flight, return_when=FIRST_COMPLETED)
            for fut in done:
                if isinstance(fut.exception(), BrokenProcessPool):
                    dead, how = _dead(procs)
                    lost = sorted(flight.values())
                    culprits = [name(tasks[i]) for i in lost if started[i] in dead]
                    raise SearchWorkerDied(culprits, [name(tasks[i]) for i in lost], how, sorted(ready.items()))
                ready[flight.pop(fut)] = fut.result()
            while nxt in ready:
                yield ready.pop(nxt)
                nxt += 1
                if progress is not None:
                    progress(nxt)
            feed()
    except BaseException:  # Ctrl-C, a dead worker, or the caller closing the generator: nothing waits on it
        _stop(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


__all__ = ["SearchWorkerDied", "run_pool"]
