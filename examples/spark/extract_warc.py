"""Extract the pages of WARC files with Spark and simdhtml: url, status, title, lang, text, links.

A PySpark job in the shape of Common Crawl's cc-pyspark: its input is a text file listing WARC
(or ARC) files, one per line, as Common Crawl's ``warc.paths`` listings do; each Spark task
reads its share of them with ``simdhtml.iter_warc`` (inside ``mapPartitions``) and writes one
row per HTML page, exactly the pages ``simdhtml batch FILE`` writes a line for, with the same
title, lang, text and links. The rows are written as Parquet into the output directory.

Usage::

    spark-submit --master 'local[*]' examples/spark/extract_warc.py LIST OUT
    spark-submit --master yarn ... examples/spark/extract_warc.py LIST OUT \\
        --input_base_url https://data.commoncrawl.org/ --num_input_partitions 1000

Spark's Python workers run ``python3`` from the PATH; outside an activated virtual environment
set ``PYSPARK_PYTHON`` to the Python that has ``simdhtml``. The same script runs on a cluster:
the executors need the ``simdhtml`` package (``pip install ./python`` from a checkout, or the wheel it builds, on each node, or a packed
virtual environment via ``--archives``) and must be able to read the listed paths. A path is a local file (on every node: a shared filesystem), a
``file://`` URL, an ``http(s)://`` URL or, with ``boto3`` installed, an ``s3://`` URL; a
relative path gets ``--input_base_url`` put before it, as in cc-pyspark.

Columns: ``warc_filename`` (the path as listed), ``warc_record_offset`` (the record's offset in
the file, or its gzip member's, as batch's ``offset``), ``url``, ``status`` (the HTTP status, or
null), ``title``, ``lang`` (null where the page has none), ``text`` (the visible text, one block
per line, as ``simdhtml text`` prints it) and ``links`` (the page's links resolved against its
URL and ``<base href>``, as batch's ``links``). ``--main_content`` makes ``text`` the page's main
content instead (``simdhtml text --main``).

Encodings as ``batch`` reads records: the HTTP charset, else the page's own declaration; a page
that declares none and is valid UTF-8 throughout is UTF-8 (the author's encoding), unless
``--no_guess_utf8``, which reads every page as a browser reads a page from the network (never
UTF-8 by a guess, as ``batch --no-guess-utf8``).

A damaged record does not lose the partition: the archives are read with ``errors="skip"``, so
the reader goes on after a bad record; a file that cannot be opened or read is logged and
counted. The counts are summed in Spark accumulators and printed at the end, one line on
standard error (which spark-submit passes on to its standard output)::

    extract_warc: 108 files read, 0 failed, 990 pages, 16 record errors, 0 pages failed
"""

import argparse
import os
import re
import sys
import traceback

from pyspark.sql import SparkSession
from pyspark.sql.types import (
    ArrayType,
    IntegerType,
    LongType,
    StringType,
    StructField,
    StructType,
)

# The DataFrame's columns, one row per HTML page.
OUTPUT_SCHEMA = StructType(
    [
        StructField("warc_filename", StringType(), False),
        StructField("warc_record_offset", LongType(), False),
        StructField("url", StringType(), True),
        StructField("status", IntegerType(), True),
        StructField("title", StringType(), True),
        StructField("lang", StringType(), True),
        StructField("text", StringType(), False),
        StructField("links", ArrayType(StringType(), False), False),
    ]
)

# A URL that names its access method (cc-pyspark's pattern, plus s3a/s3n).
_URL = re.compile(r"^(s3[an]?|https?|file)://([^/]*)(/.*)?$")


def parse_arguments(argv=None):
    """The command line: LIST OUT and cc-pyspark's partition and output options."""
    parser = argparse.ArgumentParser(
        description="Extract url, status, title, lang, text and links of the HTML pages in "
        "WARC files (simdhtml.iter_warc) into Parquet."
    )
    parser.add_argument("input", help="text file listing WARC/ARC paths or URLs, one per line")
    parser.add_argument("output", help="output directory (Parquet); must not exist")
    parser.add_argument(
        "--input_base_url",
        default=None,
        help="prefix for relative input paths, e.g. https://data.commoncrawl.org/ or "
        "s3://commoncrawl/",
    )
    parser.add_argument(
        "--num_input_partitions",
        type=int,
        default=400,
        help="minimum number of input partitions (parallel tasks) (default 400)",
    )
    parser.add_argument(
        "--num_output_partitions",
        type=int,
        default=10,
        help="number of Parquet files written (default 10)",
    )
    parser.add_argument(
        "--output_compression",
        default="gzip",
        help="Parquet compression codec: gzip (default), snappy, zstd, none",
    )
    parser.add_argument(
        "--no_guess_utf8",
        action="store_true",
        help="read undeclared pages as a browser reads network pages: never UTF-8 by a guess "
        "(batch --no-guess-utf8)",
    )
    parser.add_argument(
        "--main_content",
        action="store_true",
        help="text is the page's main content (simdhtml text --main), not all visible text",
    )
    return parser.parse_args(argv)


def open_input(uri, base_url=None):
    """Where to read one listed input from: a local path (str) or a binary file object.

    Local paths and ``file://`` URLs are given to ``iter_warc`` as paths (read natively, without
    Python in the loop), ``http(s)://`` URLs are streamed (``urllib``) and ``s3://`` URLs are
    read with ``boto3`` when it is installed. A relative path is joined to ``base_url`` first
    when one is given.
    """
    if base_url and not _URL.match(uri) and not os.path.isabs(uri):
        uri = base_url + uri
    match = _URL.match(uri)
    if not match:
        return uri
    scheme, netloc, path = match.group(1), match.group(2), match.group(3) or ""
    if scheme == "file":
        return path
    if scheme in ("http", "https"):
        from urllib.request import urlopen

        return urlopen(uri)
    import boto3  # s3, s3a, s3n: the ImportError says what is missing

    return boto3.client("s3").get_object(Bucket=netloc, Key=path.lstrip("/"))["Body"]


def make_partition_processor(base_url, main_content, counters, guess_utf8=True):
    """The function ``mapPartitions`` runs: listed paths in, one row tuple per HTML page out.

    ``counters`` is a dict of Spark accumulators (``files``, ``files_failed``, ``pages``,
    ``record_errors``, ``pages_failed``). Everything it refers to is pickled to the executors;
    ``simdhtml`` is imported there. ``guess_utf8``: ``record.parse``'s (False for
    ``--no_guess_utf8``).
    """

    def process_partition(lines):
        import simdhtml

        for line in lines:
            uri = line.strip()
            if not uri or uri.startswith("#"):
                continue
            counters["files"].add(1)
            records = source = None
            try:
                source = open_input(uri, base_url)
                records = simdhtml.iter_warc(source, errors="skip")
                for record in records:
                    try:
                        doc = record.parse(guess_utf8=guess_utf8)
                        row = (
                            uri,
                            record.offset,
                            record.url,
                            record.status,
                            doc.title,
                            doc.lang,
                            doc.text(main_content=main_content),
                            doc.links(),
                        )
                    except Exception as e:  # one page's failure is that page's only
                        counters["pages_failed"].add(1)
                        print(f"extract_warc: {uri}: offset {record.offset}: {e}", file=sys.stderr)
                        continue
                    counters["pages"].add(1)
                    yield row
            except Exception as e:  # the file could not be opened or read on
                counters["files_failed"].add(1)
                print(f"extract_warc: {uri}: {type(e).__name__}: {e}", file=sys.stderr)
                traceback.print_exc(file=sys.stderr)
            finally:
                if records is not None:
                    counters["record_errors"].add(len(records.errors))
                if hasattr(source, "close"):
                    source.close()

    return process_partition


def run(session, args):
    """Run the job in ``session``: read ``args.input``, write Parquet to ``args.output``.

    Returns the counts (a dict of ints: files, files_failed, pages, record_errors,
    pages_failed).
    """
    sc = session.sparkContext
    counters = {
        name: sc.accumulator(0)
        for name in ("files", "files_failed", "pages", "record_errors", "pages_failed")
    }
    listing = sc.textFile(args.input, minPartitions=args.num_input_partitions)
    rows = listing.mapPartitions(
        make_partition_processor(
            args.input_base_url, args.main_content, counters, not args.no_guess_utf8
        )
    )
    (
        session.createDataFrame(rows, schema=OUTPUT_SCHEMA)
        .coalesce(args.num_output_partitions)
        .write.option("compression", args.output_compression)
        .parquet(args.output)
    )
    counts = {name: acc.value for name, acc in counters.items()}
    print(
        "extract_warc: {files} files read, {files_failed} failed, {pages} pages, "
        "{record_errors} record errors, {pages_failed} pages failed".format(**counts),
        file=sys.stderr,
    )
    return counts


def check_paths(args):
    """A one-line error (and exit status 2) before Spark starts, for what would otherwise fail
    only at the end of the job with a Java traceback: a local input listing that does not
    exist, a local output directory that does."""
    def local(path):
        return "://" not in path or path.startswith("file://")

    def strip(path):
        return path[len("file://"):] if path.startswith("file://") else path

    if local(args.input) and not os.path.exists(strip(args.input)):
        sys.exit(f"extract_warc: {args.input}: the listing of WARC paths does not exist")
    if local(args.output) and os.path.exists(strip(args.output)):
        sys.exit(f"extract_warc: {args.output}: the output directory exists already")


def main(argv=None):
    """spark-submit's entry point: parse the command line, run the job, stop the session.

    Exit status 0, or 1 when no listed file could be read (or the listing is empty), or 2 for
    a bad command line (see ``check_paths``)."""
    args = parse_arguments(argv)
    check_paths(args)
    session = SparkSession.builder.appName("simdhtml extract_warc").getOrCreate()
    # Spark's own INFO lines (a thousand or more a run) would bury the job's summary.
    session.sparkContext.setLogLevel("WARN")
    try:
        counts = run(session, args)
    finally:
        session.stop()
    if counts["files"] == counts["files_failed"]:
        print("extract_warc: no listed file could be read", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
