#!/usr/bin/env bash
# Set up a fresh machine: Debian packages (Japanese font for the PDFs, graphviz for the flow diagrams,
# chromium for the browser tests of the sandbox), a virtual environment in .venv, the package with its
# test extras, and the compiled speed-ups of its hot modules (build/speedups/). Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
fc-list 2>/dev/null | grep -qi "IPAex" || need_apt+=(fonts-ipaexfont)
command -v dot >/dev/null 2>&1 || need_apt+=(graphviz)
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
command -v tmux >/dev/null 2>&1 || need_apt+=(tmux)  # terminal tests (progress bar)
if [ ${#need_apt[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get install -y -q "${need_apt[@]}" >/dev/null 2>&1 \
    || { $SUDO apt-get update -q >/dev/null && $SUDO apt-get install -y -q "${need_apt[@]}" >/dev/null; }
fi

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test,speed]" 2>&1 | grep -v -i "warning: location" || true
.venv/bin/python -c "import bpdsl, cerberus, weasyprint, pypdf, sphinx"
# the compiled speed-ups (Cython, both cores); without a C compiler it says so and bpdsl runs pure
.venv/bin/python scripts/build_speedups.py
