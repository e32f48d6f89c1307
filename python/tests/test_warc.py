"""`simdhtml.iter_warc` on the shared archives ($SIMDHTML_SHARED/warc, MANIFEST.tsv) against
`simdhtml batch --fields title,lang,links ARCHIVE`: the same records in the same order with the
same fields, the same pages out of `record.parse()`, the same errors; paths and binary file
objects alike; every record with `html_only=False` (the manifest's record types); damaged and
truncated archives.
"""

from __future__ import annotations

import collections
import io
import pathlib
import shutil

import pytest

import simdhtml
from helpers import (
    ARCHIVE_BOMB,
    Mismatches,
    batch_all_archives,
    batch_archive,
    http_charset,
    manifest_types,
    read_bytes,
    repo_pages,
    warc_dir,
    warc_manifest,
)

RECORD_FIELDS = ("offset", "url", "record_id", "date", "status", "content_type")
PAGE_FIELDS = ("encoding", "title", "lang", "links")


def record_fields(r) -> dict:
    out = {k: getattr(r, k) for k in RECORD_FIELDS}
    out["bytes"] = len(r.body)
    return out


def batch_record_fields(line: dict) -> dict:
    return {k: line[k] for k in (*RECORD_FIELDS, "bytes")}


def page_fields(doc: simdhtml.Document) -> dict:
    return {"encoding": doc.encoding, "title": doc.title, "lang": doc.lang, "links": doc.links()}


def read_all(source, **kw):
    """The records iter_warc yields for SOURCE and the WarcError that ended it (or None)."""
    records, error = [], None
    try:
        for r in simdhtml.iter_warc(source, **kw):
            records.append(r)
    except simdhtml.WarcError as e:
        error = e
    return records, error


def pages_and_errors(lines: list[dict]) -> tuple[list[dict], list[dict]]:
    return [x for x in lines if "error" not in x], [x for x in lines if "error" in x]


def compare_records(m: Mismatches, where: str, lines: list[dict], records: list) -> None:
    m.check(f"{where} number of records", len(lines), len(records))
    for i, (line, rec) in enumerate(zip(lines, records)):
        here = f"{where} record {i} (offset {line.get('offset')})"
        m.check(f"{here} fields", batch_record_fields(line), record_fields(rec))
        m.check(f"{here} parse()", {k: line[k] for k in PAGE_FIELDS}, page_fields(rec.parse()))


def test_records_equal_batch():
    """Every archive of the manifest: iter_warc's records (errors="skip" where batch reports
    damage, the default elsewhere) are batch's page lines, field for field, and
    `record.parse()` gives batch's encoding, title, lang and links."""
    folder = warc_dir()
    by_name = batch_all_archives()
    m = Mismatches("iter_warc vs batch")
    total = 0
    for row in warc_manifest():
        name = row["file"]
        pages, errors = pages_and_errors(by_name[name])
        kw = {"errors": "skip"} if errors else {}
        records, error = read_all(folder / name, **kw)
        if error is not None:
            m.fail(name, f"WarcError with errors={kw.get('errors', 'raise')!r}: {error}")
        compare_records(m, name, pages, records)
        total += len(records)
    m.assert_none()
    assert total >= 900, f"only {total} HTML records in the shared archives"


def damaged_archives() -> list[str]:
    return [n for n, lines in batch_all_archives().items() if pages_and_errors(lines)[1]]


def test_damage_raises_warc_error_after_the_good_records():
    """With errors="raise" (the default), a damaged archive yields what batch writes before
    its first error line, then raises WarcError (a ValueError) whose `.offset` is that error's
    offset and whose message is batch's."""
    folder = warc_dir()
    names = damaged_archives()
    assert len(names) >= 10, names
    m = Mismatches("errors='raise'")
    for name in names:
        lines = batch_all_archives()[name]
        first = next(i for i, x in enumerate(lines) if "error" in x)
        before, bad = lines[:first], lines[first]
        records, error = read_all(folder / name)
        compare_records(m, name, before, records)
        if error is None:
            m.fail(name, f"no WarcError; batch reports {bad['error']!r} at offset {bad['offset']}")
            continue
        m.check(f"{name} isinstance ValueError", True, isinstance(error, ValueError))
        m.check(f"{name} WarcError.offset", bad["offset"], getattr(error, "offset", "<no .offset>"))
        if bad["error"] not in str(error):
            m.fail(name, f"message {str(error)!r} does not have batch's {bad['error']!r}")
    m.assert_none()


def test_record_parse_uses_the_http_charset_and_the_url():
    """`record.charset` is the Content-Type's charset; `record.parse()` is `parse(record.body,
    encoding=record.charset, base_url=record.url)` (read as a file, in the author's encoding,
    as batch reads records); keywords given to it win (`guess_utf8=False`: a page from the
    network)."""
    folder = warc_dir()
    m = Mismatches("record.parse()")
    for name in ("corpus-cc-style.warc.gz", "aut-example.warc.gz", "resiliparse-warcfile.warc"):
        for i, rec in enumerate(simdhtml.iter_warc(folder / name)):
            where = f"{name} record {i}"
            assert isinstance(rec.body, bytes), type(rec.body)
            charset = rec.charset
            want = http_charset(rec.content_type)
            m.check(f"{where} charset", want.lower() if want else None, charset.lower() if charset else None)
            kw = {}
            try:
                simdhtml.parse(b"", encoding=charset)
                kw["encoding"] = charset
            except ValueError:
                pass  # a label the Encoding Standard does not know: no transport charset
            try:
                simdhtml.parse(b"", base_url=rec.url)
                kw["base_url"] = rec.url
            except ValueError:
                pass
            direct = simdhtml.parse(rec.body, **kw)
            via = rec.parse()
            m.check(f"{where} page", page_fields(direct), page_fields(via))
            m.check(f"{where} text", direct.text(), via.text())
            if i % 20 == 0:
                forced = rec.parse(encoding="windows-1252", scripting=False)
                want_doc = simdhtml.parse(
                    rec.body,
                    encoding="windows-1252",
                    scripting=False,
                    base_url=kw.get("base_url"),
                )
                m.check(f"{where} parse(encoding=...)", page_fields(want_doc), page_fields(forced))
                network = rec.parse(guess_utf8=False)
                want_doc = simdhtml.parse(rec.body, **{**kw, "guess_utf8": False})
                m.check(f"{where} parse(guess_utf8=False)", page_fields(want_doc), page_fields(network))
    m.assert_none()


def record_key(r) -> tuple:
    return (*record_fields(r).values(), r.body)


def test_binary_file_objects_equal_paths():
    """iter_warc(open(path, 'rb')), iter_warc(io.BytesIO(bytes)) and iter_warc(pathlib.Path)
    give what iter_warc(str path) gives, on every archive."""
    folder = warc_dir()
    m = Mismatches("file object vs path")
    for row in warc_manifest():
        if row["file"] == ARCHIVE_BOMB:
            continue  # 512 MB decompressed; read in test_html_only_false_gives_every_record
        path = folder / row["file"]
        want_records, want_error = read_all(str(path), errors="skip")
        want = [record_key(r) for r in want_records]
        with open(path, "rb") as f:
            got_file, err_file = read_all(f, errors="skip")
        got_bytesio, err_bytesio = read_all(io.BytesIO(read_bytes(path)), errors="skip")
        got_pathlib, err_pathlib = read_all(path, errors="skip")
        for what, got, err in (
            ("open(path, 'rb')", got_file, err_file),
            ("io.BytesIO", got_bytesio, err_bytesio),
            ("pathlib.Path", got_pathlib, err_pathlib),
        ):
            m.check(f"{row['file']} {what}", want, [record_key(r) for r in got])
            m.check(f"{row['file']} {what} error", None, err and str(err))
        m.check(f"{row['file']} path error", None, want_error and str(want_error))
    m.assert_none()


# The manifest counts a last bare `WARC/invalid` line as a record; the reader (and batch)
# report it as damage (tests/common/warc.rs, TYPE_DIFFERENCES).
TYPE_DIFFERENCES = {"warcio-pr66-standard-torture-validate-field.warc"}


def test_html_only_false_gives_every_record():
    """html_only=False (errors="skip"): every record, with the manifest's record types and
    counts, and the html_only=True records among them in the same order."""
    folder = warc_dir()
    m = Mismatches("html_only=False")
    for row in warc_manifest():
        name = row["file"]
        if name == ARCHIVE_BOMB:
            check_archive_bomb(m, folder / name, row)
            continue
        every, _ = read_all(folder / name, html_only=False, errors="skip")
        html, _ = read_all(folder / name, errors="skip")
        if name not in TYPE_DIFFERENCES:
            m.check(f"{name} types", manifest_types(row), dict(collections.Counter(r.record_type for r in every)))
        keys = [record_key(r) for r in every]
        pos = 0
        for r in html:
            k = record_key(r)
            while pos < len(keys) and keys[pos] != k:
                pos += 1
            if pos == len(keys):
                m.fail(name, f"HTML record at offset {r.offset} ({r.url}) missing with html_only=False")
                break
            pos += 1
        else:
            m.checked += 1
    m.assert_none()


def check_archive_bomb(m: Mismatches, path: pathlib.Path, row: dict) -> None:
    """The bzip2 file whose 23 resource records grow to 256 MiB: with html_only=False the
    records over max_bytes (64 MiB) are errors (raised, or passed over with errors="skip"),
    the others are read. Records are not kept (bodies of up to 64 MiB)."""
    want = manifest_types(row)
    seen: collections.Counter = collections.Counter()
    sizes = []
    for r in simdhtml.iter_warc(path, html_only=False, errors="skip"):
        seen[r.record_type] += 1
        sizes.append(len(r.body))
    if set(seen) != set(want) or not 0 < sum(seen.values()) < sum(want.values()):
        m.fail(path.name, f"types {dict(seen)} with errors='skip', manifest {want} (some over max_bytes)")
    if max(sizes, default=0) > 64 << 20:
        m.fail(path.name, f"a record of {max(sizes)} bytes passed max_bytes")
    try:
        for _ in simdhtml.iter_warc(path, html_only=False):
            pass
        m.fail(path.name, "no WarcError for the records over max_bytes")
    except simdhtml.WarcError as e:
        m.check(f"{path.name} error message", True, "max_bytes" in str(e) or "max-bytes" in str(e))


def truncated_copy(src: pathlib.Path, tmp_path: pathlib.Path, fraction: float) -> pathlib.Path:
    data = read_bytes(src)
    dst = tmp_path / src.name  # same name: batch tells the archive by it
    dst.write_bytes(data[: int(len(data) * fraction)])
    return dst


@pytest.mark.parametrize(
    "name,fraction",
    [("corpus-cc-style.warc.gz", 0.5), ("aut-example.warc.gz", 0.37), ("resiliparse-warcfile.warc", 0.6)],
)
def test_truncated_archive(name, fraction, tmp_path):
    """A copy cut short: errors="raise" yields batch's records up to the cut, then raises
    WarcError at batch's error offset; errors="skip" yields all of batch's records."""
    path = truncated_copy(warc_dir() / name, tmp_path, fraction)
    lines = batch_archive(path)
    pages, errors = pages_and_errors(lines)
    assert errors and lines[-1] is errors[-1], f"batch reports no damage on the cut copy: {lines[-1:]}"
    assert len(pages) > 5
    first = next(i for i, x in enumerate(lines) if "error" in x)
    m = Mismatches(f"truncated {name}")
    records, error = read_all(path)
    compare_records(m, f"{name} raise", lines[:first], records)
    assert isinstance(error, simdhtml.WarcError), f"no WarcError after {len(records)} records"
    assert isinstance(error, ValueError)
    assert error.offset == lines[first]["offset"]
    assert lines[first]["error"] in str(error)
    skipped, error = read_all(path, errors="skip")
    assert error is None, error
    compare_records(m, f"{name} skip", pages, skipped)
    # A truncated copy read from a file object behaves the same.
    with open(path, "rb") as f:
        from_file, error = read_all(f)
    assert isinstance(error, simdhtml.WarcError)
    m.check(f"{name} file object", [record_key(r) for r in records], [record_key(r) for r in from_file])
    m.assert_none()


@pytest.mark.parametrize("limit", [2000, 20000])
def test_max_bytes_equals_batch(limit):
    """max_bytes=N: the records batch --max-bytes N rejects are errors (raised with
    errors="raise", passed over with errors="skip"), the others are read as batch reads them."""
    path = warc_dir() / "corpus-cc-style.warc.gz"
    lines = batch_archive(path, "--max-bytes", str(limit))
    pages, errors = pages_and_errors(lines)
    assert errors and pages, f"--max-bytes {limit} rejects nothing or everything"
    m = Mismatches(f"max_bytes={limit}")
    skipped, error = read_all(path, max_bytes=limit, errors="skip")
    assert error is None, error
    compare_records(m, "skip", pages, skipped)
    first = next(i for i, x in enumerate(lines) if "error" in x)
    records, error = read_all(path, max_bytes=limit)
    compare_records(m, "raise", lines[:first], records)
    assert isinstance(error, simdhtml.WarcError)
    assert error.offset == lines[first]["offset"]
    m.assert_none()


def test_record_attribute_types():
    path = warc_dir() / "aut-example.warc.gz"
    records = list(simdhtml.iter_warc(path, html_only=False))
    assert len(records) == sum(manifest_types(next(r for r in warc_manifest() if r["file"] == path.name)).values())
    for r in records:
        assert isinstance(r.offset, int) and r.offset >= 0
        assert isinstance(r.record_type, str)
        assert r.status is None or isinstance(r.status, int)
        assert isinstance(r.body, bytes)
        for name in ("url", "record_id", "date", "content_type", "charset"):
            value = getattr(r, name)
            assert value is None or isinstance(value, str), (name, value)
    offsets = [r.offset for r in records]
    assert offsets == sorted(offsets), "records out of file order"


def test_iterator_protocol(tmp_path):
    """iter_warc returns an iterator (iter(it) is it; next() after the end raises StopIteration);
    an empty archive gives no records."""
    path = warc_dir() / "ia-web-commons-html-lang-attribute.warc"
    it = simdhtml.iter_warc(path)
    assert iter(it) is it
    n = sum(1 for _ in it)
    assert n == len(pages_and_errors(batch_all_archives()[path.name])[0])
    with pytest.raises(StopIteration):
        next(it)
    empty = tmp_path / "empty.warc"
    shutil.copy(warc_dir() / "gowarc-empty.warc.gz.open", tmp_path / "empty.warc.gz")
    empty.write_bytes(b"")
    for p in (empty, tmp_path / "empty.warc.gz"):
        assert batch_archive(p) == []
        assert list(simdhtml.iter_warc(p)) == []
        assert list(simdhtml.iter_warc(p, html_only=False)) == []


def big_record_archive(tmp_path: pathlib.Path, payload_size: int) -> tuple[pathlib.Path, int]:
    """A .warc.gz with one text/html response whose block is just over 64 MiB."""
    import gzip

    payload = (b"<!DOCTYPE html><title>big</title>" + b"<p>x</p>" * (payload_size // 8 + 1))[:payload_size]
    http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n"
    block_len = len(http) + len(payload)
    header = (
        "WARC/1.0\r\nWARC-Type: response\r\n"
        "WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-000000000001>\r\n"
        "WARC-Date: 2024-05-20T08:00:00Z\r\nWARC-Target-URI: https://example.org/big\r\n"
        f"Content-Type: application/http; msgtype=response\r\nContent-Length: {block_len}\r\n\r\n"
    ).encode()
    path = tmp_path / "big.warc.gz"
    with gzip.open(path, "wb", compresslevel=1) as f:
        f.write(header)
        f.write(http)
        f.write(payload)
        f.write(b"\r\n\r\n")
    return path, block_len


def test_default_max_bytes_is_64_mib(tmp_path):
    """A record over 64 MiB is an error by default, as for batch (whose default --max-bytes is
    64 MiB); a larger max_bytes reads it."""
    path, block_len = big_record_archive(tmp_path, (64 << 20) + 100)
    assert block_len > 64 << 20
    lines = batch_archive(path)
    assert len(lines) == 1 and "error" in lines[0], lines
    records, error = read_all(path)
    assert records == []
    assert isinstance(error, simdhtml.WarcError), error
    assert error.offset == lines[0]["offset"]
    # With a larger limit the record is read (not parsed here: 64 MiB of page).
    (record,) = list(simdhtml.iter_warc(path, max_bytes=70 << 20))
    assert (record.status, record.url, len(record.body)) == (200, "https://example.org/big", (64 << 20) + 100)


@pytest.mark.parametrize("kind", ["html-page", "random-bytes", "gzip-of-html"])
def test_not_an_archive(kind, tmp_path):
    """Bytes that are no archive, under an archive's name: what batch reports (errors and no
    records) is what iter_warc raises or, with errors="skip", passes over."""
    import gzip
    import random

    page = read_bytes(repo_pages()[0])
    if kind == "html-page":
        path, data = tmp_path / "page.warc", page
    elif kind == "random-bytes":
        path, data = tmp_path / "noise.warc", random.Random(14).randbytes(5000)
    else:
        path, data = tmp_path / "page.warc.gz", gzip.compress(page)
    path.write_bytes(data)
    lines = batch_archive(path)
    pages, errors = pages_and_errors(lines)
    assert errors, f"batch reports nothing wrong with {kind}: {lines}"
    records, error = read_all(path)
    m = Mismatches(kind)
    first = next(i for i, x in enumerate(lines) if "error" in x)
    compare_records(m, "raise", lines[:first], records)
    assert isinstance(error, simdhtml.WarcError), error
    assert error.offset == lines[first]["offset"]
    assert lines[first]["error"] in str(error)
    skipped, error = read_all(path, errors="skip")
    assert error is None
    compare_records(m, "skip", pages, skipped)
    m.assert_none()


def test_record_parse_uses_the_http_content_language(tmp_path):
    """`WarcRecord.content_language` is the HTTP Content-Language as written (two fields joined
    by ", "); `parse` gives it to `:lang()` by default, as `batch --select` does, and a
    `content_language` keyword replaces it."""
    page = b"<!DOCTYPE html><p id=a>A</p><div lang=en><p id=b>B</p></div>"

    def record(uri: str, headers: bytes) -> bytes:
        block = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n" + headers + b"\r\n" + page
        head = (
            f"WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: {uri}\r\n"
            f"WARC-Date: 2024-01-01T00:00:00Z\r\nWARC-Record-ID: <urn:uuid:{uri}>\r\n"
            f"Content-Type: application/http; msgtype=response\r\nContent-Length: {len(block)}\r\n\r\n"
        ).encode()
        return head + block + b"\r\n\r\n"

    path = tmp_path / "lang.warc"
    path.write_bytes(
        record("http://x/de", b"Content-Language: de-DE\r\n")
        + record("http://x/two", b"Content-Language: de\r\ncontent-language: fr\r\n")
        + record("http://x/none", b"")
    )
    records = list(simdhtml.iter_warc(path))
    assert [r.content_language for r in records] == ["de-DE", "de, fr", None]
    found = [[e.attrs["id"] for e in r.parse().select("p:lang(de)")] for r in records]
    assert found == [["a"], [], []]
    lines = batch_archive(path, "--select", "de=p:lang(de)")
    assert [line["de"] for line in lines] == [["A"], [], []]
    assert [e.attrs["id"] for e in records[2].parse(content_language="de").select("p:lang(de)")] == ["a"]
    assert records[0].parse(content_language=None).select("p:lang(de)") == []
