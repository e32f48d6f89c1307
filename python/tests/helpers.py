"""What the API tests compare with: the `simdhtml` command's output on the same pages and
archives, run once per page set and mode and cached for the session.

``conftest.py`` has the fixtures (where the shared data and the command are); this module has
the page lists and the command's results, parsed (`batch`'s JSON lines, `select`'s JSON lines,
`text` and `html` output), so that every test compares the Python call with what the command
prints for the same bytes.
"""

from __future__ import annotations

import csv
import functools
import json
import pathlib
from concurrent.futures import ThreadPoolExecutor

from conftest import REPO, require_data, run_cli, shared_dir

#: The bases that `links()` / `meta` are checked with (`batch --base`).
BASE_URL = "https://example.org/dir/page.html"


# --- page sets -----------------------------------------------------------------------------


def repo_pages() -> list[pathlib.Path]:
    """The repository's own pages (corpus/, always there)."""
    pages = sorted(p for p in (REPO / "corpus").rglob("*") if p.suffix in (".html", ".htm"))
    assert pages, f"no pages under {REPO / 'corpus'}"
    return pages


def shared_pages() -> list[pathlib.Path]:
    """The shared corpus ($SIMDHTML_SHARED/corpus, 279 pages): skipped (or failed under CI) when
    it is missing."""
    folder = require_data(shared_dir() / "corpus", "the shared corpus")
    pages = sorted(p for p in folder.iterdir() if p.suffix in (".html", ".htm"))
    assert len(pages) == 279, f"{folder}: {len(pages)} pages, the shared corpus has 279"
    return pages


def page_id(path: pathlib.Path) -> str:
    try:
        return str(path.relative_to(REPO))
    except ValueError:
        return path.name


# --- the command's output ------------------------------------------------------------------


def stderr_text(proc) -> str:
    """The command's standard error as text (run_cli captures it as bytes)."""
    err = proc.stderr
    return err.decode("utf-8", "replace") if isinstance(err, bytes) else err


def _check(proc, what: str) -> bytes:
    if proc.returncode != 0:
        raise AssertionError(f"`simdhtml {what}` failed ({proc.returncode}): {stderr_text(proc)}")
    return proc.stdout


@functools.lru_cache(maxsize=None)
def _batch(files: tuple[str, ...], fields: str, extra: tuple[str, ...]) -> tuple[dict, ...]:
    proc = run_cli("batch", "--jobs", "2", "--fields", fields, *extra, *files)
    # Exit status 1 means that some input failed: the caller looks at the error records.
    if proc.returncode not in (0, 1):
        raise AssertionError(f"`simdhtml batch` failed ({proc.returncode}): {stderr_text(proc)}")
    return tuple(json.loads(line) for line in proc.stdout.splitlines())


def batch_pages(
    pages: list[pathlib.Path], fields: str, *, base: str | None = None, encoding: str | None = None
) -> dict[str, dict]:
    """`simdhtml batch --fields FIELDS [--base] [--encoding] PAGES...` (one process), as
    {path: record}; every page must give exactly one record, in input order, without error."""
    extra: tuple[str, ...] = ()
    if base is not None:
        extra += ("--base", base)
    if encoding is not None:
        extra += ("--encoding", encoding)
    files = tuple(str(p) for p in pages)
    records = _batch(files, fields, extra)
    assert [r["path"] for r in records] == list(files), "batch records out of input order"
    for r in records:
        assert "error" not in r, f"batch: {r}"
    return dict(zip(files, records))


def batch_raw(files: list[str], fields: str, *extra: str) -> tuple[dict, ...]:
    """`simdhtml batch --fields FIELDS EXTRA... FILES...`: every JSON line, error records included."""
    return _batch(tuple(files), fields, tuple(extra))


def _parallel(fn, items):
    # The command is one process per page here; two at a time (the machine is shared).
    with ThreadPoolExecutor(2) as pool:
        return list(pool.map(fn, items))


@functools.lru_cache(maxsize=None)
def _cli_output(args: tuple[str, ...]) -> str:
    return _check(run_cli(*args), " ".join(args)).decode("utf-8")


def cli_output(*args: str) -> str:
    """The command's standard output (UTF-8) for ARGS; it must succeed."""
    return _cli_output(tuple(args))


def cli_outputs(pages: list[pathlib.Path], *args: str) -> dict[str, str]:
    """`simdhtml ARGS... PAGE` for each page (one process per page), as {path: stdout}."""
    outs = _parallel(lambda p: cli_output(*args, str(p)), pages)
    return {str(p): o for p, o in zip(pages, outs)}


@functools.lru_cache(maxsize=None)
def _select(css: str, files: tuple[str, ...], extra: tuple[str, ...]) -> dict[str, list[dict]]:
    out = _check(run_cli("select", *extra, "--", css, *files), f"select {css!r}")
    matches: dict[str, list[dict]] = {f: [] for f in files}
    for line in out.splitlines():
        record = json.loads(line)
        matches[record["path"]].append(record)
    return matches


def cli_select(css: str, pages: list[pathlib.Path], *extra: str) -> dict[str, list[dict]]:
    """`simdhtml select [EXTRA] CSS PAGES...` (one process): {path: [match records]}."""
    return _select(css, tuple(str(p) for p in pages), tuple(extra))


@functools.lru_cache(maxsize=None)
def _select_count(css: str, files: tuple[str, ...]) -> dict[str, int]:
    out = _check(run_cli("select", "--count", "--", css, *files), f"select --count {css!r}")
    counts = {}
    for line in out.decode("utf-8").splitlines():
        path, n = line.rsplit("\t", 1)
        counts[path] = int(n)
    return counts


def cli_select_count(css: str, pages: list[pathlib.Path]) -> dict[str, int]:
    return _select_count(css, tuple(str(p) for p in pages))


def cli_select_stdin(css: str, html: str, *extra: str) -> list[dict]:
    """`simdhtml select CSS -` with HTML (UTF-8) on standard input."""
    proc = run_cli("select", *extra, "--", css, "-", input=html.encode("utf-8"))
    return [json.loads(line) for line in _check(proc, f"select {css!r} -").splitlines()]


def cli_error(*args: str, input: bytes | None = None) -> str:
    """The message of a command that must fail: its stderr without the `simdhtml: ` prefix."""
    proc = run_cli(*args, input=input)
    assert proc.returncode != 0, f"`simdhtml {' '.join(args)}` was expected to fail"
    message = stderr_text(proc).strip()
    assert message.startswith("simdhtml: "), f"unexpected stderr {message!r}"
    assert "\n" not in message, f"more than one line on stderr: {message!r}"
    return message[len("simdhtml: "):]


# --- archives ------------------------------------------------------------------------------


def warc_dir() -> pathlib.Path:
    return require_data(shared_dir() / "warc", "the shared web archives")


def warc_manifest() -> list[dict]:
    """MANIFEST.tsv of the shared archives, one dict per file."""
    path = require_data(warc_dir() / "MANIFEST.tsv", "the shared archives' manifest")
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    assert len(rows) == 107, f"{path}: {len(rows)} archives, the manifest lists 107"
    return rows


def manifest_types(row: dict) -> dict[str, int]:
    """The manifest's `records` column (`warcinfo:1 response:5`) as {type: count}."""
    out: dict[str, int] = {}
    for item in row["records"].split():
        if item == "(none)":
            continue
        name, n = item.rsplit(":", 1)
        out[name] = int(n)
    return out


WARC_FIELDS = "title,lang,links"


def batch_archive(path: pathlib.Path | str, *extra: str) -> list[dict]:
    """`simdhtml batch --fields title,lang,links [EXTRA] ARCHIVE`: every line for it, in order."""
    return list(batch_raw([str(path)], WARC_FIELDS, *extra))


@functools.lru_cache(maxsize=1)
def batch_all_archives() -> dict[str, list[dict]]:
    """The batch lines of every archive in the manifest, one process: {file name: [lines]}."""
    folder = warc_dir()
    names = [row["file"] for row in warc_manifest()]
    records = batch_raw([str(folder / n) for n in names], WARC_FIELDS)
    by_name: dict[str, list[dict]] = {n: [] for n in names}
    for r in records:
        by_name[pathlib.Path(r["path"]).name].append(r)
    return by_name


def http_charset(content_type: str | None) -> str | None:
    """The `charset` parameter of a Content-Type header value, as written (quotes removed)."""
    if not content_type:
        return None
    for param in content_type.split(";")[1:]:
        name, _, value = param.partition("=")
        if name.strip().lower() == "charset":
            value = value.strip()
            if len(value) >= 2 and value[0] == value[-1] == '"':
                value = value[1:-1]
            return value or None
    return None


# --- comparison ----------------------------------------------------------------------------


def describe_difference(expected, got) -> str:
    """A short account of how two values differ (for strings: where, with context)."""
    if isinstance(expected, str) and isinstance(got, str):
        n = next(
            (i for i, (a, b) in enumerate(zip(expected, got)) if a != b),
            min(len(expected), len(got)),
        )
        lo = max(0, n - 40)
        return (
            f"lengths {len(expected)} (expected) vs {len(got)} (got), first difference at "
            f"{n}: expected ...{expected[lo:n + 40]!r}, got ...{got[lo:n + 40]!r}"
        )
    text_e, text_g = repr(expected), repr(got)
    if len(text_e) > 600 or len(text_g) > 600:
        if isinstance(expected, (list, tuple)) and isinstance(got, (list, tuple)):
            for i, (a, b) in enumerate(zip(expected, got)):
                if a != b:
                    return f"lengths {len(expected)} vs {len(got)}; item {i}: expected {a!r}, got {b!r}"
            return f"lengths {len(expected)} (expected) vs {len(got)} (got)"
        return f"expected {text_e[:600]}..., got {text_g[:600]}..."
    return f"expected {text_e}, got {text_g}"


class Mismatches:
    """Collects differences over many pages, so that one test reports all of them."""

    def __init__(self, what: str):
        self.what = what
        self.items: list[str] = []
        self.checked = 0

    def check(self, where: str, expected, got) -> bool:
        self.checked += 1
        if expected != got:
            self.items.append(f"{where}: {describe_difference(expected, got)}")
            return False
        return True

    def fail(self, where: str, message: str) -> None:
        self.checked += 1
        self.items.append(f"{where}: {message}")

    def assert_none(self) -> None:
        assert self.checked > 0, f"{self.what}: nothing was checked"
        if self.items:
            shown = "\n".join(self.items[:25])
            more = f"\n... and {len(self.items) - 25} more" if len(self.items) > 25 else ""
            raise AssertionError(
                f"{self.what}: {len(self.items)} of {self.checked} checks differ:\n{shown}{more}"
            )


def read_bytes(path: pathlib.Path | str) -> bytes:
    with open(path, "rb") as f:
        return f.read()


@functools.lru_cache(maxsize=None)
def document(path: pathlib.Path):
    """`simdhtml.parse(PAGE's bytes)` with the default options, parsed once per session (a
    Document is immutable; the tests that pass options parse again)."""
    import simdhtml

    return simdhtml.parse(read_bytes(path))


#: An archive that decompresses 1.7 KB into 512 MB (23 records of 4 KiB to 256 MiB, two of
#: them over max_bytes): read once where it is needed, not in every pass over the archives.
ARCHIVE_BOMB = "slyrz-warc-bench.warc.bz2"
