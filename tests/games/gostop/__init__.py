"""Tests of the gostop rules engine and its computer players."""
