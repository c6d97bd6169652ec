"""The ``zpagent`` command line: thin commands over the library."""
