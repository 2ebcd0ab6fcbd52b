"""Games that survive restarts, Discord's faults, races and bad input, and never leak a hand (issue #14)."""
