"""Where the games of a run are played: this process, a ``multiprocessing`` pool, or a Ray cluster.

The run is cut into chunks of consecutive game indices; every chunk is played by
:func:`bpdsl.sim.job.play_range` and its tally merged into the run's tally as soon as it comes back, so
memory stays flat however many games are played.  Because each game's seeds depend only on the run seed and
the game's index, and tallies merge by adding, the result is the same for any number of workers and any
order in which chunks finish.

Ctrl-C (``KeyboardInterrupt``) stops the run cleanly: the workers are stopped and the tally of the chunks
finished so far is returned, marked as interrupted.

A worker that dies (killed, out of memory, a crash of compiled code) fails the run with :class:`WorkerDied`,
naming the games it may have been playing and their seeds -- never a wait on a chunk nobody plays any more
(a ``multiprocessing.Pool`` replaces a dead worker but loses its chunk; the run used to hang there).  The
pool is a :class:`concurrent.futures.ProcessPoolExecutor`, which notices a dead worker, with a bounded number
of chunks in flight so the ones a dead worker may have held are known.  Workers die with their run: on
Linux each asks the kernel to kill it when the run's process dies (``PR_SET_PDEATHSIG``).
"""
from __future__ import annotations

import os
import signal
import sys
import threading
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from bpdsl.sim.job import SimJob, play_range
from bpdsl.sim.tally import Tally

Progress = Callable[[int], None]
MIN_GAMES_PER_WORKER = 20


class BackendError(Exception):
    """A backend that cannot run here (Ray not installed, cluster not reachable)."""


class WorkerDied(Exception):
    """A worker process of a local run died while games were in flight: the run cannot be completed."""

    def __init__(self, seed: int, ranges: list[tuple[int, int]], how: str):
        self.seed, self.ranges, self.how = seed, ranges, how
        shown = ", ".join(f"{a}–{b - 1}" if b - a > 1 else str(a) for a, b in ranges[:6])
        more = f" and {len(ranges) - 6} more chunks" if len(ranges) > 6 else ""
        super().__init__(
            f"a worker process {how} while playing one of the games {shown}{more} of the run with seed {seed}; "
            f"the run is stopped (no partial result). Each game's seeds come from the run seed and the game's "
            f"index: play those games again alone with --seed {seed} --jobs 1 to see which one, or check the "
            "machine's memory (a worker killed by the system dies the same way)")


@dataclass
class RunResult:
    tally: Tally
    interrupted: bool
    workers: int
    backend: str


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def chunks(games: int, workers: int) -> Iterator[tuple[int, int]]:
    """Ranges of game indices: small enough for a smooth progress bar and an even load, large enough that
    sending a chunk costs nothing next to playing it."""
    size = max(1, min(100, games // max(1, workers * 8)))
    first = min(size, 10)
    start = 0
    for _ in range(workers):  # small first chunks: the first results (and a rate, an ETA) come early
        if start >= games:
            return
        yield start, min(games, start + first)
        start += first
    while start < games:
        yield start, min(games, start + size)
        start += size


def run(job: SimJob, games: int, *, jobs: int | None = None, backend: str = "local", address: str | None = None,
        progress: Progress | None = None) -> RunResult:
    """Play ``games`` games of ``job`` and return their merged tally."""
    workers = max(1, jobs if jobs is not None else default_jobs())
    if backend == "ray":
        return _run_ray(job, games, workers, address, progress)
    if backend != "local":
        raise BackendError(f"unknown backend {backend!r}; backends: local, ray")
    workers = min(workers, max(1, games // MIN_GAMES_PER_WORKER))  # a few games are not worth a pool
    if workers == 1:
        return _run_here(job, games, progress)
    return _run_pool(job, games, workers, progress)


def _run_here(job: SimJob, games: int, progress: Progress | None) -> RunResult:
    total = Tally()
    try:
        for start, stop in chunks(games, 1):
            total.merge(play_range(job, start, stop))
            if progress:
                progress(total.games)
    except KeyboardInterrupt:
        return RunResult(total, True, 1, "local")
    return RunResult(total, False, 1, "local")


def _ignore_sigint() -> None:
    # Ctrl-C reaches every process of the terminal's process group: only the parent handles it
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # SIGTERM (sent to the group, or by the parent's shutdown): stop at once and quietly; a worker left to
    # finish its chunk would write to the parent's closed pipe and print a BrokenPipeError traceback
    signal.signal(signal.SIGTERM, _exit_quietly)
    _die_with_parent()


def _die_with_parent() -> None:
    """On Linux, ask the kernel to kill this worker when the run's process dies (even by SIGKILL): a worker
    never plays on for nobody."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
        if os.getppid() == 1:  # the parent died before the request: nobody is left to play for
            os._exit(1)
    except (OSError, AttributeError):
        pass


worker_signals = _ignore_sigint  # a pool worker's initializer elsewhere in the lab (the combo search's pool)


def _exit_quietly(signum: int, frame: Any) -> None:
    os._exit(128 + signum)


def _terminated(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt  # the parent stops a pool run on SIGTERM as on Ctrl-C: workers ended, tally kept


def _play_chunk(args: tuple[SimJob, int, int]) -> Tally:
    return play_range(*args)


def _how_died(pool: Any) -> str:
    """How the pool's dead workers ended ("was killed by signal 9", "exited with status 1")."""
    codes = [p.exitcode for p in (getattr(pool, "_processes", None) or {}).values() if p.exitcode is not None]
    if not codes:
        return "died"
    code = next((c for c in codes if c != 0), codes[0])
    return f"was killed by signal {-code}" if code < 0 else f"exited with status {code}"


def _stop_pool(pool: Any) -> None:
    """Stop the workers now: the chunks in flight are not waited for."""
    for p in list((getattr(pool, "_processes", None) or {}).values()):
        if p.is_alive():
            p.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


def _run_pool(job: SimJob, games: int, workers: int, progress: Progress | None) -> RunResult:
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    total = Tally()
    ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    pool = ProcessPoolExecutor(workers, mp_context=ctx, initializer=_ignore_sigint)
    interrupted = False
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _terminated) if main else None
    todo = chunks(games, workers)
    flight: dict[Future[Tally], tuple[int, int]] = {}

    def feed() -> None:  # two chunks a worker in flight: every worker busy, the lost ones few and known
        while len(flight) < 2 * workers:
            nxt = next(todo, None)
            if nxt is None:
                return
            flight[pool.submit(_play_chunk, (job, *nxt))] = nxt

    try:
        feed()
        while flight:
            done, _ = wait(flight, return_when=FIRST_COMPLETED)
            for fut in done:
                if isinstance(fut.exception(), BrokenProcessPool):
                    lost = sorted(flight.values())
                    raise WorkerDied(job.seed, lost, _how_died(pool))
                total.merge(fut.result())
                del flight[fut]
                if progress:
                    progress(total.games)
            feed()
    except KeyboardInterrupt:
        interrupted = True
        _stop_pool(pool)
    except BaseException:
        _stop_pool(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        if main:
            signal.signal(signal.SIGTERM, previous)
    return RunResult(total, interrupted, workers, "local")


def _run_ray(job: SimJob, games: int, workers: int, address: str | None, progress: Progress | None) -> RunResult:
    try:
        import ray
    except ImportError:
        raise BackendError("the Ray backend needs Ray: pip install 'bpdsl[cluster]'") from None
    from bpdsl.sim.shipped import pack, play_shipped

    definitions = pack(job)  # read before starting Ray: a file that cannot be read leaves nothing running
    started_here = False
    if not ray.is_initialized():
        try:
            if address:
                ray.init(address=address, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
            else:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
        except Exception as exc:  # Ray reports a node that timed out starting as a bare Exception
            if ray.is_initialized():
                ray.shutdown()
            raise BackendError(f"cannot start or reach Ray{' at ' + address if address else ''}: {exc}") from None
        started_here = True
    remote = ray.remote(play_shipped)  # workers share no files with this process: the definitions go along
    total = Tally()
    interrupted = False
    n_workers = int(ray.cluster_resources().get("CPU", workers))
    shipped = ray.put(definitions)
    pending = [remote.remote(job, shipped, a, b) for a, b in chunks(games, n_workers)]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                total.merge(ray.get(ref))
            if progress:
                progress(total.games)
    except KeyboardInterrupt:
        interrupted = True
        for ref in pending:
            ray.cancel(ref, force=True)
    finally:
        if started_here:
            ray.shutdown()
    return RunResult(total, interrupted, n_workers, "ray")
