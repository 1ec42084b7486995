from django.db import migrations, models


class Migration(migrations.Migration):
    """Every match stores the rules version of its game it was created under (Match.rules_version).

    Every match stored before this migration gets version 1, the rules as the engines play them at this
    migration: no engine declared a version before, every engine declares 1 now, and these matches have
    replayed, exported and verified under today's rules until now, so version 1 changes nothing for them.
    (Where an earlier rules fix already changed how one of them replays, that earlier rule was not kept
    anywhere and cannot be told apart now; from here on a rule change bumps the version and keeps the
    older rule for the older matches.) The default is used for the existing rows only: the field has none,
    every new match says its version.
    """

    dependencies = [
        ("matches", "0009_seat_stand_in"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="rules_version",
            field=models.PositiveSmallIntegerField(default=1, verbose_name="rules version"),
            preserve_default=False,
        ),
    ]
