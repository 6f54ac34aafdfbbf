"""The game server: room logic, stores, and the asyncio websockets shell."""
