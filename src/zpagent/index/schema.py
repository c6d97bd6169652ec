"""The SQLite schema of one generation.

One file holds documents, chunks, the FTS5 index, embedding vectors, the
graph payload and the ``index_state`` row. It is written once in a staging
path and never modified after publication.
"""

from __future__ import annotations

SCHEMA_VERSION = 1

DDL = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE index_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version TEXT NOT NULL,
    index_version TEXT NOT NULL  -- JSON, the same object as in the pointer file
);

CREATE TABLE documents (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    title_source TEXT NOT NULL,
    published INTEGER NOT NULL,
    authors TEXT NOT NULL,      -- JSON list: who wrote the page
    tags TEXT NOT NULL,         -- JSON list
    categories TEXT NOT NULL,   -- JSON list
    metadata TEXT NOT NULL,     -- JSON object: other front matter keys
    source_url TEXT,
    content_hash TEXT NOT NULL,
    size_bytes INTEGER NOT NULL,
    body TEXT NOT NULL,
    warnings TEXT NOT NULL      -- JSON list of warning kinds
);

CREATE TABLE chunks (
    id INTEGER PRIMARY KEY,     -- FTS rowid and vector owner
    chunk_id TEXT NOT NULL UNIQUE,
    document_id INTEGER NOT NULL REFERENCES documents (id),
    ordinal INTEGER NOT NULL,
    heading_path TEXT NOT NULL, -- JSON list
    headings TEXT NOT NULL,     -- JSON list
    text TEXT NOT NULL,
    prefix_chars INTEGER NOT NULL,
    char_start INTEGER NOT NULL,
    char_end INTEGER NOT NULL,
    token_count INTEGER NOT NULL,
    content_hash TEXT NOT NULL,
    section_start INTEGER NOT NULL,
    section_lead INTEGER NOT NULL,
    UNIQUE (document_id, ordinal)
);

CREATE VIRTUAL TABLE chunks_fts USING fts5 (
    title, headings, text, lemmas,
    content = '',
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3 4'
);

CREATE TABLE segments (
    id INTEGER PRIMARY KEY,
    chunk_rowid INTEGER NOT NULL REFERENCES chunks (id),
    ordinal INTEGER NOT NULL,
    token_count INTEGER NOT NULL,
    vector BLOB NOT NULL        -- float32, L2-normalized
);

CREATE TABLE warnings (document_path TEXT NOT NULL, kind TEXT NOT NULL);

CREATE TABLE graph_payload (
    kind TEXT NOT NULL,         -- 'node' | 'rel'
    label TEXT NOT NULL,
    data TEXT NOT NULL          -- JSON
);
"""
