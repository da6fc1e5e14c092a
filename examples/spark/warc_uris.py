"""The URIs of every record of WARC or WET files, as Parquet rows, with Spark.

    python examples/spark/warc_uris.py --output uris.parquet crawl/*.warc.gz crawl/*.wet.gz
    spark-submit examples/spark/warc_uris.py --output hdfs:///uris.parquet /data/*.warc.gz

Each input file is one task. Its records are read with warcio as a stream, and the payload of
each `response`, `resource` and `conversion` record (for a response, the HTTP body, with its
transfer and content encodings undone) is handed to `urisift.extract` as a file object: nothing
is held in memory beyond a record's window. Other records (`warcinfo`, `request`, `metadata`,
`revisit`) have no text to scan. The input paths must be readable by every executor (a local
path in local mode, a shared file system on a cluster).

One row per URI: the WARC file, the record's WARC-Target-URI and WARC-Record-ID, the URI, its
byte span in the payload, how it was delimited, its scheme, its host (null when it has none),
and with --nested, for a URI found inside another, the index of that one among the record's
URIs (null for the others).
"""

import argparse
import sys

from pyspark.sql import SparkSession
from pyspark.sql.types import LongType, StringType, StructField, StructType

import urisift
from warcio.archiveiterator import ArchiveIterator

# Records whose payload is text to scan: a fetched page, a stored resource, and the plain text
# that a WET file derives from a page.
TEXT_RECORDS = {"response", "resource", "conversion"}

SCHEMA = StructType(
    [
        StructField("warc_file", StringType(), False),
        StructField("record_uri", StringType(), True),
        StructField("record_id", StringType(), False),
        StructField("uri", StringType(), False),
        StructField("start", LongType(), False),
        StructField("end", LongType(), False),
        StructField("delimiter", StringType(), False),
        StructField("scheme", StringType(), False),
        StructField("host", StringType(), True),
        StructField("outer", LongType(), True),
    ]
)


def rows_of_file(path, **options):
    """The rows of every URI in the WARC or WET file at `path` (gzipped or not).

    `options` are the keyword options of `urisift.extract` (grammar, abbreviated, ...).
    """
    with open(path, "rb") as stream:
        for record in ArchiveIterator(stream):
            if record.rec_type not in TEXT_RECORDS:
                continue
            record_uri = record.rec_headers.get_header("WARC-Target-URI")
            record_id = record.rec_headers.get_header("WARC-Record-ID")
            for m in urisift.extract(record.content_stream(), **options):
                yield (
                    path,
                    record_uri,
                    record_id,
                    m.uri,
                    m.span[0],
                    m.span[1],
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
