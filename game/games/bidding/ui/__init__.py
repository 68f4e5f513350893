"""The bidding table screen and its widgets (pygame): picker, history, centre, cups."""
