"""The full-screen terminal UI (Textual): lobby, table, advice, chat, game over."""
