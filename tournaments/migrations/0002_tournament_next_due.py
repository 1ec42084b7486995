from django.db import migrations, models
from django.db.models import F


def due_at_once(apps, schema_editor):
    """Tournaments stored before wake-ups: a scheduled one is due at its start, a running one at once (its
    first wake-up, or the sweep, finds its next moment)."""
    from django.utils import timezone

    Tournament = apps.get_model("tournaments", "Tournament")
    Tournament.objects.filter(status="scheduled").update(next_due=F("starts_at"))
    Tournament.objects.filter(status="running").update(next_due=timezone.now())


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0001_initial'),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='next_due',
            field=models.DateTimeField(blank=True, db_index=True, null=True),
        ),
        migrations.RunPython(due_at_once, migrations.RunPython.noop),
    ]
