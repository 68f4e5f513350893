"""Phones as private cups (issue 44): a small local web server that gives each
human seat its own page, with its own dice, on its own phone.

* ``wire``: what travels, built from views and checked both ways (pure Python).
* ``server``: aiohttp on its own thread, imported only when a table uses phones.
* ``static/``: the phone page (plain HTML/CSS/JS, shipped as package data).

The table's side (reading the queue, applying moves on the game thread, the
codes screen) is ``game/ui/phone_link.py`` and ``game/scenes/phones.py``.
Threat model: docs/PHONES.md.
"""
