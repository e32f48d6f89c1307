#!/usr/bin/env python3
"""Fills fuzz/corpus/TARGET/ with seed inputs (see docs/fuzzing.md).

Sources: the html5lib tokenizer tests' "input" fields and the "#data" sections of the html5lib
tree-construction and WPT parsing .dat files in $SIMDHTML_SHARED (default: ../shared beside the
repository), the pages of the repository's own corpus/, and for the extractors' target every
tenth page of WCXB's development split (extraction/wcxb-dev/html/, script and style contents
but JSON-LD left out so that the cut keeps the body). Each target reads option bytes in
front of the document (see the doc comment of each fuzz_targets/*.rs); the seeds get plausible
option bytes, varied with a counter so that every option is represented.

Usage: python3 fuzz/seed.py [--max-len 65536]   (from anywhere; idempotent: files are named by
the hash of their contents)
"""

import argparse
import glob
import gzip
import hashlib
import json
import os
import re
import sys

FUZZ = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(FUZZ)

TARGETS = ["tokenizer", "parse_document", "stream", "scalar_twin", "fragment", "roundtrip",
           "extract"]
# Index into simdhtml_fuzz::STATES for the html5lib state names.
STATES = {
    "Data state": 0,
    "PLAINTEXT state": 1,
    "RCDATA state": 2,
    "RAWTEXT state": 3,
    "Script data state": 4,
    "CDATA section state": 5,
}
# Index into simdhtml_fuzz::LAST_START_TAGS.
LAST_START_TAGS = {None: 0, "script": 1, "textarea": 2, "title": 3, "style": 4, "xmp": 5, "a": 6,
                   "plaintext": 7}
# Index into simdhtml_fuzz::CONTEXTS for the html5lib #document-fragment notation.
CONTEXTS = [
    "body", "div", "html", "head", "template", "select", "option", "optgroup", "table",
    "caption", "colgroup", "col", "tbody", "thead", "tfoot", "tr", "td", "th", "textarea",
    "title", "script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext",
    "frameset", "p", "pre", "li", "a", "form", "button", "br", "search", "svg svg",
    "svg foreignObject", "svg desc", "svg title", "svg path", "math math", "math mi",
    "math mo", "math mtext", "math annotation-xml", "math ms",
]
# Chunk-size byte patterns for the stream target (see fuzz_targets/stream.rs).
CHUNKINGS = [bytes([0, 1]), bytes([2, 1, 7]), bytes([3, 3, 64, 0, 200]), bytes([1, 241, 5])]


def shared_dir():
    return os.environ.get("SIMDHTML_SHARED") or os.path.join(REPO, "..", "shared")


def unescape_double(s):
    return re.sub(r"\\u([0-9A-Fa-f]{4})", lambda m: chr(int(m.group(1), 16)), s)


def utf8(s):
    return s.encode("utf-8", "surrogatepass")


def tokenizer_tests(shared):
    """(input bytes, state index, last start tag index) for each tokenizer test and state."""
    for path in sorted(glob.glob(os.path.join(shared, "html5lib-tests", "tokenizer", "*.test"))):
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        for test in data.get("tests", []) + data.get("xmlViolationTests", []):
            text = test["input"]
            if test.get("doubleEscaped"):
                text = unescape_double(text)
            last = LAST_START_TAGS.get(test.get("lastStartTag"), 0)
            for state in test.get("initialStates", ["Data state"]):
                yield utf8(text), STATES.get(state, 0), last


def dat_tests(shared):
    """(data bytes, fragment context or None, scripting) for each .dat test."""
    paths = sorted(glob.glob(os.path.join(shared, "html5lib-tests", "tree-construction", "*.dat")))
    paths += sorted(glob.glob(os.path.join(shared, "wpt-parsing", "*.dat")))
    for path in paths:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            text = f.read()
        # A test starts at a "#data" line at the start of the file or after a blank line.
        for block in re.split(r"(?:^|\n\n)(?=#data\n)", text):
            if not block.startswith("#data\n"):
                continue
            sections = {}
            name = None
            for line in block.split("\n"):
                if line.startswith("#") and line[1:] in (
                    "data", "errors", "new-errors", "document", "document-fragment",
                    "script-on", "script-off",
                ):
                    name = line[1:]
                    sections[name] = []
                elif name is not None:
                    sections[name].append(line)
            data = "\n".join(sections.get("data", []))
            context = "\n".join(sections.get("document-fragment", [])).strip() or None
            scripting = "script-off" not in sections
            yield data.encode("utf-8", "surrogateescape"), context, scripting


def corpus_pages():
    for path in sorted(glob.glob(os.path.join(REPO, "corpus", "**", "*.htm*"), recursive=True)):
        with open(path, "rb") as f:
            yield f.read()


def wcxb_pages(shared):
    """Every tenth page of WCXB's development split (all seven page types), without the
    contents of its script and style elements but JSON-LD (a page's head is often more than
    64 KiB of them, and the extractors read the body; the page type reads JSON-LD)."""
    paths = sorted(glob.glob(os.path.join(shared, "extraction", "wcxb-dev", "html", "*.html.gz")))
    for path in paths[::10]:
        with gzip.open(path, "rb") as f:
            page = f.read()
        yield re.sub(rb"(?is)(<(script|style)\b[^>]*>).*?(</\2\s*>)",
                     lambda m: m.group(0) if b"ld+json" in m.group(1).lower()
                     else m.group(1) + m.group(3), page)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-len", type=int, default=65536,
                        help="cut seeds to this many bytes (the runs' -max_len)")
    args = parser.parse_args()
    shared = shared_dir()
    if not os.path.isdir(os.path.join(shared, "html5lib-tests")):
        print(f"seed.py: no html5lib-tests in {shared} (set SIMDHTML_SHARED); "
              "seeding from corpus/ only", file=sys.stderr)
    counts = {t: 0 for t in TARGETS}
    seen = {t: set() for t in TARGETS}

    def put(target, content):
        content = content[: args.max_len]
        digest = hashlib.sha1(content).hexdigest()
        if digest in seen[target]:
            return
        seen[target].add(digest)
        folder = os.path.join(FUZZ, "corpus", target)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, digest), "wb") as f:
            f.write(content)
        counts[target] += 1

    n = 0

    def documents(doc, scripting=True):
        """The document-parsing targets' seeds for one document."""
        nonlocal n
        n += 1
        s = 1 if scripting else 0
        # parse_document / stream byte 0: guess bits and a transport label; mostly sniffing
        # (indices past the table), now and then a label.
        opts = (n % 4) | ((16 + n % 48) << 2 if n % 5 else (n % 15) << 2)
        opts &= 0xFF
        put("parse_document", bytes([opts, s]) + doc)
        put("stream", bytes([opts, s | (n % 6) << 1]) + CHUNKINGS[n % len(CHUNKINGS)] + doc)
        put("scalar_twin", bytes([(n % 6) | s << 6, n % len(CONTEXTS)]) + doc)
        put("roundtrip", bytes([s]) + doc)
        # extract byte 1: alt text and link URLs (bits 0, 1), a page URL (bits 2..4; 6 and 7
        # give none).
        put("extract", bytes([opts, n % 32]) + doc)

    for text, state, last in tokenizer_tests(shared):
        put("tokenizer", bytes([state | last << 3]) + text)
        put("scalar_twin", bytes([state | last << 3 | 0x40, 0]) + text)
    for data, context, scripting in dat_tests(shared):
        if context is None:
            documents(data, scripting)
            put("fragment", bytes([0, 1 if scripting else 0]) + data)
        else:
            index = CONTEXTS.index(context) if context in CONTEXTS else 0
            put("fragment", bytes([index, 1 if scripting else 0]) + data)
            put("scalar_twin", bytes([0x40 if scripting else 0, index]) + data)
        put("tokenizer", bytes([0]) + data)
    for page in corpus_pages():
        documents(page)
        documents(page, scripting=False)
        put("tokenizer", bytes([0]) + page)
        put("fragment", bytes([0, 1]) + page)
    for page in wcxb_pages(shared):
        n += 1
        put("extract", bytes([(n % 4) | (16 + n % 48) << 2 & 0xFF, n % 32]) + page)
    for target in TARGETS:
        print(f"{target}: {counts[target]} seeds in fuzz/corpus/{target}/")


if __name__ == "__main__":
    main()
