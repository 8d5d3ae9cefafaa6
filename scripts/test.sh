#!/usr/bin/env bash
# The test suite: unit, golden, scenario, rendering, a bounded soak (BPDSL_SOAK_GAMES games per edition) and the
# per-seat view's property test (BPDSL_VIEW_GAMES games per edition and format).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export BPDSL_SOAK_GAMES="${BPDSL_SOAK_GAMES:-1000}"
export BPDSL_VIEW_GAMES="${BPDSL_VIEW_GAMES:-50}"
.venv/bin/python -m pytest -q -n 2 --dist worksteal --durations=25 "$@"
