"""Celery tasks of accounts: thin; they take ids, never objects."""
import smtplib

from celery import shared_task

from accounts import mail


@shared_task(
    name="accounts.tasks.send_account_email", ignore_result=True,
    autoretry_for=(smtplib.SMTPException, OSError), retry_backoff=30, max_retries=5,
)
def send_account_email(kind: str, user_id: int, url: str, address: str, matches: list[int] | None = None) -> bool:
    return mail.deliver(kind, user_id, url, address, matches)
