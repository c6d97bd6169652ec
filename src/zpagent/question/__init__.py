"""A question, analyzed once: text, folded form, tokens, cues, kinds, years,
small talk, what is asked. ``analyze`` is the entry point; the graph adds the
names it recognizes, and every later layer reads the same ``Question``."""

from zpagent.question.analysis import Question, analyze

__all__ = ["Question", "analyze"]
