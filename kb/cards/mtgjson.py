"""The MTGJSON v5 AtomicCards reader: streamed (ijson), one list of :class:`Card` faces per card, Japanese
names and text from ``foreignData``; a file that is not an AtomicCards file raises :class:`CardError` naming
it (and the byte position when known)."""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

from engine.cardbase import Card


class CardError(ValueError):
    """A card file that cannot be loaded; names the file (and byte position when known)."""

    def __init__(self, file: str | Path, message: str, position: int | None = None):
        self.file, self.message, self.position = str(file), message, position
        where = f" (near byte {position})" if position is not None else ""
        super().__init__(f"{self.file}: {message}{where}")


def _japanese(face: dict) -> dict:
    for fd in face.get("foreignData") or ():
        if fd.get("language") == "Japanese":
            return fd
    return {}


def _cards_from_entry(key: str, faces: list[dict]) -> list[Card]:
    out = []
    for i, face in enumerate(faces):
        fd = _japanese(face)
        face_name = face.get("faceName")
        ja_full = fd.get("name") or None
        if face_name:
            ja = fd.get("faceName")
            if not ja and ja_full:
                parts = [p.strip() for p in ja_full.split("//")]
                ja = parts[i] if "//" in ja_full and i < len(parts) else ja_full
        else:
            ja = ja_full
        out.append(Card(
            name=face_name or face.get("name") or key,
            name_ja=ja or None,
            cost=face.get("manaCost"),
            colors="".join(sorted(face.get("colors") or ())),
            types=list(face.get("types") or ()),
            supertypes=list(face.get("supertypes") or ()),
            subtypes=list(face.get("subtypes") or ()),
            power=face.get("power"), toughness=face.get("toughness"), loyalty=face.get("loyalty"),
            has_text=bool(face.get("text")),
            full_name=key if face_name else None,
            full_name_ja=ja_full if face_name and ja_full and "//" in ja_full else None,
            text=face.get("text"), text_ja=fd.get("text"),
            rulings=[{"date": r.get("date"), "text": r.get("text")} for r in face.get("rulings") or ()],
            layout=face.get("layout"), side=face.get("side"),
            mana_value=face.get("manaValue", face.get("convertedManaCost")),
            color_identity="".join(sorted(face.get("colorIdentity") or ())),
            keywords=[k for k in face.get("keywords") or () if isinstance(k, str)],
        ))
    return out


def _iter_atomic(path: Path) -> Iterator[tuple[str, list[Card]]]:
    """Stream ``data`` of an AtomicCards file; :class:`CardError` on anything else."""
    import ijson

    try:
        f = open(path, "rb")
    except OSError as e:
        raise CardError(path, f"cannot read ({e.strerror})") from None
    n = 0
    with f:
        try:
            for key, faces in ijson.kvitems(f, "data", use_float=True):
                if (not isinstance(faces, list) or not faces
                        or not all(isinstance(x, dict) and isinstance(x.get("name"), str) for x in faces)):
                    raise CardError(path, f"data[{key!r}] is not a list of card faces: not an MTGJSON "
                                          "AtomicCards file")
                n += 1
                yield key, _cards_from_entry(key, faces)
        except ijson.JSONError as e:
            raise CardError(path, f"invalid or truncated JSON ({e}) after {n} cards", _tell(f)) from None
        except UnicodeDecodeError as e:
            raise CardError(path, f"not UTF-8 ({e.reason})", _tell(f)) from None
    if n == 0:
        raise CardError(path, "no cards under a top-level 'data' object: not an MTGJSON AtomicCards file")


def _tell(f) -> int | None:
    try:
        return f.tell()
    except (OSError, ValueError):
        return None


cards_from_entry = _cards_from_entry
iter_atomic = _iter_atomic
