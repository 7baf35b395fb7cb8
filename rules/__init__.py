"""Rules: a small card-game engine and the rule objects that cite the sources and run as tests."""
