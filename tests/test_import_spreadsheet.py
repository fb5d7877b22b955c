"""``tuireader import`` of a CSV export saved again by a spreadsheet: where the decimal
mark is a comma (Excel in German or French), the cells come back separated by
semicolons, with a byte order mark and CRLF line ends."""

from __future__ import annotations

import csv
import io
import json

from test_cli_import import _marked_laptop, _triage_json, run


def test_a_csv_export_saved_by_a_spreadsheet_with_semicolons_is_taken_up(tmp_path, capsys):
    # refused whole: "not a tuireader export", the marks of a sheet edited in Excel lost
    lst, export = _marked_laptop(capsys, tmp_path, "csv")
    rows = list(csv.reader(io.StringIO(export.read_text(encoding="utf-8"))))
    assert any(";" in cell for row in rows for cell in row)  # the tags cell, the authors
    resaved = tmp_path / "resaved.csv"
    out = io.StringIO()
    csv.writer(out, delimiter=";", lineterminator="\r\n").writerows(rows)
    resaved.write_bytes(b"\xef\xbb\xbf" + out.getvalue().encode("utf-8"))
    remote = tmp_path / "remote"
    code, out_text, err = run(capsys, "import", resaved, lst, "--data-dir", remote)
    assert code == 0, err
    assert "3 papers with marks: 3 taken up by papers of these lists" in err
    assert len(out_text.splitlines()) == 3
    assert _triage_json(capsys, lst, remote) == _triage_json(capsys, lst, tmp_path / "laptop")
    code, out_text, _ = run(capsys, "import", resaved, lst, "--data-dir", remote, "--json")
    assert code == 0 and json.loads(out_text)["format"] == "csv"
