"""Glue between the entry points (CLI, Discord cogs) and the data and engine layers."""
