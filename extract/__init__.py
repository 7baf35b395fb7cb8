"""Extraction: a spaCy French pipeline from TEI passages to typed rule candidates."""
