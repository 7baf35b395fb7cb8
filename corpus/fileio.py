"""Atomic writes and hardened XML parsing: nothing half-written, no entity tricks."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from lxml import etree

from corpus.errors import AcademieError

MAX_XML_BYTES = 64 * 1024 * 1024


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write to a temporary file in the same folder, then rename over `path`."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as err:  # a read-only folder, a full disk: one line naming the file
        raise AcademieError(f"cannot write: {err.strerror}", path) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except OSError as err:
        Path(tmp).unlink(missing_ok=True)
        raise AcademieError(f"cannot write: {err.strerror}", path) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def safe_parser() -> etree.XMLParser:
    """An XML parser that resolves no entities, loads no DTD and touches no network."""
    return etree.XMLParser(
        resolve_entities=False,
        load_dtd=False,
        no_network=True,
        dtd_validation=False,
        huge_tree=False,
        remove_blank_text=False,
    )


def parse_xml(path: Path) -> etree._ElementTree:
    """Parse an XML file safely; any problem is an AcademieError naming file and line."""
    try:
        size = path.stat().st_size
    except OSError as err:
        raise AcademieError(f"cannot read: {err.strerror}", path) from err
    if size > MAX_XML_BYTES:
        raise AcademieError(f"XML file larger than {MAX_XML_BYTES} bytes", path)
    try:
        tree = etree.parse(str(path), safe_parser())
    except etree.XMLSyntaxError as err:
        raise AcademieError(f"not well-formed XML: {err.msg}", path, err.lineno) from err
    if tree.docinfo.internalDTD is not None or _has_entity_decl(tree):
        raise AcademieError("XML with a DTD or entity declarations is refused", path)
    return tree


def _has_entity_decl(tree: etree._ElementTree) -> bool:
    dtd = tree.docinfo.internalDTD
    return dtd is not None and any(True for _ in dtd.iterentities())
