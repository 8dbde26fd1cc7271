"""The Starlette application of ``mtgkb serve``: HTML pages, ``/api/…`` JSON, static files, the graph SVG.

Security: Jinja2 autoescape on every template (no ``|safe`` on data), a Content-Security-Policy of
``default-src 'self'`` on every answer, static files only from this package's ``static/`` folder
(Starlette's ``StaticFiles`` refuses paths that leave it), a read-only store (``kb.web.queries``), limits on
query length, name length and page size (``kb.web.pages``).
"""
from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from pathlib import Path
from typing import Any, Callable

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from kb.store import StoreError
from kb.web import pages as P
from kb.web import queries as Q
from kb.web import svg
from kb.web import cache as page_cache
from kb.web.words import mana_html

HERE = Path(__file__).resolve().parent
CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "X-Frame-Options": "DENY"}
MAX_URL_CHARS = 2048


class SecurityHeaders:
    """ASGI middleware: the CSP and friends on every answer; overlong URLs answer 414."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"") > MAX_URL_CHARS:
            response = Response("URL too long", status_code=414, media_type="text/plain")
            return await self._with_headers(response)(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", [])
                           if k.decode().lower() not in {h.lower() for h in HEADERS}]
                headers += [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]
                message = {**message, "headers": headers}
            await send(message)
        await self.app(scope, receive, send_with_headers)

    @staticmethod
    def _with_headers(response: Response) -> Response:
        for k, v in HEADERS.items():
            response.headers[k] = v
        return response


def _environment() -> Environment:
    env = Environment(loader=FileSystemLoader(str(HERE / "templates")),
                      autoescape=select_autoescape(["html", "svg", "xml"], default=True),
                      trim_blocks=True, lstrip_blocks=True)
    env.globals.update(node_url=P.node_url, max_query=P.MAX_QUERY_CHARS, max_list=P.MAX_LIST)
    # JSON for reading (Japanese kept as is); a plain str, so autoescape escapes it like any data
    env.filters["json"] = lambda v: json.dumps(v, ensure_ascii=False, default=str)
    env.filters["mana"] = mana_html               # card text with its symbols drawn (escaped)
    return env


def create_app(db: str | Path) -> Starlette:
    """The UI over the store file ``db`` (opened read-only; raises ``kb.store.StoreError`` naming it)."""
    pool = Q.Pool(db)
    env = _environment()
    cache = page_cache.PageCache(db) if page_cache.enabled() else None      # answers kept while the store is unchanged

    def html(name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        return HTMLResponse(env.get_template(name).render(db=Path(db).name, **ctx), status_code=status)

    def failure(request: Request, e: Exception, api: bool) -> Response:
        if isinstance(e, P.NotFound):
            if api:
                return JSONResponse({"error": e.message, "suggestions": e.suggestions}, status_code=404)
            return html("error.html", 404, title="見つかりません / Not found", message=e.message,
                        suggestions=e.suggestions, what=e.what, q=request.query_params.get("q", ""))
        if isinstance(e, P.BadRequest):
            if api:
                return JSONResponse({"error": e.message}, status_code=400)
            return html("error.html", 400, title="不正な要求 / Bad request", message=e.message, suggestions=[],
                        what="", q=request.query_params.get("q", "")[:P.MAX_QUERY_CHARS])
        if isinstance(e, (sqlite3.DatabaseError, StoreError)):
            # replaced, removed or damaged while serving: say so; this thread reopens it on its next request
            pool.discard()
            msg = str(e) if isinstance(e, StoreError) else f"{db}: cannot read the store ({e})"
            if api:
                return JSONResponse({"error": msg}, status_code=503)
            return html("error.html", 503, title="ストアを読めません / Store unavailable", message=msg,
                        suggestions=[], what="", q="")
        raise e

    def page(template: str, build: Callable[[Request, Q.ReadOnlyStore], dict], api: bool = False):
        def endpoint(request: Request) -> Response:
            key = (request.url.path, request.url.query)
            kept, version = cache.get(key) if cache is not None else (None, None)
            if kept is not None:
                body, media_type, status = kept
                return Response(body, status_code=status, media_type=media_type)
            try:
                data = build(request, pool.get())
            except (P.NotFound, P.BadRequest, sqlite3.DatabaseError, StoreError) as e:
                return failure(request, e, api)
            if api:
                response: Response = JSONResponse(_jsonable(data))
            else:
                response = html(template, **data) if isinstance(data, dict) else html(template, data=data)
            if cache is not None:
                cache.put(key, (response.body, response.media_type, response.status_code), version)
            return response
        return endpoint

    def home(request, store):
        return {"info": P.home(store), "q": ""}

    def search(request, store):
        qp = request.query_params
        if not qp.get("q", "").strip():
            return {"info": P.home(store), "q": "", "result": None}
        return {"result": P.search_page(store, qp.get("q"), qp.get("page"), qp.get("size")), "q": qp.get("q")}

    def param(name: str):
        return lambda request: request.path_params[name]

    def graph_of(node_id: str, store) -> dict:
        g = Q.neighbourhood(store.conn, node_id)
        if g is None:
            return {"graph": None, "legend": []}
        return {"graph": svg.render(g, node_id, P.node_url), "legend": svg.legend(g)}

    def with_graph(fn, node_of):
        def build(request, store):
            data = fn(store, request.path_params["name"])
            return {"info": data, "q": "", **graph_of(node_of(data), store)}
        return build

    def guarded(endpoint: Callable[[Request, Q.ReadOnlyStore], Response]):
        def run(request: Request) -> Response:
            try:
                return endpoint(request, pool.get())
            except (sqlite3.DatabaseError, StoreError) as e:
                return failure(request, e, True)
        return run

    def graph_svg(request: Request, store: Q.ReadOnlyStore) -> Response:
        node_id = request.path_params["node"]
        if len(node_id) > P.MAX_NAME_CHARS:
            return failure(request, P.BadRequest("node id too long"), True)
        g = Q.neighbourhood(store.conn, node_id)
        if g is None:
            return failure(request, P.NotFound(f"no node {node_id!r}"), True)
        return Response(str(svg.render(g, node_id, P.node_url)), media_type="image/svg+xml")

    def graph_json(request: Request, store: Q.ReadOnlyStore) -> Response:
        node_id = request.path_params["node"]
        g = Q.neighbourhood(store.conn, node_id) if len(node_id) <= P.MAX_NAME_CHARS else None
        if g is None:
            return failure(request, P.NotFound(f"no node {node_id!r}"), True)
        import networkx as nx

        return JSONResponse(nx.node_link_data(g, edges="edges"))

    pages = [
        ("card", P.card_page, lambda d: d["node"]),
        ("keyword", P.keyword_page, lambda d: d["id"] or ""),
        ("rule", P.rule_page, lambda d: d["id"]),
        ("document", P.document_page, lambda d: f"doc:{d['key']}"),
        ("claim", P.claim_page, lambda d: d["id"]),
    ]
    routes = [
        Route("/", page("home.html", home)),
        Route("/search", page("search.html", search)),
        Route("/api/search", page("", lambda r, s: P.search_hits(s, r.query_params.get("q"),
                                                                 r.query_params.get("limit")), api=True)),
        Route("/api/search/page", page("", lambda r, s: P.search_page(s, r.query_params.get("q"),
                                                                      r.query_params.get("page"),
                                                                      r.query_params.get("size")), api=True)),
        Route("/api/overview", page("", lambda r, s: P.home(s), api=True)),
        Route("/graph/{node:path}.svg", guarded(graph_svg)),
        Route("/api/graph/{node:path}", guarded(graph_json)),
        Mount("/static", app=StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    for what, fn, node_of in pages:
        routes.append(Route(f"/{what}/{{name:path}}", page(f"{what}.html", with_graph(fn, node_of))))
        routes.append(Route(f"/api/{what}/{{name:path}}",
                            page("", (lambda f: lambda r, s: f(s, r.path_params["name"]))(fn), api=True)))

    async def not_found(request: Request, exc) -> Response:
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": "no such page"}, status_code=404)
        return html("error.html", 404, title="見つかりません / Not found", message=f"no page at {request.url.path}",
                    suggestions=[], what="", q="")

    running = [0]                      # lifespans in progress (several test clients may share the app)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        running[0] += 1
        try:
            yield
        finally:
            running[0] -= 1
            if not running[0]:
                pool.close()

    app = Starlette(routes=routes, middleware=[Middleware(SecurityHeaders)], exception_handlers={404: not_found},
                    lifespan=lifespan)
    app.state.pool = pool
    app.state.cache = cache
    return app


def app_from_environment() -> Starlette:
    """The app over ``$MTGKB_SERVE_DB``: the factory each worker process of ``mtgkb serve --workers N`` calls."""
    return create_app(os.environ["MTGKB_SERVE_DB"])


def _jsonable(x: Any) -> Any:
    """Page data as JSON: tuples (snippet parts) become lists, Markup becomes text."""
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    return str(x)
