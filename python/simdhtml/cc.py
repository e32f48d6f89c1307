"""simdhtml as a cc-pyspark HTML parser.

cc-pyspark (Common Crawl's PySpark examples) plugs an HTML parser into its jobs through a small
class named ``HTMLParser`` with two methods (its ``bs4_parser.py`` and ``resiliparse_parser.py``
modules; ``cc_index_word_count.py`` chooses one with ``--html_parser``)::

    parser = HTMLParser()
    tree = parser.get_html_tree(page, encoding=encoding)   # page: the payload bytes
    text = parser.html_to_text(tree)

where ``encoding`` is the charset Common Crawl identified for the record (the WARC header
``WARC-Identified-Content-Charset``, or ``charset-detected`` in the metadata record), or None.
:class:`HTMLParser` here has the same shape, backed by :func:`simdhtml.parse`: the tree is a
:class:`simdhtml.Document` and the text is exactly what ``simdhtml text`` prints for the page.

To use it from cc-pyspark, ship a one-line module with the job (``--py-files``), e.g.
``simdhtml_parser.py`` containing ``from simdhtml.cc import HTMLParser``, and add the name to
the job's ``get_html_parser`` choices, or import :class:`HTMLParser` from here directly.
"""

from __future__ import annotations

from typing import Any, Optional, Union

import simdhtml

__all__ = ["HTMLParser"]


class HTMLParser:
    """The cc-pyspark HTML parser interface (``get_html_tree`` / ``html_to_text``) on simdhtml.

    Args:
        main_content: the default of :meth:`html_to_text`'s ``main_content``: give only the
            page's main content (the article body without navigation, headers, footers, ...;
            ``simdhtml text --main``) instead of all of its visible text.
        markdown: the default of :meth:`html_to_text`'s ``markdown``: give CommonMark (with GFM
            tables) instead of plain text (``simdhtml text --markdown``).
        strict_encoding: when False (the default), an ``encoding`` that is not a known WHATWG
            encoding label is ignored and the page's bytes are sniffed as if none had been
            given, as BeautifulSoup and Resiliparse carry on with an unusable charset; when
            True, :meth:`get_html_tree` raises the ValueError of :func:`simdhtml.parse`.

    cc-pyspark creates the parser with no arguments; the defaults give its behaviour (all the
    visible text, plain). Instances hold no state beyond these options: one can be shared by
    threads and pickled to Spark executors.
    """

    def __init__(
        self, *, main_content: bool = False, markdown: bool = False, strict_encoding: bool = False
    ) -> None:
        self.main_content = main_content
        self.markdown = markdown
        self.strict_encoding = strict_encoding

    def __repr__(self) -> str:
        return (
            f"simdhtml.cc.HTMLParser(main_content={self.main_content!r}, "
            f"markdown={self.markdown!r}, strict_encoding={self.strict_encoding!r})"
        )

    def get_html_tree(
        self, page: Union[bytes, str], encoding: Optional[str] = None, **kwargs: Any
    ) -> simdhtml.Document:
        """Parse a page into a :class:`simdhtml.Document`.

        Args:
            page: the page, normally the record's payload bytes; they are decoded as a browser
                does (BOM, then ``encoding``, then the ``<meta>`` prescan, then a guess). A
                ``str`` is parsed as it is and ``encoding`` is not used.
            encoding: the charset the page was served or identified with (cc-pyspark passes
                ``WARC-Identified-Content-Charset``), or None to sniff it. A BOM still wins, as
                in a browser.
            **kwargs: passed to :func:`simdhtml.parse`: ``base_url`` (the address that
                relative links are resolved against, normally the record's URL),
                ``scripting`` (default True) and ``guess_utf8`` (default True: a page that
                declares no encoding and is valid UTF-8 throughout is UTF-8, the author's
                encoding, as ``simdhtml batch`` reads records; False reads it as a browser reads
                a page from the network, never UTF-8 by a guess).
                Anything else is a TypeError.

        Returns:
            The parsed document.

        Raises:
            ValueError: ``encoding`` is not an encoding label and ``strict_encoding`` is set.
        """
        if encoding is not None and not isinstance(page, str):
            try:
                return simdhtml.parse(page, encoding=encoding, **kwargs)
            except ValueError:
                # For bytes, the only ValueError of parse() is an unknown encoding label.
                if self.strict_encoding:
                    raise
        return simdhtml.parse(page, **kwargs)

    def html_to_text(
        self,
        tree: Union[simdhtml.Document, simdhtml.Element],
        *,
        main_content: Optional[bool] = None,
        markdown: Optional[bool] = None,
    ) -> str:
        """The text of a tree from :meth:`get_html_tree`.

        Args:
            tree: a :class:`simdhtml.Document`, or an :class:`simdhtml.Element` of one (for an
                element only its visible text is available: no ``main_content``, no
                ``markdown``).
            main_content: only the main content (``simdhtml text --main``); None takes the
                parser's default.
            markdown: CommonMark with GFM tables (``simdhtml text --markdown``); None takes the
                parser's default.

        Returns:
            The text, one block (paragraph, heading, list item, table row, ...) per line, as
            ``simdhtml text [--main] [--markdown]`` prints it: all of the page's visible text
            by the default style sheet (scripts, styles, ``<head>`` and hidden elements left
            out), or its main content.

        Raises:
            TypeError: ``main_content`` or ``markdown`` asked of an element, or ``tree`` is
                neither a Document nor an Element.
        """
        main = self.main_content if main_content is None else main_content
        md = self.markdown if markdown is None else markdown
        if isinstance(tree, simdhtml.Document):
            if md:
                return tree.markdown(main_content=main)
            return tree.text(main_content=main)
        if isinstance(tree, simdhtml.Element):
            if main or md:
                raise TypeError(
                    "html_to_text: main_content and markdown need the Document "
                    "(get_html_tree's result), not an Element"
                )
            return tree.text()
        raise TypeError(
            f"html_to_text: expected a simdhtml.Document or simdhtml.Element, "
            f"got {type(tree).__name__}"
        )
