#!/usr/bin/env bash
# The test suite: unit, golden, scenario, rendering and a bounded soak (BPDSL_SOAK_GAMES games per edition).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export BPDSL_SOAK_GAMES="${BPDSL_SOAK_GAMES:-1000}"
.venv/bin/python -m pytest -q -n 2 "$@"
