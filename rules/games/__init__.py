"""One module per game, in the manner of OpenSpiel: a Game holds parameters, a State a position.

Each game's checks stand beside it (`<game>_checks.py`); `load_game(name)` builds a game by name.
"""

from __future__ import annotations

from typing import Any

from rules.games.piquet import PiquetGame
from rules.games.reversis import ReversisGame
from rules.games.tarot import TarotGame

GAMES: dict[str, Any] = {"piquet": PiquetGame, "reversis": ReversisGame, "tarot": TarotGame}


def load_game(name: str, **params: Any) -> Any:
    """A game by name with its parameters (a tarot's `variant` among them); an unknown name is a KeyError."""
    if name not in GAMES:
        raise KeyError(f"no game '{name}' in the engine (known: {', '.join(GAMES)})")
    return GAMES[name](**params)
