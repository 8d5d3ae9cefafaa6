"""Routes every sandbox page links to beside the game: the format's trump list and the manual.

* ``GET /api/tables/{table}/trumps`` — the trumps of the table's format (:mod:`bpdsl.web.trumpcards`):
  printed public data, the same for every seat;
* ``GET /manual/`` — the manual built by ``bpdsl docs`` (the rules, every action list, the designer's manual),
  served from ``BPDSL_MANUAL`` or ``out/docs`` of the working directory when it is there; otherwise a page
  that says how to build it and where the same reference is at the terminal (``bpdsl ops``, ``bpdsl lesson``).
"""
from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from bpdsl.web.trumpcards import trump_list


def manual_dir() -> Path | None:
    """The built manual to serve: ``$BPDSL_MANUAL``, else ``out/docs`` here; None when neither is built."""
    for candidate in (os.environ.get("BPDSL_MANUAL"), "out/docs"):
        if candidate and (Path(candidate) / "index.html").is_file():
            return Path(candidate).resolve()
    return None


NOT_BUILT = """<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>bpdsl — マニュアル</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/static/app.css"></head>
<body><header><h1>bpdsl サンドボックス</h1><a href="/">新しいゲーム</a><a href="/lessons">レッスン</a>
<a href="/manual/">マニュアル</a><a href="/replay">リプレイ</a></header>
<main><h2>マニュアル</h2>
<p id="manual-missing">マニュアル (ルール、全アクションリスト、デザイナーマニュアル) はまだ作られていません。
サンドボックスを起動したフォルダで次を実行すると、このページに表示されます:</p>
<pre>bpdsl docs --out out/docs</pre>
<p>ほかのフォルダに作ったものは <code>BPDSL_MANUAL={where}</code> で示せます。</p>
<p>同じ内容の一部は端末でも読めます: <code>bpdsl ops</code> (DSL の語彙: 各 op の引数・印刷される文・例)、
<code>bpdsl lesson</code> (初心者向けレッスン)。遊び方は <a href="/lessons">レッスン</a> のページで。</p>
</main></body></html>
"""


def help_routes(tables: Any) -> list[BaseRoute]:
    """The trump list of a table and the manual, for the sandbox app."""

    async def api_trumps(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        return JSONResponse({"trumps": trump_list(table.start.rules)})

    async def manual_missing(request: Request) -> Response:
        return HTMLResponse(NOT_BUILT.replace("{where}", html.escape("<フォルダ>")))  # a page that helps, not an error

    async def manual_root(request: Request) -> Response:
        return RedirectResponse("/manual/", status_code=307)

    routes: list[BaseRoute] = [Route("/api/tables/{table}/trumps", api_trumps), Route("/manual", manual_root)]
    built = manual_dir()
    if built is not None:
        routes.append(Mount("/manual", StaticFiles(directory=built, html=True), name="manual"))
    else:
        routes += [Route("/manual/", manual_missing), Route("/manual/{rest:path}", manual_missing)]
    return routes
