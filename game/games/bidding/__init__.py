"""The bidding family shared by Liar's Dice and Roll Call (pure: no pygame).

Bids and chances (``bids``), the rules snapshot (``snapshot``), the table
reading (``spot``), the Hard brain (``brain``) with its calibration
(``calib``) and fitted prior (``fit``), the rivals' memory (``rivalbook``),
the coach, narration, story, tutorial and sparring partners.  The table
screen and its widgets are in ``bidding.ui`` (pygame).
"""
