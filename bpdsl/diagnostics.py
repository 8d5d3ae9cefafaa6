"""Diagnostics: every problem in a definition is reported as ``file:line:col: CODE message`` plus a hint.

Diagnostics are collected, never raised one at a time, so that a designer sees every mistake of a run at
once.  Codes are declared in :data:`CODES` so that the docs can list them and tests can check that each
has a fixture.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable


@dataclass(frozen=True, order=True)
class Pos:
    """A position in a definitions file (1-based line and column)."""

    file: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


UNKNOWN_POS = Pos("<unknown>", 0, 0)


@dataclass(frozen=True)
class Diagnostic:
    """One problem found in the definitions."""

    pos: Pos
    code: str
    message: str
    hint: str = ""
    severity: str = "error"  # "error" | "warning"

    def format(self) -> str:
        text = f"{self.pos}: {self.code} {self.message}"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text

    def __str__(self) -> str:
        return self.format()


# Every diagnostic code with a one-line description (shown by `bpdsl validate --codes` and in the docs).
CODES: dict[str, str] = {}


def code(name: str, description: str) -> str:
    """Declare a diagnostic code once; returns the name so modules can keep it as a constant."""
    CODES[name] = description
    return name


@dataclass
class DiagnosticSink:
    """Collects diagnostics during a run."""

    items: list[Diagnostic] = field(default_factory=list)

    def error(self, pos: Pos, code_name: str, message: str, hint: str = "") -> None:
        self.items.append(Diagnostic(pos, code_name, message, hint, "error"))

    def warning(self, pos: Pos, code_name: str, message: str, hint: str = "") -> None:
        self.items.append(Diagnostic(pos, code_name, message, hint, "warning"))

    def extend(self, diags: Iterable[Diagnostic]) -> None:
        self.items.extend(diags)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "error"]

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=lambda d: (d.pos, d.code))


class DefinitionError(Exception):
    """Raised where a caller needs a valid model and the definitions are not valid."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(d.format() for d in diagnostics[:20]))


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    """A 'did you mean ...?' hint for a misspelt identifier, or an empty string."""
    import difflib

    matches = difflib.get_close_matches(name, list(candidates), n=3, cutoff=0.6)
    if not matches:
        return ""
    return "did you mean " + " or ".join(repr(m) for m in matches) + "?"
