"""GraphRAG: a deterministic knowledge graph of the wiki and graph search.

Organized by role, each depending only on the ones above it:

    build/       pages -> typed facts (page) -> graph payload (extract), the
                 build step and the extraction report (stats)
    store/       the payload in embedded LadybugDB or Neo4j: one interface
                 (base), the shared Cypher (cypher), per-generation serving
    understand/  a question -> a parsed question: cues, name forms, the
                 lexicon loaded from a store, mentions (parse)
    answers/     resolve the parsed question's names (resolve), run the type's
                 queries (person, lists, links) and build the contract v1
                 response (response); ``answers.search`` is the entry point

Shared by all: the graph's data model (model, schema) and its rows in the
generation (payload), the response contract (contract) and name keys
(names). No LLM is involved anywhere:
the same pages always give the same graph and the same question always gives
the same answer.
"""
