"""Stable, readable identifiers from the source id and the source's own numbering.

Scheme (documented in the README): `reversis.a14.s2` is the second sentence of article 14 of
Reversis; `taros-1659.sec2.a3` is article III of the second section (article numbers restart);
`talon.q5` the fifth quotation; `piquet.pb36` the page break before printed page 36.
"""

from __future__ import annotations

from collections import Counter

from corpus.spans import Span


def assign_ids(source_id: str, root: Span) -> None:
    """Give every structural span an `xml:id`; counters run within the nearest container."""
    articles = Counter(c.attrs.get("n") for c in root.descendants() if _is_article(c))
    qualify = any(count > 1 for count in articles.values())
    counters: Counter[str] = Counter()
    for child in root.children:
        _assign(child, source_id, source_id, counters, qualify)
    _disambiguate(root)


def _disambiguate(root: Span) -> None:
    """A text that numbers two articles alike in one section still gets unique ids (`a1`, `a1-2`)."""
    seen: Counter[str] = Counter()
    for span in root.descendants():
        xml_id = span.attrs.get("xml:id")
        if xml_id is None:
            continue
        seen[xml_id] += 1
        if seen[xml_id] > 1:
            span.attrs["xml:id"] = f"{xml_id}-{seen[xml_id]}"


def _is_article(span: Span) -> bool:
    return span.tag == "div" and span.attrs.get("type") == "article"


def _next(counters: Counter[str], key: str) -> int:
    counters[key] += 1
    return counters[key]


def _assign(span: Span, container: str, sid: str, counters: Counter[str], qualify: bool) -> None:
    new_id = _id_for(span, container, sid, counters, qualify)
    if new_id:
        span.attrs["xml:id"] = new_id
    inner = new_id if span.tag in ("div", "cit", "front", "back", "list") and new_id else container
    for child in span.children:
        _assign(child, inner, sid, counters, qualify)


def _id_for(span: Span, container: str, sid: str, counters: Counter[str], qualify: bool) -> str | None:
    tag, attrs = span.tag, span.attrs
    if tag in ("front", "back"):
        return f"{sid}.{tag}"
    if tag == "div":
        kind = attrs.get("type")
        if kind == "article":
            base = container if qualify else sid
            return f"{base}.a{attrs['n']}"
        if kind == "section":
            return f"{sid}.sec{_next(counters, 'sec')}"
        return None
    if tag == "cit":
        return f"{sid}.q{_next(counters, 'q')}"
    if tag in ("pb", "fw"):
        return f"{sid}.{tag}{attrs['n']}"
    if tag == "item":
        return f"{container}.i{attrs['n']}"
    if tag in ("p", "s", "ab", "list", "head", "trailer"):
        n = _next(counters, f"{container}/{tag}")
        return f"{container}.{tag}" + ("" if tag in ("head", "trailer") and n == 1 else str(n))
    return None
