"""The ``mtgkb`` command line.

Each subcommand's handler is ``cmd_<name>(args) -> int`` in its own module (``kb.ingest``, ``kb.show``,
``kb.export``, ``kb.search``, ``kb.simulate``, ``kb.validate``), imported only when that subcommand runs, so
``mtgkb search`` never pays for spaCy.
"""
from __future__ import annotations

import argparse
import os
import sqlite3
import sys

from kb.store import DEFAULT_DB, StoreUnavailable

# Each command's module is imported when the command runs (``mtgkb search`` never pays for spaCy).
def _ingest(args) -> int:
    from kb.ingest import cmd_ingest
    return cmd_ingest(args)


def _show(args) -> int:
    from kb.show import cmd_show
    return cmd_show(args)


def _export(args) -> int:
    from kb.export import cmd_export
    return cmd_export(args)


def _search(args) -> int:
    from kb.search import cmd_search
    return cmd_search(args)


def _simulate(args) -> int:
    from kb.simulate import cmd_simulate
    return cmd_simulate(args)


def _validate(args) -> int:
    from kb.validate import cmd_validate
    return cmd_validate(args)


def _claims(args) -> int:
    from kb.claims_coverage import cmd_claims
    return cmd_claims(args)


def _serve(args) -> int:
    from kb.web.serve import cmd_serve
    return cmd_serve(args)


def _cards(args) -> int:
    from kb.cards_coverage import cmd_cards
    return cmd_cards(args)


HANDLERS = {"cards": _cards, "ingest": _ingest, "show": _show, "export": _export, "search": _search,
            "simulate": _simulate, "validate": _validate, "claims": _claims, "serve": _serve}


def _common(p: argparse.ArgumentParser, db: bool = True) -> None:
    p.add_argument("--json", action="store_true", help="machine-readable output")
    if db:
        p.add_argument("--db", default=DEFAULT_DB, help=f"store file (default ./{DEFAULT_DB})")


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return n


def version() -> str:
    """The installed distribution's version, else the checkout's ``pyproject.toml`` (run from a clone)."""
    from importlib import metadata

    try:
        return metadata.version("mtgkb")
    except metadata.PackageNotFoundError:
        import tomllib
        from pathlib import Path

        try:
            with open(Path(__file__).resolve().parents[1] / "pyproject.toml", "rb") as f:
                return tomllib.load(f)["project"]["version"]
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return "unknown"


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="mtgkb", description="Japanese MTG Wiki and rulings knowledge base "
                                 "with examples checked by a rules engine.")
    ap.add_argument("--version", action="version", version=f"mtgkb {version()}")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser("ingest", help="read wiki pages, rules and rulings prose into the store")
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (none: the bundled sample corpus)")
    p.add_argument("--all-revisions", action="store_true", help="keep every revision of XML export pages")
    p.add_argument("--cards", metavar="PATH", help="MTGJSON AtomicCards file (remembered by the store)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")
    _common(p)

    p = sub.add_parser("show", help="what the store knows about a card, keyword, rule, document, example or claim")
    p.add_argument("what", choices=["card", "keyword", "rule", "document", "example", "claim"],
                   help="card (JA/EN/fuzzy name), keyword, rule (603.10a), document (title or key), "
                        "example (id or DOCUMENT:LINE), claim (id)")
    p.add_argument("name", nargs="+", metavar="NAME", help="several words are one name: show card soul warden")
    p.add_argument("--log", action="store_true", help="(claim) print the engine's game log of its verdict")
    _common(p)

    p = sub.add_parser("export", help="export the graph (GraphML for Gephi, or node-link JSON)")
    p.add_argument("out", metavar="OUT", help="output file: OUT.graphml (Gephi) or OUT.json (node-link)")
    p.add_argument("--format", choices=["graphml", "json"], default=None,
                   help="default: from OUT's extension")
    p.add_argument("--linked-cards-only", action="store_true",
                   help="leave out card nodes without edges (e.g. the ~24k unlinked cards of a full MTGJSON load)")
    _common(p)

    p = SEARCH = sub.add_parser("search", help="search documents, examples, claims, rules and cards")
    p.add_argument("query", nargs="*", metavar="QUERY",
                   help="terms (JA or EN), \"phrases\", -exclusions, card:NAME kw:KEYWORD rule:603.10 "
                        "kind:example|claim|rule|card|document|section verdict:confirmed|contradicted|unsimulable")
    p.add_argument("--limit", type=_positive, default=10, help="at most N hits (default 10)")
    _common(p)

    p = sub.add_parser("simulate", help="run scenario files in the rules engine")
    p.add_argument("files", nargs="+", metavar="FILE", help="scenario YAML files (docs/scenario-format.md), or folders of them")
    p.add_argument("--log", action="store_true", help="print the game log, one event a line with its rule")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--db", default=None, help=f"take card data from this store (default: ./{DEFAULT_DB} if present, else the bundled table)")

    p = sub.add_parser("validate", help="check every claim by simulation and report verdicts")
    p.add_argument("--document", action="append", help="only claims of this document (title or key)")
    p.add_argument("--keyword", action="append", help="only claims on this keyword")
    p.add_argument("--card", action="append", help="only claims that involve this card")
    p.add_argument("--report", metavar="OUT.html", help="write an HTML report")
    p.add_argument("--wikitext", metavar="OUT.txt", help="write a wikitext report for a talk page")
    p.add_argument("--emit-scenarios", metavar="DIR", help="write every synthesized scenario as a YAML file")
    p.add_argument("--attach", nargs=2, action="append", metavar=("CLAIM", "FILE"),
                   help="attach a hand-written scenario file to a claim (id, or DOCUMENT:LINE)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")
    p.add_argument("--since", metavar="REV|DATE", help="only documents whose revision id is above REV or that "
                   "were ingested at/after DATE (ISO, UTC); the others keep their stored verdicts")
    p.add_argument("--changes", action="store_true", help="then list what changed per page and revision: new "
                   "contradictions, fixed ones, claims that became (un)simulable (--wikitext: as wikitext); "
                   "exit 1 if a contradiction is new")
    _common(p)

    p = sub.add_parser("cards", help="what the Oracle compiler supports of a card file (the worklist)")
    p.add_argument("action", choices=["coverage"], help="coverage: supported faces, blocking clauses and cards")
    p.add_argument("--cards", required=True, metavar="PATH", help="MTGJSON AtomicCards file")
    p.add_argument("--lang", choices=["en", "ja"], default="en",
                   help="en: the Oracle text (default); ja: each face's Japanese printed text only")
    _common(p)

    p = sub.add_parser("serve", help="browse the store in a local web UI (read-only)")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=_positive, default=8000, help="port (default 8000)")
    p.add_argument("--workers", type=_positive, default=1, help="server processes (default 1)")
    _common(p)

    p = sub.add_parser("claims", help="what the claim reader made of each example (the worklist)")
    p.add_argument("action", choices=["coverage"], help="coverage: each example with its claims, or why none")
    p.add_argument("--document", action="append", help="only this document (title or key)")
    _common(p)
    ap.subparser = {"search": SEARCH}       # main() reports a missing QUERY with the search usage
    return ap


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if args.command == "search":
        # "-term" excludes a term: argparse takes it for an unknown option, so it goes back into the query
        args.query = [*args.query, *(x for x in extra if not x.startswith("--"))]
        extra = [x for x in extra if x.startswith("--")]
        if not args.query:                  # the search command's own usage, not the top-level one
            parser.subparser["search"].error("the following arguments are required: QUERY")
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        code = int(HANDLERS[args.command](args) or 0)
        sys.stdout.flush()                      # a closed pipe shows here, not as a warning at exit
        return code
    except StoreUnavailable as e:
        return e.code
    except BrokenPipeError:                     # `mtgkb … | head`: the reader left; say nothing more
        try:
            sys.stdout = open(os.devnull, "w")  # no second error when Python flushes stdout at exit
        except OSError:
            pass
        return 0
    except sqlite3.DatabaseError as e:          # a damaged store met by a command that opened it itself
        print(f"error: {getattr(args, 'db', None) or 'store'}: cannot read the store ({e})", file=sys.stderr)
        return 2
    except OSError as e:                        # an output file that cannot be written (e.g. --report)
        if e.filename is None:
            raise
        print(f"error: {e.filename}: {e.strerror or e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
