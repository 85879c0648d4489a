"""Century: Golem Edition."""
