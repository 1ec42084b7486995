"""A password hasher slow enough to keep parallel log-ins inside the password check together."""
from django.contrib.auth.hashers import PBKDF2PasswordHasher


class SlowPBKDF2PasswordHasher(PBKDF2PasswordHasher):
    iterations = 200_000
