"""Type stubs of simdhtml.datatrove: the datatrove extractor step.

With datatrove installed, ``Extractor`` is also a
``datatrove.pipeline.extractors.base.BaseExtractor`` (and so a ``PipelineStep``).
"""

from collections import Counter
from typing import Any, Iterable, Iterator

__all__ = ["Extractor", "HAS_DATATROVE"]

HAS_DATATROVE: bool

class Extractor:
    name: str
    type: str
    main_content: bool
    markdown: bool
    timeout: float
    stats: Counter[str] | Any
    def __init__(
        self, main_content: bool = True, markdown: bool = False, timeout: float = 1
    ) -> None: ...
    def extract(self, text: str) -> str: ...
    def stat_update(self, *labels: str, value: int = 1, unit: str | None = None) -> None: ...
    def run(
        self, data: Iterable[Any] | None, rank: int = 0, world_size: int = 1
    ) -> Iterator[Any]: ...
    def __call__(
        self, data: Iterable[Any] | None = None, rank: int = 0, world_size: int = 1
    ) -> Iterator[Any]: ...
