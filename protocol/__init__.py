"""Wire protocol: message types, MessagePack codec, limits and error codes."""
