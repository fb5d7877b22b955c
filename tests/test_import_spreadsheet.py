"""``tuireader import`` of a CSV export saved again by a spreadsheet: where the decimal
mark is a comma (Excel in German or French), the cells come back separated by
semicolons, with a byte order mark and CRLF line ends; on Windows, in Windows-1252."""

from __future__ import annotations

import csv
import io
import json

import pytest
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


@pytest.mark.parametrize("delimiter", [",", ";"])
def test_a_csv_export_saved_again_in_windows_1252_is_taken_up(tmp_path, capsys, delimiter):
    # Excel on Windows saves "CSV" and "CSV (semicolon)" in Windows-1252: refused as
    # "not UTF-8 text", the marks of a sheet edited there were lost
    lst, export = _marked_laptop(capsys, tmp_path, "csv")
    laptop = tmp_path / "laptop"
    _code, out, _ = run(capsys, "search", "study 4", lst, "--data-dir", laptop, "--json")
    paper = json.loads(out)["hits"][0]["id"]
    run(capsys, "triage", paper, lst, "--tag", "Übersicht", "--data-dir", laptop)
    run(capsys, "note", paper, lst, "--set", "café: résumé first", "--data-dir", laptop)
    code, _, err = run(capsys, "export", lst, "--format", "csv", "-o", export, "--data-dir", laptop)
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(export.read_text(encoding="utf-8"))))
    out_text = io.StringIO()
    csv.writer(out_text, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    resaved = tmp_path / "resaved.csv"
    resaved.write_bytes(out_text.getvalue().encode("cp1252"))
    with pytest.raises(UnicodeDecodeError):
        resaved.read_bytes().decode("utf-8")

    remote = tmp_path / "remote"
    code, _, err = run(capsys, "import", resaved, lst, "--data-dir", remote)
    assert code == 0, err
    assert "Windows-1252" in err
    assert "3 papers with marks: 3 taken up by papers of these lists" in err
    marks = _triage_json(capsys, lst, remote)
    assert marks == _triage_json(capsys, lst, laptop)
    assert ("skip", ["Übersicht"], "café: résumé first") in marks.values()


def test_a_csv_export_saved_again_in_mac_os_roman_is_taken_up(tmp_path, capsys):
    # Excel for Mac before 2016 saves "CSV" in Mac OS Roman, which the list readers read:
    # import refused it as "not UTF-8 text", the marks of a sheet edited there lost
    lst, export = _marked_laptop(capsys, tmp_path, "csv")
    laptop = tmp_path / "laptop"
    _code, out, _ = run(capsys, "search", "study 4", lst, "--data-dir", laptop, "--json")
    paper = json.loads(out)["hits"][0]["id"]
    run(capsys, "triage", paper, lst, "--tag", "Übersicht", "--data-dir", laptop)
    run(capsys, "note", paper, lst, "--set", "Jörg Müller: résumé first", "--data-dir", laptop)
    code, _, err = run(capsys, "export", lst, "--format", "csv", "-o", export, "--data-dir", laptop)
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(export.read_text(encoding="utf-8"))))
    out_text = io.StringIO()
    csv.writer(out_text, lineterminator="\r\n").writerows(rows)  # a line break in a cell quoted
    resaved = tmp_path / "resaved.csv"
    # its rows ended by a CR alone, as the classic Mac OS ends lines
    resaved.write_bytes(out_text.getvalue().replace("\r\n", "\r").encode("mac_roman"))

    remote = tmp_path / "remote"
    code, _, err = run(capsys, "import", resaved, lst, "--data-dir", remote)
    assert code == 0, err
    assert "Mac OS Roman" in err
    marks = _triage_json(capsys, lst, remote)
    assert marks == _triage_json(capsys, lst, laptop)
    assert ("skip", ["Übersicht"], "Jörg Müller: résumé first") in marks.values()
