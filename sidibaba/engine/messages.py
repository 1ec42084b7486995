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
    "The token mix needs a bag: an object of token kinds and counts.",
    "The bag may only count the known token kinds.",
    "Each token count is a whole number from 0 to 40.",
    "The bag needs at least 10 jewels.",
    "The bag holds 20 to 150 tokens.",
    "The event set is a list of 1 to 40 events.",
    "Each event is one of the known kinds.",
    "Movement, Illusion, both locks, Teleportation and Landslide move 1 to 3 steps.",
    "The Bandit, Scheherazade and the Merchant take no steps.",
)
