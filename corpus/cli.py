"""The `academie` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from corpus import paths
from corpus.errors import AcademieError

Handler = Callable[[argparse.Namespace], int]


def _build(args: argparse.Namespace) -> int:
    from corpus.build import build_corpus, build_lock, stderr_progress

    with build_lock():
        build_corpus(progress=stderr_progress)
        if not args.no_site:
            from corpus.stages import later_stages

            later_stages(stderr_progress)
    return 0


def _text(args: argparse.Namespace) -> int:
    from corpus.fileio import parse_xml
    from corpus.readings import diplomatic, reading
    from corpus.sources import get_source

    source = get_source(args.source)
    tree = parse_xml(paths.tei_path(source.id))
    sys.stdout.write(diplomatic(tree) if args.diplomatic else reading(tree))
    return 0


def _validate(args: argparse.Namespace) -> int:
    from corpus.validate import validate_file

    files = [Path(f) for f in args.files] or sorted(paths.TEI.glob("*.xml"))
    if not files:
        raise AcademieError("no TEI files to validate", paths.TEI)
    failed = 0
    for file in files:
        problems = validate_file(file)
        for problem in problems:
            print(problem, file=sys.stderr)
        failed += bool(problems)
        print(f"{file}: {'invalid' if problems else 'valid'} (tei_all + academie.sch)", file=sys.stderr)
    return 1 if failed else 0


def _add_source(args: argparse.Namespace) -> int:
    from corpus.addsource import add_source
    from corpus.build import build_lock

    fields = {k: getattr(args, k) for k in ("author", "date", "place", "publisher", "edition", "description")}
    with build_lock():
        folder = add_source(Path(args.file), args.id, args.title, fields)
    print(f"added {args.id}: {folder} and {paths.tei_path(args.id)}", file=sys.stderr)
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="academie", description="Edit and verify historical card-game rules.")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    build = sub.add_parser("build", help="build every source's TEI, the later stages and the edition")
    build.add_argument("--no-site", action="store_true", help="stop after the TEI corpus")
    build.set_defaults(handler=_build)

    text = sub.add_parser("text", help="print a source's diplomatic or regularised reading")
    text.add_argument("source", help="source id, e.g. reversis")
    mode = text.add_mutually_exclusive_group()
    mode.add_argument("--diplomatic", action="store_true", help="the raw text, exactly as received")
    mode.add_argument("--reading", action="store_true", help="the corrected, regularised reading (default)")
    text.set_defaults(handler=_text)

    validate = sub.add_parser("validate", help="check TEI against tei_all and the project Schematron")
    validate.add_argument("files", nargs="*", help="TEI files (default: corpus/tei/*.xml)")
    validate.set_defaults(handler=_validate)

    add = sub.add_parser("add-source", help="add a raw OCR text to the corpus")
    add.add_argument("file", help="the raw text file, as received")
    add.add_argument("--id", required=True, help="new source id: lowercase letters, digits, hyphens")
    add.add_argument("--title", required=True)
    for name in ("author", "date", "place", "publisher", "edition", "description"):
        add.add_argument(f"--{name}")
    add.set_defaults(handler=_add_source)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.handler(args)
    except AcademieError as err:
        print(f"academie: error: {err}", file=sys.stderr)
        return 1
    except OSError as err:
        where = f"{err.filename}: " if err.filename else ""
        print(f"academie: error: {where}{err.strerror}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("academie: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
