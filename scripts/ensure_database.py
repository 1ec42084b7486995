"""Create the PostgreSQL database named by DATABASE_URL if it does not exist yet (used by `make run`)."""
import os
import sys

import dj_database_url
import psycopg
from psycopg import sql


def main():
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return 0
    config = dj_database_url.parse(url)
    params = {
        "host": config.get("HOST") or None,
        "port": config.get("PORT") or None,
        "user": config.get("USER") or None,
        "password": config.get("PASSWORD") or None,
    }
    name = config["NAME"]
    with psycopg.connect(dbname="postgres", autocommit=True, **params) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            return 0
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        print(f"created database {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
