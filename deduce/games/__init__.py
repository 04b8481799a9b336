"""The built-in games. Each module holds only its rules; the engine does the rest."""
