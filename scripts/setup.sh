#!/usr/bin/env bash
# Set up a fresh machine: Debian packages (Japanese font for the PDFs, graphviz for the flow diagrams,
# chromium for the browser tests, tmux for the terminal tests), a virtual environment in .venv with the
# locked dependencies (requirements/lock.txt, installed by uv with their hashes), and bpdsl itself as an
# editable install, whose build compiles the hot modules with Cython (bpdsl/_compiled/). Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
UV_VERSION=0.13.9

need_apt=()
fc-list 2>/dev/null | grep -qi "IPAex" || need_apt+=(fonts-ipaexfont)
command -v dot >/dev/null 2>&1 || need_apt+=(graphviz)
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
command -v tmux >/dev/null 2>&1 || need_apt+=(tmux)
command -v pdftoppm >/dev/null 2>&1 || need_apt+=(poppler-utils)
if [ ${#need_apt[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get install -y -q "${need_apt[@]}" >/dev/null 2>&1 \
    || { $SUDO apt-get update -q >/dev/null && $SUDO apt-get install -y -q "${need_apt[@]}" >/dev/null; }
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
if [ "$(.venv/bin/uv --version 2>/dev/null | cut -d' ' -f2)" != "$UV_VERSION" ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check "uv==$UV_VERSION" 2>&1 | grep -v -i "warning: location" || true
fi
export UV_PYTHON=.venv/bin/python UV_NO_PROGRESS=1
.venv/bin/uv pip install -q --require-hashes -r requirements/lock.txt
# the package itself, with no dependency of its own choosing: its build compiles the hot modules (the
# build hook reports each step on stderr; Cython's own warnings are noise for a user)
if ! built=$(.venv/bin/uv pip install -q --no-deps --no-build-isolation --reinstall-package bpdsl -e . 2>&1); then
  printf '%s\n' "$built" | grep -v -E "^warning: |Annotation ignored|critical_section" >&2
  echo "setup: installing bpdsl failed (above)" >&2
  exit 1
fi
.venv/bin/python -c "import cerberus, weasyprint, pypdf, sphinx"
(root=$PWD; cd / && "$root/.venv/bin/bpdsl" --version)  # installed: it runs from any folder, and says which build
