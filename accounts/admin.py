from django.contrib import admin

from accounts.models import AccountProfile


@admin.register(AccountProfile)
class AccountProfileAdmin(admin.ModelAdmin):
    """Who confirmed which address, and in which language they get e-mails (docs/operations.md, "E-mail")."""

    list_display = ["user", "verified_email", "pending_email", "language"]
    list_filter = ["language"]
    search_fields = ["user__username", "verified_email", "pending_email"]
    raw_id_fields = ["user"]
