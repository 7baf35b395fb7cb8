"""`academie serve`: the built edition on a local web server; with --rebuild, sphinx-autobuild
rebuilds it (and reloads the browser) whenever a page, a TEI file or a rule file changes."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote, urlsplit

from academie.stages import SPHINX_OPTIONS, doctrees
from corpus import paths
from corpus.errors import AcademieError


class EditionHandler(SimpleHTTPRequestHandler):
    """Serves the published pages only: no hidden file or folder, no NUL, nothing outside the site."""

    def send_head(self):  # noqa: ANN201 - the base class's signature
        path = unquote(urlsplit(self.path).path)
        if "\x00" in path or any(part.startswith(".") for part in path.split("/")):
            self.send_error(404, "File not found")
            return None
        return super().send_head()


def serve(port: int, rebuild: bool) -> None:
    if rebuild:
        _autobuild(port)
        return
    index = paths.SITE_BUILD / "index.html"
    if not index.exists():
        raise AcademieError("the edition is not built yet: run `academie build` (or `make build`) first", index)
    handler = partial(EditionHandler, directory=str(paths.SITE_BUILD))
    with ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"serving the edition at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


def _autobuild(port: int) -> None:
    try:
        import sphinx_autobuild  # noqa: F401 - only to say how to get it
    except ImportError as err:
        raise AcademieError("--rebuild needs sphinx-autobuild: pip install sphinx-autobuild") from err
    watched = [paths.TEI, paths.ROOT / "rules" / "data", paths.SITE / "_ext", paths.SITE / "_static"]
    command = [sys.executable, "-m", "sphinx_autobuild", *SPHINX_OPTIONS, "-d", str(doctrees(paths.SITE_BUILD))]
    command += [str(paths.SITE), str(paths.SITE_BUILD)]
    command += ["--port", str(port), "--ignore", "*/sources/*.rst", "--ignore", "*/games/*.rst"]
    for folder in watched:
        command += ["--watch", str(folder)]
    subprocess.run(command, check=False)
