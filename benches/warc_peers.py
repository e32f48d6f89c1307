#!/usr/bin/env python3
"""WARC in, title/text/links out: `simdhtml batch` against Python pipelines, in one run.

Times the same job on a WARC file (default: the shared Common Crawl-style file,
$SIMDHTML_SHARED/warc/corpus-cc-style.warc.gz) on one core and on all cores:

- simdhtml:     `simdhtml batch FILE --fields title,text,links --jobs N` (output to /dev/null)
- resiliparse:  FastWARC's ArchiveIterator (HTTP parsed, payload decoded) + resiliparse's
                HTMLTree (title, <a href> links) and extract_plain_text (text)
- resiliparse (title, text): the same without the links, the job issue 27 compares with
- selectolax:   warcio's ArchiveIterator + selectolax's Lexbor parser (title, text, links)

Every pipeline reads the HTML responses (Content-Type text/html or application/xhtml+xml) and
produces each page's title, visible text and links; the Python ones decode the payload with
the HTTP charset (else UTF-8 with replacement), as their libraries do by default. "All cores"
is `--jobs N` for simdhtml and a multiprocessing pool of N workers fed by the reading process
for the Python pipelines. Each measurement is the best of --repeat runs.

Reported: seconds, CPU seconds (user + sys, the process and its children: what a shared
machine's load moves less than the clock), HTML records per second, MB/s of HTML payload (the
decoded payload bytes, 48.5 MB for the CC-style file; the compressed file is 8.7 MB), and the
time ratios against FastWARC + resiliparse with and without links, at the same job count.

A peer whose modules cannot be imported is skipped, with a line saying so. Install them with
`python3 -m venv /tmp/venv && /tmp/venv/bin/pip install fastwarc resiliparse warcio selectolax`
and run this script with that Python. Build simdhtml first: `cargo build --release`.

    python3 benches/warc_peers.py [--warc FILE] [--simdhtml PATH] [--repeat N] [--jobs N]
"""

import argparse
import multiprocessing
import os
import resource
import subprocess
import sys
import time


def shared_warc():
    shared = os.environ.get("SIMDHTML_SHARED") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared")
    return os.path.join(shared, "warc", "corpus-cc-style.warc.gz")


def is_html(content_type):
    if not content_type:
        return False
    essence = content_type.split(";")[0].strip().lower()
    return essence in ("text/html", "application/xhtml+xml")


def charset_of(content_type):
    for part in (content_type or "").split(";")[1:]:
        k, _, v = part.partition("=")
        if k.strip().lower() == "charset" and v.strip():
            return v.strip().strip('"')
    return None


def decode(payload, content_type):
    label = charset_of(content_type) or "utf-8"
    try:
        return payload.decode(label, errors="replace")
    except LookupError:
        return payload.decode("utf-8", errors="replace")


# --- resiliparse (FastWARC + resiliparse) -------------------------------------------------

def resiliparse_pages(path):
    from fastwarc.warc import ArchiveIterator, WarcRecordType
    with open(path, "rb") as f:
        for rec in ArchiveIterator(f, record_types=WarcRecordType.response, parse_http=True):
            ct = rec.http_content_type
            if not is_html(ct):
                continue
            yield (rec.headers.get("WARC-Target-URI"), rec.reader.read(),
                   rec.http_headers.get("Content-Type"))


def resiliparse_links(root):
    """The href of every <a href> under root, by walking the tree: indexing resiliparse
    2.0.0's DOMCollection (query_selector_all, get_elements_by_tag_name) costs time linear in
    the collection's size per element, so reading the links of a page with 3,859 of them from
    a collection takes about a minute; the walk takes milliseconds and finds the same ones."""
    from resiliparse.parse.html import NodeType
    out = []
    node = root.first_child
    while node is not None and node != root:
        if node.type == NodeType.ELEMENT and node.tag == "a" and node.hasattr("href"):
            out.append(node.getattr("href"))
        if node.first_child is not None:
            node = node.first_child
            continue
        while node is not None and node != root and node.next is None:
            node = node.parent
        if node is None or node == root:
            break
        node = node.next
    return out


def resiliparse_work(item):
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.html import HTMLTree
    url, payload, ct = item
    tree = HTMLTree.parse(decode(payload, ct))
    title = tree.title
    text = extract_plain_text(tree)
    links = resiliparse_links(tree.body) if tree.body is not None else []
    return len(payload), title, len(text), len(links)


def resiliparse_title_text_work(item):
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.html import HTMLTree
    url, payload, ct = item
    tree = HTMLTree.parse(decode(payload, ct))
    title = tree.title
    text = extract_plain_text(tree)
    return len(payload), title, len(text)


# --- selectolax (warcio + selectolax/Lexbor) ----------------------------------------------

def warcio_pages(path):
    from warcio.archiveiterator import ArchiveIterator
    with open(path, "rb") as f:
        for rec in ArchiveIterator(f):
            if rec.rec_type != "response" or rec.http_headers is None:
                continue
            ct = rec.http_headers.get_header("Content-Type")
            if not is_html(ct):
                continue
            yield (rec.rec_headers.get_header("WARC-Target-URI"),
                   rec.content_stream().read(), ct)


def selectolax_work(item):
    from selectolax.lexbor import LexborHTMLParser
    url, payload, ct = item
    tree = LexborHTMLParser(decode(payload, ct))
    node = tree.css_first("title")
    title = node.text() if node is not None else None
    text = tree.body.text(separator="\n") if tree.body is not None else ""
    links = [a.attributes.get("href") for a in tree.css("a[href]")]
    return len(payload), title, len(text), len(links)


PEERS = {
    "resiliparse": (("fastwarc", "resiliparse"), resiliparse_pages, resiliparse_work,
                    "FastWARC + resiliparse extract_plain_text"),
    "resiliparse-title-text": (("fastwarc", "resiliparse"), resiliparse_pages,
                               resiliparse_title_text_work,
                               "FastWARC + resiliparse, title and text only"),
    "selectolax": (("warcio", "selectolax"), warcio_pages, selectolax_work,
                   "warcio + selectolax (Lexbor)"),
}


def cpu_seconds():
    """User + sys CPU seconds of this process and its waited-for children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def run_python(pages, work, path, jobs):
    cpu = cpu_seconds()
    start = time.perf_counter()
    records = payload = 0
    if jobs == 1:
        for item in pages(path):
            n, *_ = work(item)
            records += 1
            payload += n
    else:
        with multiprocessing.Pool(jobs) as pool:
            for n, *_ in pool.imap(work, pages(path), chunksize=4):
                records += 1
                payload += n
    return time.perf_counter() - start, cpu_seconds() - cpu, records, payload


def run_simdhtml(binary, path, jobs):
    cpu = cpu_seconds()
    start = time.perf_counter()
    out = subprocess.run([binary, "batch", path, "--fields", "title,text,links",
                          "--jobs", str(jobs)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, check=False)
    secs = time.perf_counter() - start
    cpu = cpu_seconds() - cpu
    if out.returncode not in (0, 1):
        sys.exit("simdhtml failed: " + out.stderr.decode(errors="replace"))
    records = payload = 0
    for line in out.stdout.splitlines():
        if b'"url"' in line and b'"error"' not in line:
            records += 1
            i = line.find(b'"bytes":')
            payload += int(line[i + 8:line.find(b",", i)])
    return secs, cpu, records, payload


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--warc", default=shared_warc())
    ap.add_argument("--simdhtml", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "target", "release", "simdhtml"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="the 'all cores' worker count (default: the machine's cores)")
    args = ap.parse_args()
    if not os.path.exists(args.warc):
        sys.exit(f"{args.warc} is missing (set SIMDHTML_SHARED or pass --warc)")
    print(f"{args.warc}: {os.path.getsize(args.warc) / 1e6:.1f} MB; all cores = {args.jobs}")
    rows = []

    def best(fn):
        runs = [fn() for _ in range(args.repeat)]
        return min(runs, key=lambda r: r[0])

    if os.path.exists(args.simdhtml):
        for jobs in (1, args.jobs):
            rows.append(("simdhtml batch", jobs) + best(
                lambda: run_simdhtml(args.simdhtml, args.warc, jobs)))
    else:
        print(f"skipped: simdhtml: {args.simdhtml} is missing (cargo build --release)")
    for name, (modules, pages, work, what) in PEERS.items():
        try:
            for m in modules:
                __import__(m)
        except ImportError as e:
            print(f"skipped: {name} ({what}): cannot import {e.name}; "
                  f"pip install {' '.join(modules)}")
            continue
        for jobs in (1, args.jobs):
            rows.append((what, jobs) + best(lambda: run_python(pages, work, args.warc, jobs)))
    base = {jobs: secs for (what, jobs, secs, *_) in rows
            if what.startswith("FastWARC") and "only" not in what}
    base_tt = {jobs: secs for (what, jobs, secs, *_) in rows
               if what.startswith("FastWARC") and "only" in what}
    print(f"{'pipeline':44} {'jobs':>4} {'seconds':>8} {'cpu s':>6} {'records/s':>10} "
          f"{'MB/s':>7} {'vs resiliparse':>14} {'vs title+text':>13}")
    for what, jobs, secs, cpu, records, payload in rows:
        ratio = f"{base[jobs] / secs:.1f}x" if jobs in base else "-"
        ratio_tt = f"{base_tt[jobs] / secs:.1f}x" if jobs in base_tt else "-"
        print(f"{what:44} {jobs:>4} {secs:8.2f} {cpu:6.2f} {records / secs:10.0f} "
              f"{payload / 1e6 / secs:7.1f} {ratio:>14} {ratio_tt:>13}")


if __name__ == "__main__":
    main()
