"""Teahouse: a Discord bot for Gou Ji, Zheng Shangyou, Go-Stop and Goita."""

__version__ = "0.1.0"
