"""Streaming aggregation of game results: a :class:`Tally` holds counts only, so its size does not grow
with the number of games, and two tallies merge by adding (in any order: the merged counts are the same
whichever worker played which games).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bpdsl.sim.stats import hist_moments, hist_quantile, one_proportion_p, wilson

MAX_PROBLEMS = 20  # problems kept (those of the lowest game indices, so the list does not depend on workers)
# a counter of the game's rules (state.counts) whose name ends so holds (seat, item) keys: who used what in
# the game (BlackPoker: ``trumps_opened_by_seat``, the trumps each seat turned face up)
BY_SEAT = "_by_seat"


@dataclass
class GameRecord:
    """What one finished game contributes: plain data taken from the game before it is dropped."""

    index: int
    winner: int | None
    draw: bool
    aborted: bool
    first: int  # seat of the player who took the first turn
    turns: int
    decisions: int
    life: tuple[int, ...]  # cards left in each seat's life at the end
    raised: dict[tuple[int, str], int]  # (seat, action id) -> raises in this game
    characters: set[tuple[int, str]]  # (seat, character id) that entered that seat's field
    problem: str = ""
    violation: bool = False
    counts: dict[str, dict[Any, int]] = field(default_factory=dict)  # counters the game's rules kept
    # (seat, decision kind, "asked" | "differ") -> decisions put to the other seat's agent too (separation)
    separation: dict[tuple[int, str, str], int] = field(default_factory=dict)


def _usages(counts: dict[str, dict[Any, int]]) -> dict[str, dict[Any, set[int]]]:
    """The per-seat counters of a game: counter name (without ``_by_seat``) -> item -> seats that used it."""
    out: dict[str, dict[Any, set[int]]] = {}
    for name, table in counts.items():
        if name.endswith(BY_SEAT):
            items = out.setdefault(name[:-len(BY_SEAT)], {})
            for (seat, item), n in table.items():
                if n:
                    items.setdefault(item, set()).add(seat)
    return out


@dataclass
class Tally:
    """Counts over any number of games."""

    seats: int = 2
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    aborted: int = 0
    violations: int = 0
    checked: int = 0  # games whose invariants were checked after every step (SimJob.check_every)
    first_seat: list[int] = field(default_factory=lambda: [0, 0])  # games in which each seat went first
    first_wins: int = 0  # decisive games won by the first player
    turns: Counter = field(default_factory=Counter)
    decisions: Counter = field(default_factory=Counter)
    winner_life: Counter = field(default_factory=Counter)
    raises: Counter = field(default_factory=Counter)  # action -> raises over all games
    games_raised: Counter = field(default_factory=Counter)  # action -> games where anyone raised it
    raised_by_winner: Counter = field(default_factory=Counter)  # action -> decisive games where the winner did
    raised_by_loser: Counter = field(default_factory=Counter)
    char_games: Counter = field(default_factory=Counter)  # character -> games where it entered a field
    char_winner: Counter = field(default_factory=Counter)  # character -> decisive games, on the winner's field
    char_loser: Counter = field(default_factory=Counter)
    coverage: Counter = field(default_factory=Counter)  # effect-step key -> executions (with --coverage)
    problems: list[tuple[int, str]] = field(default_factory=list)
    counts: dict[str, Counter] = field(default_factory=dict)  # the game's own counters (trumps opened ...)
    # the game's per-seat counters (names without ``_by_seat``): item -> games where anyone used it, decisive
    # games where the winner did, where the loser did
    used_games: dict[str, Counter] = field(default_factory=dict)
    used_winner: dict[str, Counter] = field(default_factory=dict)
    used_loser: dict[str, Counter] = field(default_factory=dict)
    separation: Counter = field(default_factory=Counter)  # agent separation (bpdsl.sim.separation)

    def add(self, g: GameRecord) -> None:
        self.games += 1
        self.separation.update(g.separation)
        for name, table in g.counts.items():
            if not name.endswith(BY_SEAT):
                self.counts.setdefault(name, Counter()).update(table)
        self.turns[g.turns] += 1
        self.decisions[g.decisions] += 1
        self.first_seat[g.first] += 1
        if g.violation:
            self.violations += 1
        if g.problem:
            self._problem(g.index, g.problem)
        if g.aborted:
            self.aborted += 1
            return
        usages = _usages(g.counts)
        for name, items in usages.items():
            self.used_games.setdefault(name, Counter()).update(items.keys())
        per_action: dict[str, set[int]] = {}
        for (seat, aid), n in g.raised.items():
            self.raises[aid] += n
            per_action.setdefault(aid, set()).add(seat)
        for aid in per_action:
            self.games_raised[aid] += 1
        per_char: dict[str, set[int]] = {}
        for seat, cid in g.characters:
            per_char.setdefault(cid, set()).add(seat)
        for cid in per_char:
            self.char_games[cid] += 1
        if g.draw or g.winner is None:
            self.draws += 1
            return
        w = g.winner
        self.wins[w] += 1
        if w == g.first:
            self.first_wins += 1
        self.winner_life[g.life[w]] += 1
        for aid, seats in per_action.items():
            if w in seats:
                self.raised_by_winner[aid] += 1
            if any(s != w for s in seats):
                self.raised_by_loser[aid] += 1
        for cid, seats in per_char.items():
            if w in seats:
                self.char_winner[cid] += 1
            if any(s != w for s in seats):
                self.char_loser[cid] += 1
        for name, items in usages.items():
            by_winner = self.used_winner.setdefault(name, Counter())
            by_loser = self.used_loser.setdefault(name, Counter())
            for item, seats in items.items():
                if w in seats:
                    by_winner[item] += 1
                if any(s != w for s in seats):
                    by_loser[item] += 1

    def _problem(self, index: int, text: str) -> None:
        self.problems.append((index, text))
        if len(self.problems) > MAX_PROBLEMS:
            self.problems.sort()
            del self.problems[MAX_PROBLEMS:]

    def merge(self, other: "Tally") -> None:
        self.games += other.games
        for i in range(self.seats):
            self.wins[i] += other.wins[i]
            self.first_seat[i] += other.first_seat[i]
        self.draws += other.draws
        self.aborted += other.aborted
        self.violations += other.violations
        self.checked += other.checked
        self.first_wins += other.first_wins
        for name in ("turns", "decisions", "winner_life", "raises", "games_raised", "raised_by_winner",
                     "raised_by_loser", "char_games", "char_winner", "char_loser", "coverage",
                     "separation"):
            getattr(self, name).update(getattr(other, name))
        for p in other.problems:
            self._problem(*p)
        for name, table in other.counts.items():
            self.counts.setdefault(name, Counter()).update(table)
        for mine, theirs in ((self.used_games, other.used_games), (self.used_winner, other.used_winner),
                             (self.used_loser, other.used_loser)):
            for name, table in theirs.items():
                mine.setdefault(name, Counter()).update(table)

    @property
    def decisive(self) -> int:
        return self.wins[0] + self.wins[1]


def _dist(hist: Counter) -> dict[str, Any]:
    n, mean, var = hist_moments(hist)
    return {"n": n, "mean": round(mean, 4), "sd": round(var ** 0.5, 4), "min": min(hist) if hist else 0,
            "p10": hist_quantile(hist, 0.1), "median": hist_quantile(hist, 0.5), "p90": hist_quantile(hist, 0.9),
            "max": max(hist) if hist else 0, "histogram": {str(k): hist[k] for k in sorted(hist)}}


def summarize(t: Tally, actions: list[str], characters: list[str]) -> dict[str, Any]:
    """The statistics of a tally as a JSON-able dict (rates with 95 % Wilson intervals)."""
    n = t.games
    played = n - t.aborted
    dec = t.decisive
    out: dict[str, Any] = {
        "games": n, "decisive": dec, "draws": t.draws, "aborted": t.aborted,
        "wins": {"seat0": t.wins[0], "seat1": t.wins[1]},
        "win_rate": {f"seat{i}": wilson(t.wins[i], dec).as_dict() for i in range(t.seats)},
        "draw_rate": wilson(t.draws, played).as_dict(),
        "first_player": {"went_first": {f"seat{i}": t.first_seat[i] for i in range(t.seats)},
                         "win_rate": wilson(t.first_wins, dec).as_dict(),
                         "p_value_vs_half": round(one_proportion_p(t.first_wins, dec), 6),
                         "test": "two-sided one-proportion z-test of the first player's share of decisive games "
                                 "against 0.5"},
        "turns": _dist(t.turns), "decisions": _dist(t.decisions), "winner_life": _dist(t.winner_life),
    }
    acts: dict[str, Any] = {}
    for aid in sorted(set(actions) | set(t.raises), key=lambda a: (-t.raises[a], a)):
        w, lo = t.raised_by_winner[aid], t.raised_by_loser[aid]
        acts[aid] = {"raises": t.raises[aid], "raises_per_game": round(t.raises[aid] / played, 4) if played else 0.0,
                     "games_raised": wilson(t.games_raised[aid], played).as_dict(),
                     "raised_by_winner": w, "raised_by_loser": lo,
                     # the share of games won by the player who raised it (among decisive games where one
                     # side raised it; a game where both did counts once on each side)
                     "raiser_win_rate": wilson(w, w + lo).as_dict()}
    out["actions"] = acts
    chars: dict[str, Any] = {}
    for cid in sorted(set(characters) | set(t.char_games), key=lambda c: (-t.char_games[c], c)):
        w, lo = t.char_winner[cid], t.char_loser[cid]
        chars[cid] = {"games": wilson(t.char_games[cid], played).as_dict(), "on_winner_field": w, "on_loser_field": lo,
                      "fielder_win_rate": wilson(w, w + lo).as_dict()}
    out["characters"] = chars
    used: dict[str, Any] = {}
    for name in sorted(t.used_games):
        games, by_w, by_l = t.used_games[name], t.used_winner.get(name, Counter()), t.used_loser.get(name, Counter())
        used[name] = {str(item): {"games": wilson(games[item], played).as_dict(), "by_winner": by_w[item],
                                  "by_loser": by_l[item], "user_win_rate": wilson(by_w[item], by_w[item] + by_l[item]).as_dict()}
                      for item in sorted(games, key=lambda x: (-games[x], str(x)))}
    # per item of each per-seat counter of the game (BlackPoker: trumps_opened): the share of games in which
    # it was used, and the win rate of its user (a game where both seats used it counts once on each side)
    out["used"] = used
    out["problems"] = [text for _, text in sorted(t.problems)]
    return out
