"""GraphRAG: a deterministic knowledge graph of the wiki and graph search.

    extract (pages -> payload) -> payload (SQLite rows of the generation)
    -> store (embedded LadybugDB inside the generation, or Neo4j)
    -> understand (question -> parsed question) -> search (facts, paths,
    exact counts) -> response (contract v1 envelope)

No LLM is involved anywhere: the same pages always give the same graph and
the same question always gives the same answer.
"""
