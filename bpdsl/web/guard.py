"""What the sandbox accepts from a client, checked before any of it reaches a game, a file or a log.

Everything a request carries is untrusted (a browser page of another site can send requests to a sandbox
running on this machine, and anyone may type anything): a value is refused with a 4xx and a JSON error
(:class:`~bpdsl.web.tables.Refused`), never turned into a 500.  The checks live here, once, so that every
route — the ones of :mod:`bpdsl.web.app` and pages added in other modules — parses and validates the same
way:

* :func:`parse_json` — JSON with a nesting limit, finite numbers only, integers of bounded length, and
  strings that are text (no lone surrogate, no NUL);
* :func:`integer`, :func:`query_integer`, :func:`text` — one field of a request, with its bounds;
* :func:`token_matches` — a seat's secret compared in constant time whatever bytes the client sent.

The origin and host checks that every route gets are the ASGI middleware :mod:`bpdsl.web.sameorigin`.
"""
from __future__ import annotations

import json
import math
import re
import secrets
from itertools import accumulate
from typing import Any

from bpdsl.web.starts import SEED_MAX
from bpdsl.web.tables import Refused

MAX_DEPTH = 32  # nesting of a JSON value sent to the API (the deepest real one, a scenario, is about 8)
MAX_DIGITS = 24  # digits of a JSON integer (a 64-bit seed has 20)

_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(rb"[^\[\]{}]+")
_BAD_TEXT = re.compile(r"[\x00\ud800-\udfff]")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def json_depth(raw: bytes) -> int:
    """How deeply ``raw`` nests arrays and objects (strings skipped), without parsing it: the parser itself
    recurses, so a deep document must be refused before it is parsed."""
    brackets = _NOT_BRACKET.sub(b"", _STRINGS.sub(b"", raw))
    return max(accumulate(_STEP[b] for b in brackets), default=0)


def _refuse_constant(name: str) -> Any:
    raise Refused(400, f"the request holds {name}, which is not a number this API accepts")


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise Refused(400, f"the request holds an integer of {len(digits)} digits (at most {MAX_DIGITS})")
    return int(digits)


def _finite_float(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise Refused(400, f"the request holds the number {digits[:40]}, too large to be finite")
    return value


def parse_json(raw: bytes | str, what: str = "the request body") -> Any:
    """The JSON value of ``raw``, or :class:`Refused` (400) naming what is wrong with it."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    # the nesting cannot exceed the number of opening brackets: most documents are settled by two counts
    if data.count(b"[") + data.count(b"{") > MAX_DEPTH and json_depth(data) > MAX_DEPTH:
        raise Refused(400, f"{what} nests arrays and objects more than {MAX_DEPTH} deep")
    try:
        value = json.loads(data.decode("utf-8") or "null", parse_int=_bounded_int, parse_float=_finite_float,
                           parse_constant=_refuse_constant)
    except UnicodeDecodeError:
        raise Refused(400, f"{what} is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise Refused(400, f"{what} is not JSON: {exc}") from None
    except RecursionError:  # the depth check above makes this unreachable; kept as the last word
        raise Refused(400, f"{what} nests too deeply") from None
    bad = _bad_string(value)
    if bad is not None:
        raise Refused(400, f"{what} holds a string that is not text ({bad})")
    return value


def _bad_string(value: Any) -> str | None:
    """What is wrong with the first string of ``value`` (keys included) that is not text, if any."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            m = _BAD_TEXT.search(v)
            if m is not None:
                return "a NUL character" if m.group() == "\x00" else "a lone surrogate \\u%04x" % ord(m.group())
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return None


def integer(value: Any, what: str, lo: int, hi: int) -> int:
    """A JSON field that must be an integer in ``lo..hi`` (a float, even 1.0, or a boolean is refused)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(400, f"{what} must be an integer, not {_show(value)}")
    if not lo <= value <= hi:
        raise Refused(400, f"{what} must be between {lo} and {hi}")
    return value


def query_integer(value: str, what: str, lo: int, hi: int) -> int:
    """A path or query parameter that must be a decimal integer in ``lo..hi``."""
    value = value.strip()
    if not re.fullmatch(r"-?[0-9]{1,%d}" % MAX_DIGITS, value):
        raise Refused(400, f"{what} must be an integer, not {_show(value)}")
    return integer(int(value), what, lo, hi)


def text(value: Any, what: str, limit: int) -> str:
    """A JSON field that must be a string of at most ``limit`` characters (already checked to be text by
    :func:`parse_json`; checked again here for values from elsewhere)."""
    if not isinstance(value, str):
        raise Refused(400, f"{what} must be a string, not {_show(value)}")
    if len(value) > limit:
        raise Refused(400, f"{what} is longer than {limit} characters")
    bad = _bad_string(value)
    if bad is not None:
        raise Refused(400, f"{what} is not text ({bad})")
    return value


def token_matches(expected: str | None, given: str) -> bool:
    """Whether ``given`` is the seat's token, compared in constant time as bytes (a token with characters
    outside ASCII is simply wrong, not an error)."""
    if expected is None:
        return False
    return secrets.compare_digest(expected.encode("utf-8"), given.encode("utf-8", "surrogatepass"))


def draw_seed() -> int:
    """A seed for a game whose seed was not given: drawn from the whole range the API accepts."""
    return secrets.randbelow(SEED_MAX + 1)


def _show(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."


__all__ = ["MAX_DEPTH", "SEED_MAX", "draw_seed", "integer", "json_depth", "parse_json", "query_integer", "text",
           "token_matches"]
