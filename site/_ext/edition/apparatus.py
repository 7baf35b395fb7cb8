"""The editor's apparatus of a source: every change as a row (as received, as read, by whom, how
sure, why), filterable by agent and certainty, and the two readings side by side."""

from __future__ import annotations

from docutils import nodes
from lxml import etree

from corpus.readings import local_name
from corpus.spans import TEI_NS, XML_ID
from edition.rule_render import table, xref
from edition.tei_render import CHOICE_WORDS, DIPLOMATIC, REGULAR, Renderer, header_agents

T = f"{{{TEI_NS}}}"


def reasons(root: etree._Element) -> dict[str, str]:
    """Agent id -> what it does (the header's <desc> of an application, the editor's role)."""
    found = {app.get(XML_ID): " ".join(app.findtext(f"{T}desc", "").split()) for app in root.iter(f"{T}application")}
    for resp in root.iter(f"{T}respStmt"):
        if resp.get(XML_ID):
            found[resp.get(XML_ID)] = " ".join(resp.findtext(f"{T}resp", "").split()) or "the editor's correction"
    return found


def change_rows(root: etree._Element) -> list[list[nodes.Node]]:
    """One row per <choice>: as received, as read, kind, agent, certainty, reason, and a link to
    the nearest identified element around it (the page's filters read the agent and certainty cells)."""
    agents, why = header_agents(root), reasons(root)
    rows = []
    for choice in root.find(f"{T}text").iter(f"{T}choice"):
        original = next((c for c in choice if local_name(c) in DIPLOMATIC), None)
        regular = next((c for c in choice if local_name(c) in REGULAR), None)
        if original is None or regular is None:
            continue
        agent = (regular.get("resp") or "").lstrip("#")
        cert = regular.get("cert", "unknown")
        place = next((a.get(XML_ID) for a in choice.iterancestors() if a.get(XML_ID)), None)
        cells: list[nodes.Node] = [
            nodes.paragraph("", "", nodes.literal("", _shown("".join(original.itertext())))),
            nodes.paragraph("", "", nodes.literal("", _shown("".join(regular.itertext())))),
            nodes.paragraph("", CHOICE_WORDS[local_name(regular)]),
            nodes.paragraph("", agents.get(agent, agent or "unnamed")),
            nodes.paragraph("", cert),
            nodes.paragraph("", why.get(agent, "")),
            nodes.paragraph("", "", xref(place, nodes.Text(place))) if place else nodes.paragraph("", "-"),
        ]
        rows.append(cells)
    return rows


def _shown(text: str) -> str:
    """A change's text as a reader can see it: an empty reading or a bare space named."""
    if not text:
        return "(nothing)"
    return "(space)" if not text.strip() else text


def changes_table(root: etree._Element) -> nodes.table:
    """All changes of a source, one row each."""
    header = ["As received", "As read", "Change", "Agent", "Certainty", "Reason", "Where"]
    return table(header, change_rows(root), ["changes"])


def parallel(root: etree._Element) -> nodes.table:
    """Each block of the text twice, as received and as read, side by side (no ids: the source's
    own page holds the anchors)."""
    renderer = Renderer(header_agents(root), lambda element: [], ids=False)
    rows = []
    for block in root.find(f"{T}text").iter(f"{T}p", f"{T}head", f"{T}item", f"{T}ab"):
        dipl = nodes.container(classes=["force-dipl", "language-fr"])
        dipl += renderer.block(block)
        reg = nodes.container(classes=["force-reg", "language-fr"])
        reg += renderer.block(block)
        place = block.get(XML_ID)
        link = nodes.paragraph("", "", xref(place, nodes.Text(place))) if place else nodes.paragraph("", "")
        rows.append([dipl, reg, link])
    return table(["As received (diplomatic)", "As read (regularised)", "Where"], rows, ["parallel"])
