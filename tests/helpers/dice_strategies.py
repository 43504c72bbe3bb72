"""Hypothesis strategies for dice expressions as a GM types them: flat numbers, NdX, and NdX
keeping the highest or lowest K (NdXkK, NdXklK), joined by plus and minus."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st


def dice_terms(
    *,
    flat: int,
    count: int,
    faces: Sequence[int],
    kept_count: int,
    kept_faces: Sequence[int],
) -> st.SearchStrategy[str]:
    """One term: a number 0..flat, 1..count dice of `faces`, or 1..kept_count dice of
    `kept_faces` keeping some of them."""
    return st.one_of(
        st.integers(0, flat).map(str),
        st.builds(lambda n, x: f"{n}d{x}", st.integers(1, count), st.sampled_from(faces)),
        st.builds(
            lambda n, x, k, low: f"{n}d{x}{'kl' if low else 'k'}{min(k, n)}",
            st.integers(1, kept_count),
            st.sampled_from(kept_faces),
            st.integers(1, kept_count),
            st.booleans(),
        ),
    )


def dice_expressions(
    terms: st.SearchStrategy[str], *, signs: Sequence[str], more: int
) -> st.SearchStrategy[str]:
    """A term followed by up to `more` terms, each after one of `signs` (" + ", "-", ...)."""
    return st.builds(
        lambda first, rest: first + "".join(sign + term for sign, term in rest),
        terms,
        st.lists(st.tuples(st.sampled_from(signs), terms), max_size=more),
    )
