"""The four rules engines, pure Python: no Discord, no images, no I/O."""
