"""Read files, folders and MediaWiki XML exports into :class:`RawDocument`s.

``read_path`` never raises for one bad file: it yields an :class:`ExtractionError` naming the file (and
line where known) and goes on.  XML exports are streamed with expat (stdlib), page by page, so a large
dump is never held in memory; expat also tells the line where each ``<text>`` starts, which keeps fact
line numbers pointing into the XML file.
"""
from __future__ import annotations

import codecs
import os
import re
from pathlib import Path
from typing import Iterator
from urllib.parse import parse_qs, unquote, urlparse
from xml.parsers import expat

from extractor.facts import ExtractionError, RawDocument

SUFFIXES = (".txt", ".wiki", ".xml")
_CHUNK = 1 << 16

_HEADER = re.compile(r"#\s*([A-Za-z][\w-]*)\s*:\s?(.*)")
_EDIT_TITLE = re.compile(r"\s*「(.+)」を編集中\s*")
# CR pages: "=603=" alone, or "==603.1==" / "===603.1a===" headings
_RULE_HEADING = re.compile(r"^(?:=\d{3}=|=+\s*\d{3}(?:\.\d+[a-z]?)?\s*=+)[ \t]*$", re.M)
_WIKI_MARKUP = re.compile(r"\[\[|\{\{|^=+[^=\n]+=+[ \t]*$|'''|^\{\|", re.M)


def read_path(path: str | os.PathLike, all_revisions: bool = False) -> Iterator[RawDocument | ExtractionError]:
    """Yield a RawDocument per file / per page (revision) under ``path``, or an ExtractionError per bad file."""
    p = Path(path)
    if p.is_dir():
        files = sorted(f for f in p.rglob("*") if f.is_file() and f.suffix.lower() in SUFFIXES)
        for f in files:
            yield from _isolated(f, all_revisions)
    elif p.is_file():
        yield from _isolated(p, all_revisions)
    else:
        yield ExtractionError(str(path), "no such file or folder")


def _isolated(path: Path, all_revisions: bool) -> Iterator[RawDocument | ExtractionError]:
    """One file's documents; whatever goes wrong reading it is an error naming it, and the next file is read."""
    try:
        yield from _read_file(path, all_revisions)
    except ExtractionError as e:
        yield e
    except (ValueError, LookupError, OSError, RecursionError, MemoryError) as e:
        yield ExtractionError(str(path), f"cannot read: {type(e).__name__}: {e}")


def _read_file(path: Path, all_revisions: bool) -> Iterator[RawDocument | ExtractionError]:
    name = str(path)
    try:
        with open(path, "rb") as fh:
            head = fh.read(512)
    except OSError as e:
        yield ExtractionError(name, f"cannot read: {e.strerror or e}")
        return
    if _looks_like_xml(head):
        yield from read_xml_export(path, all_revisions)
        return
    try:
        data = path.read_bytes()
    except OSError as e:
        yield ExtractionError(name, f"cannot read: {e.strerror or e}")
        return
    try:
        yield read_text_bytes(data, name)
    except ExtractionError as e:
        yield e


def _looks_like_xml(head: bytes) -> bool:
    h = head.lstrip(b"\xef\xbb\xbf").lstrip()
    if h.startswith(b"<?xml") or h.startswith(b"<mediawiki"):
        return True
    for bom, encoding in _BOMS:              # an export in UTF-16 / UTF-32
        if head.startswith(bom):
            text = head[len(bom):len(bom) + 64].decode(encoding, "ignore").lstrip()
            return text.startswith(("<?xml", "<mediawiki"))
    return False


_XML_DECLARATION = re.compile(rb"\s*<\?xml[^>]*?\bencoding\s*=\s*[\"']([^\"']{1,40})[\"']")


def _xml_codec(head: bytes, name: str) -> str | None:
    """The codec to decode an XML export with before expat reads it, None when expat reads its bytes itself
    (UTF-8, ASCII, Latin-1): a byte-order mark, else the encoding its declaration names (any that Python
    knows: shift_jis, euc-jp, cp932, iso-2022-jp, windows-1252 …).  An encoding no codec knows raises
    :class:`ExtractionError` naming the file."""
    import codecs

    for bom, encoding in _BOMS:
        if head.startswith(bom):
            return encoding.rsplit("-", 1)[0]        # "utf-16", "utf-32": the decoder reads the mark
    m = _XML_DECLARATION.match(head.lstrip(b"\xef\xbb\xbf"))
    if not m:
        return None
    declared = m.group(1).decode("ascii", "replace").strip()
    try:
        codec = codecs.lookup(declared).name
    except LookupError:
        raise ExtractionError(name, f"XML export declares an encoding no decoder knows: {declared!r}", 1) from None
    return None if codec in ("utf-8", "ascii", "latin-1") else codec


# ----------------------------------------------------------------------------------------------- plain files

# byte-order marks, longest first (a UTF-32-LE mark begins with the UTF-16-LE one)
_BOMS = ((b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe\x00\x00", "utf-32-le"),
         (b"\xfe\xff", "utf-16-be"), (b"\xff\xfe", "utf-16-le"))
# the escape sequences of ISO-2022-JP (JIS X 0208 / 0212, JIS X 0201 Roman and katakana, back to ASCII)
_ISO2022 = re.compile(rb"\x1b(?:\$[@B]|\$\(D|\([BJI])")
MIN_GUESS = 16      # bytes: below this an encoding other than UTF-8 is not guessed (anything decodes as CP932)


def decode_bytes(data: bytes, name: str) -> str:
    """UTF-8 (BOM or not), UTF-16/UTF-32 with a byte-order mark, ISO-2022-JP (by its escape sequences),
    else Shift_JIS / CP932 / EUC-JP via charset-normalizer.  Bytes that decode to nothing meaningful (junk,
    control characters, no letter or digit, a guessed encoding giving implausible characters) raise
    :class:`ExtractionError` naming the file: they are never stored as a document."""
    if not data.strip():
        raise ExtractionError(name, "empty file")
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return _meaningful(data[len(bom):].decode(encoding), name)
            except UnicodeDecodeError:
                raise ExtractionError(name, f"undecodable content (not valid {encoding.upper()} after its "
                                            "byte-order mark)") from None
    if b"\x00" in data:
        raise ExtractionError(name, "binary or undecodable content (NUL bytes)")
    if _ISO2022.search(data):
        try:
            return _meaningful(data.decode("iso2022_jp"), name)
        except UnicodeDecodeError:
            raise ExtractionError(name, "undecodable content (invalid ISO-2022-JP escape sequences)") from None
    try:
        return _meaningful(data.decode("utf-8-sig"), name)
    except UnicodeDecodeError:
        pass
    if len(data) < MIN_GUESS:
        raise ExtractionError(name, "binary or undecodable content (not UTF-8, and too short to tell its encoding)")
    text = _detect_japanese(data)
    if text is None or not _plausible_japanese(text):
        raise ExtractionError(name, "binary or undecodable content (not UTF-8, Shift_JIS, CP932 or EUC-JP)")
    return _meaningful(text, name)


def _meaningful(text: str, name: str) -> str:
    """``text`` unless it is junk: control characters (more than one in a hundred) or no letter or digit."""
    bad = sum(1 for c in text if (ord(c) < 32 and c not in "\t\n\r\f") or c == "\ufffd")
    if bad > len(text) // 100:
        raise ExtractionError(name, "binary or undecodable content (control characters)")
    if not any(c.isalnum() for c in text):
        raise ExtractionError(name, "no text (not a letter or digit in it)")
    return text


def _plausible_japanese(text: str) -> bool:
    """Whether a guessed legacy decoding reads as text: nine in ten characters kana, kanji, CJK or
    full-width punctuation, or printable ASCII (random bytes decode as CP932 to half-width katakana,
    rare symbols and control characters)."""
    def common(c: str) -> bool:
        o = ord(c)
        return (32 <= o < 127 or c in "\t\n\r\f" or 0x3000 <= o <= 0x30FF or 0x4E00 <= o <= 0x9FFF
                or 0xFF01 <= o <= 0xFF5E)
    return sum(map(common, text)) >= 0.9 * len(text)


def _detect_japanese(data: bytes) -> str | None:
    from charset_normalizer import from_bytes   # imported only for non-UTF-8 input

    best = from_bytes(data, cp_isolation=["cp932", "shift_jis", "euc_jp", "iso2022_jp"]).best()
    if best is None:
        return None
    try:
        return data.decode(best.encoding)
    except (UnicodeDecodeError, LookupError):
        return None


def read_text_bytes(data: bytes, name: str) -> RawDocument:
    """One plain file's bytes → RawDocument (headers, edit-title line, form).  Raises ExtractionError."""
    text = decode_bytes(data, name)
    lines = text.split("\n")                  # "\n" only: line numbers elsewhere count "\n" too
    meta: dict[str, str] = {}
    i = 0
    while i < len(lines):
        m = _HEADER.fullmatch(lines[i].rstrip("\r"))
        if not m:
            break
        meta[m.group(1).lower()] = m.group(2).strip()
        i += 1
    title = None
    if i < len(lines):
        m = _EDIT_TITLE.fullmatch(lines[i].rstrip("\r"))
        if m:
            title = m.group(1).strip()
            i += 1
    body = "\n".join(lines[i:])
    if not body.strip():
        raise ExtractionError(name, "empty file" if not meta and title is None else "no text after header lines")
    stem = Path(name).name
    title = title or meta.get("title") or _title_from_source(meta.get("source")) or readable_stem(name)
    return RawDocument(title=title, text=body, path=name, form=detect_form(body, meta.get("form")),
                       revision=revision_from_source(meta.get("source")), line_offset=i, meta=meta, key=stem)


_SORT_PREFIX = re.compile(r"\d+[_\-. ]+(?=\D)")


def readable_stem(name: str) -> str:
    """A plain file titled by its name alone (no edit-title line, ``# title:`` or ``# source:`` title) loses
    the sort number in front: ``000_テーロスのルール・クイズ解説.txt`` is titled テーロスのルール・クイズ解説."""
    stem = Path(name).stem
    m = _SORT_PREFIX.match(stem)
    return stem[m.end():] if m else stem


def revision_from_source(source: str | None) -> str | None:
    """The revision a ``# source:`` MTG Wiki address shows: ``oldid=N`` (a diff ``diff=prev&oldid=N`` shows
    N as its newer side), but not ``direction=prev|next`` (a neighbour of N) nor another site's address."""
    if not source or "mtgwiki" not in source:
        return None
    try:
        q = parse_qs(urlparse(source.split()[0]).query)
    except ValueError:
        return None
    oldid = (q.get("oldid") or [None])[0]
    if not oldid or not oldid.isdigit() or q.get("direction") or (q.get("diff") and q["diff"][0] != "prev"):
        return None
    return oldid




def detect_form(text: str, declared: str | None = None) -> str:
    """rules (CR headings) | wikitext (wiki markup) | prose.  ``# form: rendered`` means prose."""
    declared = (declared or "").strip().lower()
    if declared in ("rendered", "prose", "text"):
        return "prose"
    if _RULE_HEADING.search(text):
        return "rules"
    if declared == "wikitext" or _WIKI_MARKUP.search(text):
        return "wikitext"
    return "prose"


def _title_from_source(source: str | None) -> str | None:
    """Page title from a ``# source:`` MTG Wiki address (``title=`` parameter or ``/wiki/Title``)."""
    if not source or "mtgwiki" not in source:
        return None
    try:
        u = urlparse(source.split()[0])
    except ValueError:
        return None
    q = parse_qs(u.query)
    if q.get("title"):
        return q["title"][0].replace("_", " ")
    if "/wiki/" in u.path:
        return unquote(u.path.split("/wiki/", 1)[1]).replace("_", " ") or None
    return None


# ----------------------------------------------------------------------------------------------- XML exports

class _PageCollector:
    """expat handlers that collect one <page> at a time (title, revisions with id, comment, text, line)."""

    def __init__(self, keep_all: bool):
        self.keep_all = keep_all                  # False: hold only the latest revision of a page so far
        self.path: list[str] = []
        self.buf: list[str] | None = None
        self.page: dict | None = None
        self.rev: dict | None = None
        self.done: list[dict] = []
        self.nested = 0                           # <page>s open inside the current page
        self.parser = None

    def start(self, name, attrs):
        name = name.rsplit(" ", 1)[-1]          # namespace-qualified names: "uri local"
        self.path.append(name)
        if self.nested or (name == "page" and self.page is not None):
            # a <page> inside a page: the outer page is refused whole, nothing inside the inner one is read
            if name == "page":
                self.nested += 1
                self.page.setdefault("broken", f"a <page> nested inside it at line {self.parser.CurrentLineNumber}")
            return
        if name == "page":
            self.page = {"title": "", "revisions": [], "ns": None, "redirect": None,
                         "line": self.parser.CurrentLineNumber}
        elif name == "redirect" and self.page is not None:
            self.page["redirect"] = attrs.get("title")
        elif name == "ns" and self.page is not None:
            self.buf = []
        elif name == "revision" and self.page is not None:
            self.rev = {"id": None, "comment": None, "text": "", "line": self.parser.CurrentLineNumber}
        elif name in ("title", "id", "comment", "text"):
            self.buf = []
            if name == "text" and self.rev is not None:
                self.rev["line"] = self.parser.CurrentLineNumber

    def end(self, name):
        name = name.rsplit(" ", 1)[-1]
        self.path.pop()
        parent = self.path[-1] if self.path else None
        if self.nested:
            self.nested -= name == "page"
            return
        value = "".join(self.buf) if self.buf is not None else None
        if name == "title" and parent == "page" and self.page is not None:
            self.page["title"] = value.strip()
        elif name == "ns" and parent == "page" and self.page is not None:
            self.page["ns"] = value.strip()
        elif name == "id" and parent == "revision" and self.rev is not None:
            self.rev["id"] = value.strip()
        elif name == "comment" and parent == "revision" and self.rev is not None:
            self.rev["comment"] = value
        elif name == "text" and parent == "revision" and self.rev is not None:
            self.rev["text"] = value
        elif name == "revision" and self.page is not None and self.rev is not None:
            revs = self.page["revisions"]
            if self.keep_all or not revs:
                revs.append(self.rev)
            elif _revision_order(self.rev, 1) >= _revision_order(revs[0], 0):
                revs[0] = self.rev
            self.rev = None
        elif name == "page" and self.page is not None:
            self.done.append(self.page)
            self.page = None
        if name in ("title", "ns", "id", "comment", "text"):
            self.buf = None

    def chars(self, data):
        if self.buf is not None:
            self.buf.append(data)


def read_xml_export(path: str | os.PathLike, all_revisions: bool = False) -> Iterator[RawDocument | ExtractionError]:
    """Stream a MediaWiki XML export: one RawDocument per page (latest revision) or per revision."""
    name = str(path)
    col = _PageCollector(all_revisions)
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.buffer_text = True
    col.parser = parser
    parser.StartElementHandler = col.start
    parser.EndElementHandler = col.end
    parser.CharacterDataHandler = col.chars
    pages = 0
    try:
        with open(path, "rb") as fh:
            codec = _xml_codec(fh.read(512), name)
            fh.seek(0)
            decoder = codecs.getincrementaldecoder(codec)() if codec else None
            lines = 0                                   # newlines in the chunks before this one
            while True:
                chunk = fh.read(_CHUNK)
                error = None
                try:
                    # expat reads UTF-8/Latin-1 bytes itself; other encodings are decoded here and given as
                    # text (expat then ignores the declaration's encoding)
                    parser.Parse(decoder.decode(chunk, not chunk) if decoder else chunk, not chunk)
                except expat.ExpatError as e:
                    error = e
                except UnicodeDecodeError as e:
                    for page in col.done:
                        yield from _page_documents(page, name, all_revisions)
                    pages += len(col.done)
                    yield ExtractionError(name, f"not valid {codec} (the encoding it declares) after {pages} "
                                                f"complete page(s): {e.reason}",
                                          lines + chunk[:e.start].count(b"\n") + 1)
                    return
                lines += chunk.count(b"\n")
                for page in col.done:               # pages completed before any error still count
                    yield from _page_documents(page, name, all_revisions)
                pages += len(col.done)
                col.done.clear()
                if error is not None:
                    msg = str(error)
                    what = "truncated" if not chunk or "no element found" in msg or "unclosed" in msg else "malformed"
                    yield ExtractionError(name, f"{what} XML export after {pages} complete page(s): "
                                                f"{expat.ErrorString(error.code)}", error.lineno)
                    return
                if not chunk:
                    break
    except OSError as e:
        yield ExtractionError(name, f"cannot read: {e.strerror or e}")
        return
    if pages == 0:
        yield ExtractionError(name, "XML file holds no MediaWiki <page>")


def _revision_order(rev: dict, index: int):
    rid = rev.get("id") or ""
    return (int(rid) if rid.isdigit() else -1, index)


def _page_documents(page: dict, name: str, all_revisions: bool) -> Iterator[RawDocument | ExtractionError]:
    revs = page["revisions"]
    title = page["title"] or "(untitled)"
    if page.get("broken"):
        yield ExtractionError(name, f"page {title!r}: malformed export ({page['broken']}); page skipped", page["line"])
        return
    if not revs:
        yield ExtractionError(name, f"page {title!r}: no <revision> (nothing to read)", page["line"])
        return
    base = Path(name).name
    latest = max(range(len(revs)), key=lambda i: _revision_order(revs[i], i))
    chosen = range(len(revs)) if all_revisions else [latest]
    for i in chosen:
        rev = revs[i]
        key = f"{base}#{title}" if i == latest else f"{base}#{title}@{rev['id']}"
        meta = {"comment": rev["comment"]} if rev.get("comment") else {}
        if page.get("ns") not in (None, "0"):
            meta["ns"] = page["ns"]
        if page.get("redirect"):
            meta["redirect"] = page["redirect"]
        text = rev["text"] or ""
        if not text.strip():
            yield ExtractionError(name, f"page {title!r} revision {rev.get('id')}: no text", rev["line"])
            continue
        yield RawDocument(title=title, text=text, path=name, form=detect_form(text, "wikitext"),
                          revision=rev.get("id"), line_offset=rev["line"] - 1, meta=meta, key=key)
