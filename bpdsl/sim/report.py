"""The balance report: one self-contained HTML page (plots embedded as data URIs, no server, no network)
plus the same data as JSON and CSV, written atomically into one folder."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from bpdsl.fsutil import write_atomic
from bpdsl.sim import plots
from bpdsl.sim.combo_pairs import verdict
from bpdsl.sim.compare import TRUMP_METRICS, run_name

TEMPLATE = "balance-report.html.j2"


def build_figures(runs: list[dict[str, Any]], comparison: dict[str, Any] | None) -> dict[str, str]:
    names = [run_name(s) for s in runs]
    figs = {
        "win_rates": plots.win_rates(runs, names),
        "turns": plots.lengths(runs, names, "turns"),
        "decisions": plots.lengths(runs, names, "decisions"),
        "games_raised": plots.action_usage(runs, names, "games_raised", "Share of games in which each action "
                                           "is raised (95 % CI)"),
        "raiser_wins": plots.action_usage(runs, names, "raiser_win_rate", "Win rate of the player who raised "
                                          "it (95 % CI)"),
    }
    if comparison is not None:
        rows = comparison["rows"]
        figs["deltas"] = plots.deltas(comparison, [r for r in rows if r.get("group") != "trump"])
        if "trumps" in comparison:  # one bar per trump and metric of its own (its actions' rows are in the table)
            own = [r for r in rows if r.get("group") == "trump"
                   and r["metric"] in (f"trump {r['subject']}: {m}" for m in TRUMP_METRICS)]
            figs["trump_deltas"] = plots.deltas(comparison, own, f"per trump: {comparison['b']} − {comparison['a']}")
    return figs


def _csv(rows: list[dict[str, Any]]) -> str:
    buf = io.StringIO()
    if rows:
        w = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    return buf.getvalue()


def _iv(prefix: str, iv: dict[str, Any]) -> dict[str, Any]:
    return {prefix: iv["rate"], prefix + "_low": iv["low"], prefix + "_high": iv["high"], prefix + "_n": iv["trials"]}


def tables(runs: list[dict[str, Any]], comparison: dict[str, Any] | None) -> dict[str, list[dict[str, Any]]]:
    """The CSV tables: summary per run, actions per run, characters per run, the game's per-seat counters
    (trumps opened), comparison, coverage."""
    summary, actions, characters, coverage, used = [], [], [], [], []
    for s in runs:
        name = run_name(s)
        summary.append({"run": name, "games": s["games"], "decisive": s["decisive"], "draws": s["draws"],
                        "aborted": s["aborted"], **_iv("seat0_win", s["win_rate"]["seat0"]),
                        **_iv("first_player_win", s["first_player"]["win_rate"]),
                        "first_player_p": s["first_player"]["p_value_vs_half"],
                        "turns_mean": s["turns"]["mean"], "turns_median": s["turns"]["median"],
                        "decisions_mean": s["decisions"]["mean"], "winner_life_mean": s["winner_life"]["mean"]})
        for aid, a in s["actions"].items():
            actions.append({"run": name, "action": aid, "raises": a["raises"], "raises_per_game": a["raises_per_game"],
                            **_iv("games_raised", a["games_raised"]), "raised_by_winner": a["raised_by_winner"],
                            "raised_by_loser": a["raised_by_loser"], **_iv("raiser_win", a["raiser_win_rate"])})
        for cid, c in s["characters"].items():
            characters.append({"run": name, "character": cid, **_iv("games", c["games"]),
                               **_iv("fielder_win", c["fielder_win_rate"])})
        for what, items in s.get("used", {}).items():
            for item, u in items.items():
                used.append({"run": name, "counter": what, "item": item, **_iv("games", u["games"]),
                             "by_winner": u["by_winner"], "by_loser": u["by_loser"],
                             **_iv("user_win", u["user_win_rate"])})
        cov = s.get("coverage", {})
        for st in cov.get("steps", []):
            coverage.append({"run": name, "part": "steps", "rule": st["step"], "op": st["op"],
                             "count": st["executed"], "sentence": st["sentence"],
                             "inserted_into": st.get("inserted_into", "")})  # a replacement's step: the action
        for part in ("conditions", "triggers", "abilities"):
            for r in cov.get(part, {}).get("rules", []):
                coverage.append({"run": name, "part": part, "rule": r["rule"], "op": r["op"], "count": r["count"],
                                 "sentence": r["sentence"], "inserted_into": ""})
    out = {"summary": summary, "actions": actions, "characters": characters}
    if used:  # the game's per-seat counters (BlackPoker エクストラ: trumps opened, by whom)
        out["used"] = used
    if coverage:
        out["coverage"] = coverage
    if comparison is not None:
        out["comparison"] = [{k: (v if k != "n" else f"{v[0]}/{v[1]}") for k, v in r.items()} for r in comparison["rows"]]
    return out


OPTIONAL_TABLES = ("used", "coverage", "comparison", "combos")  # the CSV files only some reports have


def combo_rows(combos: dict[str, Any]) -> list[dict[str, Any]]:
    """The combo search's results (``balance combos --json``) as CSV rows, one per combination."""
    rows = []
    climbs = (combos.get("hands") or {}).get("climbs") or []  # the hand climb's end of each combination
    for r in [*(combos.get("results") or []), *climbs]:
        loop, kill, st = r.get("loop") or {}, r.get("kill") or {}, r.get("stats") or {}
        rows.append({"trumps": "+".join(r.get("trumps") or []), "cards": " ".join(r.get("cards") or []),
                     "found": verdict(r) if "stats" in r else "",
                     "loop_cycle": " → ".join(loop.get("cycle") or []),
                     "opponent_life_per_cycle": loop.get("opponent_life_per_cycle", ""),
                     "own_life_per_cycle": loop.get("own_life_per_cycle", ""),
                     "cycles_to_end": loop.get("cycles_to_end", ""), "counterable": " ".join(loop.get("counterable") or []),
                     "kill_turns": kill.get("turns", ""), "kill_decisions": kill.get("decisions", ""),
                     "nodes": st.get("nodes", ""), "depth_reached": st.get("depth_reached", ""),
                     "complete": st.get("complete", ""), "stopped": st.get("stopped", ""),
                     "strategy": st.get("strategy", ""), "proven_depth": st.get("proven_depth", ""),
                     # the hand search (--hands): the deal searched and the first player's hand in it
                     "deal": r.get("deal", ""), "hand": " ".join(r.get("hand") or []),
                     "climb_swaps": (r.get("climb") or {}).get("swaps", "")})
    return rows


def write_report(out: Path, runs: list[dict[str, Any]], comparison: dict[str, Any] | None = None,
                 combos: dict[str, Any] | None = None) -> list[Path]:
    """Write ``index.html``, ``report.json`` and one CSV per table into ``out``; returns the files.
    ``combos``: the results of the combo search (``balance combos --json``), shown as a section of their own."""
    from bpdsl.render.html import environment

    figs = build_figures(runs, comparison)
    env = environment()
    page = env.get_template(TEMPLATE).render(runs=runs, names=[run_name(s) for s in runs], figs=figs,
                                             comparison=comparison, combos=combos)
    written = [write_atomic(out / "index.html", page)]
    data = {"runs": runs, "comparison": comparison, **({"combos": combos} if combos else {})}
    written.append(write_atomic(out / "report.json", json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)))
    for name, rows in tables(runs, comparison).items():
        written.append(write_atomic(out / f"{name}.csv", _csv(rows)))
    if combos:
        written.append(write_atomic(out / "combos.csv", _csv(combo_rows(combos))))
    for name in OPTIONAL_TABLES:  # a report written before into the same folder leaves none of its own behind
        stale = out / f"{name}.csv"
        if stale not in written and stale.is_file():
            stale.unlink()
    return written
