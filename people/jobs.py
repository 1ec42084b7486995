"""The people app's job, registered into the platform's one list (matches/job_registry.py) when Django
starts (PeopleConfig.ready()): invitations past their time expire and free their seats."""
from matches import job_registry
from people import invitations

job_registry.register("expire-invitations", invitations.expire_due, period=30.0)
