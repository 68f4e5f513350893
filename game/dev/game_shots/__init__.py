"""Each game's own screenshot scenes, registered into ``game.dev.shot_registry``."""
