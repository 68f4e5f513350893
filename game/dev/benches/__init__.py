"""Speed figures, one module per area; ``game.dev.bench`` lists them."""
