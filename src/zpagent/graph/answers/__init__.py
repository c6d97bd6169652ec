"""Answers: resolve the parsed question against a store and build the response."""
