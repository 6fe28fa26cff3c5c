"""Create the database cache's table (``manage.py createcachetable``) with the other tables.

Without CACHE_URL the cache that holds the login counters and the public pages is a database
table; creating it here means `migrate` alone prepares a new or upgraded installation. The
command does nothing when the cache is Redis or the table exists already. Switching from Redis to
the database cache later needs `manage.py createcachetable` (the compose file runs it anyway).
"""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_api_token")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop, elidable=True)]
