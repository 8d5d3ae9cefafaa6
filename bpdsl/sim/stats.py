"""The statistics of the balance lab: confidence intervals, tests and the correction for many tests.

Only the standard library: Wilson score intervals for proportions, two-sided z-tests (two proportions
with a pooled variance; two means with Welch's unpooled variance, valid for the large samples a simulation
gives) and the Holm–Bonferroni step-down correction, which controls the family-wise error rate of a whole
comparison without assuming the tests independent.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054  # two-sided 95 % quantile of the standard normal


@dataclass(frozen=True)
class Interval:
    """A proportion with its 95 % Wilson score interval."""

    successes: int
    trials: int
    rate: float
    low: float
    high: float

    def as_dict(self) -> dict[str, float | int]:
        return {"successes": self.successes, "trials": self.trials, "rate": round(self.rate, 6),
                "low": round(self.low, 6), "high": round(self.high, 6)}


def wilson(successes: int, trials: int, z: float = Z95) -> Interval:
    """Wilson score interval; for 0 trials the whole [0, 1] (nothing is known)."""
    if trials <= 0:
        return Interval(successes, 0, 0.0, 0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact ends: rounding must not move them
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return Interval(successes, trials, p, low, high)


def normal_p(z: float) -> float:
    """Two-sided p-value of a standard-normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def one_proportion_p(successes: int, trials: int, p0: float = 0.5) -> float:
    """Two-sided z-test of a proportion against ``p0`` (e.g. the first player wins half the decisive games)."""
    if trials <= 0:
        return 1.0
    se = math.sqrt(p0 * (1 - p0) / trials)
    return normal_p((successes / trials - p0) / se)


def two_proportions_p(s1: int, n1: int, s2: int, n2: int) -> float:
    """Two-sided pooled two-proportion z-test of H0: p1 = p2."""
    if n1 <= 0 or n2 <= 0:
        return 1.0
    pooled = (s1 + s2) / (n1 + n2)
    var = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if var <= 0:
        return 1.0
    return normal_p((s1 / n1 - s2 / n2) / math.sqrt(var))


def two_means_p(m1: float, v1: float, n1: int, m2: float, v2: float, n2: int) -> float:
    """Two-sided Welch z-test of H0: mean1 = mean2 from the means, variances and sizes of two samples."""
    if n1 <= 1 or n2 <= 1:
        return 1.0
    se2 = v1 / n1 + v2 / n2
    if se2 <= 0:
        return 1.0 if m1 == m2 else 0.0
    return normal_p((m1 - m2) / math.sqrt(se2))


def holm(pvalues: list[float]) -> list[float]:
    """Holm–Bonferroni adjusted p-values (same order as given); reject where adjusted p < alpha."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def hist_moments(hist: dict[int, int]) -> tuple[int, float, float]:
    """(count, mean, sample variance) of a histogram value -> count."""
    n = sum(hist.values())
    if n == 0:
        return 0, 0.0, 0.0
    mean = sum(k * c for k, c in hist.items()) / n
    var = sum(c * (k - mean) ** 2 for k, c in hist.items()) / (n - 1) if n > 1 else 0.0
    return n, mean, var


def hist_quantile(hist: dict[int, int], q: float) -> int:
    """The smallest value whose cumulative share reaches ``q`` (0 for an empty histogram)."""
    n = sum(hist.values())
    if n == 0:
        return 0
    need = q * n
    seen = 0
    for k in sorted(hist):
        seen += hist[k]
        if seen >= need:
            return k
    return max(hist)
