"""simdhtml.cc (cc-pyspark's HTML parser interface) and simdhtml.datatrove (a datatrove
extractor step), checked against the command's ``text`` output on the repository's corpus.

datatrove (python/requirements-test.txt) must be installed: the step is tested as a real
``BaseExtractor`` in a datatrove pipeline (its sandbox process included), and again as the plain
class the module gives when datatrove cannot be imported.
"""

import importlib.util
import sys

import pytest

import simdhtml
from conftest import REPO, run_cli
from simdhtml.cc import HTMLParser

PAGES = sorted((REPO / "corpus").glob("*.html")) + sorted((REPO / "corpus" / "generated").glob("*.html"))
# The generated pages are UTF-8: as a str (what datatrove's readers hand on) they are the same
# page as their bytes read with --encoding UTF-8.
UTF8_PAGES = sorted((REPO / "corpus" / "generated").glob("*.html"))


def cli_text(path, *flags) -> str:
    out = run_cli("text", *flags, str(path))
    assert out.returncode == 0, f"simdhtml text {' '.join(flags)} {path}: {out.stderr}"
    return out.stdout.decode("utf-8")


def test_corpus_is_there():
    assert len(PAGES) >= 10 and len(UTF8_PAGES) >= 5, PAGES


# --- simdhtml.cc -------------------------------------------------------------------------------


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_cc_parser_text_is_the_commands(page):
    """As cc-pyspark calls it (no arguments, encoding=None): `simdhtml text`; the options give
    --main and --markdown."""
    data = page.read_bytes()
    parser = HTMLParser()
    tree = parser.get_html_tree(data, encoding=None)
    assert isinstance(tree, simdhtml.Document)
    assert parser.html_to_text(tree) == cli_text(page)
    assert parser.html_to_text(tree, main_content=True) == cli_text(page, "--main")
    assert parser.html_to_text(tree, markdown=True) == cli_text(page, "--markdown")
    main_md = HTMLParser(main_content=True, markdown=True)
    assert main_md.html_to_text(main_md.get_html_tree(data)) == cli_text(page, "--main", "--markdown")


def test_cc_parser_encoding_is_the_transport_charset():
    page = REPO / "corpus" / "windows-1252-late-meta.html"
    parser = HTMLParser()
    for label in ("windows-1252", "utf-8", "shift_jis"):
        tree = parser.get_html_tree(page.read_bytes(), encoding=label)
        assert parser.html_to_text(tree) == cli_text(page, "--encoding", label), label


def test_cc_parser_unknown_encoding_label():
    """An unusable charset (as a crawl's header may give) is ignored, as bs4 and Resiliparse
    carry on; with strict_encoding it is simdhtml.parse's ValueError."""
    page = REPO / "corpus" / "shift-jis.html"
    parser = HTMLParser()
    tree = parser.get_html_tree(page.read_bytes(), encoding="no-such-charset")
    assert parser.html_to_text(tree) == cli_text(page)
    assert tree.encoding == "Shift_JIS"
    with pytest.raises(ValueError, match="no-such-charset"):
        HTMLParser(strict_encoding=True).get_html_tree(page.read_bytes(), encoding="no-such-charset")


def test_cc_parser_keywords_and_trees():
    parser = HTMLParser()
    tree = parser.get_html_tree(b'<p>x <a href="b">y</a>', base_url="https://example.org/a/")
    assert tree.links() == ["https://example.org/a/b"]
    assert parser.get_html_tree("<title>é</title>").title == "é"  # a str is parsed as it is
    # An element of the tree: its visible text, and no main content or Markdown.
    assert parser.html_to_text(tree.select_one("a")) == tree.select_one("a").text()
    with pytest.raises(TypeError, match="Document"):
        parser.html_to_text(tree.select_one("a"), main_content=True)
    with pytest.raises(TypeError, match="str"):
        parser.html_to_text("<p>not a tree")
    with pytest.raises(TypeError):
        parser.get_html_tree(b"<p>", no_such_option=1)


# --- simdhtml.datatrove ------------------------------------------------------------------------


def expected_main_text(page) -> str:
    return cli_text(page, "--main", "--encoding", "UTF-8")


def test_datatrove_extractor_in_a_datatrove_pipeline():
    try:
        from datatrove.data import Document
        from datatrove.pipeline.extractors.base import BaseExtractor
    except ImportError as e:
        pytest.fail(f"datatrove is missing ({e}): pip install -r python/requirements-test.txt")
    from simdhtml.datatrove import HAS_DATATROVE, Extractor

    assert HAS_DATATROVE and issubclass(Extractor, BaseExtractor)
    docs = [Document(text=p.read_text(encoding="utf-8"), id=p.name) for p in UTF8_PAGES]
    docs.append(Document(text="<nav><a href=/>home</a></nav>", id="empty"))
    step = Extractor()
    # datatrove runs a step as step(data, rank, world_size) -> BaseExtractor.run, whose sandbox
    # process calls extract() with the per-document timeout.
    out = list(step(iter(docs), 0, 1))
    assert [d.id for d in out] == [p.name for p in UTF8_PAGES]  # the empty one is dropped
    for doc, page in zip(out, UTF8_PAGES):
        assert doc.text == expected_main_text(page), page.name
    stats = step.stats.to_dict()["stats"]
    assert stats["extracted"] == len(docs) and stats["dropped"] == 1, stats
    assert step.timeout == 1
    assert Extractor(main_content=False, markdown=True, timeout=5).timeout == 5


def load_without_datatrove(monkeypatch):
    """A fresh simdhtml.datatrove, loaded as if datatrove were not installed."""
    # A None in sys.modules makes `import` of that name raise ImportError (the submodules
    # too: a test before may have imported them).
    for name in [n for n in sys.modules if n == "datatrove" or n.startswith("datatrove.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "datatrove", None)
    spec = importlib.util.find_spec("simdhtml.datatrove")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_datatrove_extractor_without_datatrove(monkeypatch):
    module = load_without_datatrove(monkeypatch)
    assert module.HAS_DATATROVE is False
    step = module.Extractor()

    class Doc:
        def __init__(self, text, id):
            self.text, self.id = text, id

    docs = [Doc(p.read_text(encoding="utf-8"), p.name) for p in UTF8_PAGES]
    docs.append(Doc("<nav><a href=/>home</a></nav>", "empty"))
    out = list(step(iter(docs)))
    assert [d.id for d in out] == [p.name for p in UTF8_PAGES]
    for doc, page in zip(out, UTF8_PAGES):
        assert doc.text == expected_main_text(page), page.name
    assert dict(step.stats) == {
        "total": len(docs),
        "extracted": len(docs),
        "forwarded": len(UTF8_PAGES),
        "dropped": 1,
    }
    page = UTF8_PAGES[0]
    html = page.read_text(encoding="utf-8")
    assert module.Extractor(main_content=False).extract(html) == cli_text(page, "--encoding", "UTF-8")
    assert module.Extractor(markdown=True).extract(html) == cli_text(
        page, "--main", "--markdown", "--encoding", "UTF-8"
    )
    assert list(step(None)) == []
