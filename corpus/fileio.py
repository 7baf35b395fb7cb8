"""Atomic writes, hardened XML parsing and TOML read with errors that name the file and line:
nothing half-written, no entity tricks."""

from __future__ import annotations

import os
import re
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from lxml import etree

from corpus.errors import AcademieError
from corpus.rawtext import XML_UNSAFE

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


def load_toml(path: Path) -> dict[str, Any]:
    """Read a TOML file; a syntax error names the file and line."""
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
        _refuse_unencodable(data, path)
        return data
    except FileNotFoundError as err:
        raise AcademieError("file not found", path) from err
    except UnicodeDecodeError as err:
        raise AcademieError("not UTF-8", path) from err
    except tomllib.TOMLDecodeError as err:
        line = _toml_error_line(str(err))
        raise AcademieError(f"malformed TOML: {str(err).split(' (at')[0]}", path, line) from err
    except RecursionError:
        raise AcademieError("malformed TOML: nested too deep", path) from None
    except OSError as err:
        raise AcademieError(f"cannot read: {err.strerror}", path) from None


def _refuse_unencodable(value: Any, path: Path) -> None:
    """A string XML cannot carry (a control character) is refused wherever it stands in the file."""
    if isinstance(value, dict):
        for item in value.values():
            _refuse_unencodable(item, path)
    elif isinstance(value, list):
        for item in value:
            _refuse_unencodable(item, path)
    elif isinstance(value, str) and (bad := XML_UNSAFE.search(value)):
        code = f"U+{ord(bad.group()):04X}"
        text = path.read_text("utf-8")
        at = min(
            (i for i in (text.find(bad.group()), text.lower().find(f"\\u{ord(bad.group()):04x}")) if i >= 0), default=0
        )
        raise AcademieError(f"control character {code}, which XML cannot carry", path, text.count("\n", 0, at) + 1)


def entry_lines(path: Path, table: str) -> list[int]:
    """The line of each `[[table]]` header of a TOML file: where its k-th entry starts."""
    header = re.compile(rf"\s*\[\[\s*{re.escape(table)}\s*\]\]")
    return [n for n, line in enumerate(path.read_text("utf-8").splitlines(), 1) if header.match(line)]


def _toml_error_line(message: str) -> int | None:
    match = re.search(r"line (\d+)", message)
    return int(match.group(1)) if match else None
