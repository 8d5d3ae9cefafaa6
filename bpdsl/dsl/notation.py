"""The printed request notation of actions: ``@直接-通常-メイン`` (act8.0) and ``@メイン`` (act6.1).

A definition may write ``request: {trigger: direct, speed: normal, timing: main}`` or the printed form
``request: "@直接-通常-メイン"``; both give the same :class:`~bpdsl.model.Request`.  The diff and the
renderer print a request in an edition's notation style with :func:`format_request`.
"""
from __future__ import annotations

from bpdsl.model import Request

TRIGGER_WORDS = {"direct": "直接", "triggered": "誘発"}
SPEED_WORDS = {"instant": "即時", "normal": "通常"}
TIMING_WORDS = {"main": "メイン", "quick": "クイック"}
NOTATIONS = ("timing", "trigger-speed-timing")

_BACK = {w: ("trigger", k) for k, w in TRIGGER_WORDS.items()}
_BACK |= {w: ("speed", k) for k, w in SPEED_WORDS.items()}
_BACK |= {w: ("timing", k) for k, w in TIMING_WORDS.items()}


class NotationError(ValueError):
    def __init__(self, message: str, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.hint = hint


def format_request(request: Request, notation: str = "trigger-speed-timing") -> str:
    """``@直接-通常-メイン`` in the act8.0 style, ``@メイン`` in the act6.1 (timing only) style."""
    if notation == "timing":
        return "@" + TIMING_WORDS[request.timing]
    return "@" + "-".join((TRIGGER_WORDS[request.trigger], SPEED_WORDS[request.speed], TIMING_WORDS[request.timing]))


def parse_request(text: str) -> Request:
    """Parse a printed request: "@直接-通常-メイン", "@誘発-即時-クイック" or "@メイン" (direct, normal)."""
    raw = text.strip().lstrip("@＠").strip()
    if not raw:
        raise NotationError("empty request notation", 'write e.g. "@直接-通常-メイン"')
    parts = [p.strip() for p in raw.replace("－", "-").replace("−", "-").split("-")]
    found: dict[str, str] = {}
    for part in parts:
        if part not in _BACK:
            raise NotationError(f"unknown request word {part!r}",
                                "words: " + ", ".join(list(TRIGGER_WORDS.values()) + list(SPEED_WORDS.values())
                                                      + list(TIMING_WORDS.values())))
        slot, value = _BACK[part]
        if slot in found:
            raise NotationError(f"request names the {slot} twice", 'write "@トリガー-スピード-タイミング"')
        found[slot] = value
    if "timing" not in found:
        raise NotationError("the request has no timing (メイン or クイック)", 'write e.g. "@直接-通常-メイン"')
    return Request(**found)  # type: ignore[arg-type]
