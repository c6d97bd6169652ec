"""Embedders behind one protocol, the embedding cache and input segmentation."""
