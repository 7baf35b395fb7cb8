"""The comparison of the sources of one game, by what their rules claim: one row per point of the
game, each saying whether the sources agree, differ, or only one of them speaks."""

from __future__ import annotations

import json

from docutils import nodes

from edition.data import Verified
from edition.rule_render import badge, table, xref

# The points of a game a reader compares, and the checks whose claims speak of each.
TOPICS = {
    "The pack": ("deck", "deck-composition", "deck-removal"),
    "Players": ("players", "players-range", "agreed-players"),
    "Hand size": ("deal", "variant-deal", "hand-size", "deal-fits", "agreed-hand"),
    "Trump order": ("tarot-rank", "trumps-1659", "draw-rank", "rank"),
    "Card values": ("variant-values", "point-values", "value", "card-values-total", "knight-reading"),
    "The excuse": ("excuse",),
    "Target of the partie": ("partie-target", "first-to-target", "piquet-marker"),
    "Winning the game": ("game-winner", "most-tricks", "primaute", "trick-bonus", "partie-winner"),
    "Following and trumping": ("follow-suit", "forced-trump", "overtake", "trick-beats"),
    "Combinations": ("tarot-sets", "piquet-sets", "major-sequences", "piquet-sequences"),
}


def verdict(claims: dict[str, list[dict]]) -> str:
    """'agree', 'differ', 'one source' or 'different points', from the claims of each source: two
    sources agree when every key both claim has a value in common, and differ when one has none."""
    speaking = {source: found for source, found in claims.items() if found}
    if len(speaking) < 2:
        return "one source"
    values: dict[str, list[set[str]]] = {}
    for found in speaking.values():
        seen: dict[str, set[str]] = {}
        for claim in found:
            for key, value in claim.items():
                seen.setdefault(key, set()).add(json.dumps(value, sort_keys=True))
        for key, got in seen.items():
            values.setdefault(key, []).append(got)
    shared = {key: sets for key, sets in values.items() if len(sets) > 1}
    if not shared:
        return "different points"
    return "agree" if all(set.intersection(*sets) for sets in shared.values()) else "differ"


WORDS = {
    "agree": "the sources agree",
    "differ": "the sources differ",
    "one source": "only one source speaks",
    "different points": "each speaks of a different point",
}


def comparison(rules: list[Verified], sources: list[tuple[str, str]]) -> nodes.table:
    """Points of the game down, sources across (titled by author and date), and a verdict per row."""
    rows = []
    for topic, checks in TOPICS.items():
        cells: dict[str, list[Verified]] = {
            source_id: [v for v in rules if v.rule.source == source_id and v.rule.check in checks]
            for source_id, _ in sources
        }
        if not any(cells.values()):
            continue
        found = verdict({s: [v.rule.claim for v in cell] for s, cell in cells.items()})
        row: list[nodes.Node] = [nodes.paragraph("", topic)]
        row.append(nodes.paragraph("", WORDS[found], classes=["verdict", f"verdict-{found.replace(' ', '-')}"]))
        for source_id, _ in sources:
            row.append(_cell(cells[source_id]))
        rows.append(row)
    return table(["Point", "Verdict", *(title for _, title in sources)], rows, ["comparison"])


def _cell(found: list[Verified]) -> nodes.Node:
    if not found:
        return nodes.paragraph("", "(silent)", classes=["silent"])
    cell = nodes.bullet_list(classes=["compact"])
    for verified in found:
        item = nodes.list_item()
        para = nodes.paragraph()
        para += xref(
            verified.rule.id, nodes.Text(verified.rule.claim_sentence or verified.rule.title), classes=["rule-link"]
        )
        para += nodes.Text(" ")
        para += badge(verified)
        item += para
        cell += item
    return cell
