#!/usr/bin/env python3
"""Variants of the shared corpus with one kind of markup taken out, for the tokenizer and
full-DOM comparisons of docs/performance-history.md ("Issue 28: where each target stands at the
close"): which part of a gap is character references, attributes or text.

Usage: python3 xtask/markup_variants.py OUT [SHARED]

SHARED is the shared folder (default: $SIMDHTML_SHARED, else ../shared beside the repository).
Each variant is written as OUT/VARIANT/corpus/ with a MANIFEST.tsv, so that
`SIMDHTML_SHARED=OUT/VARIANT target/release/parse_corpus MODE 1` reads it. Only the pages that
are valid UTF-8 are kept, each written with a byte order mark so that the input layer decodes
it as UTF-8 (a page without a declaration would otherwise be windows-1252). The variants:

- v0: the pages as they are;
- noref: every `&` replaced by `+` (no character reference anywhere);
- noattr: every start tag's attributes removed;
- novalue: every attribute's value removed (the names kept);
- notext: the text between tags removed, outside script, style, textarea and title;
- noref_noattr, noref_novalue, noref_notext, bare (references, attributes and text),
  noattr_notext: the same combined.

The edits are by regular expression, not by a parser: both contenders read the same edited
pages, which is what the comparison needs, but a variant is not exactly "the page without X".
"""

import os
import re
import sys
from pathlib import Path

# A start tag with its attributes (quoted, unquoted or none).
TAG = re.compile(
    r"""<([a-zA-Z][^\s/>]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(/?)>"""
)
# An attribute's value, with its `=`.
VALUE = re.compile(r"""\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+)""")
# Elements whose content is not markup text; `split` returns [outside, whole, name, ...].
RAW = re.compile(r"(<(script|style|textarea|title)\b[^>]*>.*?</\2\s*>)", re.S | re.I)


def no_ref(text):
    return text.replace("&", "+")


def no_attr(text):
    return TAG.sub(lambda m: "<" + m.group(1) + m.group(3) + ">", text)


def no_value(text):
    return TAG.sub(lambda m: "<" + m.group(1) + VALUE.sub("", m.group(2)) + m.group(3) + ">", text)


def no_text(text):
    parts = RAW.split(text)
    kept = []
    for i, part in enumerate(parts):
        if i % 3 == 0:
            kept.append(re.sub(r">[^<]+<", "><", part))
        elif i % 3 == 1:
            kept.append(part)
    return "".join(kept)


VARIANTS = {
    "v0": lambda t: t,
    "noref": no_ref,
    "noattr": no_attr,
    "novalue": no_value,
    "notext": no_text,
    "noref_noattr": lambda t: no_attr(no_ref(t)),
    "noref_novalue": lambda t: no_value(no_ref(t)),
    "noref_notext": lambda t: no_text(no_ref(t)),
    "noattr_notext": lambda t: no_text(no_attr(t)),
    "bare": lambda t: no_text(no_attr(no_ref(t))),
}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = Path(sys.argv[1])
    repo = Path(__file__).resolve().parent.parent
    shared = Path(
        sys.argv[2] if len(sys.argv) > 2 else os.environ.get("SIMDHTML_SHARED", repo / ".." / "shared")
    )
    corpus = shared / "corpus"
    lines = (corpus / "MANIFEST.tsv").read_text().split("\n")[1:]
    pages = []
    for name in (line.split("\t")[0] for line in lines if line):
        data = (corpus / name).read_bytes().removeprefix(b"\xef\xbb\xbf")
        try:
            pages.append((name, data.decode("utf-8")))
        except UnicodeDecodeError:
            continue
    for variant, edit in VARIANTS.items():
        folder = out / variant / "corpus"
        folder.mkdir(parents=True, exist_ok=True)
        total = 0
        with open(folder / "MANIFEST.tsv", "w") as manifest:
            manifest.write("file\tbytes\n")
            for name, text in pages:
                data = edit(text).encode("utf-8")
                total += len(data)
                (folder / name).write_bytes(b"\xef\xbb\xbf" + data)
                manifest.write(f"{name}\t{len(data)}\n")
        print(f"{variant}: {len(pages)} pages, {total} bytes")


if __name__ == "__main__":
    main()
