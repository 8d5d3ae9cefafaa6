"""``--help`` that reads as sentences: plain metavars (``EDITION``, ``N``, ``PATH``) instead of Python types,
ranges in words, and each option's description as a whole sentence on one logical line.

typer shows each option's Python type (``<int range> [x>=1]``, ``<list[Path]>``, ``<bool>``) and keeps the
line breaks of a description written over several source lines.  The commands declare their options as
typer wants them; this module rewrites what the help shows, once, over the assembled command tree, so that
no command needs a metavar or punctuation of its own.
"""
from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any, get_args, get_origin

import typer.core

# names whose value is a count (shown N) or a number (X), and options named for what they are, not for the
# type they are read as
_COUNTS = re.compile(r"(games|matches|jobs|seed|port|rounds|count|depth|nodes|size|limit|n|top|steps|workers|"
                     r"decisions|playouts|timeout|turns|max|min|width|index)(_|$)")


def metavar(param: Any) -> str | None:
    """The word shown after an option in ``--help``: None for a flag, the declared metavar, or a plain
    word from the value's type and the option's name."""
    if getattr(param, "is_flag", False) or getattr(param, "is_bool_flag", False):
        return None
    if param.metavar:
        return str(param.metavar)
    desc = getattr(param, "type_descriptor", None)
    annotation = getattr(desc, "annotation", None)
    if get_origin(annotation) is list:
        (annotation,) = get_args(annotation) or (str,)
    if desc is not None and getattr(desc, "is_choice", False):
        return "|".join(str(getattr(c, "value", c)) for c in (desc.choices or ()))
    if annotation is bool:
        return None
    if annotation is Path or (desc is not None and getattr(desc, "is_path", False)):
        return "PATH"
    longest = max((o for o in getattr(param, "opts", ()) if o.startswith("--")), key=len, default="")
    name = (longest.lstrip("-") or param.name or "value").lower()
    if annotation in (int, float) or _COUNTS.match(name):
        return "N" if annotation is not float else "X"
    return name.upper().replace("-", "_")


def number_range(param: Any) -> str | None:
    """A range in words: ``1 to 100,000,000``, ``at least 1``."""
    lo, hi = getattr(param, "min", None), getattr(param, "max", None)
    if lo is not None and hi is not None:
        return f"{lo:,} to {hi:,}"
    if lo is not None:
        return f"at least {lo:,}"
    if hi is not None:
        return f"at most {hi:,}"
    return None


def sentence(text: str | None) -> str | None:
    """One whitespace between words, a capital first letter and a full stop: the description as a sentence."""
    if not text:
        return text
    words = " ".join(text.split())
    first = words.split(" ", 1)[0]
    if first.isalpha() and first.islower():  # an id such as act8.0 or bd1 keeps its case
        words = words[0].upper() + words[1:]
    words = words if words.endswith((".", "?", "!", "。")) else words + "."
    return re.sub(r"(?<!\\)\[", r"\\[", words)  # "[defaults]" is text, not rich markup


def install(app: Any) -> None:
    """Show plain metavars and ranges in words in every command's ``--help`` (typer's help reads them
    through these two methods of its parameter classes), and every description of ``app``'s commands as
    whole sentences."""
    for cls in (typer.core._TyperParameter, typer.core.TyperOption):
        cls.display_type_rich = lambda self, ctx: metavar(self)  # type: ignore[method-assign]
        cls._get_number_range_help_str = number_range  # type: ignore[method-assign]
    _tidy(app)


def _tidy(app: Any) -> None:
    """The help of every option and argument declared in ``app``'s command functions, as sentences."""
    callbacks = [c.callback for c in app.registered_commands]
    if app.registered_callback is not None:
        callbacks.append(app.registered_callback.callback)
    for group in app.registered_groups:
        _tidy(group.typer_instance)
    for fn in callbacks:
        if fn is None:
            continue
        for parameter in inspect.signature(fn).parameters.values():  # follows the wrappers' __wrapped__
            infos = [parameter.default, *getattr(parameter.annotation, "__metadata__", ())]
            for info in infos:
                if isinstance(info, typer.models.ParameterInfo) and info.help:
                    info.help = sentence(info.help)
