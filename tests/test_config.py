"""Settings from config.toml: defaults, values, and mistakes reported without stopping."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader.cli import main
from tuireader.system.config import Config, load_config
from tuireader.system.paths import resolve


def write_config(text: str) -> Path:
    paths = resolve().ensure()
    paths.config_file.write_text(text, encoding="utf-8")
    return paths.config_file


def test_no_file_means_defaults():
    assert load_config(resolve()) == Config()


def test_values_are_read(tmp_path):
    write_config(
        'catalogs = ["~/cat.jsonl"]\ntheme = "light"\nosc52 = "never"\n'
        'citation_format = "apa"\nauto_advance = false\n'
    )
    config = load_config(resolve())
    assert config.theme == "light" and config.osc52 == "never"
    assert config.citation_format == "apa" and config.auto_advance is False
    assert config.catalogs == (Path("~/cat.jsonl").expanduser(),)
    assert config.problems == ()


def test_mistakes_are_reported_and_defaults_used():
    write_config('theme = "purple"\nauto_advance = "yes"\ncolour = 1\n')
    config = load_config(resolve())
    assert config.theme == "dark" and config.auto_advance is True
    text = " ".join(config.problems)
    assert "purple" in text and "auto_advance" in text and "'colour'" in text


def test_a_file_that_is_not_toml_is_reported():
    write_config("theme = = dark\n")
    config = load_config(resolve())
    assert config == Config(path=config.path) and "not valid TOML" in config.problems[0]


def test_catalogs_from_the_config_file_apply_on_the_command_line(tmp_path, capsys):
    lists = tmp_path / "lists"
    bare = [{"abstract": r["abstract"]} for r in RECORDS]  # abstracts only, no titles
    source = write_jsonl(lists / "bare.jsonl", bare)
    catalog = write_jsonl(tmp_path / "catalog.jsonl", RECORDS)
    assert main(["search", "privacy", "--json", str(source)]) == 0
    before = json.loads(capsys.readouterr().out)["hits"][0]
    assert before["title_derived"] is True
    write_config(f'catalogs = ["{catalog}"]\n')
    assert main(["search", "privacy", "--json", str(source)]) == 0
    after = json.loads(capsys.readouterr().out)["hits"][0]
    assert after["title"] == "Privacy Amplification by Subsampling"
    assert after["authors"] == ["Cynthia Dwork", "Ada Lovelace"]
    assert after["metadata_source"] == "catalog"


def test_config_problems_reach_stderr(capsys):
    write_config('osc52 = "sometimes"\n')
    assert main(["lists"]) == 0
    assert "sometimes" in capsys.readouterr().err


def test_the_reader_takes_its_theme_and_settings_from_the_config():
    from tuireader.ui.app import build_app

    write_config('theme = "light"\ncitation_format = "url"\nosc52 = "never"\n')
    app = build_app((), resolve())
    assert app.theme == "textual-light"
    assert app.config.citation_format == "url" and app.config.osc52 == "never"
    assert build_app((), resolve(), theme="dark").theme == "textual-dark"  # the flag wins


# -- a settings file can never crash the program --------------------------------------


def write_config_bytes(data: bytes) -> Path:
    paths = resolve().ensure()
    paths.config_file.write_bytes(data)
    return paths.config_file


HOSTILE_CONFIGS = {
    "nested 10000 deep": ("a = " + "[" * 10000 + "]" * 10000 + "\n").encode(),
    "nested tables 10000 deep": ("a = " + "{b = " * 10000 + "1" + "}" * 10000 + "\n").encode(),
    "huge": b"# " + b"x" * (3 << 20) + b"\n",
    "binary": bytes(range(256)) * 4,
    "invalid utf-8": b'theme = "d\xff\xfeark"\n',
    "nul bytes": b'theme = "dark"\x00\n',
    "lone surrogate escape": b'theme = "\\ud800"\n',
}


@pytest.mark.parametrize("name", HOSTILE_CONFIGS)
def test_any_file_content_means_one_warning_and_the_defaults(name, capsys):
    write_config_bytes(HOSTILE_CONFIGS[name])
    config = load_config(resolve())
    assert config == Config(path=config.path)
    assert len(config.problems) == 1 and config.problems[0].startswith("config ignored: ")
    assert "\n" not in config.problems[0] and len(config.problems[0]) < 200
    assert main(["lists"]) == 0
    err = capsys.readouterr().err
    assert "config ignored" in err and "Traceback" not in err and len(err.splitlines()) == 1


def test_wrong_types_for_every_key_are_each_reported():
    write_config(
        'catalogs = {a = 1}\ntheme = [1, 2]\nosc52 = 3\ncitation_format = {x = "y"}\n'
        "auto_advance = 1979-05-27\n" + "".join(f"unknown{n} = {n}\n" for n in range(50))
    )
    config = load_config(resolve())
    assert config == Config(path=config.path)
    text = "\n".join(config.problems)
    for key in ("catalogs", "theme", "osc52", "citation_format", "auto_advance"):
        assert key in text
    assert len(config.problems) <= 11  # fifty unknown keys: five named, the rest counted
    assert "45 more unknown settings" in text


def test_unusable_catalog_paths_are_skipped():
    write_config('catalogs = ["", "~no_such_user_xyz/cat.jsonl", "ok.jsonl"]\n')
    config = load_config(resolve())
    assert config.catalogs == (Path("ok.jsonl"),)
    assert len(config.problems) == 2


def test_a_folder_named_config_toml_is_ignored_with_a_warning():
    resolve().ensure().config_file.mkdir()
    config = load_config(resolve())
    assert config == Config(path=config.path) and "folder" in config.problems[0]


def test_an_unreadable_file_is_ignored_with_a_warning(monkeypatch):
    path = write_config('theme = "light"\n')
    if os.geteuid() == 0:  # root reads files whatever their mode: refuse as the OS would

        def refuse(self, *args, **kwargs):
            raise PermissionError(13, "Permission denied", str(self))

        monkeypatch.setattr(Path, "open", refuse)
    else:
        path.chmod(0)
    try:
        config = load_config(resolve())
    finally:
        monkeypatch.undo()
        path.chmod(0o600)
    assert config == Config(path=config.path)
    assert config.problems[0].startswith("config ignored: could not be read (Permission denied)")


def test_any_unforeseen_failure_is_a_warning(monkeypatch):
    import tomllib  # imported by the config module when there is a file to read

    write_config('theme = "light"\n')

    def boom(_text):
        raise SystemError("parser bug")

    monkeypatch.setattr(tomllib, "loads", boom)
    config = load_config(resolve())
    assert config == Config(path=config.path)
    assert config.problems[0].startswith("config ignored: SystemError: parser bug")


def test_the_keys_table_is_read_as_given():
    write_config('[keys]\n"triage.keep" = "k"\n"link.open" = ["o", "ctrl+o"]\n"a.b" = "x,y"\n')
    config = load_config(resolve())
    assert config.keys == (
        ("triage.keep", ("k",)),
        ("link.open", ("o", "ctrl+o")),
        ("a.b", ("x", "y")),
    )
    assert config.problems == ()


def test_a_keys_table_of_the_wrong_shape_is_reported():
    write_config('keys = "k"\n')
    assert load_config(resolve()).keys == ()
    assert "must be a table" in load_config(resolve()).problems[0]
    write_config('[keys]\n"triage.keep" = 3\n"copy.id" = []\n"link.open" = "o"\n')
    config = load_config(resolve())
    assert config.keys == (("link.open", ("o",)),)
    assert len(config.problems) == 2 and all("must be a key" in p for p in config.problems)
