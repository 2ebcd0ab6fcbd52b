"""Discord cogs: each module with a ``setup`` is loaded as an extension at start-up."""
