#!/bin/sh
# The streaming replica (docker-compose.prod.yml): on its first start it copies the primary (pg_basebackup -R writes
# primary_conninfo and standby.signal), then runs as a hot standby that follows it through the `replica_1` slot.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h "$PRIMARY_HOST" -U replicator -q; do sleep 1; done
  PGPASSWORD="$REPLICATION_PASSWORD" pg_basebackup -h "$PRIMARY_HOST" -U replicator -D "$PGDATA" -R -X stream -S replica_1 -P
  chmod 700 "$PGDATA"
fi
exec postgres -c hot_standby=on -c max_standby_streaming_delay=30s
