"""The server's shape keeps a new endpoint from forgetting the rules every route follows: its work runs in a
lane of :mod:`bpdsl.web.schedule` (no route starts a thread itself), its body is read through
:mod:`bpdsl.web.bodies` (bounded), the studio's files are touched only through
:mod:`bpdsl.web.studio_files` (confined to the project), and every endpoint lives in a route module."""
from __future__ import annotations

import re
from pathlib import Path

from starlette.routing import Mount, Route

from bpdsl.web.app import create_app

WEB = Path(__file__).resolve().parents[2] / "bpdsl" / "web"
ROUTE_MODULES = sorted((WEB / "routes").glob("*.py")) + [WEB / "lessons.py", WEB / "helppages.py"]


def _code(path: Path) -> str:
    """The module's code without its comments and docstrings' prose (string literals kept)."""
    return "\n".join(line.split("#")[0] for line in path.read_text(encoding="utf-8").splitlines())


def test_only_the_scheduler_starts_worker_threads_for_requests() -> None:
    for path in ROUTE_MODULES + [WEB / "app.py", WEB / "context.py"]:
        code = _code(path)
        assert not re.search(r"to_thread|run_sync|threading\.Thread|ThreadPool|run_in_executor", code), path.name
    users = sorted(p.name for p in WEB.rglob("*.py") if "to_thread" in _code(p))
    assert users == ["schedule.py"]


def test_only_the_body_reader_reads_a_request_body() -> None:
    for path in ROUTE_MODULES + [WEB / "app.py", WEB / "context.py"]:
        code = _code(path)
        assert not re.search(r"request\.(body|json|form|stream)\(", code), path.name


def test_route_modules_touch_no_file_themselves() -> None:
    for path in ROUTE_MODULES:
        if path.name in ("lessons.py", "helppages.py"):  # pages of their own: their files are bundled ones
            continue
        code = _code(path)
        assert not re.search(r"\bopen\(|read_text|read_bytes|write_text|write_bytes|write_atomic|\bos\.", code), path.name


def test_every_endpoint_is_defined_in_a_route_module() -> None:
    app = create_app()
    modules = set()
    for route in app.routes:
        if isinstance(route, Mount):
            assert route.path == "/static"
            continue
        assert isinstance(route, Route)
        modules.add(route.endpoint.__module__)
    assert modules <= {f"bpdsl.web.routes.{p.stem}" for p in ROUTE_MODULES} | {"bpdsl.web.lessons", "bpdsl.web.helppages"}, modules
    assert {"bpdsl.web.routes.seats", "bpdsl.web.routes.studio_tree"} <= modules
