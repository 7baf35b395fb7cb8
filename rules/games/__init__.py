"""One module per game, in the manner of OpenSpiel: a Game holds parameters, a State a position."""
