"""Terra Mystica."""
