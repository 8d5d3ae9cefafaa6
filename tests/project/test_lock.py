"""The lock (requirements/lock.txt, compiled by uv from pyproject.toml) satisfies what pyproject.toml asks
for, pins every package with hashes, and is what the test environment runs: a fresh clone installs exactly
these versions, whatever PyPI has published since."""
from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements" / "lock.txt"
EXTRAS = ("test", "speed")  # what scripts/setup.sh installs


def _pins(applicable_only: bool = False) -> dict[str, tuple[str, list[str]]]:
    """name -> (version, hashes) of every package of the lock (with ``applicable_only``, of those whose
    environment marker holds here: the lock is universal, for every platform)."""
    pins: dict[str, tuple[str, list[str]]] = {}
    name = ""
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^([A-Za-z0-9_.\-\[\]]+)==([^\s;\\]+)\s*(?:;\s*(.*?))?\s*\\?$", line)
        if m:
            name = canonicalize_name(m.group(1).split("[")[0])
            if applicable_only and m.group(3) and not Marker(m.group(3)).evaluate():
                name = ""
                continue
            pins[name] = (m.group(2), [])
        elif line.strip().startswith("--hash=sha256:") and name:
            pins[name][1].append(line.strip())
    return pins


def _requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    reqs = [Requirement(r) for r in project["dependencies"]]
    for extra in EXTRAS:
        reqs += [Requirement(r) for r in project["optional-dependencies"][extra]]
    return reqs


def test_every_requirement_of_pyproject_is_pinned_in_the_lock_within_its_range() -> None:
    pins = _pins()
    assert len(pins) > 50, "the lock holds the whole dependency tree"
    problems = []
    for req in _requirements():
        name = canonicalize_name(req.name)
        if name not in pins:
            problems.append(f"{req}: not in the lock")
        elif not req.specifier.contains(pins[name][0], prereleases=True):
            problems.append(f"{req}: the lock pins {pins[name][0]}")
    assert not problems, "regenerate the lock (docs/performance.md: 'The lock'):\n" + "\n".join(problems)


def test_every_pin_has_hashes_and_an_upper_bound_guards_each_direct_dependency() -> None:
    pins = _pins()
    assert all(hashes for _, hashes in pins.values()), [n for n, (_, h) in pins.items() if not h]
    unbounded = [str(r) for r in _requirements()
                 if r.name.lower() != "packaging" and not any(s.operator in ("<", "<=", "==", "~=") for s in r.specifier)]
    assert not unbounded, f"a new major version could break these: {unbounded}"


def test_the_environment_running_the_tests_is_the_lock() -> None:
    pins = _pins(applicable_only=True)
    wrong = []
    for name, (version, _) in pins.items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            wrong.append(f"{name}: not installed")
            continue
        if installed != version:
            wrong.append(f"{name}: {installed} installed, {version} locked")
    assert not wrong, "run scripts/setup.sh:\n" + "\n".join(wrong)
