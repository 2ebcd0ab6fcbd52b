"""Tests of the zhengshangyou rules engine and its computer players."""
