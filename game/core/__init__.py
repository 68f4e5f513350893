"""Pure core: protocol, seeds, match, records, user files. No pygame, no pymunk."""
