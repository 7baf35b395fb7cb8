"""The source registry: one folder per source under corpus/sources/, read and validated."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from corpus import paths
from corpus.errors import AcademieError
from corpus.fileio import load_toml
from corpus.rawtext import ENCODINGS, LINE_ENDS, read_raw

ID_PATTERN = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
DATE_PATTERN = re.compile(r"^\d{4}(?:-\d{2}(?:-\d{2})?)?$")
MAX_FIELD = 2_000  # characters of a bibliographic field: a title, not a text
FORM_FIELDS = ("bom", "line_end", "other_line_ends", "decomposed")  # see corpus.rawtext.Form
TEXT_FIELDS = (
    "title",
    "author",
    "date",
    "place",
    "publisher",
    "edition",
    "series",
    "chapter",
    "pages",
    "transcriber",
    "transcription_date",
    "banner",
    "description",
    "language",
    "received_as",
    "added",
    "encoding",
)
BIBLIOGRAPHIC = (
    "author",
    "date",
    "place",
    "publisher",
    "edition",
    "chapter",
    "pages",
    "transcriber",
    "transcription_date",
    "banner",
)
REQUIRED = ("id", "title", "language", "added")
CLEANING_METHODS = ("debris", "long-s", "ocr", "regularisation", "expansion")


@dataclass(frozen=True)
class Source:
    """A source as received: its id, folder and metadata."""

    id: str
    folder: Path
    meta: dict[str, Any] = field(hash=False, compare=False)

    @property
    def raw_path(self) -> Path:
        return self.folder / paths.RAW_NAME

    @property
    def corrections_path(self) -> Path:
        return self.folder / paths.CORRECTIONS_NAME

    @property
    def identifications_path(self) -> Path:
        return self.folder / paths.IDENTIFICATIONS_NAME

    @property
    def metadata_path(self) -> Path:
        return self.folder / paths.METADATA_NAME

    @property
    def order(self) -> int:
        return int(self.meta.get("order", 1_000_000))

    def text(self) -> str:
        """The raw text, decoded and normalised (NFC, LF line ends)."""
        return read_raw(self.raw_path, self.meta.get("encoding"))


def check_metadata(meta: dict[str, Any], path: Path, folder_id: str | None = None) -> None:
    """Refuse metadata with missing, unknown or ill-typed fields."""
    for key in REQUIRED:
        if key not in meta:
            raise AcademieError(f"metadata lacks required field '{key}'", path)
    known = {"id", "order", "unknown", "cleaning", *TEXT_FIELDS, *FORM_FIELDS}
    for key, value in meta.items():
        if key not in known:
            raise AcademieError(f"unknown metadata field '{key}'", path, _key_line(path, key))
        if key in TEXT_FIELDS and (not isinstance(value, str) or not value.strip()):
            raise AcademieError(f"field '{key}' must be a non-empty string", path, _key_line(path, key))
        if key in TEXT_FIELDS and any(unicodedata.category(c) == "Cc" for c in value):
            raise AcademieError(
                f"field '{key}' must be one line without control characters", path, _key_line(path, key)
            )
        if key in TEXT_FIELDS and len(value) > MAX_FIELD:
            raise AcademieError(f"field '{key}' holds {len(value):,} characters (at most {MAX_FIELD:,})", path)
    if not isinstance(meta["id"], str) or not ID_PATTERN.fullmatch(meta["id"]):
        raise AcademieError(f"source id '{meta['id']}' must be lowercase letters, digits and hyphens", path)
    if folder_id is not None and meta["id"] != folder_id:
        raise AcademieError(f"id '{meta['id']}' differs from its folder name '{folder_id}'", path)
    if "order" in meta and (not isinstance(meta["order"], int) or isinstance(meta["order"], bool)):
        raise AcademieError("field 'order' must be a whole number", path, _key_line(path, "order"))
    if "encoding" in meta and meta["encoding"] not in ENCODINGS:
        raise AcademieError(
            f"field 'encoding' must be one of {', '.join(ENCODINGS)}", path, _key_line(path, "encoding")
        )
    _check_form(meta, path)
    for key in ("date", "transcription_date", "added"):
        if key in meta and (not isinstance(meta[key], str) or not DATE_PATTERN.fullmatch(meta[key])):
            raise AcademieError(f"field '{key}' must be YYYY, YYYY-MM or YYYY-MM-DD", path, _key_line(path, key))
    methods = meta.get("cleaning", [])
    if not isinstance(methods, list) or not all(m in CLEANING_METHODS for m in methods):
        raise AcademieError(
            f"'cleaning' must list methods among {', '.join(CLEANING_METHODS)}", path, _key_line(path, "cleaning")
        )
    unknown = meta.get("unknown", [])
    if not isinstance(unknown, list) or not all(k in BIBLIOGRAPHIC for k in unknown):
        raise AcademieError(f"'unknown' must list fields among {', '.join(BIBLIOGRAPHIC)}", path)
    for key in unknown:
        if key in meta:
            raise AcademieError(f"field '{key}' is both given and listed as unknown", path)


def _check_form(meta: dict[str, Any], path: Path) -> None:
    """The recorded form of the raw file's bytes (corpus.rawtext.Form), each field of its type."""
    line_end = meta.get("line_end", "lf")
    others = meta.get("other_line_ends", [])
    decomposed = meta.get("decomposed", [])
    good = (
        isinstance(meta.get("bom", False), bool)
        and line_end in LINE_ENDS
        and isinstance(others, list)
        and all(_pair(p, int, str) and p[1] in LINE_ENDS for p in others)
        and isinstance(decomposed, list)
        and all(_pair(p, int, str) for p in decomposed)
    )
    if not good:
        key = next((k for k in FORM_FIELDS if k in meta), "bom")
        raise AcademieError(
            "the raw file's form (bom, line_end, other_line_ends, decomposed) is ill-typed", path, _key_line(path, key)
        )


def _pair(value: object, first: type, second: type) -> bool:
    return isinstance(value, list) and len(value) == 2 and type(value[0]) is first and isinstance(value[1], second)


def _key_line(path: Path, key: str) -> int | None:
    try:
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if re.match(rf"\s*{re.escape(key)}\s*=", line):
                return number
    except OSError:
        return None
    return None


def load_source(folder: Path) -> Source:
    """Load and check one source folder."""
    meta_path = folder / paths.METADATA_NAME
    meta = load_toml(meta_path)
    check_metadata(meta, meta_path, folder.name)
    source = Source(meta["id"], folder, meta)
    if not source.raw_path.is_file():
        raise AcademieError(f"source '{source.id}' has no {paths.RAW_NAME}", source.raw_path)
    return source


def all_sources(root: Path = paths.SOURCES) -> list[Source]:
    """Every source under `root`, in their declared order."""
    folders = sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))
    sources = [load_source(folder) for folder in folders]
    return sorted(sources, key=lambda s: (s.order, s.id))


def get_source(source_id: str, root: Path = paths.SOURCES) -> Source:
    """One source by id; an unknown id lists the known ones."""
    folder = root / source_id
    if not ID_PATTERN.fullmatch(source_id) or not folder.is_dir():
        known = ", ".join(s.id for s in all_sources(root))
        raise AcademieError(f"no source '{source_id}' (known: {known})", root)
    return load_source(folder)
