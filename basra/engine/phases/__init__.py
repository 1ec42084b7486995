"""The phases of a match, each with its legal actions, its apply and its timeout default."""
