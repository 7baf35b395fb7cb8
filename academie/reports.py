"""Per-source cleaning report: corrections by method and certainty, suggestions not applied."""

from __future__ import annotations

import json
from collections import Counter

from corpus.encode import encode
from corpus.sources import Source


def report_data(source: Source) -> dict:
    """The report as data (deterministic: sorted keys and lists)."""
    encoded = encode(source)
    raw = source.text()
    counts: Counter[tuple[str, str]] = Counter()
    from lxml import etree

    from corpus.fileio import safe_parser
    from corpus.spans import TEI_NS

    tree = etree.fromstring(encoded.data, safe_parser())
    for member in tree.iter(f"{{{TEI_NS}}}corr", f"{{{TEI_NS}}}reg", f"{{{TEI_NS}}}expan"):
        counts[(member.get("resp", "").lstrip("#"), member.get("cert", ""))] += 1
    suggestions = [
        {"text": s.old, "suggestion": s.new, "line": raw.count("\n", 0, s.start) + 1, "resp": s.resp.lstrip("#")}
        for s in encoded.cleaning.suggestions
    ]
    return {
        "source": source.id,
        "changes": [{"resp": r, "cert": c, "count": n} for (r, c), n in sorted(counts.items())],
        "total": sum(counts.values()),
        "suggestions": suggestions,
    }


def source_report(source: Source) -> str:
    """A readable report."""
    data = report_data(source)
    lines = [f"{source.id}: {data['total']} changes"]
    lines += [f"  {c['resp']:<28} {c['cert']:<7} {c['count']:>5}" for c in data["changes"]]
    lines.append(f"  suggestions not applied: {len(data['suggestions'])}")
    lines += [f"    line {s['line']}: {s['text']} -> {s['suggestion']}?" for s in data["suggestions"]]
    return "\n".join(lines)


def report_json(source: Source) -> str:
    return json.dumps(report_data(source), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
