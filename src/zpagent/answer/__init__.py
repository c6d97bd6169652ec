"""Checked answers: an LLM proposes typed claims; only verified claims are rendered."""
