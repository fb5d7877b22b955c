"""Settings from config.toml: defaults, values, and mistakes reported without stopping."""

from __future__ import annotations

import json
from pathlib import Path

from corpus_util import RECORDS, write_jsonl
from tuireader.cli import main
from tuireader.config import Config, load_config
from tuireader.paths import resolve


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
