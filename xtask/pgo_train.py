"""The Python package's PGO training run (../pgo.sh wheel): the calls its users make, on every
page given (files, or folders searched for .html and .htm files), with an instrumented build
of the package installed. Its output is the counts the build writes, not anything it prints."""

import os
import sys

import simdhtml


def main() -> None:
    paths = []
    for arg in sys.argv[1:]:
        if os.path.isdir(arg):
            for root, _, files in os.walk(arg):
                paths += [os.path.join(root, f) for f in files if f.endswith((".html", ".htm"))]
        else:
            paths.append(arg)
    for path in sorted(paths):
        with open(path, "rb") as f:
            doc = simdhtml.parse(f.read())
        doc.text()
        doc.text(main_content=True)
        doc.markdown(main_content=True)
        (doc.title, doc.lang, doc.meta, doc.links())
        [e.get("href") for e in doc.select("a[href]")]
    print(f"pgo_train.py: {len(paths)} pages", file=sys.stderr)


if __name__ == "__main__":
    main()
