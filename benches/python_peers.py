#!/usr/bin/env python3
"""The simdhtml Python package against selectolax, resiliparse and markupever, in one run.

Times, in Python, over the shared corpus pages ($SIMDHTML_SHARED/corpus, default
../shared/corpus beside the repository; the files listed in its MANIFEST.tsv):

- text:   parse + visible text
          simdhtml     simdhtml.parse(b).text()
          selectolax   LexborHTMLParser(b).text()  (the whole document's text nodes; with
                       --selectolax-body, .body.text(separator="\\n") as benches/warc_peers.py)
          resiliparse  extract_plain_text(HTMLTree.parse_from_bytes(b))
          markupever   markupever.parse(b, HtmlOptions()).root().text()
- select: parse + select("a[href]") + read each element's href
          simdhtml     [e.get("href") for e in simdhtml.parse(b).select("a[href]")]
          selectolax   [n.attrs.get("href") for n in LexborHTMLParser(b).css("a[href]")]
          resiliparse  [e.getattr("href") for e in
                        tree.document.query_selector_all("a[href]").values()]
                       (.values() makes the list at once; iterating or indexing the collection
                       itself costs time growing with its size per element in resiliparse
                       2.0: 36 s for the 3,859 links of one page)
          markupever   [e.attrs.get("href") for e in markupever.parse(b, ...).select("a[href]")]
- parse:  parse only, for reference (each library's parse call above).

Every page is read into memory first and every peer gets the same bytes. simdhtml decodes them
as a browser does (BOM, <meta> prescan, guess); selectolax's Lexbor parser, resiliparse's
parse_from_bytes (default encoding) and markupever take bytes as UTF-8 (invalid sequences
replaced), so they do less decoding work on the non-UTF-8 pages, not more.

Each measurement is the minimum over --rounds rounds; the rounds are interleaved (round 1 of
every peer, then round 2, ...) so that a burst of load on a shared machine hits them alike.
The serial timings are the process's CPU time by default (time.process_time: one thread
works, and time the machine gives to other jobs is not counted), wall-clock with --clock wall;
the JSON has both.
Reported per task and peer: seconds, MB/s of page bytes, and "simdhtml ÷ peer": simdhtml's
speed over the peer's (peer seconds ÷ simdhtml seconds; above 1 means simdhtml is faster; the
aim is at least 1.5 against selectolax). The "out" column is a sanity check that each peer did
the work: characters of text, or hrefs read.

--threads N adds a threads section: parse + text over the pages through a
concurrent.futures.ThreadPoolExecutor of N workers (executor.map, one page per task), for
simdhtml (which releases the GIL while parsing and extracting) and for the peers, each against
its own plain loop and its own 1-worker executor in the same section (wall-clock; the process's
CPU time beside it: CPU above wall means threads ran at once).

--native adds a row "rust" per task: the same simdhtml work done in Rust without Python
(xtask/src/bin/python_floor.rs, built with cargo; min of --rounds passes, by the thread's CPU time
on Linux, else wall-clock); its "simdhtml ÷ peer" is the share of the crate's own speed that
the Python package keeps.

A peer that cannot be imported is skipped, with a line saying so. Install the peers with
`python3 -m venv /tmp/venv && /tmp/venv/bin/pip install -r benches/requirements-python-peers.txt`
and the package (`pip install ./python`, or a built wheel), then run this script with that
Python:

    python benches/python_peers.py [--corpus DIR] [--rounds N] [--threads N] [--clock cpu|wall]
                                   [--json FILE] [--native] [--selectolax-body]
                                   [--tasks parse,text,select] [--peers simdhtml,selectolax,...]
"""

import argparse
import json
import os
import platform
import sys
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
TASKS = ("parse", "text", "select")
SELECTOR = "a[href]"


def shared_corpus():
    shared = os.environ.get("SIMDHTML_SHARED") or os.path.join(REPO, "..", "shared")
    return os.path.join(shared, "corpus")


def corpus_files(root):
    manifest = os.path.join(root, "MANIFEST.tsv")
    if os.path.exists(manifest):
        with open(manifest, encoding="utf-8") as f:
            rows = [line.rstrip("\n").split("\t") for line in f]
        names = [r[0] for r in rows[1:] if r and r[0]]
    else:
        names = sorted(n for n in os.listdir(root) if n.endswith((".html", ".htm")))
    files = [os.path.join(root, n) for n in names]
    if not files:
        sys.exit("no pages under " + root)
    return files


# --- the peers: each returns {task: function(bytes) -> int} ------------------------------
# The int is the work's size (characters of text, hrefs read, 1 for a parse), summed over the
# pages as the "out" column.

def simdhtml_tasks(args):
    import simdhtml

    parse = simdhtml.parse

    def p(b):
        parse(b)
        return 1

    def text(b):
        return len(parse(b).text())

    def select(b):
        return len([e.get("href") for e in parse(b).select(SELECTOR)])

    return {"parse": p, "text": text, "select": select}, "simdhtml " + getattr(
        simdhtml, "__version__", "?")


def selectolax_tasks(args):
    import selectolax
    from selectolax.lexbor import LexborHTMLParser

    def p(b):
        LexborHTMLParser(b)
        return 1

    if args.selectolax_body:
        def text(b):
            body = LexborHTMLParser(b).body
            return len(body.text(separator="\n")) if body is not None else 0
    else:
        def text(b):
            return len(LexborHTMLParser(b).text())

    def select(b):
        return len([n.attrs.get("href") for n in LexborHTMLParser(b).css(SELECTOR)])

    return {"parse": p, "text": text, "select": select}, "selectolax " + selectolax.__version__


def resiliparse_tasks(args):
    from importlib.metadata import version
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.html import HTMLTree

    parse = HTMLTree.parse_from_bytes

    def p(b):
        parse(b)
        return 1

    def text(b):
        return len(extract_plain_text(parse(b)))

    def select(b):
        return len([e.getattr("href")
                    for e in parse(b).document.query_selector_all(SELECTOR).values()])

    return {"parse": p, "text": text, "select": select}, "resiliparse " + version("resiliparse")


def markupever_tasks(args):
    from importlib.metadata import version
    import markupever

    options = markupever.HtmlOptions()
    parse = markupever.parse

    def p(b):
        parse(b, options)
        return 1

    def text(b):
        return len(parse(b, options).root().text())

    def select(b):
        return len([e.attrs.get("href") for e in parse(b, options).select(SELECTOR)])

    return {"parse": p, "text": text, "select": select}, "markupever " + version("markupever")


PEERS = {
    "simdhtml": simdhtml_tasks,
    "selectolax": selectolax_tasks,
    "resiliparse": resiliparse_tasks,
    "markupever": markupever_tasks,
}


def run_serial(fn, pages):
    """(wall seconds, CPU seconds of the process, out)."""
    start, cpu = time.perf_counter(), time.process_time()
    out = 0
    for b in pages:
        out += fn(b)
    return time.perf_counter() - start, time.process_time() - cpu, out


def run_threads(fn, pages, n):
    """(wall seconds, CPU seconds of the process (all its threads), out)."""
    with ThreadPoolExecutor(n) as ex:
        list(ex.map(fn, pages[:n]))  # start the workers outside the timing
        start, cpu = time.perf_counter(), time.process_time()
        out = sum(ex.map(fn, pages))
        return time.perf_counter() - start, time.process_time() - cpu, out


def run_native(files, rounds):
    """xtask/src/bin/python_floor.rs on the same files: {task: seconds}, or None when it fails."""
    import subprocess
    build = subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "xtask", "--bin",
                            "python_floor"], cwd=REPO)
    if build.returncode != 0:
        print("skipped: native floor: cargo build --release -p xtask --bin python_floor failed")
        return None
    exe = os.path.join(REPO, "target", "release", "python_floor")
    out = subprocess.run([exe, str(rounds)] + files, check=True, capture_output=True,
                         text=True).stdout
    r = json.loads(out)
    return {"parse": (r["parse_s"], len(files)), "text": (r["text_s"], r["text_chars"]),
            "select": (r["select_s"], r["hrefs"])}


def machine_note():
    try:
        load = "load average %.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        load = "load average unknown"
    return "%s, Python %s, %d cores, %s" % (platform.machine(), platform.python_version(),
                                              os.cpu_count() or 0, load)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", default=shared_corpus(),
                    help="page folder (default $SIMDHTML_SHARED/corpus or ../shared/corpus)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds per measurement; min is kept")
    ap.add_argument("--threads", type=int, default=0,
                    help="also time parse + text with a ThreadPoolExecutor of N workers")
    ap.add_argument("--tasks", default=",".join(TASKS), help="comma list of parse,text,select")
    ap.add_argument("--peers", default=",".join(PEERS), help="comma list of " + ",".join(PEERS))
    ap.add_argument("--selectolax-body", action="store_true",
                    help="selectolax text = .body.text(separator='\\n') instead of .text()")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="serial timings by the process's CPU time (default: steadier on a "
                    "shared machine) or wall-clock time; both go to --json")
    ap.add_argument("--native", action="store_true",
                    help="also run the same simdhtml work in Rust (xtask/src/bin/python_floor.rs, "
                    "built with cargo) to show what the Python wrapper adds")
    ap.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    args = ap.parse_args()
    tasks = [t for t in args.tasks.split(",") if t]
    for t in tasks:
        if t not in TASKS:
            sys.exit("unknown task %r (parse, text, select)" % t)

    files = corpus_files(args.corpus)
    pages = []
    for path in files:
        with open(path, "rb") as f:
            pages.append(f.read())
    total = sum(len(b) for b in pages)
    mb = total / 1e6

    peers = {}
    versions = {}
    for name in args.peers.split(","):
        if name not in PEERS:
            sys.exit("unknown peer %r (%s)" % (name, ", ".join(PEERS)))
        try:
            peers[name], versions[name] = PEERS[name](args)
        except ImportError as e:
            print("skipped: %s: cannot import %s" % (name, e.name or e))
    if not peers:
        sys.exit("no peer imports")

    note = machine_note()
    print("%s: %d pages, %.1f MB; %d rounds (min kept); %s" % (
        args.corpus, len(pages), mb, args.rounds, note))
    print("versions: " + ", ".join(versions[n] for n in peers))

    # Warm up: one pass of each peer over a few pages (imports, lazy initialisation).
    for fns in peers.values():
        for t in tasks:
            for b in pages[:5]:
                fns[t](b)

    # Serial: the minimum of each clock over the rounds (measured together, kept apart).
    results = {}  # (task, peer) -> [min wall, min cpu, out]
    for t in tasks:
        for _ in range(args.rounds):
            for name, fns in peers.items():
                wall, cpu, out = run_serial(fns[t], pages)
                best = results.setdefault((t, name), [wall, cpu, out])
                best[0], best[1] = min(best[0], wall), min(best[1], cpu)
    pick = 1 if args.clock == "cpu" else 0
    native = run_native(files, args.rounds) if args.native else None

    threaded = {}  # (peer, workers) -> [min wall, cpu of that round, out]
    if args.threads > 0:
        for _ in range(args.rounds):
            for name, fns in peers.items():
                for n in (0, 1, args.threads):
                    wall, cpu, out = (run_threads(fns["text"], pages, n) if n
                                      else run_serial(fns["text"], pages))
                    best = threaded.get((name, n))
                    if best is None or wall < best[0]:
                        threaded[(name, n)] = [wall, cpu, out]

    print()
    print("%s seconds, min of %d rounds" % ("CPU" if pick else "wall-clock", args.rounds))
    print("%-7s %-12s %9s %8s %16s %12s" % ("task", "peer", "seconds", "MB/s",
                                             "simdhtml ÷ peer", "out"))
    rows = []
    for t in tasks:
        ours = results.get((t, "simdhtml"))
        for name in peers:
            wall, cpu, out = results[(t, name)]
            secs = (wall, cpu)[pick]
            ratio = ours and secs / ours[pick]
            rows.append({"task": t, "peer": name, "seconds": secs, "wall_s": wall,
                         "cpu_s": cpu, "mb_per_s": mb / secs, "simdhtml_over_peer": ratio,
                         "out": out})
            print("%-7s %-12s %9.3f %8.1f %16s %12d" % (
                t, name, secs, mb / secs, "%.2fx" % ratio if ratio else "-", out))
        if native and ours:
            secs, out = native[t]
            ratio = secs / ours[pick]
            rows.append({"task": t, "peer": "rust", "seconds": secs, "wall_s": secs,
                         "mb_per_s": mb / secs, "simdhtml_over_peer": ratio, "out": out})
            print("%-7s %-12s %9.3f %8.1f %16s %12d" % (
                t, "rust", secs, mb / secs, "%.2fx" % ratio, out))

    thread_rows = []
    if threaded:
        print()
        print("parse + text through a ThreadPoolExecutor (executor.map over the pages; "
              "threads 0 = the plain loop); wall-clock, min of %d rounds; cpu = the process's "
              "CPU seconds in that round" % args.rounds)
        print("%-12s %7s %9s %8s %11s %12s %9s" % (
            "peer", "threads", "seconds", "MB/s", "vs loop", "vs 1 thread", "cpu s"))
        for name in peers:
            loop, one = threaded[(name, 0)][0], threaded[(name, 1)][0]
            for n in (0, 1, args.threads):
                wall, cpu, out = threaded[(name, n)]
                thread_rows.append({"peer": name, "threads": n, "seconds": wall, "cpu_s": cpu,
                                    "mb_per_s": mb / wall, "speedup_vs_loop": loop / wall,
                                    "speedup_vs_1_thread": one / wall, "out": out})
                print("%-12s %7d %9.3f %8.1f %10.2fx %11.2fx %9.3f" % (
                    name, n, wall, mb / wall, loop / wall, one / wall, cpu))

    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"corpus": os.path.abspath(args.corpus), "pages": len(pages),
                       "bytes": total, "rounds": args.rounds, "clock": args.clock,
                       "machine": note,
                       "selectolax_text": "body.text(separator='\\n')" if args.selectolax_body
                       else "text()",
                       "versions": versions, "results": rows, "threads": thread_rows}, f,
                      indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
