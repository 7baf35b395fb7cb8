"""The edition's search: a Pagefind index whose records are sentences and rules (not pages), in
French with stemming, accents folded, and filters by source, game and kind. Built after Sphinx."""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

from pagefind.service import get_executable

from corpus import paths
from corpus.errors import AcademieError
from corpus.games import games
from corpus.sources import all_sources
from rules.catalogue import section_of
from rules.passages import located


def records(rules: list[dict[str, Any]], sentences: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One record per sentence (its regularised reading only) and per rule, with its anchor."""
    titles = {s.id: s.meta["title"] for s in all_sources()}
    names = {g.id: g.fr for g in games()} | {"unknown": "unidentified game"}
    by_id = {r["id"]: r for r in rules}
    usual = {s: Counter(r["game"] for r in rules if r["source"] == s).most_common(1) for s in titles}
    out = []
    for sentence in sentences:
        cited = [by_id[r] for r in sentence["cited_by"] if r in by_id]
        game_ids = sorted({r["game"] for r in cited}) or [g for g, _ in usual[sentence["source"]]]
        kind = section_of(sentence["extracted"]) if sentence["extracted"] else "Narrative and other"
        out.append(
            record(
                f"/{paths.source_page(sentence['source'])}.html#{sentence['id']}",
                sentence["text"],
                f"{titles[sentence['source']]}, {located(sentence['source'], sentence['id'])}",
                {
                    "source": [titles[sentence["source"]]],
                    "game": [names.get(g, g) for g in game_ids],
                    "kind": [f"Passage: {kind}"],
                },
            )
        )
    for rule in rules:
        out.append(
            record(
                f"/rules/{rule['id']}.html",
                f"{rule['title']}. {rule['claim_sentence']} {rule['quote']}",
                f"Rule: {rule['title']}",
                {
                    "source": [titles[rule["source"]]],
                    "game": [names.get(rule["game"], rule["game"])],
                    "kind": [f"Rule: {rule['section']}"],
                },
            )
        )
    return out


def record(url: str, content: str, title: str, filters: dict[str, list[str]]) -> dict[str, Any]:
    return {"url": url, "content": content, "language": "fr", "meta": {"title": title}, "filters": filters}


def write_index(html: Path, catalogue: str, coverage: str) -> int:
    """The Pagefind bundle in html/pagefind, replaced whole; returns the number of records."""
    found = records(json.loads(catalogue), json.loads(coverage))
    shutil.rmtree(html / "pagefind", ignore_errors=True)  # its files are named by hash: none left stale
    with Pagefind() as service:
        index = service.ask({"type": "NewIndex", "config": {"force_language": "fr"}})["index_id"]
        for item in found:
            service.ask({"type": "AddRecord", "index_id": index, **item})
        service.ask({"type": "WriteFiles", "index_id": index, "output_path": str(html / "pagefind")})
    return len(found)


class Pagefind:
    """Pagefind's indexing service (the binary of the pagefind wheel), spoken to directly: its
    Python client polls for each answer every 0.1 s, which makes a few hundred records take 30 s."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.sent = 0

    def __enter__(self) -> Pagefind:
        binary = get_executable()
        if binary is None:
            raise AcademieError("no Pagefind binary: pip install 'pagefind[extended]' (make build does)")
        self.process = subprocess.Popen([str(binary), "--service"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)

    def ask(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Send one request (base64 JSON and a comma) and read its answer, which ends with a comma."""
        assert self.process is not None and self.process.stdin is not None and self.process.stdout is not None
        self.sent += 1
        request = {"message_id": self.sent, "payload": payload}
        self.process.stdin.write(base64.b64encode(json.dumps(request).encode("utf-8")) + b",")
        self.process.stdin.flush()
        answer = bytearray()
        while not answer.endswith(b","):
            chunk = self.process.stdout.read1(65536)
            if not chunk:
                raise AcademieError("the Pagefind service stopped")
            answer += chunk
        reply = json.loads(base64.b64decode(bytes(answer[:-1])))["payload"]
        if reply.get("type") == "Error":
            raise AcademieError(f"Pagefind: {reply.get('message')}")
        return reply
