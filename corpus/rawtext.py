"""Decoding a raw OCR file into the text the TEI encodes: NFC, `\\n` line ends."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from corpus.errors import AcademieError

ENCODINGS = ("utf-8", "cp1252", "latin-1")
MAX_RAW_BYTES = 20 * 1024 * 1024  # a source is a chapter or a book, not a library: refuse beyond
# XML 1.0 cannot carry these characters, so a text containing them is refused.
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")


def detect_encoding(data: bytes, path: Path) -> str:
    """The encoding of a raw file: UTF-8 when it decodes, else cp1252, else Latin-1."""
    if not data.strip():
        raise AcademieError("file is empty", path)
    if len(data) > MAX_RAW_BYTES:
        raise AcademieError(f"file too large: {len(data) / 2**20:.1f} MiB (at most {MAX_RAW_BYTES // 2**20} MiB)", path)
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise AcademieError("binary file (NUL byte), not a text", path, line)
    for encoding in ENCODINGS:
        try:
            data.decode(encoding)
        except UnicodeDecodeError:
            continue
        return encoding
    raise AcademieError("cannot decode as text", path)  # pragma: no cover - latin-1 decodes all


def decode(data: bytes, encoding: str, path: Path) -> str:
    """Decode and normalise: BOM dropped, CRLF and CR to LF, Unicode NFC; refuse controls."""
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise AcademieError(f"not valid {encoding}: {err.reason}", path, line) from err
    text = text.removeprefix("\ufeff")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = unicodedata.normalize("NFC", text)
    bad = _FORBIDDEN.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        raise AcademieError(f"control character U+{ord(bad.group()):04X} cannot be encoded in XML", path, line)
    if not text.strip():
        raise AcademieError("file has no text", path)
    return text


def read_raw(path: Path, encoding: str | None = None) -> str:
    """Read and normalise a raw file, detecting its encoding unless given."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise AcademieError(f"cannot read: {err.strerror}", path) from err
    return decode(data, encoding or detect_encoding(data, path), path)
