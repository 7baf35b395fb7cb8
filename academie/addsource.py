"""`academie add-source`: a scholar adds an OCR text without touching code."""

from __future__ import annotations

import datetime
import shutil
import tempfile
from pathlib import Path

from academie.build import SOURCE_FILES, Built, SourceFiles, build_source
from corpus import paths
from corpus.errors import AcademieError
from corpus.fileio import write_atomic
from corpus.rawtext import Form, decode, detect_encoding, form_of
from corpus.sources import BIBLIOGRAPHIC, ID_PATTERN, check_metadata, load_source

OPTIONAL = (*BIBLIOGRAPHIC, "description")
CORRECTIONS_TEMPLATE = (
    "# Editor's corrections for this source: they override automatic ones and survive every rebuild.\n"
    "# Each entry: find (raw text, unique or with occurrence = N), replace, and optionally type, cert, note.\n"
)


def _toml_string(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    escaped = "".join(c if c >= " " or c == "\t" else f"\\u{ord(c):04x}" for c in escaped)
    return f'"{escaped}"'


def metadata_text(meta: dict) -> str:
    lines = ["# Bibliographic facts the file itself gives; what it does not give is listed under `unknown`."]
    lines += [f"{key} = {_toml_value(value)}" for key, value in meta.items()]
    return "\n".join(lines) + "\n"


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return f"[{', '.join(_toml_value(v) for v in value)}]"
    return _toml_string(str(value))


def add_source(
    file: Path,
    source_id: str,
    title: str,
    fields: dict[str, str | None],
    root: Path = paths.SOURCES,
    tei_dir: Path = paths.TEI,
) -> Built:
    """Copy `file` as received into `root/source_id`, write its metadata and build its TEI; the
    build (TEI and candidates) is returned. Nothing is left behind on failure: the folder is
    assembled aside and moved in at the end."""
    if not ID_PATTERN.fullmatch(source_id):
        raise AcademieError(f"source id '{source_id}' must be lowercase letters, digits and hyphens", file)
    folder = root / source_id
    if folder.exists():
        raise AcademieError(f"duplicate source id: '{source_id}' exists already", folder)
    try:
        data = file.read_bytes()
    except OSError as err:
        raise AcademieError(f"cannot read: {err.strerror}", file) from err
    encoding = detect_encoding(data, file)
    decode(data, encoding, file)
    meta = _metadata(source_id, title, fields, form_of(data, encoding, file), file, root)
    root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{source_id}.", dir=root))
    target = paths.tei_path(source_id, tei_dir)
    try:
        (staging / paths.RAW_NAME).write_bytes(data)
        (staging / paths.METADATA_NAME).write_text(metadata_text(meta), "utf-8")
        (staging / paths.CORRECTIONS_NAME).write_text(CORRECTIONS_TEMPLATE, "utf-8")
        check_metadata(meta, staging / paths.METADATA_NAME)
        staged = tuple((name, (staging / name).read_bytes()) for name in SOURCE_FILES if (staging / name).is_file())
        built = build_source(SourceFiles(folder, staged))  # the TEI is built before the source joins the corpus
        write_atomic(target, built.tei)
        staging.rename(folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        if not folder.exists():
            target.unlink(missing_ok=True)
        raise
    return built


def _metadata(source_id: str, title: str, fields: dict[str, str | None], form: Form, file: Path, root: Path) -> dict:
    given = {k: v.strip() for k, v in fields.items() if k in OPTIONAL and v and v.strip()}
    orders = (
        [int(_order(p)) for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")] if root.exists() else []
    )
    meta: dict = {"id": source_id, "order": max(orders, default=-1) + 1, "title": title.strip()}
    meta.update(given)
    meta["language"] = "fr"
    meta["received_as"] = file.name
    meta["added"] = datetime.date.today().isoformat()
    meta |= form.as_metadata()  # how the bytes differ from the TEI's text: they can be given back
    unknown = [k for k in BIBLIOGRAPHIC if k not in given]
    if unknown:
        meta["unknown"] = unknown
    return meta


def _order(folder: Path) -> int:
    try:
        return int(load_source(folder).order)
    except AcademieError:
        return -1
