#!/usr/bin/env python3
"""Main-content extraction speed: simdhtml's main content (as `text --main` gives it) against
resiliparse's extract_plain_text(main_content=True), rs-trafilatura's extract_bytes and
trafilatura's extract, on the same pages, one core, one run each, all by CPU time (docs/extraction.md, "Speed").

usage: python3 benches/extraction.py [PAGE_DIR...]
       (default: ../shared/extraction, then ../shared/extraction/wcxb-dev; each set on its own:
       PAGE_DIR/*/*.html, or PAGE_DIR/html/*.html.gz for WCXB, decompressed before timing)

Run from the repository. It builds and runs `xtask/src/bin/extract_timing.rs` (parse and
main_text timed apart, bytes in), then each Python peer that imports (install them into a
venv: `python3 -m venv /tmp/xvenv && /tmp/xvenv/bin/pip install -r
benches/requirements-extraction-peers.txt`, then
run this script with that venv's python); a peer that does not import is skipped, saying so.
Each peer is timed as its library is used on bytes: resiliparse detects the encoding, decodes,
parses and extracts; trafilatura is given the bytes. Standard library only. Pinned to one core
with os.sched_setaffinity where the platform has it; the Rust tool runs single-threaded.
"""

import glob
import gzip
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def one_core():
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


def pages(root):
    files = sorted(glob.glob(os.path.join(root, "*", "*.html"))) or sorted(
        glob.glob(os.path.join(root, "html", "*.html.gz")))
    if not files:
        sys.exit("no pages under " + root)
    return files


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    return gzip.decompress(data) if path.endswith(".gz") else data


def simdhtml(files):
    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "xtask", "--bin",
                    "extract_timing"], cwd=REPO, check=True)
    exe = os.path.join(REPO, "target", "release", "extract_timing")
    out = subprocess.run([exe] + files, check=True, capture_output=True, text=True).stdout
    r = json.loads(out)
    # CPU time, as the peers are timed (the clock's figures are printed beside it).
    return r["parse_cpu_s"] + r["main_text_cpu_s"], r


def resiliparse(datas):
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.encoding import bytes_to_str, detect_encoding
    from resiliparse.parse.html import HTMLTree
    t = time.process_time()
    for b in datas:
        extract_plain_text(HTMLTree.parse(bytes_to_str(b, detect_encoding(b))), main_content=True)
    return time.process_time() - t


def rs_trafilatura(datas):
    import rs_trafilatura as rt
    t = time.process_time()
    for b in datas:
        rt.extract_bytes(b)
    return time.process_time() - t


def trafilatura(datas):
    import trafilatura as tf
    t = time.process_time()
    for b in datas:
        tf.extract(b, include_tables=True)
    return time.process_time() - t


def main():
    roots = sys.argv[1:] or [os.path.join(REPO, "..", "shared", "extraction"),
                             os.path.join(REPO, "..", "shared", "extraction", "wcxb-dev")]
    one_core()
    for root in roots:
        files = pages(root)
        datas = [read(f) for f in files]
        mb = sum(len(d) for d in datas) / 1e6
        ours, detail = simdhtml(files)
        print("%s: %d pages, %.1f MB, one core, one run" % (root, len(files), mb))
        print("  %-34s %8.3f s  %8.1f MB/s  (CPU: parse %.3f s, main_text %.3f s; clock %.3f s)" % (
            "simdhtml parse + main_text", ours, mb / ours, detail["parse_cpu_s"],
            detail["main_text_cpu_s"], detail["parse_s"] + detail["main_text_s"]))
        for name, fn in (("resiliparse main_content=True", resiliparse),
                         ("rs-trafilatura extract_bytes", rs_trafilatura),
                         ("trafilatura extract", trafilatura)):
            try:
                secs = fn(datas)
            except ImportError as e:
                print("  %-34s skipped: %s" % (name, e))
                continue
            print("  %-34s %8.3f s  %8.1f MB/s  simdhtml is %.1fx faster" % (name, secs, mb / secs, secs / ours))


if __name__ == "__main__":
    main()
