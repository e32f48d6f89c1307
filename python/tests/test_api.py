"""The Document / Element API against the `simdhtml` command on the same bytes: text, main
content, Markdown, serialisation, links, metadata, title / lang / encoding, selectors, on the
repository's corpus (always there) and the shared corpus (279 pages, via require_data).

Every expected value is the command's output (or, for the quirks mode, Chromium's
`compatMode` and the HTML Standard's doctype rules); none is copied from the package.
"""

from __future__ import annotations

import pathlib

import pytest

import simdhtml
from conftest import require_data, shared_dir
from helpers import (
    BASE_URL,
    Mismatches,
    batch_pages,
    cli_output,
    cli_outputs,
    cli_select,
    cli_select_count,
    cli_select_stdin,
    document,
    page_id,
    read_bytes,
    repo_pages,
    shared_pages,
)

REPO_PAGES = repo_pages()
CORPORA = ["repo", "shared"]


def pages_of(corpus: str) -> list[pathlib.Path]:
    return REPO_PAGES if corpus == "repo" else shared_pages()


def parse_page(path: pathlib.Path, **kw) -> simdhtml.Document:
    if not kw:
        return document(path)
    return simdhtml.parse(read_bytes(path), **kw)


# --- text, main content, Markdown ------------------------------------------------------------

# (keyword arguments of the call, the `text` command's flags, batch's field with the same output)
TEXT_MODES = {
    "text": ("text", {}, (), "text"),
    "text-main": ("text", {"main_content": True}, ("--main",), "main_text"),
    "markdown": ("markdown", {}, ("--markdown",), None),
    "markdown-main": ("markdown", {"main_content": True}, ("--markdown", "--main"), "markdown"),
}


@pytest.mark.parametrize("page", REPO_PAGES, ids=page_id)
@pytest.mark.parametrize("mode", list(TEXT_MODES))
def test_text_modes_equal_the_text_command_on_repo_pages(mode, page):
    """`Document.text()/markdown()` [main_content] == `simdhtml text [--main] [--markdown] PAGE`,
    byte for byte (one process per page: 15 pages)."""
    method, kw, flags, _ = TEXT_MODES[mode]
    expected = cli_output("text", *flags, str(page))
    got = getattr(parse_page(page), method)(**kw)
    assert isinstance(got, str)
    m = Mismatches(f"{method}({kw})")
    m.check(page_id(page), expected, got)
    m.assert_none()


def test_batch_text_fields_are_what_the_text_command_prints():
    """The shared corpus is compared with batch's text fields (one process for 279 pages);
    this checks, on the repository's pages, that those fields are exactly what `simdhtml text`
    prints (trailing newline included), so that the comparison is with the right output."""
    records = batch_pages(REPO_PAGES, "text,main_text,markdown")
    m = Mismatches("batch field vs `simdhtml text`")
    for mode, (_, _, flags, field) in TEXT_MODES.items():
        if field is None:
            continue
        for page in REPO_PAGES:
            m.check(f"{page_id(page)} {field}", cli_output("text", *flags, str(page)), records[str(page)][field])
    m.assert_none()


@pytest.mark.parametrize("mode", list(TEXT_MODES))
def test_text_modes_equal_the_command_on_the_shared_corpus(mode):
    """The same on the 279 shared pages: batch's `text` / `main_text` / `markdown` fields (one
    process), and `simdhtml text --markdown` per page for the whole page's Markdown (batch has
    no field for it)."""
    pages = shared_pages()
    method, kw, flags, field = TEXT_MODES[mode]
    if field is not None:
        records = batch_pages(pages, "text,main_text,markdown")
        expected = {p: r[field] for p, r in records.items()}
    else:
        expected = cli_outputs(pages, "text", *flags)
    m = Mismatches(f"{method}({kw}) on the shared corpus")
    for page in pages:
        m.check(page_id(page), expected[str(page)], getattr(parse_page(page), method)(**kw))
    m.assert_none()


def test_page_type_is_batchs_field():
    """`Document.page_type` == batch's `page_type` on the repository's pages and the shared
    corpus, and one of the eight names."""
    pages = REPO_PAGES + shared_pages()
    records = batch_pages(pages, "page_type")
    names = {"article", "forum", "product", "collection", "listing", "documentation", "service", "other"}
    m = Mismatches("page_type")
    for page in pages:
        got = parse_page(page).page_type
        assert got in names
        m.check(page_id(page), records[str(page)]["page_type"], got)
    m.assert_none()


def test_language_is_batchs_field():
    """`Document.language()` == batch's `language` and `language_score` on the repository's
    pages and the shared corpus; `simdhtml.language` on texts."""
    pages = REPO_PAGES + shared_pages()
    records = batch_pages(pages, "language")
    m = Mismatches("language")
    for page in pages:
        got = parse_page(page).language()
        rec = records[str(page)]
        if got is not None:
            assert 0.0 <= got[1] <= 1.0
            # batch writes the score to three decimals.
            assert rec["language_score"] is not None and abs(got[1] - rec["language_score"]) <= 0.0005 + 1e-9
        m.check(page_id(page), rec["language"], got and got[0])
    m.assert_none()
    assert simdhtml.language("Le chien court dans le jardin et cherche sa balle.")[0] == "fr"
    assert simdhtml.language("犬は庭を走り回って、ボールを探しています。")[0] == "ja"
    assert simdhtml.language("1, 2, 3 ...") is None


def test_main_content_kept_in_noscript_is_read_as_the_command_reads_it(tmp_path):
    """A page that shows nothing with scripts and keeps its posts in `noscript` (as forums do
    for crawlers): the main content is read with scripting off, as `text --main` reads it."""
    posts = "".join(
        f"<div class=post><p>Post {i}: the update broke the grammar checks, and the reviews.</p></div>"
        for i in range(30)
    )
    page = f"<!doctype html><body><div id=app></div><noscript>{posts}</noscript>".encode()
    path = tmp_path / "thread.html"
    path.write_bytes(page)
    doc = simdhtml.parse(page)
    assert doc.text() == cli_output("text", str(path)) == ""
    main = doc.text(main_content=True)
    assert "Post 0: the update" in main and "Post 29: the update" in main
    assert main == cli_output("text", "--main", str(path))
    assert doc.markdown(main_content=True) == cli_output("text", "--main", "--markdown", str(path))
    assert simdhtml.parse(page.decode(), scripting=True).text(main_content=True) == main


# --- serialisation -----------------------------------------------------------------------------


@pytest.mark.parametrize("corpus", CORPORA)
def test_html_equals_the_html_command(corpus):
    """`Document.html()` + a line feed == `simdhtml html PAGE` (the command writes UTF-8 and ends
    its output with a line feed; `html()` is the serialisation alone, as `outerHTML` is)."""
    pages = pages_of(corpus)
    expected = cli_outputs(pages, "html")
    m = Mismatches("Document.html()")
    for page in pages:
        got = simdhtml.parse(read_bytes(page)).html()
        assert isinstance(got, str)
        m.check(page_id(page), expected[str(page)], got + "\n")
    m.assert_none()


# --- links, metadata, title, lang, encoding ---------------------------------------------------


@pytest.mark.parametrize("base", [None, BASE_URL], ids=["no-base", "base"])
@pytest.mark.parametrize("corpus", CORPORA)
def test_links_equal_batch(corpus, base):
    """`parse(base_url=URL).links()` == batch's `links` with `--base URL` (and without)."""
    pages = pages_of(corpus)
    records = batch_pages(pages, "links", base=base)
    m = Mismatches(f"links() base_url={base}")
    for page in pages:
        got = parse_page(page, base_url=base).links()
        assert isinstance(got, list)
        m.check(page_id(page), records[str(page)]["links"], got)
    m.assert_none()


@pytest.mark.parametrize("base", [None, BASE_URL], ids=["no-base", "base"])
@pytest.mark.parametrize("corpus", CORPORA)
def test_meta_equals_batch(corpus, base):
    """`Document.meta` == batch's `meta` object (every key, nulls as None, URLs resolved)."""
    pages = pages_of(corpus)
    records = batch_pages(pages, "meta", base=base)
    m = Mismatches(f"meta base_url={base}")
    for page in pages:
        got = parse_page(page, base_url=base).meta
        assert isinstance(got, dict)
        m.check(page_id(page), records[str(page)]["meta"], got)
    m.assert_none()


@pytest.mark.parametrize("corpus", CORPORA)
def test_title_lang_encoding_truncated_equal_batch(corpus):
    """`.title`, `.lang`, `.encoding` == batch's fields; `.truncated` == batch's `truncated`."""
    pages = pages_of(corpus)
    records = batch_pages(pages, "title,lang")
    m = Mismatches("title/lang/encoding/truncated")
    for page in pages:
        doc = parse_page(page)
        r = records[str(page)]
        where = page_id(page)
        m.check(f"{where} title", r["title"], doc.title)
        m.check(f"{where} lang", r["lang"], doc.lang)
        m.check(f"{where} encoding", r["encoding"], doc.encoding)
        m.check(f"{where} truncated", r.get("truncated", False), doc.truncated)
    m.assert_none()


# --- transport encoding -----------------------------------------------------------------------

LABELS = ["windows-1252", "shift_jis", "utf-8", "iso-8859-2", " Latin1 "]


@pytest.mark.parametrize("label", LABELS)
def test_transport_encoding_equals_the_command(label):
    """`parse(bytes, encoding=LABEL)` decodes as `simdhtml text/html --encoding LABEL` and
    gives batch's `encoding` with `--encoding LABEL`."""
    records = batch_pages(REPO_PAGES, "title", encoding=label)
    m = Mismatches(f"encoding={label!r}")
    for page in REPO_PAGES:
        doc = parse_page(page, encoding=label)
        where = page_id(page)
        m.check(f"{where} encoding", records[str(page)]["encoding"], doc.encoding)
        m.check(f"{where} title", records[str(page)]["title"], doc.title)
        m.check(f"{where} text", cli_output("text", "--encoding", label, str(page)), doc.text())
        m.check(f"{where} html", cli_output("html", "--encoding", label, str(page)), doc.html() + "\n")
    m.assert_none()


def test_transport_encoding_on_the_shared_corpus():
    """`parse(bytes, encoding="windows-1252")` on the 279 shared pages against `batch
    --encoding windows-1252` (a BOM still wins; every other page is read as windows-1252)."""
    pages = shared_pages()
    records = batch_pages(pages, "text,title", encoding="windows-1252")
    m = Mismatches("encoding='windows-1252' on the shared corpus")
    for page in pages:
        doc = parse_page(page, encoding="windows-1252")
        r = records[str(page)]
        m.check(f"{page_id(page)} encoding", r["encoding"], doc.encoding)
        m.check(f"{page_id(page)} text", r["text"], doc.text())
    m.assert_none()


def test_transport_encoding_changes_the_result():
    """The label is really used: a UTF-8 page without a declaration read as windows-1252 gives
    mojibake, as the command prints it, and not the UTF-8 text."""
    page = "<!DOCTYPE html><title>x</title><p>caf\u00e9 \u20ac".encode("utf-8")
    as_1252 = simdhtml.parse(page, encoding="windows-1252")
    as_utf8 = simdhtml.parse(page, encoding="utf-8")
    assert as_1252.encoding == "windows-1252"
    assert as_utf8.encoding == "UTF-8"
    assert as_utf8.text() == cli_output_stdin("text", "--encoding", "utf-8", data=page)
    assert as_1252.text() == cli_output_stdin("text", "--encoding", "windows-1252", data=page)
    assert as_1252.text() != as_utf8.text()


def cli_output_stdin(*args: str, data: bytes) -> str:
    from conftest import run_cli

    proc = run_cli(*args, "-", input=data)
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    return proc.stdout.decode("utf-8")


# --- str input ----------------------------------------------------------------------------------


@pytest.mark.parametrize("corpus", CORPORA)
def test_str_input_parses_as_the_decoded_bytes(corpus):
    """A `str` is parsed as it is: the page decoded (strictly, by Python's codec of the encoding
    the command found) gives the same tree, text and links as the bytes; a `<meta charset>` in
    it changes nothing."""
    pages = pages_of(corpus)
    records = batch_pages(pages, "title")
    codecs = {"UTF-8": "utf-8-sig", "windows-1252": "cp1252"}
    m = Mismatches("parse(str)")
    for page in pages:
        codec = codecs.get(records[str(page)]["encoding"])
        if codec is None:
            continue
        raw = read_bytes(page)
        try:
            text = raw.decode(codec)
        except UnicodeDecodeError:
            continue  # bytes that Python's codec refuses (windows-1252's five unmapped bytes)
        from_bytes, from_str = simdhtml.parse(raw), simdhtml.parse(text)
        where = page_id(page)
        m.check(f"{where} html", from_bytes.html(), from_str.html())
        m.check(f"{where} text", from_bytes.text(), from_str.text())
        m.check(f"{where} title", from_bytes.title, from_str.title)
        m.check(f"{where} links", from_bytes.links(), from_str.links())
    m.assert_none()


def test_str_input_ignores_a_meta_charset():
    """`<meta charset=windows-1252>` in a str does not re-decode it (the command on the UTF-8
    bytes of the same text, read as UTF-8, gives the text)."""
    page = '<!DOCTYPE html><meta charset="windows-1252"><p>caf\u00e9 \u20ac \u65e5\u672c'
    doc = simdhtml.parse(page)
    assert doc.text() == cli_output_stdin("text", "--encoding", "utf-8", data=page.encode("utf-8"))
    assert "caf\u00e9 \u20ac \u65e5\u672c" in doc.text()


# --- quirks mode -----------------------------------------------------------------------------

# The HTML Standard, 13.2.6.4.1 ("initial" insertion mode): what each doctype gives.
DOCTYPES = [
    ("<!DOCTYPE html>", "no-quirks"),
    ("", "quirks"),
    ("<!DOCTYPE foo>", "quirks"),
    ('<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">', "quirks"),
    (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" '
        '"http://www.w3.org/TR/html4/loose.dtd">',
        "limited-quirks",
    ),
    (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
        '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">',
        "limited-quirks",
    ),
    (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">',
        "no-quirks",
    ),
    ('<!DOCTYPE html SYSTEM "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd">', "quirks"),
    ('<!DOCTYPE html PUBLIC "-//W3O//DTD W3 HTML Strict 3.0//EN//">', "quirks"),
]


@pytest.mark.parametrize("doctype,mode", DOCTYPES)
def test_quirks_mode_follows_the_doctype(doctype, mode):
    page = doctype + '<title>t</title><p class="foo">x</p>'
    assert simdhtml.parse(page).quirks_mode == mode
    assert simdhtml.parse(page.encode("ascii")).quirks_mode == mode
    # Class selectors are ASCII case-insensitive in quirks mode only (Selectors 4, HTML 4.16).
    doc = simdhtml.parse(page)
    assert len(doc.select(".FOO")) == (1 if mode == "quirks" else 0)
    assert len(doc.select(".FOO")) == len(cli_select_stdin(".FOO", page))


def test_quirks_mode_agrees_with_chromium():
    """On the shared corpus, quirks mode exactly where Chromium's compatMode is BackCompat."""
    index = require_data(shared_dir() / "corpus-chromium" / "INDEX.tsv", "Chromium's corpus modes")
    modes = {}
    for line in index.read_text(encoding="utf-8").splitlines()[1:]:
        cols = line.split("\t")
        modes[cols[0]] = cols[2]
    m = Mismatches("quirks_mode vs Chromium compatMode")
    for page in shared_pages():
        got = parse_page(page).quirks_mode
        assert got in ("no-quirks", "quirks", "limited-quirks"), got
        m.check(page.name, modes[page.name] == "BackCompat", got == "quirks")
    m.assert_none()


# --- selectors --------------------------------------------------------------------------------

SELECTORS = [
    "a[href]",
    "p",
    "h1, h2, h3",
    "div > p",
    "li:nth-child(2n+1)",
    "img[alt]",
    "table td:first-child",
    "svg *",
    "math *",
    "meta[name], meta[property]",
    "input:checked, option:checked, :disabled",
    ":root > *",
    "ul li a:not([rel~=nofollow])",
    "[lang]:has(> body)",
]


def element_record(e: simdhtml.Element) -> dict:
    return {"name": e.tag, "attrs": e.attrs, "text": e.text(), "html": e.html()}


def command_record(r: dict) -> dict:
    return {k: r[k] for k in ("name", "attrs", "text", "html")}


@pytest.mark.parametrize("corpus", CORPORA)
@pytest.mark.parametrize("css", SELECTORS)
def test_select_equals_the_select_command(css, corpus):
    """`Document.select(css)` gives the elements `simdhtml select CSS PAGES` prints, in order,
    each with the same tag, attributes, text and outer HTML; `select_one` the first of them."""
    pages = pages_of(corpus)
    expected = cli_select(css, pages)
    m = Mismatches(f"select({css!r})")
    for page in pages:
        doc = parse_page(page)
        got = doc.select(css)
        assert isinstance(got, list)
        assert all(isinstance(e, simdhtml.Element) for e in got)
        want = [command_record(r) for r in expected[str(page)]]
        m.check(page_id(page), want, [element_record(e) for e in got])
        first = doc.select_one(css)
        m.check(f"{page_id(page)} select_one", got[0] if got else None, first)
    m.assert_none()


@pytest.mark.parametrize("corpus", CORPORA)
def test_select_all_count_equals_the_command(corpus):
    pages = pages_of(corpus)
    counts = cli_select_count("*", pages)
    m = Mismatches("len(select('*'))")
    for page in pages:
        m.check(page_id(page), counts[str(page)], len(parse_page(page).select("*")))
    m.assert_none()


NOSCRIPT_PAGE = (
    "<!DOCTYPE html><title>n</title><body><noscript><p class=n>no <b>script</b></p>"
    "<img src=a.png alt=A></noscript><p>after</p>"
)


@pytest.mark.parametrize("scripting", [True, False])
def test_scripting_flag_equals_the_command(scripting):
    """`scripting=False` parses `<noscript>` content as markup, as `select --scripting off`."""
    flag = ("--scripting", "on" if scripting else "off")
    doc = simdhtml.parse(NOSCRIPT_PAGE, scripting=scripting)
    for css in ("noscript *", "p", "img", "noscript"):
        want = [command_record(r) for r in cli_select_stdin(css, NOSCRIPT_PAGE, *flag)]
        assert [element_record(e) for e in doc.select(css)] == want, css
    pages = [p for p in REPO_PAGES if b"<noscript" in read_bytes(p)]
    for page in pages:
        d = parse_page(page, scripting=scripting)
        want = [command_record(r) for r in cli_select("noscript, noscript *", [page], *flag)[str(page)]]
        assert [element_record(e) for e in d.select("noscript, noscript *")] == want, page_id(page)


BROWSER_PAGE = (
    '<!DOCTYPE html><html lang=de><body><ul><li id=a>1<li id=b>2<li id=c dir=rtl>3</ul>'
    '<p id=d lang=en-GB>x</p><details id=e open></details><input id=f required>'
)


def test_selectors_as_a_browser_takes_them():
    """Issue 26: what a browser accepts parses (interaction states and pseudo-elements match
    nothing), the tree answers :lang(), :dir(), :open, :invalid, and :has() is linear; the
    command's `select` gives the same elements (both are the crate's code)."""
    doc = simdhtml.parse(BROWSER_PAGE)

    def ids(css):
        return [e.get("id") for e in doc.select(css)]

    assert ids("li:hover, p::before, li::marker, :focus-within, :state(x)") == []
    assert ids("li:is(#a, ], #c)") == ["a", "c"]
    assert ids("li:lang(de)") == ["a", "b", "c"] and ids(":lang(en)") == ["d"]
    assert ids("li:dir(rtl)") == ["c"]
    assert ids(":open, input:invalid") == ["e", "f"]
    assert ids("li:has(~ li:last-child)") == ["a", "b"]
    for css in ("li:has(~ li:last-child)", "li:dir(rtl), p::before", ":lang(en)"):
        want = [command_record(r) for r in cli_select_stdin(css, BROWSER_PAGE)]
        assert [element_record(e) for e in doc.select(css)] == want, css
    n = 20000
    wide = simdhtml.parse("<ul>" + "<li>x" * n + "</ul>")
    assert len(wide.select("li:has(~ li:last-child)")) == n - 1
    with pytest.raises(simdhtml.SelectorError):
        doc.select("li:hovr")


FOREIGN_PAGE = (
    '<!DOCTYPE html><body><svg viewBox="0 0 10 10"><foreignObject><p>in</p></foreignObject>'
    '<a xlink:href="#x" xml:lang="en"><text>t</text></a><linearGradient gradientUnits="u"/>'
    '</svg><math><mi definitionURL="d">x</mi></math>'
)


def test_foreign_elements_tags_and_attributes_equal_the_command():
    """SVG names keep their case (`foreignObject`), foreign attributes are qualified
    (`xlink:href`), as `simdhtml select` writes them."""
    doc = simdhtml.parse(FOREIGN_PAGE)
    for css in ("svg, svg *", "math *", "[viewBox]", "foreignObject"):
        want = [command_record(r) for r in cli_select_stdin(css, FOREIGN_PAGE)]
        assert want, css
        assert [element_record(e) for e in doc.select(css)] == want, css
    tags = [e.tag for e in doc.select("svg *")]
    assert "foreignObject" in tags and "linearGradient" in tags
    a = doc.select_one("svg a")
    assert a is not None and a.get("xlink:href") == "#x"


# --- Element consistency ---------------------------------------------------------------------

VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr", "basefont", "bgsound", "frame", "keygen", "param",
}


def preorder(e: simdhtml.Element) -> list[simdhtml.Element]:
    out, stack = [], [e]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(node.children))
    return out


def check_tree(doc: simdhtml.Document, where: str, m: Mismatches, *, scope_every: int = 1) -> None:
    elements = doc.select("*")
    root = doc.root
    if root is None:
        m.fail(where, "Document.root is None")
        return
    m.check(f"{where} root tag", "html", root.tag)
    m.check(f"{where} root parent", None, root.parent)
    m.check(f"{where} root is :root", doc.select_one(":root"), root)
    # Walking .children from the root visits exactly select('*'), in document order.
    m.check(f"{where} preorder walk == select('*')", elements, preorder(root))
    m.check(f"{where} root.select('*')", elements[1:], root.select("*"))
    for i, e in enumerate(elements):
        here = f"{where} <{e.tag}> #{i}"
        children = e.children
        if not isinstance(children, list) or not all(isinstance(c, simdhtml.Element) for c in children):
            m.fail(here, f"children are not a list of Elements: {children!r}")
            continue
        for c in children:
            if c.parent != e:
                m.fail(here, f"the parent of child <{c.tag}> is {c.parent!r}")
        attrs = e.attrs
        if not isinstance(attrs, dict):
            m.fail(here, f"attrs is {type(attrs)}")
            continue
        for name, value in attrs.items():
            if e.get(name) != value:
                m.fail(here, f"get({name!r}) = {e.get(name)!r}, attrs has {value!r}")
        if e.get("data-no-such-attribute") is not None or e.get("data-no-such-attribute", "D") != "D":
            m.fail(here, "get() of a missing attribute is not the default")
        if i % scope_every == 0:
            m.check(f"{here} children == select(':scope > *')", e.select(":scope > *"), children)
    m.checked += 1


@pytest.mark.parametrize("corpus", CORPORA)
def test_element_tree_is_consistent(corpus):
    """For every element: its children are Elements whose parent is it; walking children
    from `.root` gives `select('*')`; `children` == `select(':scope > *')`; `attrs` agrees with
    `get`; `.root` is `:root` and has no parent."""
    m = Mismatches("element tree")
    for page in pages_of(corpus):
        check_tree(parse_page(page), page_id(page), m, scope_every=1 if corpus == "repo" else 10)
    m.assert_none()


@pytest.mark.parametrize("corpus", CORPORA)
def test_element_html_inner_html_and_text(corpus):
    """Outer HTML is the start tag, `inner_html()` and the end tag (void elements: no content,
    no end tag); the root's text is the document's text; `Element.select` finds the
    descendants among `Document.select`'s matches."""
    m = Mismatches("element html / inner_html")
    for page in pages_of(corpus):
        doc = parse_page(page)
        where = page_id(page)
        m.check(f"{where} root.text() == text()", doc.text(), doc.root.text())
        sample = doc.select("p, li, td, a, h1, h2, span, svg, math, template, title, select, br, img")
        for e in sample:
            outer, inner = e.html(), e.inner_html()
            ok = outer.startswith("<" + e.tag)
            if e.tag in VOID:
                ok = ok and inner == "" and outer.endswith(">") and not outer.endswith(f"</{e.tag}>")
            else:
                ok = ok and outer.endswith(inner + f"</{e.tag}>")
            if not ok:
                m.fail(f"{where} <{e.tag}>", f"outer {outer[:200]!r}... vs inner {inner[:200]!r}...")
        body = doc.select_one("body")
        if body is not None:
            inside = [e for e in doc.select("p, a") if is_descendant(e, body)]
            m.check(f"{where} body.select('p, a')", inside, body.select("p, a"))
            m.check(f"{where} body.select_one('p, a')", inside[0] if inside else None, body.select_one("p, a"))
    m.assert_none()


def is_descendant(e: simdhtml.Element, ancestor: simdhtml.Element) -> bool:
    p = e.parent
    while p is not None:
        if p == ancestor:
            return True
        p = p.parent
    return False


def test_elements_compare_equal_when_they_are_the_same_node():
    doc = simdhtml.parse("<!DOCTYPE html><p id=a>1</p><p id=b>2</p>")
    a1, a2 = doc.select_one("#a"), doc.select("p")[0]
    b = doc.select_one("#b")
    assert a1 is not None and b is not None
    assert a1 == a2 and not (a1 != a2)
    assert a1 != b
    assert a1.parent == b.parent == doc.select_one("body")
    try:
        h1, h2 = hash(a1), hash(a2)
    except TypeError:
        return  # unhashable is allowed; equal hashes are required only when hashable
    assert h1 == h2
    other = simdhtml.parse("<!DOCTYPE html><p id=a>1</p><p id=b>2</p>")
    # The same page parsed twice: different nodes.
    assert other.select_one("#a") != a1


def test_node_budget_truncates_as_the_command(tmp_path):
    """A page crafted to grow the tree with the square of its size (`<p><b id=N>x</p>`, the
    example of docs/cli.md) stops at the command's node budget: `.truncated` as batch's
    `"truncated"`, and the text, links and HTML of the part parsed as the commands print them."""
    page = tmp_path / "budget.html"
    page.write_text("".join(f"<p><b id={i}>x</p>" for i in range(3000)), encoding="ascii")
    record = batch_pages([page], "title,links")[str(page)]
    assert record.get("truncated") is True, record
    doc = simdhtml.parse(read_bytes(page))
    assert doc.truncated is True
    assert doc.links() == record["links"]
    assert doc.text() == cli_output("text", str(page))
    assert len(doc.select("b")) == cli_select_count("b", [page])[str(page)]
    assert simdhtml.parse(read_bytes(REPO_PAGES[0])).truncated is False
    assert doc.html() + "\n" == cli_output("html", str(page))


def test_lang_falls_back_to_the_content_language():
    """`:lang()` after `lang`/`xml:lang` and the pragma-set default language: the transport
    layer's Content-Language given to `parse` (HTML 3.2.6.2); several languages: unknown."""
    page = "<!DOCTYPE html><p id=a></p><div lang=en><p id=b></p></div>"

    def ids(doc, css):
        return [e.attrs["id"] for e in doc.select(css)]

    assert ids(simdhtml.parse(page), "p:lang(de)") == []
    assert ids(simdhtml.parse(page, content_language="de-CH"), "p:lang(de)") == ["a"]
    assert ids(simdhtml.parse(page.encode(), content_language="de"), "p:lang(en)") == ["b"]
    assert ids(simdhtml.parse(page, content_language="de, fr"), "p:lang(de)") == []
    pragma = "<meta http-equiv=content-language content=fr>" + page
    assert ids(simdhtml.parse(pragma, content_language="de"), "p:lang(fr)") == ["a"]
