"""What every page tells browsers and reference managers: Highwire `citation_*` meta tags on the
pages of rules and sources (Zotero saves them), and the edition's version, date and licence."""

from __future__ import annotations

from html import escape
from typing import Any

from sphinx.application import Sphinx

from edition.data import citations


def page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object) -> None:
    """Sphinx's html-page-context: the footer's facts, and the meta tags of a rule or source page."""
    cited = citations()
    context["academie"] = cited["edition"]
    folder, _, key = pagename.partition("/")
    record = cited[folder].get(key) if folder in ("rules", "sources") else None
    if record:
        context["metatags"] = context.get("metatags", "") + meta_tags(record["csl"], cited["edition"])


def meta_tags(item: dict[str, Any], edition: dict[str, str]) -> str:
    """The Highwire tags of a CSL-JSON item, each value escaped."""
    tags: list[tuple[str, str]] = [("citation_title", item["title"])]
    tags += [("citation_author", a.get("literal", "")) for a in item.get("author", [])]
    issued = item.get("issued", {}).get("date-parts", [[]])[0]
    if issued:
        tags.append(("citation_publication_date", "/".join(f"{p:02d}" if n else str(p) for n, p in enumerate(issued))))
    if item["type"] == "webpage":
        tags += [
            ("citation_publisher", edition["editors"]),
            ("citation_online_date", edition["date"].replace("-", "/")),
            ("DC.relation.ispartof", f"{edition['title']}, version {edition['version']}"),
        ]
    else:
        for tag, key in (("citation_inbook_title", "container-title"), ("citation_publisher", "publisher")):
            if item.get(key):
                tags.append((tag, item[key]))
        pages = item.get("page", "").replace("–", "-").split("-")
        if pages[0]:
            tags += [("citation_firstpage", pages[0]), ("citation_lastpage", pages[-1])]
    if item.get("URL", "").startswith("http"):
        tags.append(("citation_public_url", item["URL"]))
    tags += [("citation_language", item.get("language", "")), ("DC.rights", edition["licence_url"])]
    return "".join(f'\n<meta name="{name}" content="{escape(value)}">' for name, value in tags if value)
