"""The URIs of every record of WARC or WET files, as Parquet rows, with Spark.

    python examples/spark/warc_uris.py --output uris.parquet crawl/*.warc.gz crawl/*.wet.gz
    spark-submit examples/spark/warc_uris.py --output hdfs:///uris.parquet /data/*.warc.gz

Each input file is one task. It is read by the library's web-archive reader
(`urisift.extract(stream, warc=True)`), as the command line reads it: records split by their
headers and lengths; a `response` record's HTTP body with its chunking and its gzip, deflate,
br or zstd coding undone, a page read as a reader sees it (links and visible text, nothing of
scripts or styles), a redirect's `Location` and the `Link` headers; a `resource` record by its
type; a WET `conversion` record's text; nothing from `warcinfo`, `request`, `metadata` or
`revisit` records, nor from the records' own headers. A gzipped file (`.warc.gz`, one gzip
member per record or one for all) is decompressed as a stream in the task: memory stays
bounded by a record's size, not the file's. The input paths must be readable by every executor
(a local path in local mode, a shared file system on a cluster).

One row per URI: the WARC file, the record's WARC-Target-URI and WARC-Record-ID, the URI, its
byte span in the (decompressed) archive, where in the record it was found, how it was delimited,
its scheme, its host (null when it has none), and with --nested, for a URI found inside another
(a Safe Link's or a redirect's target), the index of that one among the file's URIs (null for
the others).
"""

import argparse
import gzip
import sys

from pyspark.sql import SparkSession
from pyspark.sql.types import LongType, StringType, StructField, StructType

import urisift

SCHEMA = StructType(
    [
        StructField("warc_file", StringType(), False),
        StructField("target_uri", StringType(), True),
        StructField("record", StringType(), True),
        StructField("uri", StringType(), False),
        StructField("start", LongType(), False),
        StructField("end", LongType(), False),
        StructField("found", StringType(), False),
        StructField("delimiter", StringType(), False),
        StructField("scheme", StringType(), False),
        StructField("host", StringType(), True),
        StructField("outer", LongType(), True),
    ]
)


def open_archive(path):
    """The file at `path` as a binary stream, decompressed when it is gzipped."""
    stream = open(path, "rb")
    if stream.peek(2)[:2] == b"\x1f\x8b":
        return gzip.GzipFile(fileobj=stream, mode="rb")
    return stream


def rows_of_file(path, **options):
    """The rows of every URI in the WARC or WET file at `path` (gzipped or not).

    `options` are the keyword options of `urisift.extract` (grammar, abbreviated, ...).
    """
    with open_archive(path) as stream:
        for m in urisift.extract(stream, warc=True, **options):
            o = m.origin
            yield (
                path,
                o.target_uri if o else None,
                o.record if o else None,
                m.uri,
                m.span[0],
                m.span[1],
                o.found if o else "body",
                m.delimiter,
                m.scheme,
                m.components.host,
                m.outer,
            )


def uris(spark, paths, **options):
    """A DataFrame of the URIs in `paths` (see `SCHEMA`), one task per file."""
    # The executors import this module to run `rows_of_file` (when it is not the main script).
    spark.sparkContext.addPyFile(__file__)
    rdd = spark.sparkContext.parallelize(paths, max(1, len(paths)))
    return spark.createDataFrame(rdd.flatMap(lambda p: rows_of_file(p, **options)), SCHEMA)


def main(argv=None, spark=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", help="WARC or WET files (.warc, .warc.gz, .wet, .wet.gz)")
    parser.add_argument("--output", required=True, help="where the Parquet files go (overwritten)")
    parser.add_argument("--master", help="the Spark master (default: spark-submit's, or local[*])")
    parser.add_argument("--grammar", default="rfc3986", choices=["rfc3986", "rfc2396", "rfc1738"])
    parser.add_argument("--abbreviated", action="store_true", help="also find www. URLs")
    parser.add_argument("--nested", action="store_true", help="also the URIs inside URIs (a row each)")
    args = parser.parse_args(argv)
    if spark is None:
        builder = SparkSession.builder.appName("urisift-warc-uris")
        if args.master:
            builder = builder.master(args.master)
        spark = builder.getOrCreate()
    df = uris(spark, args.inputs, grammar=args.grammar, abbreviated=args.abbreviated, nested=args.nested)
    df.write.mode("overwrite").parquet(args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
