"""Compare the play speed of two checkouts back to back, in one run (a shared machine drifts: never compare
figures taken at different times).

    .venv/bin/python scripts/bench_ab.py OLD_TREE NEW_TREE [--games 500] [--rounds 3] [-e act8.0] [-f std]

Each round plays the same seeded random-vs-random games once with each tree (a fresh process each, the
tree first on PYTHONPATH), timed in CPU time of that process; it prints games/s per run, a digest of the
games' end-state hashes (equal digests: every seed played the same game on both trees), the mean decisions
per game (what to compare when a tree pictures the state otherwise, so that the digests differ), and the
ratio of the means.  A tree is a checkout or a ``git archive`` of one, with its definitions beside it.  Each
tree's compiled modules (bpdsl.speedups) are named; ``--old-env``/``--new-env KEY=VALUE`` set variables for
one side, e.g. ``bench_ab.py . . --old-env BPDSL_PURE=1`` compares a checkout pure against compiled.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

CODE = """
import hashlib, json, sys, time
from bpdsl.engine import RandomAgent, build_rules, new_game
try:
    from bpdsl.engine.bench import game_seeds
except ImportError:  # trees from before the bench kept its own seed list
    from bpdsl.engine.batch import game_seeds
edition, fmt, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
rules = build_rules(edition, fmt)
digest = hashlib.sha256()
decisions = 0
t = time.process_time()
for gs, s0, s1 in game_seeds(1, games):
    r = new_game(rules, [RandomAgent(s0), RandomAgent(s1)], gs).play()
    digest.update(r.state_hash.encode())
    decisions += r.decisions
seconds = time.process_time() - t
try:
    from bpdsl import speedups
    compiled = speedups.status()["active"]
except ImportError:  # trees from before the compiled speed-ups
    compiled = []
print(json.dumps({"games_per_s": games / seconds, "digest": digest.hexdigest()[:16], "decisions": decisions,
                  "compiled": compiled}))
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("-e", "--edition", default="act8.0")
    ap.add_argument("-f", "--format", default="std")
    ap.add_argument("--old-env", action="append", default=[], metavar="KEY=VALUE", help="set for the old tree's runs")
    ap.add_argument("--new-env", action="append", default=[], metavar="KEY=VALUE", help="set for the new tree's runs")
    a = ap.parse_args()
    extra = {"old": dict(kv.split("=", 1) for kv in a.old_env), "new": dict(kv.split("=", 1) for kv in a.new_env)}
    runs: dict[str, list[dict]] = {"old": [], "new": []}
    for _ in range(a.rounds):
        for name, tree in (("old", a.old), ("new", a.new)):
            env = dict(os.environ, PYTHONPATH=os.path.abspath(tree), **extra[name])
            p = subprocess.run([sys.executable, "-c", CODE, a.edition, a.format, str(a.games)], env=env,
                               cwd=tree, capture_output=True, text=True)
            if p.returncode:
                print(p.stderr, file=sys.stderr)
                return 1
            r = json.loads(p.stdout)
            runs[name].append(r)
            print(f"{name} {r['games_per_s']:.1f} games/s  games digest {r['digest']}  "
                  f"decisions/game {r['decisions'] / a.games:.2f}  compiled modules {len(r['compiled'])}", flush=True)
    mean = {k: sum(r["games_per_s"] for r in v) / len(v) for k, v in runs.items()}
    same = len({r["digest"] for v in runs.values() for r in v}) == 1
    print(f"{a.edition} {a.format}: old {mean['old']:.1f}, new {mean['new']:.1f} games/s (mean of {a.rounds}); "
          f"ratio {mean['new'] / mean['old']:.3f}; same games: {'yes' if same else 'NO'}")
    for name in ("old", "new"):
        compiled = runs[name][-1]["compiled"]
        print(f"{name}: " + (f"compiled {', '.join(compiled)}" if compiled else "pure Python"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
