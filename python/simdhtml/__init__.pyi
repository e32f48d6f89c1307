"""Type stubs of simdhtml (the native module simdhtml._simdhtml, re-exported here)."""

import os
from typing import Any, BinaryIO, Iterator, Literal, Optional, TypeVar, Union, overload

__version__: str

_T = TypeVar("_T")

class SelectorError(ValueError):
    """A CSS selector that does not parse; the message says why and where."""

class WarcError(ValueError):
    """Bytes of an archive that are not a good record, or a record over ``max_bytes``."""

    path: str
    """The archive (its path, or the file object's ``name``)."""
    offset: int
    """Where the bad bytes start (a file offset, or the start of their gzip member)."""
    reason: str
    """The message without the path and offset."""

def language(text: str) -> Optional[tuple[str, float]]:
    """The language ``text`` is written in, detected from its first 4,096 bytes: ``(ISO 639-1
    code, score in 0..1)``, or ``None`` when the text has no letters to tell by."""

def parse(
    data: Union[bytes, bytearray, memoryview, str],
    *,
    encoding: Optional[str] = None,
    base_url: Optional[str] = None,
    scripting: bool = True,
    guess_utf8: bool = True,
    content_language: Optional[str] = None,
) -> Document:
    """Parses an HTML document as a browser does (HTML Standard 13.2). ``data`` is the page
    itself, not a path.

    Bytes are decoded with the encoding sniffing algorithm, ``encoding`` being the transport
    (HTTP) charset; with ``guess_utf8`` (the default, as browsers read local files and as the
    command reads files and archive records) a page that declares nothing (no BOM, charset or
    ``<meta>`` prescan) is UTF-8 when it is valid UTF-8 throughout (the author's encoding; the
    first 50 MiB of a longer one), else the guess from its first 16 KiB may say UTF-8; without
    it (a page from the network) neither happens; a ``str`` is parsed as it is. ``base_url`` is what links and metadata
    URLs are resolved against. ``content_language`` is the transport layer's
    ``Content-Language`` (an HTTP header's value, as given: ``"de-CH"``), the language that
    ``:lang()`` gives an element with no ``lang``/``xml:lang`` on it or an ancestor in a page
    with no ``<meta http-equiv=content-language>`` (HTML 3.2.6.2); one naming several
    languages (``"de, fr"``) leaves the language unknown. Raises ``ValueError`` (unknown encoding label, bad base URL),
    ``UnicodeEncodeError`` (a ``str`` with lone surrogates), ``TypeError``.
    """

class Document:
    """A parsed document (immutable; may be shared between threads)."""

    @property
    def encoding(self) -> str:
        """The encoding the bytes were decoded with (WHATWG name, e.g. ``"UTF-8"``)."""
    @property
    def title(self) -> Optional[str]:
        """``document.title``, or ``None``."""
    @property
    def lang(self) -> Optional[str]:
        """The ``lang`` of the ``<html>`` element, or ``None``."""
    @property
    def quirks_mode(self) -> Literal["no-quirks", "quirks", "limited-quirks"]:
        """The document's mode."""
    @property
    def truncated(self) -> bool:
        """Whether the parse stopped at its node budget."""
    @property
    def root(self) -> Optional[Element]:
        """The document element (``<html>``)."""
    @property
    def meta(self) -> dict[str, Any]:
        """The page's metadata, as ``batch``'s ``meta`` field."""
    @property
    def page_type(
        self,
    ) -> Literal[
        "article", "forum", "product", "collection", "listing", "documentation", "service", "other"
    ]:
        """The kind of page, as ``batch``'s ``page_type`` field."""
    def text(self, main_content: bool = False) -> str:
        """The visible text (or the main content's), as ``simdhtml text [--main]``."""
    def markdown(self, main_content: bool = False) -> str:
        """The page (or its main content) as Markdown, as ``simdhtml text --markdown``."""
    def language(self) -> Optional[tuple[str, float]]:
        """The main content's language, detected from its text: ``(ISO 639-1 code, score in
        0..1)``, or ``None`` without letters; ``batch``'s ``language`` and
        ``language_score``."""
    def links(self) -> list[str]:
        """The links, resolved against ``<base href>`` and ``base_url``, as ``batch``'s."""
    def select(self, css: str) -> list[Element]:
        """The elements that match ``css``, in document order. Raises ``SelectorError``."""
    def select_one(self, css: str) -> Optional[Element]:
        """The first element that matches ``css``, or ``None``."""
    def html(self) -> str:
        """The document serialised (HTML Standard 13.3)."""

class Element:
    """An element of a ``Document`` (keeps it alive); equal when the same node."""

    @property
    def tag(self) -> str:
        """The local name (``"div"``, ``"foreignObject"``)."""
    @property
    def attrs(self) -> dict[str, str]:
        """The attributes in order (foreign ones by qualified name); a new dict each call."""
    @property
    def parent(self) -> Optional[Element]:
        """The parent element, or ``None``."""
    @property
    def children(self) -> list[Element]:
        """The child elements."""
    @overload
    def get(self, name: str) -> Optional[str]:
        """The first attribute with qualified name ``name`` (``getAttribute``), or ``None``."""
    @overload
    def get(self, name: str, default: _T) -> Union[str, _T]: ...
    def text(self) -> str:
        """The element's text, as ``simdhtml text`` writes it."""
    def html(self) -> str:
        """``outerHTML``."""
    def inner_html(self) -> str:
        """``innerHTML``."""
    def select(self, css: str) -> list[Element]:
        """The descendants that match ``css``. Raises ``SelectorError``."""
    def select_one(self, css: str) -> Optional[Element]:
        """The first descendant that matches ``css``, or ``None``."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class WarcRecord:
    """One record of an archive."""

    url: Optional[str]
    record_id: Optional[str]
    date: Optional[str]
    record_type: str
    status: Optional[int]
    content_type: Optional[str]
    charset: Optional[str]
    content_language: Optional[str]
    offset: int
    offset_in_member: Optional[int]
    truncated: Optional[str]
    body: bytes
    def parse(
        self,
        *,
        encoding: Optional[str] = ...,
        base_url: Optional[str] = ...,
        scripting: bool = True,
        guess_utf8: bool = True,
        content_language: Optional[str] = ...,
    ) -> Document:
        """Parses ``body`` with the HTTP charset, the record's URL and the HTTP
        ``Content-Language`` (what ``:lang()`` falls back to) as defaults, as
        :func:`parse` does and ``batch`` reads records: with ``guess_utf8`` (the default) a
        record that declares no encoding and is valid UTF-8 throughout is UTF-8, the same text
        as its bytes read as a file; ``guess_utf8=False`` reads it as a page from the network
        (never UTF-8 by a guess, ``batch --no-guess-utf8``)."""

class WarcIterator(Iterator[WarcRecord]):
    """What ``iter_warc`` returns."""

    @property
    def errors(self) -> list[tuple[int, str]]:
        """The errors skipped so far (``errors="skip"``), as ``(offset, message)``."""
    def __iter__(self) -> WarcIterator: ...
    def __next__(self) -> WarcRecord: ...

def iter_warc(
    source: Union[str, os.PathLike[str], BinaryIO],
    *,
    html_only: bool = True,
    errors: Literal["raise", "skip"] = "raise",
    max_bytes: int = 67108864,
) -> WarcIterator:
    """The records of a WARC or ARC archive (a path or a binary file object), in file order;
    with ``html_only``, those ``simdhtml batch`` writes a page line for. The gzip members of an
    archive given by its path are inflated on a thread of their own, beside the iterating one."""
