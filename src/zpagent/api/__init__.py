"""The HTTP API: an OpenAPI tool server for Open WebUI (FastAPI)."""
