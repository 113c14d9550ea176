"""Tests of the Capital rules engine (tycoon.capital)."""
