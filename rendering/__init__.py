"""Pillow renderer: an engine *view* (never a full state) to PNG bytes. No Discord import."""
