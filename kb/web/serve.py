"""``mtgkb serve``: run the read-only web UI with uvicorn."""
from __future__ import annotations

import os
import sys
from pathlib import Path


def cmd_serve(args) -> int:
    """``mtgkb serve [--db F] [--host 127.0.0.1] [--port 8000] [--workers N]``."""
    import uvicorn

    from kb.store import StoreError
    from kb.web.app import create_app

    try:
        app = create_app(args.db)
    except StoreError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    workers = getattr(args, "workers", 1) or 1
    print(f"mtgkb: serving {args.db} (read-only) at http://{args.host}:{args.port}/ with {workers} "
          f"worker process{'es' if workers > 1 else ''}  (Ctrl-C stops)", file=sys.stderr)
    if workers == 1:
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
        return 0
    # Python serves one request at a time per process (the GIL): several processes answer concurrent
    # clients in parallel; each opens the store read-only through the factory
    os.environ["MTGKB_SERVE_DB"] = str(Path(args.db).resolve())
    uvicorn.run("kb.web.app:app_from_environment", factory=True, workers=workers, host=args.host,
                port=args.port, log_level="warning")
    return 0
