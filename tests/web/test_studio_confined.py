"""The studio stays inside its project: a file that is a symlink leading out (or below a symlinked folder
leading out) is neither listed, read, checked nor written; ``..``, absolute paths and another case name no
file; a file swapped for a symlink after the tree was listed is refused at the read or the save itself."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

import pytest
from starlette.testclient import TestClient

from tests.lsp.test_lsp_server import ACTIONS, EDITION

NAME = "definitions/my/actions.yaml"
SECRET = "root:x:0:0:the secret outside the project\n"


@pytest.fixture()
def project_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from bpdsl.dsl import project

    home = tmp_path / "home"
    folder = home / "definitions" / "my"
    folder.mkdir(parents=True)
    (folder / "edition.yaml").write_text(EDITION, encoding="utf-8")
    (folder / "actions.yaml").write_text(ACTIONS, encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "passwd.yaml").write_text(SECRET, encoding="utf-8")
    (outside / "more.yaml").write_text(SECRET, encoding="utf-8")
    monkeypatch.chdir(home)
    monkeypatch.delenv("BPDSL_DEFINITIONS", raising=False)
    project.reset()
    return tmp_path


@pytest.fixture()
def client(project_dir: Path) -> Iterator[TestClient]:
    from bpdsl.web.app import create_app

    yield TestClient(create_app())


def _names(client: TestClient) -> list[str]:
    r = client.get("/api/studio/files")
    assert r.status_code == 200
    return [f["name"] for f in r.json()["files"]]


def test_a_symlinked_file_leading_out_is_not_listed_read_or_written(project_dir: Path, client: TestClient) -> None:
    link = Path("definitions/my/passwd.yaml")
    link.symlink_to(project_dir / "outside" / "passwd.yaml")
    names = _names(client)
    assert NAME in names
    assert not any("passwd" in n for n in names)
    for name in (str(project_dir / "outside" / "passwd.yaml"), str(link), "definitions/my/passwd.yaml"):
        r = client.get("/api/studio/file", params={"name": name})
        assert r.status_code == 404, (name, r.text)
        assert "root:x" not in r.text
        r = client.post("/api/studio/save", json={"name": name, "text": "kind: actions\n", "version": ""})
        assert r.status_code == 404
    assert (project_dir / "outside" / "passwd.yaml").read_text(encoding="utf-8") == SECRET


def test_the_check_never_reads_a_file_leading_out(project_dir: Path, client: TestClient) -> None:
    Path("definitions/my/passwd.yaml").symlink_to(project_dir / "outside" / "passwd.yaml")
    text = client.get("/api/studio/file", params={"name": NAME}).json()["text"]
    r = client.post("/api/studio/check", json={"name": NAME, "text": text})
    assert r.status_code == 200
    assert r.json()["ok"] and r.json()["elsewhere"] == {}  # the outside file would be a broken document


def test_a_symlinked_folder_leading_out_is_not_listed(project_dir: Path, client: TestClient) -> None:
    Path("definitions/my/sub").symlink_to(project_dir / "outside", target_is_directory=True)
    names = _names(client)
    assert not any("more" in n or "passwd" in n for n in names)
    r = client.get("/api/studio/file", params={"name": "definitions/my/sub/more.yaml"})
    assert r.status_code == 404


def test_a_symlink_inside_the_project_is_the_file_it_names(project_dir: Path, client: TestClient) -> None:
    Path("definitions/alias.yaml").symlink_to(Path("my/actions.yaml"))
    names = _names(client)
    assert names.count(NAME) == 1 and "definitions/alias.yaml" not in names  # listed once, by its real name


@pytest.mark.parametrize("name", ["../outside/passwd.yaml", "definitions/my/../../../outside/passwd.yaml",
                                  "/etc/passwd", "DEFINITIONS/MY/ACTIONS.YAML", "definitions/my/Actions.yaml",
                                  "definitions/my/actions.yaml/", "./definitions/my/actions.yaml",
                                  "definitions//my/actions.yaml", "definitions/my/actions.yaml\x00"])
def test_dot_dot_absolute_and_case_tricks_name_no_file(client: TestClient, name: str) -> None:
    r = client.get("/api/studio/file", params={"name": name})
    assert r.status_code in (400, 404), r.text
    assert "error" in r.json() and "root:x" not in r.text
    r = client.get("/api/studio/version", params={"name": name})
    assert r.status_code in (400, 404)


def test_a_file_swapped_for_a_symlink_after_listing_is_refused(project_dir: Path, client: TestClient) -> None:
    f = client.get("/api/studio/file", params={"name": NAME}).json()  # the tree is listed now
    real = Path(NAME)
    real.unlink()
    real.symlink_to(project_dir / "outside" / "passwd.yaml")  # swapped within the listing's second
    r = client.get("/api/studio/file", params={"name": NAME})
    assert r.status_code == 403 and "symlink" in r.json()["error"] and "root:x" not in r.text
    r = client.post("/api/studio/save", json={"name": NAME, "text": "kind: actions\n", "version": f["version"]})
    assert r.status_code == 403
    assert (project_dir / "outside" / "passwd.yaml").read_text(encoding="utf-8") == SECRET


def test_a_folder_swapped_for_a_symlink_after_listing_is_refused(project_dir: Path, client: TestClient) -> None:
    f = client.get("/api/studio/file", params={"name": NAME}).json()
    folder = Path("definitions/my")
    os.rename(folder, "definitions/moved")
    (project_dir / "outside" / "actions.yaml").write_text(SECRET, encoding="utf-8")
    folder.symlink_to(project_dir / "outside", target_is_directory=True)
    r = client.get("/api/studio/file", params={"name": NAME})
    assert r.status_code in (403, 404) and "root:x" not in r.text
    r = client.post("/api/studio/save", json={"name": NAME, "text": "kind: actions\n", "version": f["version"]})
    assert r.status_code in (403, 404)
    assert (project_dir / "outside" / "actions.yaml").read_text(encoding="utf-8") == SECRET


def test_confinement_helpers(tmp_path: Path) -> None:
    from bpdsl.web.studio_files import inside, read_confined
    from bpdsl.web.tables import Refused

    root = tmp_path / "root"
    root.mkdir()
    (root / "a.yaml").write_text("a", encoding="utf-8")
    (tmp_path / "out.yaml").write_text("out", encoding="utf-8")
    (root / "link.yaml").symlink_to(tmp_path / "out.yaml")
    assert inside(root / "a.yaml", [root]) and inside(root, [root])
    assert not inside(root / "link.yaml", [root]) and not inside(root / ".." / "out.yaml", [root])
    assert read_confined(root / "a.yaml", [root], 10) == b"a"
    with pytest.raises(Refused):
        read_confined(root / "link.yaml", [root], 10)
    (root / "in.yaml").symlink_to(root / "a.yaml")
    with pytest.raises(Refused):  # a link as the last component is refused even inside: the tree lists targets
        read_confined(root / "in.yaml", [root], 10)
