"""The ledger of published identifiers: a citation, once published, never breaks.

`corpus/ledger.txt` lists every identifier the edition has published (TEI `@xml:id`s of the texts
and rule ids), each sentence's with a digest of the raw text it names. A build that would drop one
fails, unless `corpus/redirects.toml` says where it went (`[redirects]`, `"old.id" = "new.id"`; the
site then serves the old permalink as a redirect); a build that would give a sentence's identifier
to other text fails too, unless `[changed]` accepts the new text's digest.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from lxml import etree

from corpus import paths
from corpus.errors import AcademieError
from corpus.fileio import load_toml, parse_xml, write_atomic
from corpus.readings import element_diplomatic
from corpus.spans import TEI_NS, XML_ID
from rules.catalogue import load_rules

LEDGER = paths.CORPUS / "ledger.txt"
REDIRECTS = paths.CORPUS / "redirects.toml"
IDENTIFIER = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*")  # an xml:id or a rule id: no path
HEADER = (
    "# Every identifier the edition has published, a sentence's with the digest of its raw text;"
    " see academie/ledger.py. Generated: do not edit.\n"
)


def text_ids(tei_file: Path) -> list[str]:
    """The identifiers inside a TEI file's <text> (the citable passages)."""
    return identified(parse_xml(tei_file).getroot().find(f"{{{TEI_NS}}}text"))


def identified(text: etree._Element) -> list[str]:
    """The identifiers of a TEI <text> and of everything in it, in document order."""
    return [e.get(XML_ID) for e in text.iter() if isinstance(e.tag, str) and e.get(XML_ID)]


def anchors(text: etree._Element) -> dict[str, str]:
    """Each sentence's identifier with a digest of the raw text it spans: a sentence inserted
    before it, or its own words changed in the raw text, changes what the identifier names."""
    return {
        s.get(XML_ID): hashlib.sha256(element_diplomatic(s).encode("utf-8")).hexdigest()[:16]
        for s in text.iter(f"{{{TEI_NS}}}s")
    }


def current_ids(tei_dir: Path = paths.TEI) -> set[str]:
    ids = {i for f in sorted(tei_dir.glob("*.xml")) for i in text_ids(f)}
    return ids | {rule.id for rule in load_rules()}


def published(ledger: Path = LEDGER) -> set[str]:
    return set(_entries(ledger))


def _entries(ledger: Path) -> dict[str, str | None]:
    """Published identifier -> the digest of its text when published (sentences), else None."""
    if not ledger.exists():
        return {}
    out: dict[str, str | None] = {}
    for line in ledger.read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, digest = line.strip().partition("\t")
            out[name] = digest or None
    return out


def _table(path: Path, name: str) -> dict[str, str]:
    if not path.exists():
        return {}
    table = load_toml(path).get(name, {})
    if not isinstance(table, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in table.items()):
        raise AcademieError(f"[{name}] maps identifiers to strings", path)
    for key in table:
        if not IDENTIFIER.fullmatch(key):
            raise AcademieError(f"'{key}' is not an identifier (letters, digits, '.', '-', '_')", path)
    return table


def redirects(path: Path = REDIRECTS) -> dict[str, str]:
    """[redirects]: where a dropped identifier went (old id -> new id)."""
    table = _table(path, "redirects")
    for new in table.values():
        if not IDENTIFIER.fullmatch(new):
            raise AcademieError(f"'{new}' is not an identifier (letters, digits, '.', '-', '_')", path)
    return table


def check(
    current: set[str], ledger: Path = LEDGER, moves: Path = REDIRECTS, digests: dict[str, str] | None = None
) -> None:
    """Refuse a build that drops a published identifier without a redirect to a live one, or that
    gives a published sentence's identifier to other text, unless [changed] accepts its new digest."""
    table = redirects(moves)
    dangling = sorted(old for old, new in table.items() if new not in current)
    if dangling:
        raise AcademieError(f"redirect of {dangling[0]} points to {table[dangling[0]]}, which does not exist", moves)
    known = _entries(ledger)
    dropped = sorted(set(known) - current - set(table))
    if dropped:
        more = f" and {len(dropped) - 3} more" if len(dropped) > 3 else ""
        raise AcademieError(
            f"published identifiers would break: {', '.join(dropped[:3])}{more}; restore them or record "
            f"where they went in {moves.name}",
            ledger,
        )
    accepted = _table(moves, "changed")
    changed = sorted(
        name
        for name, digest in (digests or {}).items()
        if known.get(name) not in (None, digest) and accepted.get(name) != digest
    )
    if changed:
        name = changed[0]
        more = f" ({len(changed) - 1} more)" if len(changed) > 1 else ""
        raise AcademieError(
            f"{name} would name other text than it did when published (the raw text changed before or in it)"
            f"{more}; restore the text, or accept the change under [changed] in {moves.name}: "
            f'"{name}" = "{digests[name]}"',
            ledger,
        )


def update(current: set[str], ledger: Path = LEDGER, digests: dict[str, str] | None = None) -> int:
    """Record newly published identifiers, and each sentence's digest; returns how many are new."""
    known = _entries(ledger)
    entries = {**known, **{name: None for name in current if name not in known}, **(digests or {})}
    new = len(set(current) - set(known))
    lines = "".join(f"{name}\t{digest}\n" if digest else f"{name}\n" for name, digest in sorted(entries.items()))
    if HEADER + lines != (ledger.read_text("utf-8") if ledger.exists() else ""):
        write_atomic(ledger, HEADER + lines)
    return new
