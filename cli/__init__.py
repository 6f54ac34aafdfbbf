"""The ``sympathy`` command: one entry point for the rules, the server and the client."""
