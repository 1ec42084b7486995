"""Every refusal sentence the engine itself words (the platform translates them; gamekit words the rest).

The Django side lists these for the catalogue; tests/sidibaba/test_messages.py keeps the list complete.
"""
MESSAGES = (
    "The game is over.",
    "Time has nothing to do now.",
    "An action is an object with a type.",
    "The Leader has stopped time.",
    "A genie has already been used during this lamp.",
    "Finish what the table is doing first.",
    "That is not yours to do now.",
    "Nothing is asked of you now.",
    "That is not allowed.",
    "Step into the cave first.",
    "A landslide blocks the way.",
    "A wall blocks the way.",
    "You must find the Treasure first.",
    "Sidi Baba is played by 3 to 7 players.",
    "A lamp lasts 60 to 300 seconds.",
    "Unknown maze.",
)
