"""The layout knowledge of corpus/data/layout.toml, compiled once."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from corpus import paths
from corpus.fileio import load_toml


@dataclass(frozen=True)
class LayoutData:
    banner_window: int
    front_banner: tuple[re.Pattern[str], ...]
    back_banner: tuple[re.Pattern[str], ...]
    heading: tuple[re.Pattern[str], ...]
    trailer: tuple[re.Pattern[str], ...]
    value_row: tuple[re.Pattern[str], ...]
    leads_on: frozenset[str]
    digit_confusions: dict[str, frozenset[str]]


@cache
def layout_data() -> LayoutData:
    raw = load_toml(paths.DATA / "layout.toml")

    def compiled(key: str) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(p) for p in raw[key])

    return LayoutData(
        banner_window=raw["banner_window"],
        front_banner=compiled("front_banner"),
        back_banner=compiled("back_banner"),
        heading=compiled("heading"),
        trailer=compiled("trailer"),
        value_row=compiled("value_row"),
        leads_on=frozenset(raw["leads_on"]),
        digit_confusions={k: frozenset(v) for k, v in raw["digit_confusions"].items()},
    )


def matches_any(patterns: tuple[re.Pattern[str], ...], text: str) -> bool:
    return any(p.search(text) for p in patterns)
