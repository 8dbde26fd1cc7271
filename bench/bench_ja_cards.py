"""The Japanese card grammar over every face with Japanese printed text, against the English Oracle compiler on the
same faces.  Not asserted; prints the Japanese compile time and its ratio to the English compile of the same faces
measured in the same run (the baseline), and the measures of issue 19 on the files
``../shared/tools/make_ja_cards.py AtomicCards.json DIR --mutate --perturb`` writes:

- of the faces whose English compiles supported, the share whose Japanese compiles supported and identical (same
  behaviour after sorting keys); the share of Japanese-supported faces whose behaviour differs from a supported
  English one; for a development part and a held-out part (every third face by sorted neutral name, whose misses
  were never read while the grammar was written) and all faces;
- how many of the 300 meaningless mutants are supported (should be none);
- the identical share on the perturbed faces (numbers changed in both languages).

    .venv/bin/python bench/bench_ja_cards.py [DIR | AtomicCards.json] [--workers N] [--show N]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TOOL = ROOT.parent / "shared" / "tools" / "make_ja_cards.py"


def _en(faces):
    from engine.oracle.compile import compile_face
    return [(lambda c: (c.supported, c.reason, c.behaviour))(compile_face(f)) for f in faces]


def _ja(faces):
    from kb.cards_ja import compile_face_ja
    return [(lambda c: (c.supported, c.reason, c.behaviour))(compile_face_ja(f)) for f in faces]


def _cpu() -> float:
    import resource
    me, ch = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + ch.ru_utime + ch.ru_stime


def run(fn, faces, workers):
    """(results, wall seconds, CPU seconds of this process and its workers)."""
    t, c = time.perf_counter(), _cpu()
    if workers <= 1:
        out = fn(faces)
    else:
        from concurrent.futures import ProcessPoolExecutor
        n = max(1, len(faces) // (workers * 8))
        with ProcessPoolExecutor(max_workers=workers) as ex:
            out = [r for part in ex.map(fn, [faces[i:i + n] for i in range(0, len(faces), n)]) for r in part]
    return out, time.perf_counter() - t, _cpu() - c


def load(path: Path) -> tuple[list[str], list[dict]]:
    data = json.loads(path.read_text(encoding="utf-8"))["data"]
    names = sorted(data)
    return names, [data[k][0] for k in names]


def canon(b) -> str:
    return json.dumps(b, sort_keys=True)


def shares(names, en, ja, part):
    en_sup = [i for i in part if en[i][0]]
    same = [i for i in en_sup if ja[i][0] and canon(ja[i][2]) == canon(en[i][2])]
    ja_sup = [i for i in part if ja[i][0]]
    differ = [i for i in ja_sup if en[i][0] and canon(ja[i][2]) != canon(en[i][2])]
    return len(en_sup), len(same), len(ja_sup), len(differ)


def line(label, n_en, n_same, n_ja, n_diff):
    return (f"  {label:9s} EN-supported {n_en:5d}; JA supported and identical {n_same:5d} "
            f"({100 * n_same / max(1, n_en):.1f} %); JA-supported {n_ja:5d}, differing from a supported English "
            f"{n_diff} ({100 * n_diff / max(1, n_ja):.2f} %)")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("path", nargs="?", default=str(ROOT.parent / "shared" / "cards" / "AtomicCards.json"))
    ap.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--show", type=int, default=0, help="print N differing development faces")
    a = ap.parse_args()
    src = Path(a.path)
    if src.is_file():
        tmp = tempfile.mkdtemp(prefix="ja_cards_")
        subprocess.run([sys.executable, str(TOOL), str(src), tmp, "--mutate", "--perturb"], check=True,
                       stdout=subprocess.DEVNULL)
        src = Path(tmp)
    if not (src / "ja.json").exists():
        print(f"{src}: no ja.json (give make_ja_cards.py's output DIR or an AtomicCards file)", file=sys.stderr)
        return 2
    names, en_faces = load(src / "en.json")
    _, ja_faces = load(src / "ja.json")
    t0 = time.perf_counter()
    import engine.oracle.compile  # noqa: F401
    import kb.cards_ja  # noqa: F401
    t_import = time.perf_counter() - t0
    en, en_t, en_c = run(_en, en_faces, a.workers)
    ja, ja_t, ja_c = run(_ja, ja_faces, a.workers)
    print(f"{len(names)} faces, {a.workers} worker(s); grammars built in {t_import:.1f}s")
    print(f"  English Oracle compile (baseline): wall {en_t:.1f}s, CPU {en_c:.1f}s; Japanese compile: wall "
          f"{ja_t:.1f}s, CPU {ja_c:.1f}s (ratio wall {ja_t / en_t:.2f}, CPU {ja_c / max(en_c, 1e-9):.2f}; "
          f"{1000 * ja_t / len(names):.1f} ms/face wall)")
    idx = list(range(len(names)))
    parts = [("dev", [i for i in idx if i % 3 != 2]), ("held-out", [i for i in idx if i % 3 == 2]), ("all", idx)]
    for label, part in parts:
        print(line(label, *shares(names, en, ja, part)))
    mut_names, mut_faces = load(src / "ja-mutants.json")
    mut, _, _ = run(_ja, mut_faces, 1)
    print(f"  mutants: {sum(m[0] for m in mut)} of {len(mut)} supported")
    if (src / "ja-perturbed.json").exists():
        _, pen = load(src / "en-perturbed.json")
        _, pja = load(src / "ja-perturbed.json")
        pe, _, _ = run(_en, pen, 1)
        pj, _, _ = run(_ja, pja, 1)
        print(line("perturbed", *shares(None, pe, pj, list(range(len(pe))))))
    shown = 0
    for i in parts[0][1]:
        if shown >= a.show:
            break
        if ja[i][0] and en[i][0] and canon(ja[i][2]) != canon(en[i][2]):
            shown += 1
            print("DIFF", ja_faces[i]["foreignData"][0]["text"][:160].replace("\n", " / "))
            print("  JA", canon(ja[i][2]), "\n  EN", canon(en[i][2]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
