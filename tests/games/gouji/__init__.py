"""Tests of the gouji rules engine and its computer players."""
