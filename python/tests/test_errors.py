"""Bad input gives clear Python exceptions: lone surrogates, unknown encoding labels, bad
selectors (with the command's message), archives that do not exist, wrong argument types.
"""

from __future__ import annotations

import io
import pathlib

import pytest

import simdhtml
from helpers import cli_error, cli_select, repo_pages, stderr_text, warc_dir

PAGE = repo_pages()[0]

BAD_SELECTORS = [
    "p[",
    "p:hovr",
    "::befor",
    "svg|rect",
    "",
    "a >",
    "div,,p",
    "p:nth-child(x)",
    "#",
    "[a=]",
    ":not(",
    "a:unknown-pseudo",
    ">p",
    "p!",
    "\u00e9:\u00e9",
]


def test_exception_classes():
    assert issubclass(simdhtml.SelectorError, ValueError)
    assert issubclass(simdhtml.WarcError, ValueError)
    assert simdhtml.SelectorError is not simdhtml.WarcError


# --- lone surrogates -------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["\ud800", "<p>a\udfffb</p>", "<!DOCTYPE html><title>\udc80</title>"])
def test_str_with_lone_surrogates(text):
    """A str that is not valid Unicode text raises UnicodeEncodeError (a ValueError) saying so."""
    with pytest.raises(UnicodeEncodeError) as info:
        simdhtml.parse(text)
    assert "surrogate" in str(info.value).lower(), str(info.value)


@pytest.mark.parametrize(
    "call",
    [
        lambda doc: doc.select("p\ud800"),
        lambda doc: doc.select_one("p\ud800"),
        lambda doc: doc.root.select("p\ud800"),
        lambda doc: simdhtml.parse(b"<p>", base_url="https://example.org/\ud800"),
        lambda doc: simdhtml.parse(b"<p>", encoding="utf-8\ud800"),
    ],
    ids=["select", "select_one", "element-select", "base_url", "encoding"],
)
def test_other_str_arguments_with_lone_surrogates(call):
    doc = simdhtml.parse(b"<!DOCTYPE html><p>x")
    with pytest.raises(ValueError):
        call(doc)


# --- encoding labels -------------------------------------------------------------------------


@pytest.mark.parametrize("label", ["bogus-label", "utf-9", "latin-1-x", ""])
def test_unknown_encoding_label(label):
    """An encoding label the WHATWG Encoding Standard does not know is a ValueError naming it
    (the command refuses it too)."""
    cli_error("text", "--encoding", label, str(PAGE))
    for data in (b"<p>x", "<p>x"):
        with pytest.raises(ValueError) as info:
            simdhtml.parse(data, encoding=label)
        assert repr(label) in str(info.value) or f'"{label}"' in str(info.value), str(info.value)


def test_unknown_encoding_label_in_record_parse():
    folder = warc_dir()
    record = next(iter(simdhtml.iter_warc(folder / "ia-web-commons-html-lang-attribute.warc")))
    with pytest.raises(ValueError) as info:
        record.parse(encoding="bogus-label")
    assert "bogus-label" in str(info.value)


# --- selectors --------------------------------------------------------------------------------


@pytest.mark.parametrize("css", BAD_SELECTORS)
def test_bad_selector_message_is_the_commands(css):
    """select / select_one (on the Document and on an Element) raise SelectorError with the
    message `simdhtml select CSS PAGE` prints on stderr, without its `simdhtml: ` prefix."""
    expected = cli_error("select", "--", css, str(PAGE))
    doc = simdhtml.parse(PAGE.read_bytes())
    for call in (doc.select, doc.select_one, doc.root.select, doc.root.select_one):
        with pytest.raises(simdhtml.SelectorError) as info:
            call(css)
        assert str(info.value) == expected


@pytest.mark.parametrize("css", ["*|p", "|p", ":scope > *", "p:nth-child(2n+1 of .x)", ":is(h1, h2):not(.x)"])
def test_selectors_the_command_takes_do_not_raise(css):
    doc = simdhtml.parse(PAGE.read_bytes())
    assert len(doc.select(css)) == len(cli_select(css, [PAGE])[str(PAGE)])


# --- archives ---------------------------------------------------------------------------------


def test_missing_archive_raises_oserror_with_the_path(tmp_path):
    path = tmp_path / "no-such-dir" / "missing.warc.gz"
    for arg in (str(path), path):
        with pytest.raises(OSError) as info:
            list(simdhtml.iter_warc(arg))
        assert str(path) in str(info.value) or info.value.filename == str(path), str(info.value)
        assert isinstance(info.value, FileNotFoundError), type(info.value)


def test_bad_errors_argument():
    path = warc_dir() / "ia-web-commons-html-lang-attribute.warc"
    with pytest.raises(ValueError):
        list(simdhtml.iter_warc(path, errors="ignore-everything"))


# --- argument types ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [123, None, 1.5, ["<p>"], [60, 112, 62], {"a": 1}, object(), pathlib.Path("page.html")],
    ids=["int", "None", "float", "list-of-str", "list-of-int", "dict", "object", "Path"],
)
def test_parse_takes_bytes_or_str_only(data):
    with pytest.raises(TypeError):
        simdhtml.parse(data)


@pytest.mark.parametrize(
    "kw",
    [{"encoding": 5}, {"base_url": 5}, {"scripting": "yes"}, {"encoding": b"utf-8"}],
    ids=["encoding-int", "base_url-int", "scripting-str", "encoding-bytes"],
)
def test_parse_keyword_types(kw):
    with pytest.raises(TypeError):
        simdhtml.parse(b"<p>x", **kw)


def test_parse_keywords_are_keyword_only():
    with pytest.raises(TypeError):
        simdhtml.parse(b"<p>x", "utf-8")


def test_select_takes_str():
    doc = simdhtml.parse(b"<p>x")
    for bad in (5, None, b"p"):
        with pytest.raises(TypeError):
            doc.select(bad)
        with pytest.raises(TypeError):
            doc.root.select(bad)


@pytest.mark.parametrize(
    "source",
    [123, None, 1.5, io.StringIO("WARC/1.0\r\n\r\n")],
    ids=["int", "None", "float", "text-file"],
)
def test_iter_warc_takes_a_path_or_a_binary_file(source):
    with pytest.raises(TypeError):
        list(simdhtml.iter_warc(source))


def test_invalid_base_url_is_refused_as_by_batch():
    """`batch --base 'not a url'` is refused (not an absolute URL); so is base_url='not a url'."""
    from conftest import run_cli

    proc = run_cli("batch", "--base", "not a url", str(PAGE))
    assert proc.returncode != 0
    assert "not an absolute URL" in stderr_text(proc)
    with pytest.raises(ValueError) as info:
        simdhtml.parse(b"<a href=x>", base_url="not a url")
    assert "not a url" in str(info.value)


def test_record_parse_refuses_unknown_keywords():
    """WarcRecord.parse takes parse()'s keywords (encoding, base_url, scripting) and no others."""
    record = next(iter(simdhtml.iter_warc(warc_dir() / "ia-web-commons-html-lang-attribute.warc")))
    record.parse(encoding="utf-8", base_url="https://example.org/", scripting=False)
    with pytest.raises(TypeError):
        record.parse(no_such_keyword=1)
    with pytest.raises(TypeError):
        record.parse("utf-8")
