#!/usr/bin/env bash
# The test suite: unit, golden, scenario, rendering, property, browser tests, and bounded soaks.
# The long runs take their size from the environment; here sizes that bound the suite (its time on a
# 2-core machine, each variable and its full size: docs/performance.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export BPDSL_SOAK_GAMES="${BPDSL_SOAK_GAMES:-300}"      # seeded games per soaked edition
export BPDSL_VIEW_GAMES="${BPDSL_VIEW_GAMES:-15}"       # per edition and format, the per-seat view's property test
export BPDSL_FUZZ_SCALE="${BPDSL_FUZZ_SCALE:-0.5}"      # the command-line fuzz: about 150 inputs
export BPDSL_FUZZ_EXAMPLES="${BPDSL_FUZZ_EXAMPLES:-500}"  # per endpoint, the sandbox API's fuzz
export BPDSL_TRUMP_EXAMPLES="${BPDSL_TRUMP_EXAMPLES:-12}" # random trump edits printed and played
.venv/bin/python -m pytest -q -n 2 --dist worksteal --durations=25 "$@"
