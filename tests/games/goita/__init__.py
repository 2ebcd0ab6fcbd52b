"""Tests of the goita rules engine and its computer players."""
