"""Threads: parsing and extraction in a thread pool give what they give in one thread; one
Document shared by several threads answers each of them as it answers one; archives read in
threads; and the GIL is released while parsing and extracting (another Python thread runs
meanwhile).
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import simdhtml
from helpers import ARCHIVE_BOMB, read_bytes, repo_pages, shared_pages, warc_dir, warc_manifest


def summary(data: bytes) -> tuple:
    doc = simdhtml.parse(data, base_url="https://example.org/")
    return (
        doc.encoding,
        doc.title,
        doc.lang,
        doc.text(),
        doc.text(main_content=True),
        doc.markdown(main_content=True),
        doc.links(),
        [(e.tag, e.attrs, e.text()) for e in doc.select("a[href], h1, h2, li")],
        doc.html(),
    )


def run_both(pages):
    datas = [read_bytes(p) for p in pages]
    sequential = [summary(d) for d in datas]
    with ThreadPoolExecutor(4) as pool:
        threaded = list(pool.map(summary, datas))
    return sequential, threaded


def test_thread_pool_equals_sequential_on_repo_pages():
    pages = repo_pages()
    sequential, threaded = run_both(pages * 4)
    for p, s, t in zip(pages * 4, sequential, threaded):
        assert s == t, p


def test_thread_pool_equals_sequential_on_the_shared_corpus():
    pages = shared_pages()
    sequential, threaded = run_both(pages)
    bad = [p.name for p, s, t in zip(pages, sequential, threaded) if s != t]
    assert not bad, bad


def test_one_document_shared_by_threads():
    """Several threads querying one Document at once get what one thread gets."""
    page = max(repo_pages(), key=lambda p: p.stat().st_size)
    doc = simdhtml.parse(read_bytes(page))

    def work(i: int):
        css = ["a[href]", "p", "li", "div > *", "*"][i % 5]
        elements = doc.select(css)
        walked = []
        for e in elements[:300]:
            walked.append((e.tag, e.get("class"), [c.tag for c in e.children], e.parent.tag if e.parent else None))
        return (
            css,
            [(e.tag, e.attrs, e.text(), e.html()) for e in elements],
            walked,
            doc.text(),
            doc.text(main_content=True),
            doc.markdown(),
            doc.links(),
            doc.meta,
            doc.html(),
            doc.root.inner_html(),
        )

    sequential = [work(i) for i in range(10)]
    with ThreadPoolExecutor(4) as pool:
        for _ in range(3):
            threaded = list(pool.map(work, range(40)))
            for i, t in enumerate(threaded):
                assert t == sequential[i % 10], f"task {i} ({sequential[i % 10][0]})"


def test_elements_used_from_other_threads():
    """Elements made in one thread are used in others (the Document they belong to stays alive)."""
    doc = simdhtml.parse(read_bytes(max(repo_pages(), key=lambda p: p.stat().st_size)))
    elements = doc.select("*")
    want = [(e.tag, e.text(), len(e.children)) for e in elements]
    del doc
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda e: (e.tag, e.text(), len(e.children)), elements))
    assert got == want


def archive_summary(path) -> list[tuple]:
    out = []
    for r in simdhtml.iter_warc(path, errors="skip"):
        d = r.parse()
        out.append((r.offset, r.url, r.record_id, r.status, len(r.body), d.title, d.links()))
    return out


def test_archives_read_in_threads():
    folder = warc_dir()
    paths = [folder / row["file"] for row in warc_manifest() if row["file"] != ARCHIVE_BOMB]
    sequential = [archive_summary(p) for p in paths]
    with ThreadPoolExecutor(4) as pool:
        threaded = list(pool.map(archive_summary, paths))
    bad = [p.name for p, s, t in zip(paths, sequential, threaded) if s != t]
    assert not bad, bad


def test_one_archive_iterator_shared_by_threads():
    """Threads pulling records from one iter_warc iterator get each record once, together the
    same records as one thread."""
    path = warc_dir() / "corpus-cc-style.warc.gz"
    want = sorted((r.offset, r.record_id) for r in simdhtml.iter_warc(path))
    it = simdhtml.iter_warc(path)
    lock_free_results: list[list] = [[] for _ in range(4)]

    def pull(i: int):
        for r in it:
            lock_free_results[i].append((r.offset, r.record_id))

    threads = [threading.Thread(target=pull, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    got = sorted(x for part in lock_free_results for x in part)
    assert got == want


# --- the GIL -------------------------------------------------------------------------------


def big_page(repeat: int) -> bytes:
    block = "".join(
        f'<div class="c{i}"><h2>Heading {i}</h2><p>Some <b>bold</b> text with a '
        f'<a href="/x/{i}">link</a> and more words to read. &amp; &copy;</p>'
        f"<ul><li>one</li><li>two</li></ul><table><tr><td>a<td>b</table></div>"
        for i in range(100)
    )
    return ("<!DOCTYPE html><html lang=en><title>big</title><body>" + block * repeat).encode()


def longest_pause(call) -> tuple[float, float]:
    """Runs CALL in this thread while another Python thread ticks; returns the call's duration
    and the longest time the ticker could not run during it."""
    ticks: list[float] = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.0005)

    t = threading.Thread(target=ticker)
    t.start()
    time.sleep(0.05)
    start = time.perf_counter()
    call()
    end = time.perf_counter()
    stop.set()
    t.join()
    during = [start] + [x for x in ticks if start < x < end] + [end]
    return end - start, max(b - a for a, b in zip(during, during[1:]))


def calibrated(make_call, minimum: float = 0.15):
    """A call (made by make_call(size)) that takes at least MINIMUM seconds."""
    repeat = 80
    while True:
        call = make_call(repeat)
        start = time.perf_counter()
        call()
        if time.perf_counter() - start >= minimum or repeat >= 80 * 2**5:
            return call
        repeat *= 2


@pytest.mark.parametrize("what", ["parse", "text", "text-main", "markdown"])
def test_gil_is_released(what):
    """While a long parse / extraction runs, another Python thread runs: its longest pause is
    well under the call's duration (with the GIL held it would be all of it)."""

    def make_call(repeat):
        data = big_page(repeat)
        if what == "parse":
            return lambda: simdhtml.parse(data)
        doc = simdhtml.parse(data)
        return {
            "text": lambda: doc.text(),
            "text-main": lambda: doc.text(main_content=True),
            "markdown": lambda: doc.markdown(),
        }[what]

    call = calibrated(make_call)
    duration, pause = longest_pause(call)
    assert duration >= 0.05, f"{what}: the call took only {duration:.3f} s; nothing to measure"
    assert pause < duration / 2, (
        f"{what}: another thread was stopped for {pause:.3f} s of a {duration:.3f} s call: "
        "the GIL is not released"
    )
