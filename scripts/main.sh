#!/usr/bin/env bash
# The main job: validate the bundled definitions, render every action list (HTML, PDF, 2-up) and the
# rulebook, and play a seeded sample game. Output goes to out/.  Each step is said as it starts (step n of
# N, with the time so far): the set-up and the rulebook take minutes on a busy machine.
set -euo pipefail
cd "$(dirname "$0")/.."
START=$SECONDS
step() { printf 'main [%d:%02d] step %s: %s\n' $(((SECONDS - START) / 60)) $(((SECONDS - START) % 60)) "$1" "$2" >&2; }
step "1 of 6" "set-up (scripts/setup.sh)"
bash scripts/setup.sh
B=.venv/bin/bpdsl
step "2 of 6" "validate the bundled definitions"
$B validate --stats
step "3 of 6" "print every action list into out/actionlists (HTML, PDF, 2-up PDF)"
$B render actionlist --all --out out/actionlists
step "4 of 6" "build the rulebook into out/docs"
$B docs --out out/docs
step "5 of 6" "play a seeded sample game (out/sample-game.jsonl)"
$B simulate --edition act8.0 --format std --games 1 --seed 1 --log out/sample-game.jsonl
step "6 of 6" "replay it"
$B replay out/sample-game.jsonl
echo "main job done in $(((SECONDS - START) / 60)) min $(((SECONDS - START) % 60)) s: see out/"
