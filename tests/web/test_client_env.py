"""The web tests run on Starlette's test client without its deprecation warning (it wants httpx2, which the
test extras install): the warnings summary of a test run shows only real warnings."""
from __future__ import annotations

import importlib
import warnings

import pytest


def test_the_test_client_imports_without_a_deprecation_warning() -> None:
    pytest.importorskip("httpx2", reason="an environment set up before httpx2 joined the test extras: "
                                          "pip install -e '.[test]'")
    import starlette.testclient

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        importlib.reload(starlette.testclient)
