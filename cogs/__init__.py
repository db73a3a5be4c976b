"""Discord cogs: parse slash-command input, call the engine API, render embeds (not built yet)."""
