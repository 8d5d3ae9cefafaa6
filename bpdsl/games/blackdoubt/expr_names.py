"""The expression name Black Doubt resolves itself; ``me.points``, ``me.total`` ... are the counters and the
value its game document declares (generic, :mod:`bpdsl.engine.numbers`)."""
from __future__ import annotations

from bpdsl.dsl.expr_names import NameInfo

NAMES: dict[str, NameInfo] = {
    "deck.count": NameInfo("cards left in the shared deck (山札)", "山札の枚数"),
}
