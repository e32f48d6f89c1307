"""Type stubs of simdhtml.cc: the cc-pyspark HTML parser interface."""

from typing import Any

from simdhtml import Document, Element

__all__ = ["HTMLParser"]

class HTMLParser:
    main_content: bool
    markdown: bool
    strict_encoding: bool
    def __init__(
        self, *, main_content: bool = False, markdown: bool = False, strict_encoding: bool = False
    ) -> None: ...
    def get_html_tree(
        self,
        page: bytes | str,
        encoding: str | None = None,
        *,
        base_url: str | None = ...,
        scripting: bool = ...,
    ) -> Document: ...
    def html_to_text(
        self,
        tree: Document | Element,
        *,
        main_content: bool | None = None,
        markdown: bool | None = None,
    ) -> str: ...
