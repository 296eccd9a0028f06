"""The lab: measurements (``python -m game bench``), self-play checks, tournaments between
computer levels and the pinned choices of fixed play. Nothing in the program imports it."""
