#!/usr/bin/env bash
# Set up a fresh machine: Debian packages (Japanese font for the PDFs, graphviz for the flow diagrams,
# chromium for the browser tests, tmux for the terminal tests), a virtual environment in .venv with the
# locked dependencies (requirements/lock.txt, installed by uv with their hashes), and bpdsl itself as an
# editable install, whose build compiles the hot modules with Cython (bpdsl/_compiled/). Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
UV_VERSION=0.13.9
START=$SECONDS
# every step says what it does, and how long it took: a build on a busy machine takes minutes
say() { printf 'setup [%d:%02d]: %s\n' $(((SECONDS - START) / 60)) $(((SECONDS - START) % 60)) "$*" >&2; }

need_apt=()
fc-list 2>/dev/null | grep -qi "IPAex" || need_apt+=(fonts-ipaexfont)
command -v dot >/dev/null 2>&1 || need_apt+=(graphviz)
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
command -v tmux >/dev/null 2>&1 || need_apt+=(tmux)
command -v pdftoppm >/dev/null 2>&1 || need_apt+=(poppler-utils)
if [ ${#need_apt[@]} -gt 0 ]; then
  say "installing the Debian packages ${need_apt[*]} ..."
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get install -y -q "${need_apt[@]}" >/dev/null 2>&1 \
    || { $SUDO apt-get update -q >/dev/null && $SUDO apt-get install -y -q "${need_apt[@]}" >/dev/null; }
else
  say "the Debian packages are installed (IPAex font, graphviz, chromium, tmux, poppler-utils)"
fi

[ -x .venv/bin/python ] || { say "creating the virtual environment .venv ..."; python3 -m venv .venv; }
if [ "$(.venv/bin/uv --version 2>/dev/null | cut -d' ' -f2)" != "$UV_VERSION" ]; then
  say "installing uv $UV_VERSION into .venv ..."
  .venv/bin/python -m pip install -q --disable-pip-version-check "uv==$UV_VERSION" 2>&1 | grep -v -i "warning: location" || true
fi
export UV_PYTHON=.venv/bin/python UV_NO_PROGRESS=1
say "installing the $(grep -c '^[a-z0-9]' requirements/lock.txt) locked dependencies (requirements/lock.txt, with their hashes) ..."
.venv/bin/uv pip install -q --require-hashes -r requirements/lock.txt
# the hot modules compiled here first, each one said as it is done (module n of N, with the time); the
# package's own build below then finds them up to date (its output is hidden by the installer)
if [ -n "${BPDSL_PURE:-}" ] && [ "${BPDSL_PURE,,}" != "0" ] && [ "${BPDSL_PURE,,}" != "no" ] && [ "${BPDSL_PURE,,}" != "false" ]; then
  say "BPDSL_PURE is set: the hot modules stay pure Python (nothing to compile)"
else
  say "compiling the hot modules with Cython (BPDSL_PURE=1 skips this; a few minutes on two cores) ..."
  .venv/bin/python scripts/build_speedups.py 2> >(grep --line-buffered -v -E "^warning: |Annotation ignored|critical_section|^ *\^|^ *$" >&2) \
    || { say "compiling the hot modules failed (above)"; exit 1; }
fi
say "installing bpdsl itself (editable) ..."
# the package itself, with no dependency of its own choosing: its build compiles the hot modules (the
# build hook reports each step on stderr; Cython's own warnings are noise for a user)
if ! built=$(.venv/bin/uv pip install -q --no-deps --no-build-isolation --reinstall-package bpdsl -e . 2>&1); then
  printf '%s\n' "$built" | grep -v -E "^warning: |Annotation ignored|critical_section" >&2
  echo "setup: installing bpdsl failed (above)" >&2
  exit 1
fi
.venv/bin/python -c "import cerberus, weasyprint, pypdf, sphinx"
say "done"
(root=$PWD; cd / && "$root/.venv/bin/bpdsl" --version)  # installed: it runs from any folder, and says which build
