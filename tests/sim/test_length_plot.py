"""The game-length histograms of the report draw every bin: a length no game had is drawn at 0 — the outline
does not bridge it at its neighbours' height — and the outline starts and ends at 0."""
from __future__ import annotations

from bpdsl.sim.plots import length_bins


def test_empty_bins_are_drawn_at_zero_and_the_outline_is_closed() -> None:
    xs, ys, width = length_bins({"8": 1, "12": 2, "13": 1})
    assert width == 1
    assert dict(zip(xs, ys)) == {7.5: 0, 8.5: 25, 9.5: 0, 10.5: 0, 11.5: 0, 12.5: 50, 13.5: 25, 14.5: 0}


def test_wide_ranges_are_binned_and_still_sum_to_all_games() -> None:
    histogram = {str(v): 2 for v in range(100, 260, 7)}
    xs, ys, width = length_bins(histogram)
    assert width == 3 and len(xs) <= 60
    assert abs(sum(ys) - 100) < 1e-9 and ys[0] == ys[-1] == 0
    assert all(b - a == width for a, b in zip(xs, xs[1:]))
    assert 0 in ys[1:-1]  # the gaps between the lengths played stay visible
    assert length_bins({}) == ([], [], 1)


def test_a_report_written_again_into_its_folder_leaves_no_stale_table(tmp_path) -> None:
    """A one-run report written where a comparison was leaves no comparison.csv of the old runs behind."""
    from bpdsl.sim.backends import run
    from bpdsl.sim.compare import compare
    from bpdsl.sim.job import SimJob
    from bpdsl.sim.report import write_report
    from bpdsl.sim.run import statistics

    runs = []
    for edition in ("act8.0", "act6.1"):
        job = SimJob(edition, "lite", seed=4)
        runs.append(statistics(job, run(job, 3, jobs=1)))
    write_report(tmp_path, runs, compare(runs[0], runs[1]))
    assert (tmp_path / "comparison.csv").is_file()
    (tmp_path / "notes.csv").write_text("the designer's own\\n", encoding="utf-8")
    written = write_report(tmp_path, runs[:1])
    assert not (tmp_path / "comparison.csv").exists() and (tmp_path / "notes.csv").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([p.name for p in written] + ["notes.csv"])
