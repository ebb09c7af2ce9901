"""Solvers: Pillars wins, Mag's par, Solitaire-Set par, find-all tables.

``pillars.solve``, ``mags.par``, ``points.par`` and ``findall.puzzle`` are
the public entry points; ``python -m game.solver MODE --seed N`` prints
their results.
"""
