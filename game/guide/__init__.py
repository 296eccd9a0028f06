"""Teaching: goals that say when a practice position is solved, and the guided first deals
(scripted deals whose prompts walk a new player through each kind of move).

Pure Python, importable without pygame; the table shows it through game/ui/table/guide_panel.py.
"""
