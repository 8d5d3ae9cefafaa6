"""Batch simulation (the balance lab): seeds per game, jobs on every core or a Ray cluster, agents,
streaming statistics with confidence intervals, comparisons of editions, reports and rule coverage.

Layers: ``seeds`` (per-game seeds), ``tally`` (streaming counts), ``stats`` (intervals and tests), ``job``
(what a worker plays), ``backends`` (this process, multiprocessing, Ray), ``run`` (a run and its
statistics), ``agents``, ``coverage``.  No typer or rich here: the commands live in ``bpdsl.commands``.
"""
