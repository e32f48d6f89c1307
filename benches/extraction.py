#!/usr/bin/env python3
"""Main-content extraction speed: simdhtml's extract::main_text against resiliparse's
extract_plain_text(main_content=True) and trafilatura's extract, on the same pages, one core,
one run each (docs/extraction.md, "Speed").

usage: python3 benches/extraction.py [PAGE_DIR]   (default: ../shared/extraction)

Run from the repository. It builds and runs `examples/extract_timing.rs` (parse and
main_text timed apart, bytes in), then each Python peer that imports (install them into a
venv: `python3 -m venv /tmp/xvenv && /tmp/xvenv/bin/pip install resiliparse trafilatura`, then
run this script with that venv's python); a peer that does not import is skipped, saying so.
Each peer is timed as its library is used on bytes: resiliparse detects the encoding, decodes,
parses and extracts; trafilatura is given the bytes. Standard library only. Pinned to one core
with os.sched_setaffinity where the platform has it; the Rust example runs single-threaded.
"""

import glob
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
    files = sorted(glob.glob(os.path.join(root, "*", "*.html")))
    if not files:
        sys.exit("no pages under " + root)
    return files


def simdhtml(files):
    subprocess.run(["cargo", "build", "--release", "--quiet", "--example", "extract_timing"],
                   cwd=REPO, check=True)
    exe = os.path.join(REPO, "target", "release", "examples", "extract_timing")
    out = subprocess.run([exe] + files, check=True, capture_output=True, text=True).stdout
    r = json.loads(out)
    return r["parse_s"] + r["main_text_s"], r


def resiliparse(datas):
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.encoding import bytes_to_str, detect_encoding
    from resiliparse.parse.html import HTMLTree
    t = time.process_time()
    for b in datas:
        extract_plain_text(HTMLTree.parse(bytes_to_str(b, detect_encoding(b))), main_content=True)
    return time.process_time() - t


def trafilatura(datas):
    import trafilatura as tf
    t = time.process_time()
    for b in datas:
        tf.extract(b, include_tables=True)
    return time.process_time() - t


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "..", "shared", "extraction")
    files = pages(root)
    datas = [open(f, "rb").read() for f in files]
    mb = sum(len(d) for d in datas) / 1e6
    one_core()
    ours, detail = simdhtml(files)
    print("%d pages, %.1f MB, one core, one run" % (len(files), mb))
    print("  %-34s %8.3f s  %8.1f MB/s  (parse %.3f s, main_text %.3f s)" % (
        "simdhtml parse + main_text", ours, mb / ours, detail["parse_s"], detail["main_text_s"]))
    for name, fn in (("resiliparse main_content=True", resiliparse), ("trafilatura extract", trafilatura)):
        try:
            secs = fn(datas)
        except ImportError as e:
            print("  %-34s skipped: %s" % (name, e))
            continue
        print("  %-34s %8.3f s  %8.1f MB/s  simdhtml is %.1fx faster" % (name, secs, mb / secs, secs / ours))


if __name__ == "__main__":
    main()
