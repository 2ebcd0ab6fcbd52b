"""Generic helpers of the cogs: slash-command choices, a person's language, message age."""
