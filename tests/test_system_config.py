"""``config.toml`` that is no file: said, and the defaults used, never waited on."""

from __future__ import annotations

import os
import subprocess
import sys

from tuireader.system.config import load_config
from tuireader.system.paths import resolve


def test_a_fifo_in_place_of_the_settings_holds_no_command(tmp_path):
    # every command waited for ever on it, for a writer that never came
    paths = resolve(tmp_path / "data")
    paths.root.mkdir(parents=True)
    os.mkfifo(paths.config_file)
    done = subprocess.run(
        [sys.executable, "-m", "tuireader", "search", "diffusion", "--limit", "1"],
        capture_output=True,
        text=True,
        env={**os.environ, "TUIREADER_HOME": str(paths.root)},
        stdin=subprocess.DEVNULL,
        timeout=60,  # a read that waits for ever fails here
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "config ignored: it is a FIFO, not a file; using the default settings" in done.stderr


def test_a_folder_in_place_of_the_settings_is_said(tmp_path):
    paths = resolve(tmp_path / "data")
    paths.config_file.mkdir(parents=True)
    (problem,) = load_config(paths).problems
    assert problem == "config ignored: it is a folder, not a file; using the default settings"
