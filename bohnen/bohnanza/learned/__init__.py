"""A learned evaluation of Bohnanza positions, for search bots that stop playouts early.

``features.py``: what it reads of a seat; ``model.py``: the linear model, its weights
file and ``learned_estimate``. Trained by ``scripts/train_bohnanza_value.py``.
"""
