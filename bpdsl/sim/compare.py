"""Two runs on the same seeds, compared: which differences are significant.

Every metric is tested with a two-sided test — rates (win rates, draw rate, share of games in which an
action is raised, a character enters the field or a trump is opened, the win rate of the player who used
it) with the pooled two-proportion z-test, means (turns, decisions, life left to the winner) with Welch's
z-test — and the p-values of the whole comparison are adjusted together with the Holm–Bonferroni method,
which bounds the chance of any false "significant" at ``alpha`` whatever the dependence between the tests.
Both runs play the same deals (same per-game seeds); the tests treat them as independent samples, which is
conservative when the common deals make the two runs positively correlated.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bpdsl.sim.stats import holm, two_means_p, two_proportions_p

TEST_RATE = "two-sided pooled two-proportion z-test"
TEST_MEAN = "two-sided Welch z-test of the means"
CORRECTION = "Holm–Bonferroni (family-wise error rate)"


GROUPS = ("game", "action", "character", "trump")  # what a row is about, in the order rows are listed
OPENED = "trumps_opened"  # the per-seat counter of エクストラ runs: which seat turned which trump face up
TRUMP_METRICS = ("share of games opened", "win rate of its opener")  # a trump's own rows, before its actions'


@dataclass
class Row:
    """One tested metric of the comparison: ``group`` says what it is about (the whole game, an action, a
    character, a trump) and ``subject`` which one (the action, character or trump id; "" for the game)."""

    metric: str
    kind: str  # "rate" | "mean"
    a: float
    b: float
    n_a: int
    n_b: int
    p: float
    group: str = "game"
    subject: str = ""
    p_adjusted: float = 1.0

    @property
    def delta(self) -> float:
        return self.b - self.a


def _rate_row(metric: str, ia: dict[str, Any], ib: dict[str, Any], min_trials: int, group: str = "game",
              subject: str = "") -> Row | None:
    if ia["trials"] < min_trials or ib["trials"] < min_trials:
        return None
    p = two_proportions_p(ia["successes"], ia["trials"], ib["successes"], ib["trials"])
    return Row(metric, "rate", ia["rate"], ib["rate"], ia["trials"], ib["trials"], p, group, subject)


def _mean_row(metric: str, da: dict[str, Any], db: dict[str, Any]) -> Row:
    p = two_means_p(da["mean"], da["sd"] ** 2, da["n"], db["mean"], db["sd"] ** 2, db["n"])
    return Row(metric, "mean", da["mean"], db["mean"], da["n"], db["n"], p)


def _action_rows(aid: str, xa: dict[str, Any], xb: dict[str, Any], min_trials: int, group: str, subject: str,
                 prefix: str = "") -> list[Row | None]:
    return [_rate_row(f"{prefix}action {aid}: share of games raised", xa["games_raised"], xb["games_raised"],
                      min_trials, group, subject),
            _rate_row(f"{prefix}action {aid}: win rate of its raiser", xa["raiser_win_rate"], xb["raiser_win_rate"],
                      min_trials, group, subject)]


def _character_rows(cid: str, xa: dict[str, Any], xb: dict[str, Any], min_trials: int, group: str, subject: str,
                    prefix: str = "") -> list[Row | None]:
    return [_rate_row(f"{prefix}character {cid}: share of games on a field", xa["games"], xb["games"], min_trials,
                      group, subject),
            _rate_row(f"{prefix}character {cid}: win rate of its fielder", xa["fielder_win_rate"],
                      xb["fielder_win_rate"], min_trials, group, subject)]


def _played(s: dict[str, Any]) -> int:
    return int(s["games"]) - int(s["aborted"])


def _opened(s: dict[str, Any], tid: str) -> dict[str, Any]:
    """The trump's row of the per-seat counter of openings; a trump never opened in the run has none, and
    counts as opened in none of its played games (and no opener to win)."""
    u = s.get("used", {}).get(OPENED, {}).get(tid)
    if u is not None:
        return u
    return {"games": {"successes": 0, "trials": _played(s), "rate": 0.0},
            "user_win_rate": {"successes": 0, "trials": 0, "rate": 0.0}}


def _trump_rows(a: dict[str, Any], b: dict[str, Any], min_trials: int) -> tuple[list[Row | None], set[str], set[str]]:
    """Rows per trump of two エクストラ runs: the share of games in which it was opened, the win rate of its
    opener, and its actions' and characters' rows (grouped under the trump rather than listed twice)."""
    rows: list[Row | None] = []
    actions: set[str] = set()
    characters: set[str] = set()
    ta, tb = a["trumps"], b["trumps"]
    for tid in sorted(set(ta) | set(tb)):
        if tid not in ta or tid not in tb:
            continue
        oa, ob = _opened(a, tid), _opened(b, tid)
        rows.append(_rate_row(f"trump {tid}: {TRUMP_METRICS[0]}", oa["games"], ob["games"], min_trials, "trump", tid))
        rows.append(_rate_row(f"trump {tid}: {TRUMP_METRICS[1]}", oa["user_win_rate"], ob["user_win_rate"],
                              min_trials, "trump", tid))
        for aid in [x for x in ta[tid]["actions"] if x in tb[tid]["actions"]]:
            actions.add(aid)
            xa, xb = a["actions"].get(aid), b["actions"].get(aid)
            if xa is not None and xb is not None:
                rows += _action_rows(aid, xa, xb, min_trials, "trump", tid, f"trump {tid}: ")
        for cid in [x for x in ta[tid]["characters"] if x in tb[tid]["characters"]]:
            characters.add(cid)
            xa, xb = a["characters"].get(cid), b["characters"].get(cid)
            if xa is not None and xb is not None:
                rows += _character_rows(cid, xa, xb, min_trials, "trump", tid, f"trump {tid}: ")
    return rows, actions, characters


def compare(a: dict[str, Any], b: dict[str, Any], alpha: float = 0.05, min_trials: int = 20) -> dict[str, Any]:
    """Compare two runs' statistics (from :func:`bpdsl.sim.run.statistics`); rates with fewer than
    ``min_trials`` trials on either side are not tested.  When both runs play a format with trumps, each trump
    gets its own rows (opened, opener's win rate, its actions and characters), tested and corrected with the
    rest: one family of tests, so adding the trumps makes every verdict of the comparison more careful."""
    rows: list[Row | None] = [
        _rate_row("win rate of seat 0", a["win_rate"]["seat0"], b["win_rate"]["seat0"], min_trials),
        _rate_row("win rate of the first player", a["first_player"]["win_rate"], b["first_player"]["win_rate"],
                  min_trials),
        _rate_row("draw rate", a["draw_rate"], b["draw_rate"], min_trials),
        _mean_row("turns per game", a["turns"], b["turns"]),
        _mean_row("decisions per game", a["decisions"], b["decisions"]),
        _mean_row("life left to the winner", a["winner_life"], b["winner_life"]),
    ]
    with_trumps = bool(a.get("trumps") and b.get("trumps"))
    trump_rows, trump_actions, trump_characters = _trump_rows(a, b, min_trials) if with_trumps else ([], set(), set())
    for aid in sorted(set(a["actions"]) | set(b["actions"])):
        xa, xb = a["actions"].get(aid), b["actions"].get(aid)
        if xa is None or xb is None or aid in trump_actions:
            continue
        rows += _action_rows(aid, xa, xb, min_trials, "action", aid)
    for cid in sorted(set(a["characters"]) | set(b["characters"])):
        xa, xb = a["characters"].get(cid), b["characters"].get(cid)
        if xa is None or xb is None or cid in trump_characters:
            continue
        rows += _character_rows(cid, xa, xb, min_trials, "character", cid)
    rows += trump_rows
    tested = [r for r in rows if r is not None]
    for r, adj in zip(tested, holm([r.p for r in tested])):
        r.p_adjusted = adj
    only_a = sorted(set(a["actions"]) - set(b["actions"]))
    only_b = sorted(set(b["actions"]) - set(a["actions"]))
    out: dict[str, Any] = {
        "a": run_name(a), "b": run_name(b), "games": [a["games"], b["games"]], "seed": [a["seed"], b["seed"]],
        "definitions": [a.get("definitions"), b.get("definitions")],
        "alpha": alpha, "tests": {"rate": TEST_RATE, "mean": TEST_MEAN}, "correction": CORRECTION,
        "rows": [{"metric": r.metric, "kind": r.kind, "group": r.group, "subject": r.subject, "a": round(r.a, 6),
                  "b": round(r.b, 6), "delta": round(r.delta, 6), "n": [r.n_a, r.n_b], "p": _p(r.p),
                  "p_adjusted": _p(r.p_adjusted), "significant": r.p_adjusted < alpha} for r in tested],
        "actions_only_in_a": only_a, "actions_only_in_b": only_b,
        "untested_below_trials": min_trials,
        "warnings": [w for side, run in (("A", a), ("B", b))
                     if (w := _indistinguishable(side, run)) is not None],
    }
    if with_trumps:
        both = {**a["trumps"], **b["trumps"]}
        out["trumps"] = {tid: {"name": t["name"], "card": t["card"],
                               "significant": sum(1 for r in tested if r.group == "trump" and r.subject == tid
                                                  and r.p_adjusted < alpha)}
                         for tid, t in sorted(both.items())}
        out["trumps_only_in_a"] = sorted(set(a["trumps"]) - set(b["trumps"]))
        out["trumps_only_in_b"] = sorted(set(b["trumps"]) - set(a["trumps"]))
    return out


def _indistinguishable(side: str, run: dict[str, Any]) -> str | None:
    """The warning of a run whose two seats' agents chose alike (bpdsl.sim.separation), else None."""
    from bpdsl.sim.separation import warning

    agents = list(run.get("agents", {}).values())
    if len(agents) != 2 or "separation" not in run:
        return None
    w = warning(agents[0], agents[1], run["separation"])
    return None if w is None else f"run {side}: {w}"


def _p(p: float) -> float:
    return float(f"{p:.4g}")


def run_name(s: dict[str, Any]) -> str:
    """A run as people name it: ``EDITION/FORMAT``, then ``@`` and the definitions folders read besides the
    bundled ones, and ``without bundled`` when the bundled definitions were left out."""
    defs = s.get("definitions")
    if isinstance(defs, dict):
        bundled, paths = bool(defs.get("bundled", True)), [str(p) for p in defs.get("paths", [])]
    else:  # a statistics file written before runs named their definitions
        bundled, paths = True, [] if defs in (None, "bundled") else [str(p) for p in defs]
    where = (" @" + ",".join(paths) if paths else "") + ("" if bundled else " without bundled")
    return f"{s['edition']}/{s['format']}{where}"
