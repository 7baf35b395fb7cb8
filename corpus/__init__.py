"""The corpus: raw sources, their cleaning and their lossless TEI encoding."""
