"""Two runs on the same seeds, compared: which differences are significant.

Every metric is tested with a two-sided test — rates (win rates, draw rate, share of games in which an
action is raised or a character enters the field, the win rate of the player who used it) with the pooled
two-proportion z-test, means (turns, decisions, life left to the winner) with Welch's z-test — and the
p-values of the whole comparison are adjusted together with the Holm–Bonferroni method, which bounds the
chance of any false "significant" at ``alpha`` whatever the dependence between the tests.  Both runs play
the same deals (same per-game seeds); the tests treat them as independent samples, which is conservative
when the common deals make the two runs positively correlated.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bpdsl.sim.stats import holm, two_means_p, two_proportions_p

TEST_RATE = "two-sided pooled two-proportion z-test"
TEST_MEAN = "two-sided Welch z-test of the means"
CORRECTION = "Holm–Bonferroni (family-wise error rate)"


@dataclass
class Row:
    metric: str
    kind: str  # "rate" | "mean"
    a: float
    b: float
    n_a: int
    n_b: int
    p: float
    p_adjusted: float = 1.0

    @property
    def delta(self) -> float:
        return self.b - self.a


def _rate_row(metric: str, ia: dict[str, Any], ib: dict[str, Any], min_trials: int) -> Row | None:
    if ia["trials"] < min_trials or ib["trials"] < min_trials:
        return None
    p = two_proportions_p(ia["successes"], ia["trials"], ib["successes"], ib["trials"])
    return Row(metric, "rate", ia["rate"], ib["rate"], ia["trials"], ib["trials"], p)


def _mean_row(metric: str, da: dict[str, Any], db: dict[str, Any]) -> Row:
    p = two_means_p(da["mean"], da["sd"] ** 2, da["n"], db["mean"], db["sd"] ** 2, db["n"])
    return Row(metric, "mean", da["mean"], db["mean"], da["n"], db["n"], p)


def compare(a: dict[str, Any], b: dict[str, Any], alpha: float = 0.05, min_trials: int = 20) -> dict[str, Any]:
    """Compare two runs' statistics (from :func:`bpdsl.sim.run.statistics`); rates with fewer than
    ``min_trials`` trials on either side are not tested."""
    rows: list[Row | None] = [
        _rate_row("win rate of seat 0", a["win_rate"]["seat0"], b["win_rate"]["seat0"], min_trials),
        _rate_row("win rate of the first player", a["first_player"]["win_rate"], b["first_player"]["win_rate"],
                  min_trials),
        _rate_row("draw rate", a["draw_rate"], b["draw_rate"], min_trials),
        _mean_row("turns per game", a["turns"], b["turns"]),
        _mean_row("decisions per game", a["decisions"], b["decisions"]),
        _mean_row("life left to the winner", a["winner_life"], b["winner_life"]),
    ]
    for aid in sorted(set(a["actions"]) | set(b["actions"])):
        xa, xb = a["actions"].get(aid), b["actions"].get(aid)
        if xa is None or xb is None:
            continue
        rows.append(_rate_row(f"action {aid}: share of games raised", xa["games_raised"], xb["games_raised"],
                              min_trials))
        rows.append(_rate_row(f"action {aid}: win rate of its raiser", xa["raiser_win_rate"], xb["raiser_win_rate"],
                              min_trials))
    for cid in sorted(set(a["characters"]) | set(b["characters"])):
        xa, xb = a["characters"].get(cid), b["characters"].get(cid)
        if xa is None or xb is None:
            continue
        rows.append(_rate_row(f"character {cid}: share of games on a field", xa["games"], xb["games"], min_trials))
        rows.append(_rate_row(f"character {cid}: win rate of its fielder", xa["fielder_win_rate"],
                              xb["fielder_win_rate"], min_trials))
    tested = [r for r in rows if r is not None]
    for r, adj in zip(tested, holm([r.p for r in tested])):
        r.p_adjusted = adj
    only_a = sorted(set(a["actions"]) - set(b["actions"]))
    only_b = sorted(set(b["actions"]) - set(a["actions"]))
    return {
        "a": _run_name(a), "b": _run_name(b), "games": [a["games"], b["games"]], "seed": [a["seed"], b["seed"]],
        "alpha": alpha, "tests": {"rate": TEST_RATE, "mean": TEST_MEAN}, "correction": CORRECTION,
        "rows": [{"metric": r.metric, "kind": r.kind, "a": round(r.a, 6), "b": round(r.b, 6),
                  "delta": round(r.delta, 6), "n": [r.n_a, r.n_b], "p": _p(r.p), "p_adjusted": _p(r.p_adjusted),
                  "significant": r.p_adjusted < alpha} for r in tested],
        "actions_only_in_a": only_a, "actions_only_in_b": only_b,
        "untested_below_trials": min_trials,
    }


def _p(p: float) -> float:
    return float(f"{p:.4g}")


def _run_name(s: dict[str, Any]) -> str:
    defs = s.get("definitions")
    where = "" if defs in (None, "bundled") else " @" + ",".join(defs)
    return f"{s['edition']}/{s['format']}{where}"
