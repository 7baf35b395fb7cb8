"""The rules as W3C Web Annotations (JSON-LD): each rule describes the TEI passages it cites."""

from __future__ import annotations

from corpus import paths

CONTEXT = "http://www.w3.org/ns/anno.jsonld"


def annotation(rule: dict) -> dict:
    """One rule of rules.json: its claim as the body, each cited passage of the TEI file as a target
    (IRIs are relative to the site's root, where annotations.jsonld lies)."""
    return {
        "id": f"id/{rule['id']}.html",
        "type": "Annotation",
        "motivation": "describing",
        "creator": {"type": "Software", "name": "Académie"},
        "body": [
            {
                "type": "TextualBody",
                "purpose": "describing",
                "format": "text/plain",
                "language": "en",
                "value": f"{rule['kind']}: {rule['claim_text']} (status: {rule['status']})",
            },
            {
                "id": f"{paths.game_page(rule['game'])}.html#{rule['id']}",
                "type": "Text",
                "format": "text/html",
                "purpose": "linking",
            },
        ],
        "target": [
            {
                "source": f"tei/{rule['source']}.xml",
                "type": "Text",
                "format": "application/tei+xml",
                "scope": f"id/{passage}.html",
                "selector": {"type": "XPathSelector", "value": f"//*[@xml:id='{passage}']"},
            }
            for passage in rule["passages"]
        ],
    }


def annotation_collection(rules: list[dict]) -> dict:
    items = [annotation(r) for r in sorted(rules, key=lambda r: r["id"])]
    return {
        "@context": CONTEXT,
        "id": "annotations.jsonld",
        "type": "AnnotationCollection",
        "label": "Académie: the rules and the passages they cite",
        "total": len(items),
        "first": {"type": "AnnotationPage", "items": items},
    }
