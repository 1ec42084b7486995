from django.db import migrations, models


class Migration(migrations.Migration):
    """The early abort (docs/ratings.md, "The early abort"): the seats of the people who have not made a first
    decision of their own yet. A match stored before it gets none: its window is closed, it goes on as before."""

    dependencies = [
        ("matches", "0010_match_rules_version"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="undecided_seats",
            field=models.JSONField(blank=True, default=list),
        ),
    ]
