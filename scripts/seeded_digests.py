"""The digest of seeded random games of every bundled edition and format: equal digests before and after a
change mean every seed played the same game (the end state and the winner of each).

    .venv/bin/python scripts/seeded_digests.py [--games 20] [-e act9.0] [-f extra]

Prints one line per edition and format (``edition format digest aborted``) and a last line ``all <digest>``.
"""
from __future__ import annotations

import argparse
import hashlib

from bpdsl.engine import RandomAgent, build_rules, load_definitions, play_game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("-e", "--edition", action="append")
    ap.add_argument("-f", "--format", action="append")
    opts = ap.parse_args()
    defs = load_definitions()
    every = hashlib.sha256()
    for eid, edition in sorted(defs.editions.items()):
        if opts.edition and eid not in opts.edition:
            continue
        for fmt in [f.id for f in edition.formats]:
            if opts.format and fmt not in opts.format:
                continue
            rules = build_rules(eid, fmt)
            digest, aborted = hashlib.sha256(), 0
            for seed in range(opts.games):
                r = play_game(rules, [RandomAgent(seed), RandomAgent(seed + 1000)], seed)
                aborted += r.aborted
                digest.update(f"{seed}:{r.state_hash}:{r.winner}:{r.reason};".encode())
            every.update(digest.digest())
            print(eid, fmt, digest.hexdigest()[:16], aborted, flush=True)
    print("all", every.hexdigest()[:16])


if __name__ == "__main__":
    main()
