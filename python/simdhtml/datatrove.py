"""simdhtml as a datatrove extractor.

datatrove (Hugging Face's pipeline library for web data) turns HTML into text with extractor
steps: subclasses of ``datatrove.pipeline.extractors.base.BaseExtractor`` such as
``Trafilatura`` or ``ReadabilityInscriptis``. An extractor implements ``extract(text: str) ->
str`` (the HTML of one document in, its text out) and inherits ``run(data, rank=0,
world_size=1)``, which replaces each document's ``text`` with ``extract``'s result, drops the
documents that come out empty and counts ``extracted`` / ``timeout`` / ``clean_error`` /
``forwarded`` / ``dropped`` statistics, running ``extract`` in a sandbox process with a
per-document ``timeout`` (seconds). A pipeline calls the step as ``step(data, rank,
world_size)``, which is ``run``.

:class:`Extractor` is such a step on :func:`simdhtml.parse`, by default giving the page's main
content (``simdhtml text --main``)::

    from datatrove.pipeline.readers import WarcReader
    from simdhtml.datatrove import Extractor

    pipeline = [WarcReader("crawl/", glob_pattern="*.warc.gz"), Extractor(), ...]

When datatrove is installed, :class:`Extractor` subclasses its ``BaseExtractor`` (and so has
its ``run``, sandbox, timeout and statistics). Without datatrove this module still imports and
:class:`Extractor` is a plain class with the same constructor, ``extract``, ``run`` and
``__call__`` (running ``extract`` in the calling process, with no timeout: simdhtml's parse and
extraction take time linear in the page) and the same statistics names, so the extraction can
be used and tested outside a datatrove pipeline.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Iterator, Optional

import simdhtml

try:
    from datatrove.pipeline.extractors.base import BaseExtractor as _DatatroveBase
except ImportError:  # datatrove is not installed: the plain class below
    _DatatroveBase = None

__all__ = ["Extractor", "HAS_DATATROVE"]

#: Whether datatrove was importable, i.e. whether :class:`Extractor` is a datatrove
#: ``BaseExtractor``.
HAS_DATATROVE = _DatatroveBase is not None


class _Extraction:
    """What both forms of :class:`Extractor` share: the options and ``extract``."""

    name = "⚡ simdhtml"
    main_content: bool
    markdown: bool

    def extract(self, text: str) -> str:
        """Extract the text of one HTML document.

        Args:
            text: the document's HTML as a ``str`` (datatrove's readers decode the payload);
                it is parsed as it is, as a browser parses a decoded page.

        Returns:
            The text, one block per line, exactly as ``simdhtml text [--main] [--markdown]``
            prints it for the same page; ``""`` when there is none (``run`` then drops the
            document).
        """
        doc = simdhtml.parse(text)
        if self.markdown:
            return doc.markdown(main_content=self.main_content)
        return doc.text(main_content=self.main_content)


if _DatatroveBase is not None:

    class Extractor(_Extraction, _DatatroveBase):  # type: ignore[misc,valid-type]
        """The simdhtml extractor step: HTML in ``Document.text``, its text out.

        Args:
            main_content: give only the page's main content, the article body without
                navigation, headers, footers, sidebars, related links and comments (default;
                ``simdhtml text --main``), like datatrove's Trafilatura step; False gives all
                of the page's visible text (``simdhtml text``).
            markdown: give CommonMark with GFM tables instead of plain text
                (``simdhtml text [--main] --markdown``).
            timeout: the per-document time limit in seconds of datatrove's sandbox
                (datatrove's default, 1).

        ``run``, ``__call__``, the sandbox and the statistics are datatrove's
        ``BaseExtractor``'s.
        """

        def __init__(
            self, main_content: bool = True, markdown: bool = False, timeout: float = 1
        ) -> None:
            super().__init__(timeout)
            self.main_content = main_content
            self.markdown = markdown

else:

    class Extractor(_Extraction):  # type: ignore[no-redef]
        """The simdhtml extractor step: HTML in ``Document.text``, its text out.

        Args:
            main_content: give only the page's main content, the article body without
                navigation, headers, footers, sidebars, related links and comments (default;
                ``simdhtml text --main``), like datatrove's Trafilatura step; False gives all
                of the page's visible text (``simdhtml text``).
            markdown: give CommonMark with GFM tables instead of plain text
                (``simdhtml text [--main] --markdown``).
            timeout: kept as an attribute for datatrove's sake and not enforced: without
                datatrove there is no sandbox process, and simdhtml's parse and extraction
                take time linear in the page.

        This is the form without datatrove installed: ``run`` and ``__call__`` behave as
        datatrove's ``BaseExtractor`` ones do, in the calling process.
        """

        type = "🛢 - EXTRAC"

        def __init__(
            self, main_content: bool = True, markdown: bool = False, timeout: float = 1
        ) -> None:
            self.main_content = main_content
            self.markdown = markdown
            self.timeout = timeout
            #: Counts by datatrove's statistics names: ``total``, ``extracted``,
            #: ``clean_error``, ``forwarded``, ``dropped``.
            self.stats: Counter = Counter()

        def __repr__(self) -> str:
            return f"{self.type}: {self.name}"

        def stat_update(self, *labels: str, value: int = 1, unit: Optional[str] = None) -> None:
            """Add ``value`` to each of the counters ``labels`` (datatrove's signature)."""
            for label in labels:
                self.stats[label] += value

        def run(self, data: Optional[Iterable[Any]], rank: int = 0, world_size: int = 1) -> Iterator[Any]:
            """Replace each document's ``text`` (its HTML) with :meth:`extract`'s result.

            Args:
                data: documents, objects with a writable ``text`` attribute (datatrove's
                    ``Document``); None is no documents.
                rank, world_size: the worker's place in the pipeline (unused, as in
                    datatrove's extractors).

            Yields:
                The documents whose text is not empty, as datatrove's ``BaseExtractor.run``
                does. A document whose extraction raises is counted as ``clean_error`` and
                left out; the others count as ``extracted`` and then ``forwarded`` or
                ``dropped``.
            """
            for doc in data or ():
                self.stat_update("total")
                try:
                    doc.text = self.extract(doc.text)
                except Exception:
                    self.stat_update("clean_error")
                    continue
                self.stat_update("extracted")
                if doc.text:
                    self.stat_update("forwarded")
                    yield doc
                else:
                    self.stat_update("dropped")

        def __call__(self, data: Optional[Iterable[Any]] = None, rank: int = 0, world_size: int = 1) -> Iterator[Any]:
            """The same as :meth:`run`, as a datatrove pipeline calls its steps."""
            return self.run(data, rank, world_size)
