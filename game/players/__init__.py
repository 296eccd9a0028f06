"""Computer players. Each sees only its seat's view and legal actions (a Decision)."""
