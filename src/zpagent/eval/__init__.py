"""Evaluation: datasets with frozen dev/test splits, metrics, reports."""
