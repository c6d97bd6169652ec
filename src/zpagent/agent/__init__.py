"""The main agent: a conversation in, a checked answer out (``run_agent``)."""
