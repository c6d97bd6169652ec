"""Reading the wiki: scanning files, front matter, normalization, chunking."""
