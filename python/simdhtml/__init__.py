"""simdhtml: a browser-exact HTML parser (WHATWG HTML Standard 13.2) for Python.

``parse`` builds the tree a browser builds for a page; ``Document`` and ``Element`` give its
text, Markdown, links, metadata and CSS selector matches; ``iter_warc`` reads WARC and ARC web
archives with the same rules as the ``simdhtml batch`` command. ``simdhtml.cc`` and
``simdhtml.datatrove`` have the shapes that cc-pyspark and datatrove load.

The work is done by the Rust crate, with the GIL released while parsing and extracting, so
threads scale. Documents are immutable and may be shared between threads.
"""

from ._simdhtml import (
    Document,
    Element,
    SelectorError,
    WarcError,
    WarcIterator,
    WarcRecord,
    __version__,
    iter_warc,
    language,
    parse,
)

__all__ = [
    "Document",
    "Element",
    "SelectorError",
    "WarcError",
    "WarcIterator",
    "WarcRecord",
    "__version__",
    "iter_warc",
    "language",
    "parse",
]
