"""``mtgkb serve``: a local, read-only web UI over the store (Starlette + Jinja2 + uvicorn).

``create_app(db)`` (``kb.web.app``) builds the application; ``cmd_serve(args)`` runs it with uvicorn, bound to
127.0.0.1 unless ``--host`` says otherwise.  Pages and the ``/api/…`` JSON come from ``kb.web.pages``; all SQL
of the UI is in ``kb.web.queries``.
"""
from __future__ import annotations

import sys


def cmd_serve(args) -> int:
    """``mtgkb serve [--db F] [--host 127.0.0.1] [--port 8000]``."""
    import uvicorn

    from kb.store import StoreError
    from kb.web.app import create_app

    try:
        app = create_app(args.db)
    except StoreError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"mtgkb: serving {args.db} (read-only) at http://{args.host}:{args.port}/  (Ctrl-C stops)",
          file=sys.stderr)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
