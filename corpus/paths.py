"""Where things live: the one place that knows the repository layout."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(__file__).resolve().parent
# ACADEMIE_CORPUS points the commands at another corpus folder (sources/ and tei/), e.g. in tests.
CORPUS = Path(os.environ.get("ACADEMIE_CORPUS", PACKAGE)).resolve()
SOURCES = CORPUS / "sources"
TEI = CORPUS / "tei"
# ACADEMIE_DATA points at another copy of the data tables (cross-validation of learned tables).
DATA = Path(os.environ.get("ACADEMIE_DATA", PACKAGE / "data")).resolve()
SCHEMATRON = DATA / "academie.sch"
SITE = ROOT / "site"
# ACADEMIE_SITE_BUILD: where the edition is built and served from (tests build elsewhere).
SITE_BUILD = Path(os.environ.get("ACADEMIE_SITE_BUILD", SITE / "_build" / "html")).resolve()
# ACADEMIE_PRODUCTS: the build's products the site renders (rules.json, coverage.json), written first.
PRODUCTS = Path(os.environ.get("ACADEMIE_PRODUCTS", SITE_BUILD.parent / "products")).resolve()

RAW_NAME = "raw.txt"
METADATA_NAME = "metadata.toml"
CORRECTIONS_NAME = "corrections.toml"
IDENTIFICATIONS_NAME = "identifications.toml"


def tei_path(source_id: str, tei_dir: Path = TEI) -> Path:
    """The generated TEI file of a source."""
    return tei_dir / f"{source_id}.xml"


def game_page(game: str) -> str:
    """The edition's page of a game, from the root of the site (without .html)."""
    return f"games/{game}"


def source_page(source_id: str) -> str:
    """The edition's page of a source, from the root of the site (without .html)."""
    return f"sources/{source_id}"
