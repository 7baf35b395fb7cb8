"""Decoding a raw OCR file into the text the TEI encodes: NFC, `\\n` line ends."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from corpus.errors import AcademieError

ENCODINGS = ("utf-8", "cp1252", "latin-1")
MAX_RAW_BYTES = 20 * 1024 * 1024  # a source is a chapter or a book, not a library: refuse beyond
# A well-formed UTF-8 sequence of two to four bytes: in a file that is not UTF-8, the mark of a mix.
_UTF8_SEQUENCE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")
# XML 1.0 cannot carry these characters, so a text (or a data file's string) holding one is refused.
XML_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")


def detect_encoding(data: bytes, path: Path) -> str:
    """The encoding of a raw file: UTF-8 when it decodes, else cp1252, else Latin-1."""
    if not data.strip():
        raise AcademieError("file is empty", path)
    if len(data) > MAX_RAW_BYTES:
        raise AcademieError(f"file too large: {len(data) / 2**20:.1f} MiB (at most {MAX_RAW_BYTES // 2**20} MiB)", path)
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise AcademieError("binary file (NUL byte), not a text", path, line)
    try:
        data.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError as err:
        if _UTF8_SEQUENCE.search(data):  # UTF-8 letters beside bytes UTF-8 cannot read: two encodings
            line = data[: err.start].count(b"\n") + 1
            raise AcademieError(
                "mixes UTF-8 with another encoding (this line is not UTF-8, others are): save it in one encoding",
                path,
                line,
            ) from None
    for encoding in ENCODINGS[1:]:
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
    bad = XML_UNSAFE.search(text)
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


@dataclass(frozen=True)
class Form:
    """How a raw file's bytes differ from the text the TEI encodes (NFC, `\\n` line ends), so that
    the bytes can be given back from the TEI: recorded in the source's metadata."""

    encoding: str = "utf-8"
    bom: bool = False
    line_end: str = "lf"  # lf, crlf or cr: the file's usual line end
    other_line_ends: tuple[tuple[int, str], ...] = ()  # (line number, its end) where it differs
    decomposed: tuple[tuple[int, str], ...] = ()  # (offset in the NFC text, the sequence as received)

    def as_metadata(self) -> dict[str, object]:
        """The fields a metadata file records (only those that differ from UTF-8, LF and NFC)."""
        out: dict[str, object] = {}
        if self.encoding != "utf-8":
            out["encoding"] = self.encoding
        if self.bom:
            out["bom"] = True
        if self.line_end != "lf":
            out["line_end"] = self.line_end
        if self.other_line_ends:
            out["other_line_ends"] = [[n, end] for n, end in self.other_line_ends]
        if self.decomposed:
            out["decomposed"] = [[at, text] for at, text in self.decomposed]
        return out


LINE_ENDS = {"lf": "\n", "crlf": "\r\n", "cr": "\r"}
_LINE_END = re.compile(r"\r\n|\r|\n")


def form_of(data: bytes, encoding: str, path: Path) -> Form:
    """The form of a raw file's bytes; refused if the TEI's text could not give them back."""
    text = data.decode(encoding)
    bom = text.startswith("\ufeff")
    text = text.removeprefix("\ufeff")
    ends = [{"\n": "lf", "\r\n": "crlf", "\r": "cr"}[m.group()] for m in _LINE_END.finditer(text)]
    usual = max(("lf", "crlf", "cr"), key=ends.count) if ends else "lf"
    other = tuple((n, end) for n, end in enumerate(ends, 1) if end != usual)
    flat = _LINE_END.sub("\n", text)
    form = Form(encoding, bom, usual, other, _decomposed(flat))
    if restore(decode(data, encoding, path), form) != data:
        raise AcademieError("the file's bytes could not be given back from its text (mixed forms)", path)
    return form


def _decomposed(text: str) -> tuple[tuple[int, str], ...]:
    """Where NFC changes the text: each run (a character and its combining marks) with its offset
    in the NFC text."""
    out, at = [], 0
    for run in re.finditer(r".[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]*", text, re.S):
        composed = unicodedata.normalize("NFC", run.group())
        if composed != run.group():
            out.append((at, run.group()))
        at += len(composed)
    return tuple(out)


def restore(text: str, form: Form) -> bytes:
    """The raw file's bytes from the text the TEI encodes and the file's recorded form."""
    parts, at = [], 0
    for offset, original in form.decomposed:
        composed = unicodedata.normalize("NFC", original)
        parts += [text[at:offset], original]
        at = offset + len(composed)
    text = "".join([*parts, text[at:]])
    other = dict(form.other_line_ends)
    lines = text.split("\n")
    ends = [LINE_ENDS[other.get(n, form.line_end)] for n in range(1, len(lines))]
    text = "".join(line + end for line, end in zip(lines, [*ends, ""], strict=True))
    return ("\ufeff" if form.bom else "").encode(form.encoding) + text.encode(form.encoding)


def form_from(meta: dict) -> Form:
    """A source's recorded form (its metadata fields)."""
    return Form(
        meta.get("encoding", "utf-8"),
        bool(meta.get("bom", False)),
        meta.get("line_end", "lf"),
        tuple((int(n), str(end)) for n, end in meta.get("other_line_ends", [])),
        tuple((int(at), str(text)) for at, text in meta.get("decomposed", [])),
    )
