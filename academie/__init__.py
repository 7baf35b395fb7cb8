"""The application above the layers: the `academie` command, the build and its stages, serving,
benchmarks, the ledger of published identifiers. It may import every layer; no layer imports it."""
