#!/usr/bin/env python3
"""The language of a page's text: simdhtml's `language` against resiliparse's `detect_fast`.

Both detectors get the same texts, one per page:

- the shared extraction sets' expected main texts ($SIMDHTML_SHARED/extraction: readability,
  goose3, cwced-zh, wcxb-dev), labelled with the language the set is in (cwced-zh: Chinese) or
  else the page's declared `<html lang>` (primary subtag);
- the shared corpus pages ($SIMDHTML_SHARED/corpus, less the readability copies) that declare
  a `lang`, their main text as `simdhtml text --main` gives it, labelled with that `lang`.

A declared `lang` is sometimes wrong (a template's `en` on a page in another language): pages
where both detectors agree with each other and not with the label are counted apart
("label doubtful") and left out of the accuracy, and listed with --show-doubtful.

Reported per language group (English, Chinese, Japanese, Korean, Arabic, Romance, Germanic,
Slavic, other): pages, accuracy of each detector (its code's primary subtag equal to the
label's; `no`/`nb`/`nn` are one, as are `he`/`iw`), and each detector's time per page (the
median of --repeat calls per text, summed over the group; one process, one core, no parse).

simdhtml runs in a Python that has the simdhtml package (--simdhtml-python, default
target/py-venv/bin/python, which ./test.sh makes); resiliparse in the Python running this
script (a venv with `pip install resiliparse`):

    /tmp/peers/bin/python benches/language_peers.py [--simdhtml-python PY] [--repeat N]
"""

import argparse
import collections
import gzip
import json
import os
import subprocess
import sys
import tempfile
import time

GROUPS = {
    "en": "English",
    "zh": "Chinese",
    "ja": "Japanese",
    "ko": "Korean",
    "ar": "Arabic",
    **{c: "Romance" for c in ("fr", "es", "pt", "it", "ca", "ro", "gl")},
    **{c: "Germanic" for c in ("de", "nl", "sv", "da", "no", "is", "af")},
    **{c: "Slavic" for c in ("ru", "uk", "pl", "cs", "sk", "sl", "hr", "sr", "bg", "mk", "be")},
}
ORDER = ["English", "Chinese", "Japanese", "Korean", "Arabic", "Romance", "Germanic", "Slavic", "other"]
SAME = {"nb": "no", "nn": "no", "iw": "he", "in": "id", "zh-hans": "zh", "zh-hant": "zh"}


def norm(code):
    """A language code's primary subtag, lower case, with aliases merged."""
    if not code:
        return None
    code = code.strip().lower().replace("_", "-")
    code = SAME.get(code, code)
    primary = code.split("-")[0]
    return SAME.get(primary, primary) or None


def shared_dir():
    return os.environ.get("SIMDHTML_SHARED") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared")


# --------------------------------------------------------------------------------------------
# The simdhtml side (run in the Python that has simdhtml): the samples, labels and detection.


def timed(fn, text, repeat):
    times = []
    result = None
    for _ in range(repeat):
        t = time.perf_counter_ns()
        result = fn(text)
        times.append(time.perf_counter_ns() - t)
    times.sort()
    return result, times[len(times) // 2]


def simdhtml_side(shared, out_path, repeat):
    import simdhtml

    extraction = os.path.join(shared, "extraction")
    samples = []

    def add(source, text, label):
        if not text.strip() or not label:
            return
        samples.append({"source": source, "label": label, "text": text})

    for row in open(os.path.join(extraction, "MANIFEST.tsv"), encoding="utf-8").read().splitlines()[1:]:
        cols = row.split("\t")
        set_, id_ = cols[0], cols[1]
        base = os.path.join(extraction, set_, id_)
        with open(base + ".html", "rb") as f:
            doc = simdhtml.parse(f.read())
        with open(base + ".txt", encoding="utf-8") as f:
            text = f.read()
        label = "zh" if set_ == "cwced-zh" else norm(doc.lang)
        add(f"{set_}/{id_}", text, label)
    wcxb = os.path.join(extraction, "wcxb-dev")
    for name in sorted(os.listdir(os.path.join(wcxb, "html"))):
        id_ = name.split(".")[0]
        with gzip.open(os.path.join(wcxb, "html", name), "rb") as f:
            doc = simdhtml.parse(f.read())
        with open(os.path.join(wcxb, "ground-truth", id_ + ".json"), encoding="utf-8") as f:
            truth = json.load(f)["ground_truth"]
        add(f"wcxb-dev/{id_}", truth.get("main_content") or "", norm(doc.lang))
    corpus = os.path.join(shared, "corpus")
    for name in sorted(os.listdir(corpus)):
        if not name.endswith(".html") or name.startswith("readability-"):
            continue
        with open(os.path.join(corpus, name), "rb") as f:
            doc = simdhtml.parse(f.read())
        add(f"corpus/{name}", doc.text(main_content=True), norm(doc.lang))

    for s in samples:
        found, ns = timed(simdhtml.language, s["text"], repeat)
        s["simdhtml"] = found[0] if found else None
        s["simdhtml_ns"] = ns
    with open(out_path, "w", encoding="utf-8") as f:
        for s in samples:
            f.write(json.dumps(s, ensure_ascii=False) + "\n")


# --------------------------------------------------------------------------------------------
# The resiliparse side and the report (run in the Python that has resiliparse).


def report(samples, show_doubtful):
    groups = collections.defaultdict(lambda: collections.Counter())
    doubtful = []
    for s in samples:
        label = s["label"]
        a, b = norm(s["simdhtml"]), norm(s["resiliparse"])
        group = GROUPS.get(label, "other")
        g = groups[group]
        if a == b and a is not None and a != label:
            g["doubtful"] += 1
            doubtful.append((s["source"], label, a))
            continue
        g["pages"] += 1
        g["simdhtml_ok"] += a == label
        g["resiliparse_ok"] += b == label
        g["simdhtml_ns"] += s["simdhtml_ns"]
        g["resiliparse_ns"] += s["resiliparse_ns"]
        g["chars"] += len(s["text"])
    total = sum(groups.values(), collections.Counter())
    print("| language group | pages | label doubtful | simdhtml accuracy | resiliparse accuracy "
          "| simdhtml µs/page | resiliparse µs/page |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in ORDER + ["all"]:
        g = total if name == "all" else groups.get(name)
        if not g or not g["pages"]:
            continue
        n = g["pages"]
        print(f"| {name} | {n} | {g['doubtful']} | {g['simdhtml_ok'] / n:.3f} "
              f"| {g['resiliparse_ok'] / n:.3f} | {g['simdhtml_ns'] / n / 1e3:.1f} "
              f"| {g['resiliparse_ns'] / n / 1e3:.1f} |")
    print(f"\n{total['pages']} pages ({total['chars'] / max(total['pages'], 1):.0f} characters of "
          f"text on average), {total['doubtful']} left out as label doubtful; time ratio "
          f"resiliparse / simdhtml over all pages: "
          f"{total['resiliparse_ns'] / max(total['simdhtml_ns'], 1):.2f}")
    if show_doubtful:
        for source, label, found in doubtful:
            print(f"doubtful: {source}: labelled {label}, both say {found}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--simdhtml-python", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "target", "py-venv", "bin", "python"))
    ap.add_argument("--repeat", type=int, default=5, help="calls per text (the median counts)")
    ap.add_argument("--show-doubtful", action="store_true")
    ap.add_argument("--keep", metavar="FILE", help="write the samples and both detectors' "
                    "answers to FILE (JSON lines)")
    ap.add_argument("--simdhtml-side", metavar="OUT", help=argparse.SUPPRESS)
    args = ap.parse_args()
    shared = shared_dir()
    if args.simdhtml_side:
        simdhtml_side(shared, args.simdhtml_side, args.repeat)
        return
    try:
        from resiliparse.parse.lang import detect_fast
    except ImportError as e:
        sys.exit(f"language_peers: resiliparse is missing ({e}): run this with a Python that "
                 "has it (pip install resiliparse)")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "samples.jsonl")
        subprocess.run([args.simdhtml_python, os.path.abspath(__file__), "--simdhtml-side", out,
                        "--repeat", str(args.repeat)], check=True)
        samples = [json.loads(line) for line in open(out, encoding="utf-8")]
    for s in samples:
        (code, _), ns = timed(detect_fast, s["text"], args.repeat)
        s["resiliparse"] = None if code == "unknown" else code
        s["resiliparse_ns"] = ns
    if args.keep:
        with open(args.keep, "w", encoding="utf-8") as f:
            for s in samples:
                f.write(json.dumps(s, ensure_ascii=False) + "\n")
    report(samples, args.show_doubtful)


if __name__ == "__main__":
    main()
