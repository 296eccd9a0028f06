"""The canasta family's engine: one state model and one rule set per game (Canasta, Quick
Canasta, Canastone, Looking and Down), their differences behind the rule set's named hooks."""
