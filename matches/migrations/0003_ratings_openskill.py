# OpenSkill ratings for people and computer players; rated tables; names of imported seats.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def forget_elo_ratings(apps, schema_editor):
    """The Elo figures cannot become OpenSkill ones: `manage.py recompute_ratings` rebuilds them from the matches."""
    apps.get_model("matches", "Rating").objects.all().delete()


def forget_openskill_ratings(apps, schema_editor):
    """Going back: the OpenSkill rows (bots' among them) cannot become Elo ones."""
    apps.get_model("matches", "Rating").objects.all().delete()


def mark_winners(apps, schema_editor):
    """Seats ranked first won (the results recorded so far had no teams that say otherwise)."""
    apps.get_model("matches", "MatchSeat").objects.filter(rank=1).update(won=True)


class Migration(migrations.Migration):

    dependencies = [
        ("matches", "0002_action_events"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(forget_elo_ratings, migrations.RunPython.noop),
        migrations.AddField(
            model_name="match",
            name="rated",
            field=models.BooleanField(default=True, verbose_name="rated"),
        ),
        migrations.AddField(
            model_name="match",
            name="rated_at",
            field=models.DateTimeField(blank=True, db_index=True, null=True),
        ),
        migrations.AddField(
            model_name="matchseat",
            name="name",
            field=models.CharField(blank=True, max_length=150),
        ),
        migrations.AddField(
            model_name="matchseat",
            name="won",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(mark_winners, migrations.RunPython.noop),
        migrations.RemoveConstraint(model_name="rating", name="unique_rating_per_game"),
        migrations.AlterField(
            model_name="rating",
            name="user",
            field=models.ForeignKey(
                blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name="ratings", to=settings.AUTH_USER_MODEL
            ),
        ),
        migrations.AddField(model_name="rating", name="bot", field=models.CharField(blank=True, max_length=40)),
        migrations.AddField(model_name="rating", name="mu", field=models.FloatField(default=25.0), preserve_default=False),
        migrations.AddField(model_name="rating", name="sigma", field=models.FloatField(default=25.0 / 3), preserve_default=False),
        migrations.AlterField(model_name="rating", name="rating", field=models.FloatField(db_index=True)),
        migrations.AddField(model_name="rating", name="last_played_at", field=models.DateTimeField(blank=True, null=True)),
        migrations.AddConstraint(
            model_name="rating",
            constraint=models.UniqueConstraint(
                condition=models.Q(("user__isnull", False)), fields=("user", "game"), name="unique_rating_per_game"
            ),
        ),
        migrations.AddConstraint(
            model_name="rating",
            constraint=models.UniqueConstraint(
                condition=models.Q(("user__isnull", True)), fields=("bot", "game"), name="unique_bot_rating_per_game"
            ),
        ),
        migrations.AddConstraint(
            model_name="rating",
            constraint=models.CheckConstraint(
                condition=models.Q(models.Q(("user__isnull", False), ("bot", "")), models.Q(("user__isnull", True), models.Q(("bot", ""), _negated=True)), _connector="OR"),
                name="rating_person_or_bot",
            ),
        ),
        migrations.RunPython(migrations.RunPython.noop, forget_openskill_ratings),
    ]
