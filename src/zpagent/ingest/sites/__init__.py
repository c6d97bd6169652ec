"""What is a page follows the site generator: Jekyll, Hugo and MkDocs rules
(``rules.page_rules`` detects the generator; Grav is in ``ingest.grav``)."""
