"""autoqa-py."""
