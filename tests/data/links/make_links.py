# Builds the link fixtures with an lz-string encoder of its own (Python's lzstring), following the
# JSON each site writes; run once, output kept.
import json, lzstring, urllib.parse
lz = lzstring.LZString()
CLASSIC = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
KILLER = "................................................................................. aabcdeefghhbcdijfgkllmdijjnkommpqqrnsottpuvrwssxxyuvzwAAAByCCzDEEFBGHIDDJJFGGHIII 9,10,10,12,8,17,7,13,12,9,5,12,13,12,10,17,9,7,15,9,8,11,12,16,8,9,15,7,14,15,8,15,14,13,17,7"
def cages_of(line):
    _, cages81, sums = line.split(" ")
    sums = [int(s) for s in sums.split(",")]
    order, cells = [], {}
    for i, ch in enumerate(cages81):
        if ch not in cells:
            order.append(ch); cells[ch] = []
        cells[ch].append(i)
    return [(cells[ch], sums[k]) for k, ch in enumerate(order)]
def fp_grid(givens, entries=None):
    grid = []
    for r in range(9):
        row = []
        for c in range(9):
            ch = givens[r*9+c]
            if ch not in ".0":
                row.append({"value": int(ch), "given": True})
            elif entries and entries.get(r*9+c):
                row.append({"value": entries[r*9+c], "centerPencilMarks": [1, 2]})
            else:
                row.append({})
        grid.append(row)
    return grid
def rc(i): return "R%dC%d" % (i//9+1, i%9+1)
out = {}
# f-puzzles classic, with a title, a solver's entry, pencil marks and empty constraint lists.
fp = {"size": 9, "title": "Classic from the paper", "author": "someone", "ruleset": "Normal sudoku rules apply.",
      "grid": fp_grid(CLASSIC, {2: 4}), "arrow": [], "thermometer": [], "diagonal+": False,
      "cage": [{"value": "msgcorrect: Well done!", "cells": []}], "disabledlogic": ["Tuples"]}
out["fpuzzles_classic"] = "https://f-puzzles.com/?load=" + lz.compressToBase64(json.dumps(fp, separators=(",", ":")))
# f-puzzles killer, sums as strings (as f-puzzles writes them).
fk = {"size": 9, "title": "Killer", "grid": fp_grid("." * 81),
      "killercage": [{"cells": [rc(i) for i in cells], "value": str(s), "outlineC": "#000000", "fontC": "#000000"} for cells, s in cages_of(KILLER)]}
payload = lz.compressToBase64(json.dumps(fk, separators=(",", ":")))
out["fpuzzles_killer"] = "https://www.f-puzzles.com/?load=" + payload
out["sudokupad_fpuzzles_killer"] = "https://sudokupad.app/fpuzzles" + payload
out["sudokupad_fpuzzles_killer_percent"] = "https://sudokupad.app/" + urllib.parse.quote("fpuzzles" + payload, safe="")
# SudokuPad's own form: minified by hand as SudokuPad minifies (keys unquoted and shortened,
# single quotes, empty cells left out, colours bare), 0-based cells.
def scl_cells(givens):
    rows = []
    for r in range(9):
        rows.append("[" + ",".join("{v:%s}" % givens[r*9+c] if givens[r*9+c] not in ".0" else "" for c in range(9)) + "]")
    return "[" + ",".join(rows) + "]"
regions = "[" + ",".join("[" + ",".join("[%d,%d]" % (br*3+r, bc*3+c) for r in range(3) for c in range(3)) + "]" for br in range(3) for bc in range(3)) + "]"
cages = ",".join("{ce:[%s],v:%d,c1:#0,unique:t}" % (",".join("[%d,%d]" % (i//9, i%9) for i in cells), s) for cells, s in cages_of(KILLER))
scl = "{id:'killer-1',ce:%s,re:%s,ca:[%s,{v:'title: A killer'},{v:'author: Someone\\'s name'}],cs:50}" % (scl_cells("."*81), regions, cages)
out["sudokupad_scl_killer"] = "https://sudokupad.app/scl" + lz.compressToBase64(scl)
scl_classic = "{ce:%s,re:%s,ca:[{v:'rules: Normal sudoku rules apply.'}]}" % (scl_cells(CLASSIC), regions)
out["sudokupad_ctc_classic"] = "https://app.crackingthecryptic.com/sudoku/ctc" + lz.compressToBase64(scl_classic)
out["sudokupad_puzzleid_classic"] = "https://sudokupad.app/?puzzleid=scl" + urllib.parse.quote(lz.compressToBase64(scl_classic), safe="")
# Constraints termdoku does not play.
thermo = {"size": 9, "grid": fp_grid(CLASSIC), "thermometer": [{"lines": [["R1C3", "R2C3"]]}], "diagonal+": True}
out["fpuzzles_thermo_x"] = "https://f-puzzles.com/?load=" + lz.compressToBase64(json.dumps(thermo))
six = {"size": 6, "grid": [[{} for _ in range(6)] for _ in range(6)]}
out["fpuzzles_6x6"] = "https://f-puzzles.com/?load=" + lz.compressToBase64(json.dumps(six))
jig = {"size": 9, "grid": fp_grid(CLASSIC)}
jig["grid"][0][3]["region"] = 0
jig["grid"][0][2]["region"] = 1
out["fpuzzles_jigsaw"] = "https://f-puzzles.com/?load=" + lz.compressToBase64(json.dumps(jig))
nosum = {"size": 9, "grid": fp_grid("." * 81), "killercage": [{"cells": ["R1C1", "R1C2"]}]}
out["fpuzzles_cage_without_sum"] = "https://f-puzzles.com/?load=" + lz.compressToBase64(json.dumps(nosum))
lines = "{ce:%s,l:[{wp:[[0.5,0.5],[1.5,0.5]],c:CFCFCF,th:21}]}" % scl_cells(CLASSIC)
out["sudokupad_scl_lines"] = "https://sudokupad.app/scl" + lz.compressToBase64(lines)
with open("links.txt", "w") as f:
    f.write("# Puzzle links for the link reader's tests, one `name link` a line, made with an lz-string\n")
    f.write("# encoder other than the one termdoku uses, following the JSON each site writes.\n")
    for k, v in out.items():
        f.write(f"{k} {v}\n")
