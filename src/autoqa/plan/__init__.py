"""``autoqa plan``: explore a site without a model, write specs grounded in what was seen, keep only the
ones that pass when run once."""
