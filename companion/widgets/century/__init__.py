"""Century: Golem Edition widgets: views over companion.century and companion.session (they render; the rules live in the game package)."""
