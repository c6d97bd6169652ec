"""Groups of graph question types that other layers reason about."""

from __future__ import annotations

# Question types about one person's own facts (what the person's page states).
OWN_FACT_TYPES = (
    "thesis_title",
    "thesis_year",
    "thesis_supervisor",
    "thesis_consultant",
    "start_year",
    "person_works",
    "person_topics",
    "person_keywords",
    "person_profile",
)
