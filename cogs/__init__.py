"""Discord cogs, one per feature: parse the options, ask the Judge (``bot.judge``), render, reply."""
