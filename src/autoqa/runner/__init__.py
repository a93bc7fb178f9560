"""Specs → browser contexts → an executor (plain steps, replay, or agent) → results."""
