"""Everything the edition publishes beside its pages, written in one place after Sphinx: rules.json
and its schema, the rule candidates, the TEI files, the permalinks and the Web Annotations."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

from lxml import html as lxml_html
from lxml.html import builder as h
from lxml.html import tostring

from academie.annotations import annotation_collection
from academie.ledger import redirects
from corpus import paths
from corpus.errors import AcademieError
from corpus.fileio import write_atomic
from corpus.sources import all_sources
from extract.candidates import as_records, candidates, matched
from rules.catalogue import SCHEMA, load_rules
from rules.passages import passages


def write_exports(
    html: Path, catalogue: str, cited: dict, found: list[dict] | None, progress: Callable[[str], None]
) -> None:
    """The exports of the edition in `html`, from the verified catalogue (rules.json's text), the
    citations (citations.json) and the rule candidates the build found (None: found again from the TEI)."""
    rules = json.loads(catalogue)
    write_atomic(html / "rules.json", catalogue)
    write_atomic(html / "rules.schema.json", SCHEMA.read_bytes())
    progress(f"rules: rules.json, {len(rules)} rules verified")
    (html / "tei").mkdir(exist_ok=True)
    for source in all_sources():
        shutil.copyfile(paths.tei_path(source.id), html / "tei" / f"{source.id}.xml")
    write_permalinks(html / "id", rules)
    write_citations(html / "cite", cited)
    remove_stale(html, rules)
    collection = annotation_collection(rules)
    write_atomic(html / "annotations.jsonld", _json(collection))
    if found is None:
        found = [r for source in all_sources() for r in as_records(candidates(source.id, catalogue=[]))]
    records = matched(found, load_rules())
    write_atomic(html / "candidates.json", _json(records))
    progress(f"extract: candidates.json, {len(records)} rule candidates")


def write_permalinks(folder: Path, rules: list[dict]) -> None:
    """id/<anchor>.html for every passage and rule, and for every redirected old id."""
    folder.mkdir(exist_ok=True)
    targets = {}
    for source in all_sources():
        for xml_id in passages(source.id):
            targets[xml_id] = f"../{paths.source_page(source.id)}.html#{xml_id}"
    for rule in rules:
        targets[rule["id"]] = f"../rules/{rule['id']}.html#rule-page-{rule['id']}"
    for old, new in redirects().items():
        targets[old] = targets.get(new) or f"../{paths.source_page(new.split('.', 1)[0])}.html#{new}"
    check_anchors(folder, targets)
    manifest = folder / "permalinks.json"  # skip rewriting hundreds of pages when no target moved
    listing = json.dumps(targets, sort_keys=True, indent=0) + "\n"
    if not manifest.exists() or manifest.read_text("utf-8") != listing:
        for anchor, target in sorted(targets.items()):
            page = folder / f"{anchor}.html"
            if page.resolve().parent != folder.resolve():  # ids are checked: this never happens
                raise AcademieError(f"permalink '{anchor}' would lie outside the site", page)
            write_atomic(page, permalink_page(target))
        write_atomic(manifest, listing)


def write_citations(folder: Path, cited: dict) -> None:
    """cite/<id>.bib, .ris and .json (CSL-JSON) for every rule and source, rewritten only when changed."""
    folder.mkdir(exist_ok=True)
    wanted = set()
    for kind in ("rules", "sources"):
        for key, record in cited[kind].items():
            csl = [record["csl"], *([record["source"]] if "source" in record else [])]
            for suffix, text in (("bib", record["bibtex"]), ("ris", record["ris"]), ("json", _json(csl))):
                path = folder / f"{key}.{suffix}"
                wanted.add(path.name)
                if not path.exists() or path.read_text("utf-8") != text:
                    write_atomic(path, text)
    for path in folder.glob("*"):
        if path.name not in wanted:
            path.unlink()


def check_anchors(folder: Path, targets: dict[str, str]) -> None:
    """Every permalink lands on an element that exists: its page holds the anchor it names."""
    anchors: dict[Path, set[str]] = {}
    for name, target in sorted(targets.items()):
        page, _, anchor = target.partition("#")
        path = (folder / page).resolve()
        if path not in anchors:
            anchors[path] = set(lxml_html.parse(str(path)).getroot().xpath("//@id")) if path.exists() else set()
        if anchor not in anchors[path]:
            raise AcademieError(f"permalink {name} leads to #{anchor}, which {page.lstrip('./')} lacks", path)


def remove_stale(html: Path, rules: list[dict]) -> None:
    """What a removed source or game left in the site: its page, its TEI, its permalinks."""
    sources, games = {s.id for s in all_sources()}, {r["game"] for r in rules}
    manifest = html / "id" / "permalinks.json"
    anchors = set(json.loads(manifest.read_text("utf-8"))) if manifest.exists() else set()
    wanted = {
        "sources": {f"{name}{suffix}.html" for name in sources for suffix in ("", "-changes", "-parallel")}
        | {"index.html"},
        "games": {f"{name}.html" for name in (*games, "index")},
        "rules": {f"{rule['id']}.html" for rule in rules} | {"index.html"},
        "tei": {f"{name}.xml" for name in sources},
        "id": {f"{name}.html" for name in anchors} | {"permalinks.json"},
    }
    for folder, names in wanted.items():
        for path in (html / folder).glob("*"):
            if path.is_file() and path.name not in names:
                path.unlink()


def permalink_page(target: str) -> bytes:
    """A page that sends the reader on to `target` (built as a tree, never by string pasting)."""
    page = h.HTML(
        h.HEAD(
            h.META(charset="utf-8"),
            h.META(**{"http-equiv": "refresh", "content": f"0; url={target}"}),
            h.LINK(rel="canonical", href=target),
            h.TITLE("Académie permalink"),
        ),
        h.BODY(h.P("This permalink leads to ", h.A(target, href=target), ".")),
    )
    return tostring(page, doctype="<!DOCTYPE html>", encoding="utf-8")


def _json(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
