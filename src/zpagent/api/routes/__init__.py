"""Route groups; each handler parses, calls one library function, returns an envelope."""
