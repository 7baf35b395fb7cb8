"""The ledger of published identifiers: a citation, once published, never breaks.

`corpus/ledger.txt` lists every identifier the edition has published (TEI `@xml:id`s of the texts
and rule ids). A build that would drop one fails, unless `corpus/redirects.toml` says where it
went (`"old.id" = "new.id"`); the site then serves the old permalink as a redirect.
"""

from __future__ import annotations

import re
from pathlib import Path

from corpus import paths
from corpus.errors import AcademieError
from corpus.fileio import parse_xml, write_atomic
from corpus.sources import load_toml
from corpus.spans import TEI_NS, XML_ID

LEDGER = paths.CORPUS / "ledger.txt"
REDIRECTS = paths.CORPUS / "redirects.toml"
IDENTIFIER = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*")  # an xml:id or a rule id: no path
HEADER = "# Every identifier the edition has published; see corpus/ledger.py. Generated: do not edit.\n"


def text_ids(tei_file: Path) -> list[str]:
    """The identifiers inside a TEI file's <text> (the citable passages)."""
    text = parse_xml(tei_file).getroot().find(f"{{{TEI_NS}}}text")
    return [e.get(XML_ID) for e in text.iter() if isinstance(e.tag, str) and e.get(XML_ID)]


def current_ids(tei_dir: Path = paths.TEI) -> set[str]:
    from rules.catalogue import load_rules

    ids = {i for f in sorted(tei_dir.glob("*.xml")) for i in text_ids(f)}
    return ids | {rule.id for rule in load_rules()}


def published(ledger: Path = LEDGER) -> set[str]:
    if not ledger.exists():
        return set()
    return {
        line.strip() for line in ledger.read_text("utf-8").splitlines() if line.strip() and not line.startswith("#")
    }


def redirects(path: Path = REDIRECTS) -> dict[str, str]:
    if not path.exists():
        return {}
    table = load_toml(path).get("redirects", {})
    if not isinstance(table, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in table.items()):
        raise AcademieError("[redirects] maps old ids to new ids, both strings", path)
    for old, new in table.items():
        for name in (old, new):
            if not IDENTIFIER.fullmatch(name):
                raise AcademieError(f"'{name}' is not an identifier (letters, digits, '.', '-', '_')", path)
    return table


def check(current: set[str], ledger: Path = LEDGER, moves: Path = REDIRECTS) -> None:
    """Refuse a build that drops a published identifier without a redirect to a live one."""
    table = redirects(moves)
    dangling = sorted(old for old, new in table.items() if new not in current)
    if dangling:
        raise AcademieError(f"redirect of {dangling[0]} points to {table[dangling[0]]}, which does not exist", moves)
    dropped = sorted(published(ledger) - current - set(table))
    if dropped:
        more = f" and {len(dropped) - 3} more" if len(dropped) > 3 else ""
        raise AcademieError(
            f"published identifiers would break: {', '.join(dropped[:3])}{more}; restore them or record "
            f"where they went in {moves.name}",
            ledger,
        )


def update(current: set[str], ledger: Path = LEDGER) -> int:
    """Add newly published identifiers; returns how many."""
    known = published(ledger)
    new = current - known
    if new or not ledger.exists():
        write_atomic(ledger, HEADER + "".join(f"{i}\n" for i in sorted(known | current)))
    return len(new)
