"""Sync from Git: one pipeline, atomic publication, crash recovery, a durable job queue."""
