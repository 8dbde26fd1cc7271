"""Honesty at scale: every CONFIRMED claim of the real corpus, its source sentence mutated, must not be confirmed.

    python bench/bench_mutants.py [--cards ../shared/cards/AtomicCards.json] [--base STORE] [--sources
        pages,more,wiki,rulings,gen] [--kinds number,polarity,...] [--per 3] [--list] [--json]

1. The WORKING documents only are read: the gold's working pages (``corpus/pages``: the held third, every third
   file by sorted name, index 2 mod 3, is never opened), the working part of ``more/``, ``wiki/`` and ``rulings/``
   (index 0, 1 mod 3 by sorted name in each folder) and the true cases of the generality suite's working part
   (``tests/engine/generality``, index 0, 1 mod 3; each case as a document of its own, in the suite's page form).
   They are ingested into a copy of a base store that holds the card file and validated.
2. Each confirmed claim's source sentence (the sentence of its line its text overlaps most) is mutated in a copy of
   its document, one mutation a copy: a number ±1 or ×2, the polarity of a predicate (できる↔できない …), a named
   card swapped for another real card of its type with different rules text, a keyword, a counter kind, a zone,
   自分/あなた↔対戦相手.  The copy keeps the document's title (a ``# title:`` header) and its lines up to the end of
   the mutated paragraph; an unmutated copy of the same cut is the control (its claim must still be confirmed,
   else the line's mutants are not counted).
3. All copies are ingested into one store and their claims on the mutated line that belong to the mutated
   sentence are checked; a mutant with a confirmed claim is listed (``--list``) and counted by mutation kind and
   claim kind.  A confirmed mutant is a defect unless the mutation keeps the statement true: ``KEEPS_TRUE`` below
   names the (mutation, claim kind) pairs excluded, each with why (none: see there).  Counts are per mutant; a
   mutant is caught when a claim of its sentence is contradicted (as the generality suite judges a case).

Nothing here knows a sentence: the mutations are rules over Japanese MTG words, the same on any document.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"                  # the data folder beside the checkout
sys.path.insert(0, str(ROOT))

# ---------------------------------------------------------------------------------------------------------------
# mutations: (kind, label, mutated line) from a line and the span of the sentence to mutate

PROTECT = re.compile(r"《[^》]*》|\[\[[^\]]*\]\]|\{[^}]*\}|https?://\S+")

# polarity of a predicate: each form and its opposite (longest first, so 不可能 is not read as 可能)
_POLAR = [("できません", "できます"), ("できない", "できる"), ("出来ない", "出来る"), ("不可能", "可能"),
          ("されません", "されます"), ("されない", "される"), ("誘発しません", "誘発します"), ("誘発しない", "誘発する"),
          ("なりません", "なります"), ("ならない", "なる"), ("受けません", "受けます"), ("受けない", "受ける"),
          ("与えません", "与えます"), ("与えない", "与える"), ("られない", "られる"), ("置かれない", "置かれる"),
          ("戻らない", "戻る"), ("残らない", "残る"), ("持たない", "持つ"), ("失わない", "失う"),
          ("しません", "します")]
POLARITY = {}
for neg, pos in _POLAR:
    POLARITY[neg], POLARITY[pos] = pos, neg
_POLAR_RE = re.compile("|".join(sorted(map(re.escape, POLARITY), key=len, reverse=True))
                       + r"|(?<=[\u30a0-\u30ff\u4e00-\u9fff])(?:する|しない)(?=[。、,.)）」]|$|こと|場合|ので|ため|が|と|限り)")
POLARITY.update({"する": "しない", "しない": "する"})     # a noun verb (タップする, 誘発する) at the end of its clause

# a keyword and the one it is swapped for (chosen so that the rule the keyword names changes)
KEYWORDS = {"飛行": "トランプル", "到達": "警戒", "トランプル": "飛行", "先制攻撃": "警戒", "二段攻撃": "先制攻撃",
            "接死": "絆魂", "絆魂": "接死", "警戒": "速攻", "速攻": "警戒", "呪禁": "警戒", "被覆": "警戒",
            "破壊不能": "速攻", "威迫": "警戒", "防衛": "速攻", "瞬速": "警戒", "護法": "警戒", "感染": "絆魂",
            "萎縮": "絆魂", "畏怖": "警戒", "果敢": "警戒", "再生": "警戒"}
_KW_RE = re.compile("|".join(sorted(map(re.escape, KEYWORDS), key=len, reverse=True)))

COUNTERS = {"+1/+1カウンター": "-1/-1カウンター", "-1/-1カウンター": "+1/+1カウンター", "忠誠カウンター": "+1/+1カウンター",
            "毒カウンター": "+1/+1カウンター", "時間カウンター": "+1/+1カウンター", "蓄積カウンター": "+1/+1カウンター",
            "氷雪カウンター": "+1/+1カウンター"}
_COUNTER_RE = re.compile("|".join(map(re.escape, COUNTERS)))

ZONES = {"墓地": "手札", "手札": "墓地", "追放領域": "墓地", "ライブラリー": "墓地", "戦場": "墓地", "スタック": "墓地"}
_ZONE_RE = re.compile("追放領域|ライブラリー|スタック|墓地|手札|戦場")

PLAYERS = {"自分": "対戦相手", "あなた": "対戦相手", "対戦相手": "自分"}
_PLAYER_RE = re.compile(r"自分(?!自身)|あなた|対戦相手")

_NUMBER_RE = re.compile(r"(?<![0-9.０-９])([0-9０-９]{1,2})(?![0-9.０-９]|/[0-9][a-z])")

# swapped cards: the first of its type that is not the card and whose rules text differs (English names)
SWAP_POOL = {"Creature": ["Grizzly Bears", "Serra Angel", "Llanowar Elves"],
             "Instant": ["Lightning Bolt", "Counterspell", "Giant Growth"],
             "Sorcery": ["Lava Axe", "Divination", "Wrath of God"],
             "Enchantment": ["Pacifism", "Glorious Anthem"],
             "Artifact": ["Sol Ring", "Icy Manipulator"],
             "Planeswalker": ["Jace Beleren", "Chandra Nalaar"],
             "Land": ["Mountain", "Wasteland"]}
TYPE_ORDER = ("Creature", "Planeswalker", "Instant", "Sorcery", "Enchantment", "Artifact", "Land")


def _free(line: str, lo: int, hi: int) -> list[bool]:
    """Which characters of line[lo:hi] may be mutated (not in a card name, a link, a symbol or an address)."""
    ok = [True] * len(line)
    for m in PROTECT.finditer(line):
        for i in range(m.start(), m.end()):
            ok[i] = False
    return [ok[i] if lo <= i < hi else False for i in range(len(line))]


def _to_int(s: str) -> int:
    return int(unicodedata.normalize("NFKC", s))


def mutations(line: str, lo: int, hi: int, table=None, per: int = 3) -> list[tuple[str, str, str]]:
    """Every mutation of the sentence line[lo:hi]: (kind, label, mutated line); at most ``per`` places a kind."""
    free = _free(line, lo, hi)
    out: list[tuple[str, str, str]] = []

    def at(kind, rx, repl):
        n = 0
        for m in rx.finditer(line):
            if not all(free[m.start():m.end()]):
                continue
            subs = repl(m)
            if not subs:
                continue
            n += 1
            if n > per:
                break
            for new in subs:
                out.append((kind, f"{m.group(0)}→{new}", line[:m.start()] + new + line[m.end():]))

    def number(m):
        v = _to_int(m.group(1))
        return [str(x) for x in dict.fromkeys((v + 1, v - 1, 2 * v)) if x >= 0 and x != v]

    at("number", _NUMBER_RE, number)
    at("polarity", _POLAR_RE, lambda m: [POLARITY[m.group(0)]])
    at("keyword", _KW_RE, lambda m: [KEYWORDS[m.group(0)]])
    at("counter", _COUNTER_RE, lambda m: [COUNTERS[m.group(0)]])
    at("zone", _ZONE_RE, lambda m: [ZONES[m.group(0)]])
    at("player", _PLAYER_RE, lambda m: [PLAYERS[m.group(0)]])
    if table is not None:
        out += card_swaps(line, lo, hi, table)
    return out


def _swap_for(card, table):
    kind = next((t for t in TYPE_ORDER if t in card.types), None)
    for en in SWAP_POOL.get(kind, ()):
        if en == card.name:
            continue
        m = table.resolve(en, fuzzy=False)
        if m and m.card.name_ja and (m.card.text or "") != (card.text or ""):
            return m.card
    return None


def card_swaps(line: str, lo: int, hi: int, table) -> list[tuple[str, str, str]]:
    """Each card named in 《》 in the sentence swapped (every mention of it in the line) for another real card of
    its type with different rules text, written in the same form (JA, or JA/EN)."""
    out, seen = [], set()
    for m in re.finditer(r"《([^》]+)》", line[lo:hi]):
        name = m.group(1)
        if name in seen:
            continue
        seen.add(name)
        hit = table.resolve(name, fuzzy=False)
        if not hit:
            continue
        new = _swap_for(hit.card, table)
        if new is None or new.name_ja in line:
            continue
        written = f"{new.name_ja}/{new.name}" if "/" in name else new.name_ja
        out.append(("card", f"{name}→{written}", line.replace(f"《{name}》", f"《{written}》")))
    return out


def _nf(s: str) -> str:
    s = unicodedata.normalize("NFKC", s)
    s = re.sub(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]", r"\1", s)
    return re.sub(r"\s+", "", s)


def _overlap(a: str, b: str) -> int:
    """Length of the longest common substring of a and b (small strings)."""
    best = 0
    prev = [0] * (len(b) + 1)
    for ca in a:
        cur = [0] * (len(b) + 1)
        for j, cb in enumerate(b, 1):
            if ca == cb:
                cur[j] = prev[j - 1] + 1
                best = max(best, cur[j])
        prev = cur
    return best


def sentence_spans(line: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for m in re.finditer(r"[。！!？?]", line):
        spans.append((start, m.end()))
        start = m.end()
    if start < len(line) and line[start:].strip():
        spans.append((start, len(line)))
    return spans or [(0, len(line))]


def claim_span(line: str, text: str) -> tuple[int, int]:
    """The span of the sentence of ``line`` the claim text overlaps most."""
    t = _nf(text)[:160]
    return max(sentence_spans(line), key=lambda sp: _overlap(_nf(line[sp[0]:sp[1]]), t))


def belongs(text: str, sentence: str, line: str) -> bool:
    """Whether a claim's text is read from this sentence of the line: a long stretch of it (or all of a short
    text), and no other sentence of the line shares a longer one."""
    t, s = _nf(text)[:160], _nf(sentence)
    here = _overlap(t, s)
    others = [_overlap(t, _nf(line[a:b])) for a, b in sentence_spans(line)]
    return here >= min(8, len(t)) and here >= max(others, default=0)


# (mutation kind, claim kind) pairs whose confirmed mutants always keep the statement true, with why.  None so far:
# every pair seen holds both kinds (e.g. number/can_destroy: 「3点のダメージを受けると破壊される」 for a 2/2 is true,
# 「1点の…」 is not; keyword/can_block: 飛行→トランプル in the blocked creature's description keeps some statements
# true and makes others false), so excluding a pair would hide real defects.  The listed mutants (--list) are
# classified by hand instead: a number raised past what is lethal, a card swapped for one the rule treats alike,
# a keyword the rule does not depend on, a mutated reason clause or a self-contradictory Q&A answer.
KEEPS_TRUE: dict[tuple[str, str], str] = {}

# ---------------------------------------------------------------------------------------------------------------
# documents


def working_files(folder: Path) -> list[Path]:
    fs = sorted(os.listdir(folder))
    return [folder / f for i, f in enumerate(fs) if i % 3 != 2 and f.endswith(".txt")]


def _header_title(path: Path) -> str:
    from extractor.sources import read_text_bytes
    return read_text_bytes(path.read_bytes(), str(path)).title


def generality_docs(out: Path) -> list[tuple[Path, str]]:
    """The generality suite's working true cases, a document each in the suite's page form: (path, title)."""
    sys.path.insert(0, str(ROOT / "tests" / "engine"))
    from test_generality import _files, _page
    docs = []
    for p in _files():
        cases = yaml.safe_load(p.read_text(encoding="utf-8"))["cases"]
        for i, c in enumerate(cases):
            if i % 3 == 2 or not c.get("truth"):
                continue
            text, _ = _page([c])
            f = out / f"gen.{p.stem}.{i:03d}.txt"
            f.write_text(text, encoding="utf-8")
            docs.append((f, p.stem))
    return docs


def _ingest(paths: list[Path], db: Path) -> None:
    for i in range(0, len(paths), 400):          # the command line stays short
        r = subprocess.run([sys.executable, "-m", "kb", "ingest", *map(str, paths[i:i + 400]), "--db", str(db),
                            "--no-progress"], cwd=ROOT, capture_output=True, text=True)
        if r.returncode:
            sys.exit(f"ingest failed: {r.stderr[-2000:]}")


def _check(db: Path, keys: set[str] | None, lines: dict[str, int] | None = None):
    """Verdicts of the claims of the documents ``keys`` (only those on the document's line in ``lines``):
    [(key, line, kind, text, verdict, reason)]."""
    from engine.crosscheck import check_claim, claim_from_data
    from kb.cards_ja import quoted_of_claim
    from kb.store import Store
    store = Store(db, create=False)
    table = store.card_table
    out = []
    for n in store.nodes(kind="claim"):
        key = n.get("doc") or n["data"].get("key")
        if keys is not None and key not in keys:
            continue
        claim = claim_from_data(n["data"], n["id"], n["text"])
        claim.id = n["id"]
        if lines is not None and claim.prov.line != lines.get(key):
            continue
        v = check_claim(claim, table, None, quoted_of_claim(claim, table))
        out.append((key, claim.prov.line, claim.kind, claim.text, v.verdict, v.reason))
    return out, table


def _cut(lines: list[str], at: int) -> list[str]:
    """The lines up to the end of the paragraph of line ``at`` (1-based)."""
    end = at
    while end < len(lines) and lines[end].strip():
        end += 1
    return lines[:end]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cards", default=str(SHARED / "cards" / "AtomicCards.json"))
    ap.add_argument("--base", default=None, help="a store already holding the card file (copied, never written)")
    ap.add_argument("--sources", default="pages,more,wiki,rulings,gen")
    ap.add_argument("--kinds", default="number,polarity,card,keyword,counter,zone,player")
    ap.add_argument("--per", type=int, default=3, help="places mutated per mutation kind and sentence")
    ap.add_argument("--list", action="store_true", help="print every confirmed mutant")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    kinds = set(a.kinds.split(","))
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        base = tmp / "base.sqlite"
        if a.base:
            shutil.copy(a.base, base)
        else:
            subprocess.run([sys.executable, "-m", "kb", "ingest", "--cards", a.cards, "--db", str(base)],
                           cwd=ROOT, check=True, capture_output=True)
        docs: list[tuple[Path, str, str]] = []          # (path, source, title)
        for src in a.sources.split(","):
            if src == "gen":
                gdir = tmp / "gen"
                gdir.mkdir()
                docs += [(p, "gen", t) for p, t in generality_docs(gdir)]
            else:
                docs += [(p, src, _header_title(p)) for p in working_files(SHARED / "corpus" / src)]
        db = tmp / "orig.sqlite"
        shutil.copy(base, db)
        _ingest([p for p, _, _ in docs], db)
        keys = {p.name: (p, src, title) for p, src, title in docs}
        found, table = _check(db, set(keys))
        confirmed = [r for r in found if r[4] == "confirmed"]
        # the mutants: a copy per mutation of each confirmed claim's sentence (one per sentence and mutation)
        mdir = tmp / "mut"
        mdir.mkdir()
        plan = {}           # mutant key -> (orig key, line+1, kind, label, sentence, orig claim kinds)
        targets: dict[tuple[str, int, tuple[int, int]], list] = collections.defaultdict(list)
        for key, line, kind, text, _, _ in confirmed:
            src_lines = keys[key][0].read_text(encoding="utf-8").split("\n")
            raw = src_lines[line - 1]
            targets[(key, line, claim_span(raw, text))].append(kind)
        n = 0
        for (key, line, (lo, hi)), ckinds in targets.items():
            path, src, title = keys[key]
            src_lines = path.read_text(encoding="utf-8").split("\n")
            raw = src_lines[line - 1]
            cut = _cut(src_lines, line)
            muts = [m for m in mutations(raw, lo, hi, table, a.per) if m[0] in kinds]
            for mk, label, new in [("control", "", raw)] + muts:
                n += 1
                name = f"{Path(key).stem}.m{n:05d}.txt"
                text = [f"# title: {title}"] + cut[:line - 1] + [new] + cut[line:]
                (mdir / name).write_text("\n".join(text) + "\n", encoding="utf-8")
                plan[name] = (key, line + 1, mk, label, new[lo:hi + len(new) - len(raw)], sorted(set(ckinds)),
                              raw[lo:hi], new)
        db2 = tmp / "mut.sqlite"
        shutil.copy(base, db2)
        _ingest(sorted(mdir.iterdir()), db2)
        got, _ = _check(db2, set(plan), {k: v[1] for k, v in plan.items()})
    by_key = collections.defaultdict(list)
    for key, line, kind, text, verdict, reason in got:
        by_key[key].append((kind, text, verdict, reason))
    # controls: a (doc, line, sentence) whose unmutated cut copy no longer confirms is not counted
    alive = set()
    for k, (okey, line, mk, label, sent, ckinds, orig, full) in plan.items():
        if mk == "control" and any(v == "confirmed" and belongs(t, sent, full) for _, t, v, _ in by_key[k]):
            alive.add((okey, line, orig))
    counts = collections.Counter()
    per_claim = collections.Counter()
    listed = []
    for k, (okey, line, mk, label, sent, ckinds, orig, full) in plan.items():
        if mk == "control" or (okey, line, orig) not in alive:
            continue
        counts[(mk, "mutants")] += 1
        mine = [(kind, t, v, r) for kind, t, v, r in by_key[k] if belongs(t, sent, full)]
        conf = [(kind, t, r) for kind, t, v, r in mine if v == "confirmed" and (mk, kind) not in KEEPS_TRUE]
        # a contradicted claim of the sentence catches the mutant, whichever of its claims it is (a sentence with
        # several claims keeps the unmutated ones confirmed): as the generality suite judges a case
        caught = any(v == "contradicted" for _, _, v, _ in mine)
        counts[(mk, "caught")] += caught
        if conf and not caught:
            counts[(mk, "confirmed")] += 1
            for kind in {c[0] for c in conf}:
                per_claim[(mk, kind)] += 1
            listed.append({"doc": okey, "line": line - 1, "mutation": mk, "label": label, "sentence": sent,
                           "claims": [{"kind": c[0], "text": c[1][:200], "reason": c[2][:300]} for c in conf]})
    summary = {"documents": len(docs), "confirmed_claims": len(confirmed), "sentences": len(targets),
               "controls_alive": len(alive),
               "by_mutation": {mk: {"mutants": counts[(mk, "mutants")], "confirmed": counts[(mk, "confirmed")],
                                    "contradicted": counts[(mk, "caught")]}
                               for mk in sorted({k[0] for k in counts})},
               "by_claim_kind": {f"{mk}/{ck}": c for (mk, ck), c in sorted(per_claim.items())}}
    if a.json:
        print(json.dumps({"summary": summary, "confirmed_mutants": listed}, ensure_ascii=False, indent=1))
        return 0
    print(f"documents {summary['documents']}, confirmed claims {summary['confirmed_claims']}, sentences "
          f"{summary['sentences']}, controls still confirmed {summary['controls_alive']}")
    for mk, c in summary["by_mutation"].items():
        print(f"  {mk:9} mutants {c['mutants']:5}  contradicted {c['contradicted']:4}  CONFIRMED {c['confirmed']:4}")
    for k, c in summary["by_claim_kind"].items():
        print(f"  {k:40} {c}")
    if a.list:
        for x in listed:
            print(f"\n[{x['mutation']}] {x['doc']}:{x['line']} {x['label']}\n    {x['sentence']}")
            for c in x["claims"]:
                print(f"      {c['kind']}: {c['reason'][:220]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
