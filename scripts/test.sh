#!/usr/bin/env bash
# The test suite: unit, golden, scenario, rendering, property, browser tests.
#   bash scripts/test.sh          the everyday suite (about 10 minutes on 2 cores), without the `long` tests
#   bash scripts/test.sh --long   only the `long` tests: property tests, soaks and whole-process runs
# CI (.ci/run) runs both. The long runs take their size from the environment; here sizes that bound them
# (each variable and its full size: docs/performance.md). Further arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
select=(-m "not long")
if [[ "${1:-}" == "--long" ]]; then
    select=(-m long)
    shift
fi
bash scripts/setup.sh
export BPDSL_SOAK_GAMES="${BPDSL_SOAK_GAMES:-300}"      # seeded games per soaked edition
export BPDSL_VIEW_GAMES="${BPDSL_VIEW_GAMES:-15}"       # per edition and format, the per-seat view's property test
export BPDSL_FUZZ_SCALE="${BPDSL_FUZZ_SCALE:-0.5}"      # the command-line fuzz: about 150 inputs
export BPDSL_FUZZ_EXAMPLES="${BPDSL_FUZZ_EXAMPLES:-500}"  # per endpoint, the sandbox API's fuzz
export BPDSL_TRUMP_EXAMPLES="${BPDSL_TRUMP_EXAMPLES:-12}" # random trump edits printed and played
export BPDSL_SOAK_SECONDS="${BPDSL_SOAK_SECONDS:-60}"    # the replay viewer's soak (RSS bounded); full: 120
export BPDSL_FAIRNESS_SECONDS="${BPDSL_FAIRNESS_SECONDS:-10}"  # a seat's GET timed under replay load; full: 20
export BPDSL_OFFICIAL_GAMES="${BPDSL_OFFICIAL_GAMES:-40}"  # per format of every official list imported; full: 300
.venv/bin/python -m pytest -q -n 2 --dist worksteal --durations=25 "${select[@]}" "$@"
