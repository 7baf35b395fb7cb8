"""Sphinx configuration of the Académie edition (built by `academie build`)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

project = "Académie"
author = "The editors of Académie"
copyright = "2026, the editors of Académie"
language = "fr"
extensions = ["teiedition"]
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_static_path = ["_static"]
html_search_language = "fr"
nitpicky = True
smartquotes = False  # the edition shows the source's own apostrophes and quotes
