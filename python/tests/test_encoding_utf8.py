"""The author's encoding (issue 24): a page that declares no encoding (no BOM, HTTP charset or
`<meta>` prescan) and is valid UTF-8 throughout is UTF-8, even when its first 16 KiB (the
guess's window) are ASCII, in `parse`, `record.parse`, `iter_warc` records and `simdhtml.cc`,
as the command reads files and records; `guess_utf8=False` keeps a browser's reading of a page
from the network (windows-1252 mojibake)."""

from __future__ import annotations

import pytest

import simdhtml
from simdhtml.cc import HTMLParser

DASH_TEXT = "Un tiret \u2014 et un caf\u00e9."
MOJIBAKE = DASH_TEXT.encode("utf-8").decode("windows-1252")


def long_ascii_head_then(tail: bytes) -> bytes:
    """A page whose first 16 KiB are ASCII (a long <head> of scripts), then `tail`."""
    head = b"<!doctype html><title>t</title><script>var x = 1;"
    head += b" " * (16 * 1024 + 200 - len(head))
    return head + b"</script><p>" + tail


PAGE = long_ascii_head_then(DASH_TEXT.encode("utf-8"))


def cli_text(*flags: str, data: bytes) -> str:
    from conftest import run_cli

    proc = run_cli("text", *flags, "-", input=data)
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    return proc.stdout.decode("utf-8")


def test_encoding_utf8_after_an_ascii_head_is_utf8():
    doc = simdhtml.parse(PAGE)
    assert doc.encoding == "UTF-8"
    assert doc.text() == DASH_TEXT + "\n"
    assert doc.text() == cli_text(data=PAGE)
    network = simdhtml.parse(PAGE, guess_utf8=False)
    assert network.encoding == "windows-1252"
    assert network.text() == MOJIBAKE + "\n"
    assert network.text() == cli_text("--no-guess-utf8", data=PAGE)


def test_encoding_invalid_utf8_after_an_ascii_head_falls_back_to_the_guess():
    page = PAGE + b"<p>\xff"
    doc = simdhtml.parse(page)
    assert doc.encoding == "windows-1252"
    assert doc.text().startswith(MOJIBAKE)
    assert doc.text() == cli_text(data=page)


def warc_with(body: bytes, content_type: str) -> bytes:
    block = f"HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\n\r\n".encode() + body
    header = (
        "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: https://example.test/a\r\n"
        "WARC-Date: 2024-01-01T00:00:00Z\r\nWARC-Record-ID: <urn:uuid:a>\r\n"
        f"Content-Type: application/http; msgtype=response\r\nContent-Length: {len(block)}\r\n\r\n"
    ).encode()
    return header + block + b"\r\n\r\n"


@pytest.mark.parametrize("as_file", [False, True])
def test_encoding_an_undeclared_utf8_record_reads_as_the_bytes_in_a_file(tmp_path, as_file):
    warc = tmp_path / "undeclared.warc"
    warc.write_bytes(warc_with(PAGE, "text/html"))
    source = warc if as_file else open(warc, "rb")
    try:
        (record,) = list(simdhtml.iter_warc(source))
    finally:
        if not as_file:
            source.close()
    assert record.charset is None
    doc = record.parse()
    assert doc.encoding == "UTF-8"
    assert doc.text() == simdhtml.parse(PAGE).text() == DASH_TEXT + "\n"
    network = record.parse(guess_utf8=False)
    assert network.encoding == "windows-1252"
    assert network.text() == MOJIBAKE + "\n"
    # The HTTP charset declares: it wins over the whole-input check.
    warc.write_bytes(warc_with(PAGE, "text/html; charset=iso-8859-1"))
    (declared,) = list(simdhtml.iter_warc(warc))
    assert declared.parse().encoding == "windows-1252"


def test_encoding_cc_parser_reads_undeclared_utf8_as_utf8():
    parser = HTMLParser()
    tree = parser.get_html_tree(PAGE)
    assert tree.encoding == "UTF-8"
    assert parser.html_to_text(tree) == DASH_TEXT + "\n"
    network = parser.get_html_tree(PAGE, guess_utf8=False)
    assert network.encoding == "windows-1252"
