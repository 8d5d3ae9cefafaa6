"""The console every command prints through: rich on a terminal, whole cells in a file or a pipe.

rich lays a table out to the terminal's width, and a file or a pipe has none: it assumes 80 columns, cuts
cells to ``b…`` and folds numbers over two lines.  Output that goes to a file is read by a program or
pasted into a report, so there every table is printed as a Markdown table (every cell whole, one row a
line) and text lines are never wrapped.  ``--json`` stays the format for programs.
"""
from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

WIDE = 100_000  # columns of a file or a pipe: lines are never wrapped there


class CommandConsole(Console):
    """A rich console whose tables become Markdown tables when the output is not a terminal."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if not self.is_terminal:
            self.width = WIDE

    def print(self, *objects: Any, **kwargs: Any) -> None:  # noqa: A003 - rich's name
        if not self.is_terminal:
            objects = tuple(self.markdown(o) if isinstance(o, Table) else o for o in objects)
        super().print(*objects, **kwargs)

    def markdown(self, table: Table) -> Text:
        """``table`` as a Markdown table of plain text: its title as a line above it."""
        headers = [self._plain(c.header) for c in table.columns]
        columns = [[self._plain(cell) for cell in c._cells] for c in table.columns]
        lines = [f"{self._plain(table.title)}", ""] if table.title else []
        lines.append(_row(headers))
        lines.append(_row(["---"] * len(headers)))
        for i in range(table.row_count):
            lines.append(_row([col[i] if i < len(col) else "" for col in columns]))
        return Text("\n".join(lines))

    def _plain(self, cell: Any) -> str:
        if isinstance(cell, Text):
            return cell.plain
        if isinstance(cell, str):
            return Text.from_markup(cell).plain if self._markup else cell
        return str(cell) if cell is not None else ""


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(" ".join(c.split()).replace("|", "\\|") for c in cells) + " |"


