"""The terminal client: session library, board renderer and TUI."""
