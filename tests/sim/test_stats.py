"""Intervals, tests and the correction used by the balance lab, against values computed by hand."""
from __future__ import annotations

import math

from bpdsl.sim.stats import hist_moments, hist_quantile, holm, one_proportion_p, two_means_p, two_proportions_p, wilson


def test_wilson_matches_the_textbook_formula() -> None:
    iv = wilson(81, 263)  # Wilson's example: 0.3080 with interval [0.2553, 0.3662]
    assert round(iv.rate, 4) == 0.3080
    assert round(iv.low, 4) == 0.2553 and round(iv.high, 4) == 0.3662


def test_wilson_at_the_edges_stays_inside_zero_one() -> None:
    assert wilson(0, 10).low == 0.0 and 0 < wilson(0, 10).high < 0.35
    assert wilson(10, 10).high == 1.0 and 0.65 < wilson(10, 10).low < 1
    none = wilson(0, 0)
    assert (none.low, none.high) == (0.0, 1.0)


def test_z_tests() -> None:
    assert math.isclose(one_proportion_p(60, 100), math.erfc(2 / math.sqrt(2)), rel_tol=1e-9)  # z = 2
    assert one_proportion_p(50, 100) == 1.0
    assert two_proportions_p(50, 100, 50, 100) == 1.0
    assert two_proportions_p(600, 1000, 500, 1000) < 1e-5
    assert two_means_p(10.0, 4.0, 400, 10.0, 4.0, 400) == 1.0
    assert 0.04 < two_means_p(10.2, 4.0, 400, 10.0, 4.0, 400) < 0.2  # z = 1.41: p = 0.157


def test_holm_adjusts_step_down_and_keeps_order() -> None:
    adjusted = holm([0.01, 0.04, 0.03, 0.5])
    assert adjusted == [0.04, 0.09, 0.09, 0.5]


def test_histogram_moments_and_quantiles() -> None:
    h = {1: 1, 2: 2, 3: 1}
    n, mean, var = hist_moments(h)
    assert (n, mean) == (4, 2.0) and math.isclose(var, 2 / 3)
    assert hist_quantile(h, 0.5) == 2 and hist_quantile(h, 1.0) == 3 and hist_quantile({}, 0.5) == 0
