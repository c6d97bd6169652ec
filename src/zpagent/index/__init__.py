"""Generations: build one SQLite file per wiki snapshot and publish it atomically."""
