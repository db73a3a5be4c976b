"""The cards component of the data layer."""
