"""The Spark example (examples/spark/extract_warc.py) run as a user runs it, checked against batch.

One ``spark-submit --master 'local[*]'`` run for the whole module (Spark's start-up is most of
its time) reads a list of WARC files: one this module writes from the repository's corpus/
pages (so the test runs without the shared data) and, when they are there, every archive of
$SIMDHTML_SHARED/warc (MANIFEST.tsv). Its Parquet rows are then compared with ``simdhtml batch
--fields title,lang,text,links`` on the same files: every page line of batch must have exactly
one row with the same url, status, title, lang, text and links (matched by file and record
offset), and no row may be left over; the example's error counts must be batch's error lines.
``batch --output FILE.parquet`` on the same files writes the same columns with the same types,
and its rows (read back with pyarrow and DuckDB) are the example's, row by row, plus batch's
error records.

Java (17 or later, as Spark 4 needs) and pyspark (python/requirements-test.txt) are required:
without them the tests fail and say what is missing; they never pass without running Spark.
"""

import collections
import functools
import gzip
import http.server
import importlib.util
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import threading
import time
import uuid

import pytest

from conftest import REPO, require_data, run_cli, shared_dir

EXAMPLE = REPO / "examples" / "spark" / "extract_warc.py"
SPARK_TIMEOUT = 600  # seconds; the run takes about 30 s on two cores

# The columns the example writes and their Parquet (Arrow) types.
COLUMNS = {
    "warc_filename": "string",
    "warc_record_offset": "int64",
    "url": "string",
    "status": "int32",
    "title": "string",
    "lang": "string",
    "text": "string",
    "links": "list<element: string not null>",
}


# ---------------------------------------------------------------------------------------------
# What the run needs: Java and pyspark, or a failure saying which is missing.


def java_major_version() -> int:
    """The major version of the Java that spark-submit will use (JAVA_HOME's, else PATH's)."""
    java_home = os.environ.get("JAVA_HOME")
    java = str(pathlib.Path(java_home) / "bin" / "java") if java_home else shutil.which("java")
    if not java or not os.path.exists(java):
        pytest.fail(
            "Java is missing (no `java` on the PATH"
            + (f", none at {java_home}/bin/java" if java_home else "")
            + "): the Spark test needs Java 17 or later; on Debian: "
            "apt-get install -y openjdk-17-jre-headless (.ci/run does this)"
        )
    out = subprocess.run([java, "-version"], capture_output=True, text=True, check=False)
    match = re.search(r'version "(\d+)(?:\.(\d+))?', out.stderr + out.stdout)
    if not match:
        pytest.fail(f"cannot tell the Java version from `{java} -version`: {out.stderr!r}")
    major = int(match.group(1))
    if major == 1:  # "1.8.0_..."
        major = int(match.group(2))
    if major < 17:
        pytest.fail(f"Java {major} at {java}: Spark 4 needs Java 17 or later")
    return major


def spark_submit() -> pathlib.Path:
    """pyspark's spark-submit, or a failure saying that pyspark is missing."""
    try:
        import pyspark
    except ImportError as e:
        pytest.fail(
            f"pyspark is missing ({e}): the Spark test needs it; "
            "pip install -r python/requirements-test.txt (./test.sh does)"
        )
    path = pathlib.Path(pyspark.__file__).parent / "bin" / "spark-submit"
    if not path.exists():
        pytest.fail(f"pyspark {pyspark.__version__} has no spark-submit at {path}")
    return path


# ---------------------------------------------------------------------------------------------
# A small WARC from the repository's corpus pages, written here (gzip per record).


def warc_record(warc_type: str, url: str, block: bytes, content_type: str) -> bytes:
    """One WARC/1.1 record, as its own gzip member (the layout of Common Crawl's files)."""
    head = (
        "WARC/1.1\r\n"
        f"WARC-Type: {warc_type}\r\n"
        f"WARC-Record-ID: <urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, warc_type + ' ' + url)}>\r\n"
        "WARC-Date: 2026-12-01T00:00:00Z\r\n"
        f"WARC-Target-URI: {url}\r\n"
        f"Content-Type: {content_type}\r\n"
        f"Content-Length: {len(block)}\r\n"
        "\r\n"
    ).encode()
    return gzip.compress(head + block + b"\r\n\r\n", mtime=0)


def http_response(status: int, headers: list, body: bytes) -> bytes:
    lines = [f"HTTP/1.1 {status} Status"] + [f"{k}: {v}" for k, v in headers]
    lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


RESPONSE = "application/http; msgtype=response"


def corpus_pages() -> list:
    pages = sorted((REPO / "corpus").glob("*.html")) + sorted((REPO / "corpus" / "generated").glob("*.html"))
    assert len(pages) >= 10, f"corpus/ has only {len(pages)} pages"
    return pages


def write_corpus_warc(path: pathlib.Path) -> int:
    """Write the corpus pages as a crawl: one HTML response per page (charsets declared or
    not, one gzip Content-Encoding, one 404), a request, an image and one bad gzip member that
    is not a record. Returns the number of HTML responses."""
    out = []
    html = 0
    for i, page in enumerate(corpus_pages()):
        body = page.read_bytes()
        url = f"https://example.org/corpus/{page.relative_to(REPO / 'corpus').as_posix()}"
        headers = [("Server", "test")]
        status = 200
        if page.name == "windows-1252-late-meta.html":
            headers.append(("Content-Type", "text/html; charset=windows-1252"))
        elif page.parent.name == "generated" and i % 2:
            headers.append(("Content-Type", "text/html; charset=UTF-8"))
        else:
            headers.append(("Content-Type", "text/html"))
        if page.name == "news-s.html":
            body = gzip.compress(body, mtime=0)
            headers.append(("Content-Encoding", "gzip"))
        if page.name == "nul-cr-references.html":
            status = 404
        if i == 0:
            request = f"GET /corpus/{page.name} HTTP/1.1\r\nHost: example.org\r\n\r\n".encode()
            out.append(warc_record("request", url, request, "application/http; msgtype=request"))
        out.append(warc_record("response", url, http_response(status, headers, body), RESPONSE))
        html += 1
        if i == 2:
            png = b"\x89PNG\r\n\x1a\n" + bytes(64)
            out.append(
                warc_record(
                    "response",
                    "https://example.org/logo.png",
                    http_response(200, [("Content-Type", "image/png")], png),
                    RESPONSE,
                )
            )
        if i == 5:
            # A damaged stretch between records: the reader must skip it and go on.
            out.append(gzip.compress(b"this is not a WARC record\r\n\r\n", mtime=0))
    # The same Shift_JIS page served with its charset in the header.
    page = REPO / "corpus" / "shift-jis.html"
    headers = [("Content-Type", "text/html; charset=Shift_JIS")]
    out.append(
        warc_record(
            "response", "https://example.org/sjis/", http_response(200, headers, page.read_bytes()), RESPONSE
        )
    )
    html += 1
    path.write_bytes(b"".join(out))
    return html


def shared_warcs() -> list:
    """The archives of $SIMDHTML_SHARED/warc named in its MANIFEST.tsv ([] without it)."""
    manifest = shared_dir() / "warc" / "MANIFEST.tsv"
    if not manifest.exists():
        return []
    rows = manifest.read_text(encoding="utf-8").splitlines()[1:]
    return [shared_dir() / "warc" / row.split("\t", 1)[0] for row in rows if row.strip()]


# ---------------------------------------------------------------------------------------------
# The one Spark run of the module, and batch on the same files.


class Run:
    """What the example wrote (rows by file), what it said, and batch's lines by file."""

    def __init__(self, inputs, rows, counts, batch, seconds, out, batch_parquet):
        self.inputs = inputs  # the listed paths
        self.rows = rows  # path -> list of row dicts
        self.counts = counts  # the example's summary counts
        self.batch = batch  # path -> list of batch JSON objects (pages and errors)
        self.seconds = seconds
        self.out = out  # the example's Parquet output (a directory of part files)
        self.batch_parquet = batch_parquet  # batch --output FILE.parquet on the same inputs


def read_parquet(out: pathlib.Path):
    try:
        import pyarrow.parquet as pq
    except ImportError as e:
        pytest.fail(f"pyarrow is missing ({e}): pip install -r python/requirements-test.txt")
    table = pq.read_table(out)
    schema = {field.name: str(field.type) for field in table.schema}
    assert schema == COLUMNS, f"the Parquet columns differ: {schema}"
    return table.to_pylist()


@pytest.fixture(scope="module")
def spark_run(tmp_path_factory) -> Run:
    java_major_version()
    submit = spark_submit()
    work = tmp_path_factory.mktemp("spark")
    corpus_warc = work / "corpus.warc.gz"
    write_corpus_warc(corpus_warc)
    inputs = [corpus_warc] + shared_warcs()
    listing = work / "warc.paths"
    listing.write_text("".join(f"{p}\n" for p in inputs), encoding="utf-8")
    out = work / "out"

    env = dict(os.environ)
    # The executors' Python must be this one (it has simdhtml and pyspark).
    env["PYSPARK_PYTHON"] = sys.executable
    env["PYSPARK_DRIVER_PYTHON"] = sys.executable
    env.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    cmd = [
        str(submit),
        "--master",
        "local[*]",
        "--conf",
        "spark.ui.enabled=false",
        "--conf",
        "spark.log.level=WARN",
        str(EXAMPLE),
        str(listing),
        str(out),
        "--num_input_partitions",
        "4",
        "--num_output_partitions",
        "2",
    ]
    start = time.monotonic()
    proc = subprocess.run(
        cmd, env=env, capture_output=True, text=True, timeout=SPARK_TIMEOUT, check=False
    )
    seconds = time.monotonic() - start
    if proc.returncode != 0:
        pytest.fail(
            f"spark-submit exited with {proc.returncode}:\n{' '.join(cmd)}\n"
            f"--- stderr (last 4000 characters) ---\n{proc.stderr[-4000:]}"
        )
    summary = re.search(
        r"extract_warc: (\d+) files read, (\d+) failed, (\d+) pages, (\d+) record errors, "
        r"(\d+) pages failed",
        proc.stdout + proc.stderr,  # spark-submit sends the Python driver's stderr to stdout
    )
    assert summary, (
        f"no summary line from spark-submit:\n--- stdout ---\n{proc.stdout[-4000:]}\n"
        f"--- stderr ---\n{proc.stderr[-4000:]}"
    )
    counts = dict(
        zip(("files", "files_failed", "pages", "record_errors", "pages_failed"), map(int, summary.groups()))
    )

    rows = collections.defaultdict(list)
    for row in read_parquet(out):
        rows[row["warc_filename"]].append(row)

    batch = run_cli("batch", "--fields", "title,lang,text,links", *map(str, inputs))
    assert batch.returncode in (0, 1), f"batch failed ({batch.returncode}): {batch.stderr}"
    batch_parquet = work / "batch.parquet"
    written = run_cli(
        "batch", "--fields", "title,lang,text,links", "--output", str(batch_parquet), *map(str, inputs)
    )
    assert written.returncode == batch.returncode, f"batch --output: {written.stderr}"
    lines = collections.defaultdict(list)
    for line in batch.stdout.decode("utf-8").splitlines():
        obj = json.loads(line)
        lines[obj["path"]].append(obj)
    print(
        f"spark: {len(inputs)} files, {counts['pages']} rows in {seconds:.1f} s "
        f"(spark-submit, start-up included)",
        file=sys.__stderr__,
    )
    return Run(inputs, rows, counts, lines, seconds, out, batch_parquet)


# ---------------------------------------------------------------------------------------------
# The comparison.

FIELDS = ("url", "status", "title", "lang", "text", "links")


def key_and_fields(obj: dict):
    """(offset, the compared fields) of a batch page line or a Parquet row."""
    offset = obj["offset"] if "offset" in obj else obj["warc_record_offset"]
    return offset, tuple(tuple(obj[f]) if f == "links" else obj[f] for f in FIELDS)


def compare_file(path: str, rows: list, lines: list) -> list:
    """The differences between the example's rows and batch's page lines for one file."""
    expected = collections.Counter(key_and_fields(o) for o in lines if "error" not in o)
    got = collections.Counter(key_and_fields(r) for r in rows)
    problems = []
    for (offset, fields), n in (expected - got).items():
        near = [f for (o, f) in got if o == offset and f[0] == fields[0]]
        detail = ""
        if near:
            differing = [name for name, a, b in zip(FIELDS, fields, near[0]) if a != b]
            detail = f"; the row at that offset differs in {differing}"
            for name in differing:
                i = FIELDS.index(name)
                detail += f"\n    {name}: batch {fields[i]!r:.300}\n    {name}: spark {near[0][i]!r:.300}"
        problems.append(f"{path} offset {offset} url {fields[0]!r}: {n} batch page line(s) without a row{detail}")
    for (offset, fields), n in (got - expected).items():
        problems.append(f"{path} offset {offset} url {fields[0]!r}: {n} row(s) with no batch page line")
    return problems


def check_files(run: Run, paths: list) -> int:
    """Compare every file in ``paths``; returns the number of pages compared."""
    problems = []
    pages = 0
    for path in map(str, paths):
        lines = run.batch.get(path, [])
        assert lines or not run.rows.get(path), f"batch wrote nothing for {path}"
        pages += sum("error" not in o for o in lines)
        problems += compare_file(path, run.rows.get(path, []), lines)
    assert not problems, f"{len(problems)} differences:\n" + "\n".join(problems[:20])
    return pages


def test_corpus_warc_rows_match_batch(spark_run):
    paths = [p for p in spark_run.rows if p.endswith("corpus.warc.gz")]
    assert len(paths) == 1, f"no rows for the corpus WARC: {sorted(spark_run.rows)[:5]}"
    pages = check_files(spark_run, paths)
    # Every HTML response of the file is a page (the image and the request are not).
    expected_pages = len(corpus_pages()) + 1
    assert pages == expected_pages, f"batch gives {pages} pages of the corpus WARC, not {expected_pages}"
    rows = spark_run.rows[paths[0]]
    assert {r["status"] for r in rows} == {200, 404}
    assert any(r["links"] for r in rows) and all(r["text"] is not None for r in rows)
    assert any("東京の天気" == r["title"] for r in rows), "the Shift_JIS page lost its title"


def test_shared_warcs_rows_match_batch(spark_run):
    manifest = require_data(shared_dir() / "warc" / "MANIFEST.tsv", "the Spark example over shared/warc")
    paths = shared_warcs()
    assert paths, f"{manifest} lists no archives"
    pages = check_files(spark_run, paths)
    assert pages > 500, f"only {pages} pages in the shared archives"
    print(f"spark: {pages} shared pages compared with batch", file=sys.__stderr__)


def test_error_counts_match_batch(spark_run):
    """A bad record costs only itself: the example reads on past it and counts it, and its
    counts are batch's: as many record errors as batch's error lines, every file read."""
    error_lines = sum("error" in o for lines in spark_run.batch.values() for o in lines)
    page_lines = sum("error" not in o for lines in spark_run.batch.values() for o in lines)
    counts = spark_run.counts
    assert counts["files"] == len(spark_run.inputs), counts
    assert counts["files_failed"] == 0, counts
    assert counts["pages_failed"] == 0, counts
    assert counts["pages"] == page_lines, (counts, page_lines)
    assert counts["record_errors"] == error_lines, (counts, error_lines)
    assert error_lines >= 1  # the corpus WARC's damaged member at least


def test_batch_parquet_is_the_example_s_schema_and_rows(spark_run):
    """batch's Parquet file: the example's columns with the same types, the same rows (row by
    row, matched by file and offset), and batch's error records as rows with ``error`` set."""
    import pyarrow.parquet as pq

    table = pq.read_table(spark_run.batch_parquet)
    types = {field.name: str(field.type) for field in table.schema}
    mismatched = {c: (t, types.get(c)) for c, t in COLUMNS.items() if types.get(c) != t}
    assert not mismatched, f"batch's columns differ from the example's: {mismatched}"
    batch_rows = table.to_pylist()
    json_lines = [o for lines in spark_run.batch.values() for o in lines]
    assert len(batch_rows) == len(json_lines)
    errors = [r for r in batch_rows if r["error"] is not None]
    assert len(errors) == sum("error" in o for o in json_lines) >= 1
    # Row by row: every example row is one page row of batch's file, with the same values.
    spark = sorted(
        (tuple(r[c] for c in COLUMNS) for rows in spark_run.rows.values() for r in rows), key=repr
    )
    mine = sorted((tuple(r[c] for c in COLUMNS) for r in batch_rows if r["error"] is None), key=repr)
    assert len(spark) == len(mine) == spark_run.counts["pages"]
    for a, b in zip(spark, mine):
        assert a == b, f"the example's row {a!r:.300} is not batch's {b!r:.300}"


def test_batch_parquet_reads_in_duckdb(spark_run):
    try:
        import duckdb
    except ImportError as e:
        pytest.fail(f"duckdb is missing ({e}): pip install -r python/requirements-test.txt")
    path = str(spark_run.batch_parquet)
    rows, pages, links = duckdb.sql(
        "SELECT count(*), count(*) FILTER (WHERE error IS NULL), sum(len(links)) "
        f"FROM read_parquet('{path}')"
    ).fetchall()[0]
    json_lines = [o for lines in spark_run.batch.values() for o in lines]
    assert rows == len(json_lines)
    assert pages == spark_run.counts["pages"]
    assert links == sum(len(o.get("links", [])) for o in json_lines)
    # The example's directory of part files reads the same in DuckDB.
    (spark_pages,) = duckdb.sql(
        f"SELECT count(*) FROM read_parquet('{spark_run.out}/*.parquet')"
    ).fetchall()[0]
    assert spark_pages == pages


# ---------------------------------------------------------------------------------------------
# The partition function alone (no Spark): inputs by file:// and http:// URL, relative paths.


class FakeAccumulator:
    def __init__(self):
        self.value = 0

    def add(self, n):
        self.value += n


def load_example():
    spark_submit()  # the example imports pyspark: fail clearly if it is missing
    spec = importlib.util.spec_from_file_location("extract_warc", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bad_paths_are_one_line_errors_before_spark_starts(tmp_path):
    """A missing listing and an existing output directory stop the job at once (exit 2), with
    one line naming the path, instead of a Java traceback at the end of the job."""
    example = load_example()
    listing = tmp_path / "warc.paths"
    with pytest.raises(SystemExit) as missing:
        example.main([str(listing), str(tmp_path / "out")])
    assert "the listing of WARC paths does not exist" in str(missing.value.code)
    assert str(listing) in str(missing.value.code)
    listing.write_text("a.warc.gz\n")
    (tmp_path / "out").mkdir()
    with pytest.raises(SystemExit) as exists:
        example.main([str(listing), str(tmp_path / "out")])
    assert "the output directory exists already" in str(exists.value.code)


def test_partition_reads_file_and_http_urls(tmp_path):
    example = load_example()
    warc = tmp_path / "corpus.warc.gz"
    write_corpus_warc(warc)

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(tmp_path))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        counters = {
            n: FakeAccumulator()
            for n in ("files", "files_failed", "pages", "record_errors", "pages_failed")
        }
        process = example.make_partition_processor(base, False, counters)
        listing = [f"file://{warc}\n", "corpus.warc.gz\n", "# a comment\n", "\n", "missing.warc.gz\n"]
        rows = [dict(zip(example.OUTPUT_SCHEMA.names, row)) for row in process(iter(listing))]
    finally:
        server.shutdown()
        server.server_close()
    batch = run_cli("batch", "--fields", "title,lang,text,links", str(warc))
    lines = [json.loads(line) for line in batch.stdout.decode("utf-8").splitlines()]
    for uri in (f"file://{warc}", "corpus.warc.gz"):
        mine = [r for r in rows if r["warc_filename"] == uri]
        assert mine, f"no rows for {uri}"
        problems = compare_file(uri, mine, lines)
        assert not problems, "\n".join(problems[:10])
    values = {n: c.value for n, c in counters.items()}
    pages = sum("error" not in o for o in lines)
    errors = sum("error" in o for o in lines)
    # missing.warc.gz: the server's 404 is one failed file, and the partition goes on.
    assert values == {
        "files": 3,
        "files_failed": 1,
        "pages": 2 * pages,
        "record_errors": 2 * errors,
        "pages_failed": 0,
    }, values

    # --main_content: the text column is batch's main_text.
    counters = {n: FakeAccumulator() for n in counters}
    process = example.make_partition_processor(None, True, counters)
    rows = [dict(zip(example.OUTPUT_SCHEMA.names, row)) for row in process(iter([str(warc)]))]
    batch = run_cli("batch", "--fields", "main_text", str(warc))
    main = collections.Counter(
        (o["offset"], o["url"], o["main_text"])
        for o in map(json.loads, batch.stdout.decode("utf-8").splitlines())
        if "error" not in o
    )
    assert collections.Counter((r["warc_record_offset"], r["url"], r["text"]) for r in rows) == main
    assert sum(main.values()) == pages
