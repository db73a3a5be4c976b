"""The rules component of the data layer."""
