"""Developer tools: benches, screenshots, smoke run, generators, reports.

They import the product; the product never imports them.  The one door is
``game.cli``, which imports ``game.dev`` lazily for the dev commands only
(``bench``, ``shot``, ``smoke``, ``ai-report``, ``--smoke``).
"""
