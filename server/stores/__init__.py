"""Where rooms live, behind one interface (:mod:`server.stores.store`): in memory, in an
SQLite file (the default: :mod:`server.stores.file_store`), or in Redis and Redis
Cluster shared by many processes (:mod:`server.stores.redis_store` and its
collaborators, each handed what it needs: a commit's compare-and-set, the lobby, the
listener, liveness, recovery, delivery in commit order). A room goes to the outside
world as plain data (:mod:`server.stores.room_codec`, :mod:`server.stores.redis_record`)
and a change's effects as :mod:`server.stores.effects_codec`.
"""
