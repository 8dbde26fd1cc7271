"""``mtgkb serve``: a local, read-only web UI over the store (Starlette + Jinja2 + uvicorn).

``create_app(db)`` (``kb.web.app``) builds the application; ``kb.web.serve.cmd_serve(args)`` runs it with uvicorn, bound to
127.0.0.1 unless ``--host`` says otherwise.  Pages and the ``/api/…`` JSON come from ``kb.web.pages``; all SQL
of the UI is in ``kb.web.queries``.
"""
