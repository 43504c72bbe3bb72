import pytest

from drase_desktop.encounter.operation import ScopeCheck


@pytest.fixture(autouse=True)
def operations_check_their_scope_and_undo():
    """Every operation run by these tests also proves that it changed nothing outside the
    combatants it declares, and that its undo and redo give back the exact state."""
    ScopeCheck.enabled = True
    yield
    ScopeCheck.enabled = False
