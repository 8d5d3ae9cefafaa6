"""Plots of the balance report, drawn with matplotlib (Agg, no display) and returned as PNG data URIs so
that the HTML page is self-contained: win rates with their 95 % intervals, game-length histograms, action
usage and the comparison's deltas."""
from __future__ import annotations

import base64
import io
from typing import Any

COLOURS = ("#1f5fa8", "#c0392b")


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _uri(fig: Any) -> str:
    plt = _pyplot()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def _err(iv: dict[str, Any]) -> tuple[float, float]:
    return (iv["rate"] - iv["low"]) * 100, (iv["high"] - iv["rate"]) * 100


def win_rates(runs: list[dict[str, Any]], names: list[str]) -> str:
    plt = _pyplot()
    labels = ["seat 0", "seat 1", "first player", "draws"]
    fig, ax = plt.subplots(figsize=(7, 3.2))
    width = 0.8 / len(runs)
    for k, (s, name) in enumerate(zip(runs, names)):
        ivs = [s["win_rate"]["seat0"], s["win_rate"]["seat1"], s["first_player"]["win_rate"], s["draw_rate"]]
        xs = [i + (k - (len(runs) - 1) / 2) * width for i in range(len(labels))]
        lo, hi = zip(*(_err(iv) for iv in ivs))
        ax.bar(xs, [iv["rate"] * 100 for iv in ivs], width, yerr=[lo, hi], capsize=4, label=name,
               color=COLOURS[k % 2], alpha=0.85)
    ax.axhline(50, color="grey", linewidth=0.8, linestyle="--")
    ax.set_xticks(range(len(labels)), labels)
    ax.set_ylabel("% of decisive games (draws: of all)")
    ax.set_ylim(0, 100)
    ax.set_title("Win rates with 95 % Wilson intervals")
    ax.legend(fontsize=8)
    return _uri(fig)


def length_bins(histogram: dict[Any, int]) -> tuple[list[float], list[float], int]:
    """A length histogram (value -> games) as the outline a step plot draws: bin centres and the % of games
    in each, every bin from the shortest to the longest included (an empty bin is drawn at 0, not bridged
    by its neighbours), and one empty bin on either side so that the outline starts and ends at 0."""
    raw = {int(v): c for v, c in histogram.items()}
    if not raw:
        return [], [], 1
    width = max(1, (max(raw) - min(raw)) // 40)  # at most ~40 bins
    hist: dict[int, int] = {}
    for v, c in raw.items():
        hist[v // width * width] = hist.get(v // width * width, 0) + c
    total = sum(hist.values()) or 1
    edges = range(min(hist) - width, max(hist) + 2 * width, width)
    return [x + width / 2 for x in edges], [hist.get(x, 0) / total * 100 for x in edges], width


def lengths(runs: list[dict[str, Any]], names: list[str], what: str) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 3.2))
    for k, (s, name) in enumerate(zip(runs, names)):
        xs, ys, width = length_bins(s[what]["histogram"])
        ax.step(xs, ys, where="mid", label=f"{name} (mean {s[what]['mean']:.1f})", color=COLOURS[k % 2])
        ax.set_ylabel("% of games" if width == 1 else f"% of games (bins of {width})")
    ax.set_ylim(bottom=0)
    ax.set_xlabel(what)
    ax.set_title(f"Game length: {what} per game")
    ax.legend(fontsize=8)
    return _uri(fig)


def action_usage(runs: list[dict[str, Any]], names: list[str], key: str, title: str) -> str:
    plt = _pyplot()
    actions = sorted({a for s in runs for a in s["actions"]})
    fig, ax = plt.subplots(figsize=(7, max(2.5, 0.28 * len(actions) * len(runs) + 1)))
    height = 0.8 / len(runs)
    for k, (s, name) in enumerate(zip(runs, names)):
        ys, vals, los, his = [], [], [], []
        for i, aid in enumerate(actions):
            if aid not in s["actions"]:
                continue
            iv = s["actions"][aid][key]
            ys.append(i + (k - (len(runs) - 1) / 2) * height)
            vals.append(iv["rate"] * 100)
            lo, hi = _err(iv)
            los.append(lo)
            his.append(hi)
        ax.barh(ys, vals, height, xerr=[los, his], capsize=2, label=name, color=COLOURS[k % 2], alpha=0.85)
    ax.set_yticks(range(len(actions)), actions, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("%")
    ax.set_title(title)
    ax.legend(fontsize=8)
    return _uri(fig)


def deltas(comparison: dict[str, Any], rows: list[dict[str, Any]] | None = None, title: str = "") -> str:
    """Bars of B − A for the rate rows of a comparison (``rows``: a selection of them), the significant ones red."""
    plt = _pyplot()
    rows = [r for r in (comparison["rows"] if rows is None else rows) if r["kind"] == "rate"]
    fig, ax = plt.subplots(figsize=(7, max(2.5, 0.22 * len(rows) + 1)))
    ys = range(len(rows))
    ax.barh(list(ys), [r["delta"] * 100 for r in rows],
            color=["#c0392b" if r["significant"] else "#9aa5b1" for r in rows])
    ax.set_yticks(list(ys), [r["metric"] for r in rows], fontsize=7)
    ax.invert_yaxis()
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("B − A (percentage points); red: significant after Holm correction")
    ax.set_title(title or f"{comparison['b']} − {comparison['a']}")
    return _uri(fig)
