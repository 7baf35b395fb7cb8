"""The `academie` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

from corpus import paths
from corpus.errors import AcademieError

# How `academie clean` may read a text, and the methods of corpus/textclean.py one may leave out
# (named here, not imported, so that every command starts without loading the cleaner).
READ_AS = ("auto", "book", "print")
OPTIONAL_METHODS = ("debris", "ocr", "letters", "book")

Handler = Callable[[argparse.Namespace], int]


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number of at least 1")
    return int(text)


def _share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 0.5:
        raise argparse.ArgumentTypeError(f"'{text}' is not a share of letters from 0 to 0.5")
    return value


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"'{text}' is not a port (0 to 65535)")
    return int(text)


def _build(args: argparse.Namespace) -> int:
    from academie.build import build_corpus, build_lock, check_citations, record_citations, stderr_progress
    from academie.stages import build_edition

    with build_lock():
        results = build_corpus(
            progress=stderr_progress,
            workers=args.workers,
            scheduler=args.scheduler,
            cached=not args.fresh,
            before_writing=check_citations,
        )
        record_citations(results, stderr_progress)
        if not args.no_site:
            build_edition(stderr_progress, candidates=[c for built in results for c in built.candidates])
    return 0


def _text(args: argparse.Namespace) -> int:
    from corpus.fileio import parse_xml
    from corpus.rawtext import form_from, restore
    from corpus.readings import diplomatic, reading
    from corpus.sources import get_source
    from corpus.spans import TEI_NS

    source = get_source(args.source)
    tree = parse_xml(paths.tei_path(source.id))
    if tree.getroot().find(f"{{{TEI_NS}}}text") is None:
        raise AcademieError("the TEI has no <text> element", paths.tei_path(source.id))
    if args.bytes:
        if not args.diplomatic:
            raise AcademieError("--bytes goes with --diplomatic: the raw file as received")
        sys.stdout.buffer.write(restore(diplomatic(tree), form_from(source.meta)))
        return 0
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
    from academie.addsource import add_source
    from academie.build import build_lock

    fields = {k: getattr(args, k) for k in ("author", "date", "place", "publisher", "edition", "description")}
    with build_lock():
        add_source(Path(args.file), args.id, args.title, fields)
    print(f"added {args.id}: {paths.SOURCES / args.id} and {paths.tei_path(args.id)}", file=sys.stderr)
    return 0


def _input_text(args: argparse.Namespace) -> str:
    from corpus.textclean import read_input

    if args.file in (None, "-"):
        return read_input(sys.stdin.buffer.read(), "<stdin>")
    path = Path(args.file)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise AcademieError(f"cannot read: {err.strerror}", path) from err
    return read_input(data, args.file)


def _clean(args: argparse.Namespace) -> int:
    from corpus.textclean import clean_text

    sys.stdout.write(clean_text(_input_text(args), args.read_as))
    return 0


def _normalize(args: argparse.Namespace) -> int:
    from corpus.textclean import normalize_text

    sys.stdout.write(normalize_text(_input_text(args)))
    return 0


def _eval(args: argparse.Namespace) -> int:
    from academie.evaluate import eval_norm, eval_ocr
    from corpus.regularise import normalize_line
    from corpus.textclean import clean_text

    if args.task == "sources":
        from academie.evaluate import eval_sources
        from corpus.sources import all_sources

        print("\n".join(eval_sources(all_sources())))
        return 0
    if not args.dir or not Path(args.dir).exists():
        raise AcademieError("no such file or folder", args.dir or "(none given)")
    folder = Path(args.dir)
    clean = partial(clean_text, read_as=args.read_as, without=tuple(args.without))
    score = eval_ocr(folder, clean, args.half) if args.task == "ocr" else eval_norm(folder, normalize_line, args.prefix)
    print(score.report())
    return 0


def _learn(args: argparse.Namespace) -> int:
    from academie.learn import learn_norm, learn_ocr

    folder = Path(args.dir)
    if args.task == "norm":
        counts = learn_norm(folder, tuple(args.splits.split(",")))
    else:
        counts = learn_ocr(folder, half=args.half)
    print(f"learned from {folder}: " + ", ".join(f"{k} {v}" for k, v in counts.items()), file=sys.stderr)
    return 0


def _report(args: argparse.Namespace) -> int:
    from academie.reports import source_report
    from corpus.sources import all_sources, get_source

    sources = [get_source(args.source)] if args.source else all_sources()
    for source in sources:
        print(source_report(source))
    return 0


def _serve(args: argparse.Namespace) -> int:
    from academie.serve import serve

    serve(args.port, args.rebuild)
    return 0


def _bench(args: argparse.Namespace) -> int:
    from academie.bench import bench_add_source, bench_build, bench_clean, bench_engine, bench_pipeline, bench_site

    if args.what == "add-source":
        for line in bench_add_source(tuple(_positive(n) for n in args.sizes.split(","))):
            print(line, flush=True)
        return 0
    if args.what == "build":
        for line in bench_build(tuple(_positive(n) for n in args.books.split(","))):
            print(line, flush=True)
        return 0
    if args.what == "site":
        for line in bench_site():
            print(line, flush=True)
        return 0
    if args.what == "engine":
        print(bench_engine(args.limit or 2000))
        return 0
    if args.what == "pipeline":
        scales = tuple(_positive(n) for n in args.scales.split(","))
        for line in bench_pipeline(scales, args.repeat):
            print(line, flush=True)
        return 0
    if not args.dir:
        raise AcademieError("bench clean needs an ICDAR-format folder")
    print(bench_clean(Path(args.dir), args.limit))
    return 0


def _corrections(args: argparse.Namespace) -> int:
    from academie.derive import record
    from corpus.sources import get_source

    count = record(get_source(args.source), Path(args.file), replace_all=args.replace_all)
    print(f"{args.source}: {count} corrections recorded from {args.file}", file=sys.stderr)
    return 0


def _rules(args: argparse.Namespace) -> int:
    from rules.export import rules_json

    if args.mutate:
        return _mutate(args.json)
    if args.coverage:
        return _coverage()
    sys.stdout.write(rules_json())
    return 0


def _coverage() -> int:
    """Every sentence no rule cites, with the extraction's kind and the editor's mark; exit 1 while
    any is unclassified (neither cited nor marked non-normative)."""
    from collections import Counter

    from corpus.sources import all_sources
    from rules.catalogue import load_rules
    from rules.coverage import coverage

    found = coverage([s.id for s in all_sources()], load_rules())
    for s in found:
        if s.status != "cited":
            mark = f"non-normative: {s.mark['kind']}: {s.mark['reason']}" if s.mark else "UNCLASSIFIED"
            print(f"{s.id}\t{s.extracted or '-'}\t{mark}\t{s.text[:80]}")
    by_source: dict[str, Counter[str]] = {}
    for s in found:
        by_source.setdefault(s.source, Counter())[s.status] += 1
    for source, counts in by_source.items():
        print(
            f"{source}: {sum(counts.values())} sentences, {counts['cited']} cited by a rule, "
            f"{counts['non-normative']} non-normative, {counts['unclassified']} unclassified",
            file=sys.stderr,
        )
    return 1 if any(s.status == "unclassified" for s in found) else 0


def _mutate(as_json: bool) -> int:
    """Every claim mutated value by value; exit 1 when a mutation of a rule that holds survives."""
    import json

    from rules.catalogue import load_rules
    from rules.mutate import mutate_catalogue, report_text, summary

    found = summary(mutate_catalogue(load_rules()))
    sys.stdout.write(json.dumps(found, ensure_ascii=False, indent=1) + "\n" if as_json else report_text(found))
    return 1 if any(r["survivors"] and r["status"] == "holds" for r in found["rules"]) else 0


def _extract(args: argparse.Namespace) -> int:
    import json

    from corpus.sources import all_sources, get_source
    from extract.candidates import as_records, candidates, review

    ids = [args.source] if args.source else [s.id for s in all_sources()]
    if args.source:
        get_source(args.source)
    if args.cross_validate:
        from academie.unseen import labelled_texts
        from extract.crossval import cross_validate
        from extract.evaluate import read_gold

        more, prose = labelled_texts(Path(args.unseen)) if args.unseen else ({}, set())
        print("\n".join(cross_validate(read_gold(Path(args.cross_validate)), more, prose)))
        return 0
    if args.unseen:
        from academie.unseen import evaluate_unseen

        print("\n".join(evaluate_unseen(Path(args.unseen), args.verbose, args.misread, args.long_s)))
        return 0
    if args.eval:
        from extract.evaluate import FIRST_KINDS, claim_accuracy, detection, read_gold

        gold = read_gold(Path(args.eval))
        for key, (precision, recall, count) in sorted(detection(gold).items()):
            print(f"{key}: rule-bearing sentences precision {precision:.3f}, recall {recall:.3f} ({count} sentences)")
        sources = sorted({passage.split(".", 1)[0] for passage in gold})
        for key, (accuracy, found, judged, total) in sorted(claim_accuracy(sources).items()):
            print(f"{key}: claim slots {accuracy:.3f} correct ({judged} judged), {found:.3f} of {total} facts found")
        accuracy, found, judged, total = claim_accuracy(sources, FIRST_KINDS)["overall"]
        kinds = ", ".join(FIRST_KINDS)
        print(f"overall, facts of {kinds}: {accuracy:.3f} correct ({judged} judged), {found:.3f} of {total} found")
        return 0
    if args.review:
        print("\n".join(review(ids)))
        return 0
    records = [r for source in ids for r in as_records(candidates(source))]
    print(json.dumps(records, ensure_ascii=False, indent=1, sort_keys=True))
    return 0


def _draft(args: argparse.Namespace) -> int:
    from academie.draft import decide, draft, draft_path
    from corpus.sources import get_source
    from rules.verify import engine_reading

    get_source(args.source)
    if args.accept or args.reject:
        rule_id, decision = (args.accept, "accepted") if args.accept else (args.reject, "rejected")
        written = decide(args.source, rule_id, decision, args.editor)
        print(f"{rule_id}: {decision} by {args.editor} ({written})")
        return 0
    drafted = draft(args.source)
    counts: dict[str, int] = {}
    for item in drafted:
        reading = engine_reading(item.rule, item.verdict)
        counts[reading] = counts.get(reading, 0) + 1
        print(f"{item.rule.id}\t{reading}\t{item.verdict.detail}")
    summary = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
    print(f"{len(drafted)} draft rules in {draft_path(args.source)}: {summary or 'none'}", file=sys.stderr)
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="academie", description="Edit and verify historical card-game rules.")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    build = sub.add_parser("build", help="build every source's TEI, the later stages and the edition")
    build.add_argument("--no-site", action="store_true", help="stop after the TEI corpus")
    build.add_argument(
        "--workers",
        type=_positive,
        default=1,
        metavar="N",
        help="build the sources on a local Dask cluster of N processes",
    )
    build.add_argument(
        "--scheduler", metavar="tcp://HOST:PORT", help="build the sources on a running Dask scheduler's workers"
    )
    build.add_argument("--fresh", action="store_true", help="build every source again, unchanged ones too")
    build.set_defaults(handler=_build)

    text = sub.add_parser("text", help="print a source's diplomatic or regularised reading")
    text.add_argument("source", help="source id, e.g. reversis")
    mode = text.add_mutually_exclusive_group()
    mode.add_argument("--diplomatic", action="store_true", help="the raw text, exactly as received")
    mode.add_argument("--reading", action="store_true", help="the corrected, regularised reading (default)")
    text.add_argument("--bytes", action="store_true", help="with --diplomatic: raw.txt byte for byte, from the TEI")
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

    for name, handler, text in (
        ("clean", _clean, "print the automatically cleaned reading of an OCR text (FILE or standard input)"),
        ("normalize", _normalize, "print a text with its early-modern spelling regularised, line for line"),
    ):
        command = sub.add_parser(name, help=text)
        command.add_argument("file", nargs="?", help="text file (default: standard input)")
        command.set_defaults(handler=handler)
        if name == "clean":
            command.add_argument(
                "--read-as",
                choices=READ_AS,
                default="auto",
                help="book: join cut words and space ? and ! as a book's reading; print: keep the print's "
                "hyphens and spacing; auto: book for a text of 10,000 characters or more without line breaks",
            )

    evaluate = sub.add_parser(
        "eval", help="error rates on ICDAR-format OCR (ocr), source<TAB>target lines (norm), the corpus (sources)"
    )
    evaluate.add_argument("task", choices=("ocr", "norm", "sources"))
    evaluate.add_argument("dir", nargs="?", help="folder of ICDAR .txt files, or of .tsv files / one .tsv file")
    evaluate.add_argument("--prefix", default="", help="only .tsv files whose name starts so, e.g. dev (norm)")
    evaluate.add_argument("--half", choices=("odd", "even"), help="only the files numbered odd or even (ocr)")
    evaluate.add_argument("--read-as", choices=READ_AS, default="auto", help="as `academie clean --read-as` (ocr)")
    evaluate.add_argument(
        "--without", action="append", default=[], choices=OPTIONAL_METHODS, help="leave a cleaning method out (ocr)"
    )
    evaluate.set_defaults(handler=_eval)

    learn = sub.add_parser("learn", help="learn the shipped tables from training data (developers)")
    learn.add_argument("task", choices=("ocr", "norm"))
    learn.add_argument("dir", help="the ICDAR 2017 or FreEMnorm folder")
    learn.add_argument("--splits", default="train,dev", help="FreEMnorm file prefixes to learn from")
    learn.add_argument("--half", choices=("odd", "even"), help="learn from files numbered odd or even only (ocr)")
    learn.set_defaults(handler=_learn)

    corrections = sub.add_parser("corrections", help="record an edited reading as the editor's corrections")
    corrections.add_argument("source")
    corrections.add_argument("file", help="lines of block-id<TAB>corrected text")
    corrections.add_argument(
        "--replace-all",
        action="store_true",
        help="drop every correction derived from an edited reading first (the previous file kept as a backup)",
    )
    corrections.set_defaults(handler=_corrections)

    rules = sub.add_parser("rules", help="the rule catalogue as JSON, its claim mutations, or what no rule cites")
    rules.add_argument("--json", action="store_true", help="with --mutate: the report as JSON")
    rules.add_argument("--coverage", action="store_true", help="list the sentences no rule cites, marked or not")
    rules.add_argument("--mutate", action="store_true", help="mutate each claim value; list the surviving mutations")
    rules.set_defaults(handler=_rules)

    extract = sub.add_parser("extract", help="rule candidates found by the spaCy pipeline, as JSON")
    extract.add_argument("--source", help="one source id (default: all)")
    extract.add_argument("--review", action="store_true", help="candidates no rule matches, rules no candidate finds")
    extract.add_argument("--eval", metavar="GOLD", help="precision and recall against gold sentence labels")
    extract.add_argument(
        "--unseen", metavar="DIR", help="recall, precision and claims on texts not in the corpus (NAME.txt + .gold.tsv)"
    )
    extract.add_argument(
        "--cross-validate",
        metavar="GOLD",
        help="cues beside a spaCy textcat trained on 4 sources, tested on the 5th (with --unseen DIR: and each text)",
    )
    extract.add_argument("--verbose", action="store_true", help="with --unseen: list each miss and false candidate")
    extract.add_argument(
        "--misread",
        metavar="RATE",
        type=_share,
        default=0.0,
        help="with --unseen: misread that share of each text's letters first, as OCR does (e.g. 0.01)",
    )
    extract.add_argument(
        "--long-s",
        action="store_true",
        help="with --unseen: read each text first as OCR reads a print's long s, as f ('eft', 'auffi')",
    )
    extract.set_defaults(handler=_extract)

    drafting = sub.add_parser("draft", help="a source's candidates as draft rules the engine checks at once")
    drafting.add_argument("source", help="the source id")
    drafting.add_argument("--accept", metavar="RULE", help="move this draft into the catalogue")
    drafting.add_argument("--reject", metavar="RULE", help="reject this draft (it is not drafted again)")
    drafting.add_argument("--editor", default="editor", help="who decides (recorded in the rule's resp)")
    drafting.set_defaults(handler=_draft)

    report = sub.add_parser("report", help="what the automatic cleaning did and suggested, per source")
    report.add_argument("source", nargs="?")
    report.set_defaults(handler=_report)

    serve = sub.add_parser("serve", help="serve the built edition locally (--rebuild: rebuild it on change)")
    serve.add_argument("--port", type=_port, default=8000, help="port (default 8000; 0 picks a free one)")
    serve.add_argument("--rebuild", action="store_true", help="rebuild and reload on change (sphinx-autobuild)")
    serve.set_defaults(handler=_serve)

    bench = sub.add_parser("bench", help="benchmarks that print figures")
    bench.add_argument("what", choices=("add-source", "build", "clean", "engine", "pipeline", "site"))
    bench.add_argument("--sizes", default="10000,100000,1000000", help="add-source: book sizes, in bytes")
    bench.add_argument("--books", default="10,50,200", help="build: sizes of the synthetic corpus, in books")
    bench.add_argument("dir", nargs="?", help="ICDAR-format folder to clean (clean)")
    bench.add_argument("--limit", type=int, default=0, help="at most this many files, or games (0: default)")
    bench.add_argument(
        "--scales", default="1,10,100", help="pipeline: sizes of the synthetic corpus, in copies (default 1,10,100)"
    )
    bench.add_argument(
        "--repeat", type=_positive, default=3, help="pipeline: timings of each, the fastest kept (default 3)"
    )
    bench.set_defaults(handler=_bench)
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
