"""A second connection to the test database, to look at the test's own backend or at all of them."""
import psycopg
from django.db import connection


def other_connection():
    params = connection.get_connection_params()
    return psycopg.connect(
        dbname=params["dbname"], user=params.get("user"), host=params.get("host"), port=params.get("port"), autocommit=True
    )
