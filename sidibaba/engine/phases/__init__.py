"""The phases of Sidi Baba, one module each; ``engine/rules.py`` holds the table that joins them."""
