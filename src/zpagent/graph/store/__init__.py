"""Graph stores: one interface (``base``), one module per backend, a factory."""
