"""Computer players. Each sees only its seat's observation and legal actions (a Decision)."""
