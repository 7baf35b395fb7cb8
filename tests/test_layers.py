"""The packages form layers that only look down: corpus ← rules ← extract ← site ← academie.

Rules sit below extraction, which matches its candidates to catalogue rules; the edition (site/_ext)
renders the build's products and never imports the engine; the application (academie/) is above
all. Every import counts, inside functions too."""

from __future__ import annotations

import ast
from pathlib import Path

from corpus import paths

LAYERS = {"corpus": 0, "rules": 1, "extract": 2, "edition": 3, "academie": 4}
FOLDERS = {"corpus": "corpus", "rules": "rules", "extract": "extract", "edition": "site/_ext", "academie": "academie"}


def imports(path: Path) -> list[tuple[int, str]]:
    """Every absolute import of a module, with its line, wherever it stands."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def upward_imports() -> list[str]:
    wrong = []
    for layer, folder in FOLDERS.items():
        for path in sorted((paths.ROOT / folder).rglob("*.py")):
            for line, module in imports(path):
                target = module.split(".")[0]
                if LAYERS.get(target, -1) > LAYERS[layer]:
                    wrong.append(f"{path.relative_to(paths.ROOT)}:{line}: {layer} imports {module}")
    return wrong


def test_no_package_imports_one_above_it() -> None:
    assert upward_imports() == []


def test_the_walk_sees_an_upward_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from academie.cli import main\n", "utf-8")
    assert imports(module) == [(2, "academie.cli")]


def test_the_edition_does_not_import_the_engine() -> None:
    site = [m for p in (paths.ROOT / "site").rglob("*.py") if "_build" not in p.parts for _, m in imports(p)]
    assert site and not [m for m in site if m.split(".")[0] in ("rules", "extract", "academie")]
