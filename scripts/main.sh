#!/usr/bin/env bash
# The main job: validate the bundled definitions, render every action list (HTML, PDF, 2-up) and the
# rulebook, and play a seeded sample game. Output goes to out/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
B=.venv/bin/bpdsl
$B validate --stats
$B render actionlist --all --out out/actionlists
$B docs --out out/docs
$B simulate --edition act8.0 --format std --games 1 --seed 1 --log out/sample-game.jsonl
$B replay out/sample-game.jsonl
echo "main job done: see out/"
