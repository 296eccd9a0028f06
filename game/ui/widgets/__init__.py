"""Small building blocks shared by the screens (segmented choices, dialogs, wrapped text)."""
