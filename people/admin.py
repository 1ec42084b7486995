from django.contrib import admin

from people.models import Block, Follow, Invitation


@admin.register(Follow)
class FollowAdmin(admin.ModelAdmin):
    list_display = ["follower", "followed", "created_at"]
    search_fields = ["follower__username", "followed__username"]
    raw_id_fields = ["follower", "followed"]


@admin.register(Block)
class BlockAdmin(admin.ModelAdmin):
    list_display = ["blocker", "blocked", "created_at"]
    search_fields = ["blocker__username", "blocked__username"]
    raw_id_fields = ["blocker", "blocked"]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["pk", "table", "host", "invitee", "challenge", "status", "created_at", "expires_at"]
    list_filter = ["status", "challenge"]
    search_fields = ["host__username", "invitee__username"]
    raw_id_fields = ["table", "host", "invitee"]
