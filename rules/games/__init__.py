"""One module per game of the books; :func:`rules.registry.load_all` imports them all."""
