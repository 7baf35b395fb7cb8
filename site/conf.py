"""Sphinx configuration of the Académie edition (built by `academie build`)."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

# A change to the extension's code rebuilds every page (Sphinx tracks sources and config, not code).
edition_code = hashlib.sha256(b"".join(p.read_bytes() for p in sorted((HERE / "_ext").rglob("*.py")))).hexdigest()

project = "Académie"
author = "The editors of Académie"
copyright = "2026, the editors of Académie"
language = "en"  # the chrome; the source texts are marked lang="fr"
extensions = ["edition"]  # site/_ext/edition, a package; it renders the build's products
exclude_patterns = ["_build"]
html_theme = "furo"  # responsive, dark mode, accessible navigation: from the theme, not our stylesheet
html_title = "Académie"
html_static_path = ["_static"]
templates_path = ["_templates"]  # the footer's version and licence; the search page runs Pagefind
html_theme_options = {"navigation_with_keys": True}
html_copy_source = False
html_show_sourcelink = False
nitpicky = True
smartquotes = False  # the edition shows the source's own apostrophes and quotes
# Set here, or Furo sets the dark style at every start and Sphinx sees a changed configuration
# (and rebuilds every page).
pygments_style = "sphinx"
pygments_dark_style = "monokai"
