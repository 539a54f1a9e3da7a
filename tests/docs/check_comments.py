#!/usr/bin/env python3
"""Source comments state a rule and its reason, never a date or a measurement log
(ctest label `readme`; issue 58, STYLE.md "One description per thing").

  check_comments.py SOURCE_DIR

Scans the comments (// and /* */, string and character literals skipped) of every
.h/.hpp/.cpp/.cu/.cuh file under SOURCE_DIR/sim and SOURCE_DIR/app, and fails, naming
file:line, the rule and the comment, on:

  date       an ISO date (2026-11-25, 2026-11), a month with a day or a year (Nov 25,
             25 November, December 2026), or a day named relative to the writing
             (this morning, yesterday, today, last week, ...);
  machine    where something ran: a CPU or GPU model (Xeon, EPYC, Ryzen, H100, RTX 4090,
             ...), a clock rate (2.0 GHz), an N-core machine, an idle or loaded machine
             (load 0.9, load average);
  measured   the wording of a measurement log: "measured", "by measurement", "we timed",
             "benchmarked", "one run each", "N-frame runs";
  timing     a time read off a run rather than set: a range (15-22 ms), an approximate
             figure (~2.2 ms), a time that something took/cost, or a time per frame, step,
             tear, rebuild or call (0.8 ms a frame);
  ratio      a speed-up or growth factor (0.97x, 2.5-10x, 66x);
  outcome    what a run gave: a median, mean or peak with its figure (peak max strain
             0.064, median 9.1 ms), or the run's length (over 600 frames);
  before/after  figures from one run to the next: "0.283 -> 0.147", "0.19 against 0.08",
             "went from 12.3 to 6.2", "raised the strain from 0.095 to 0.19",
             "(was 0.84)", "(was 2 x 10".

Allowed, because they describe the code rather than a run: physical constants and units
in parameter docs (metres, [s], dt = 10 ms, 60 Hz, 1e-5 tolerance, a 12 ms budget; a
range of a parameter is written [1, 50] ms, since "1-50 ms" reads as a run's spread),
dimensions with spaced operators (5 x 1 x 1, 4 substeps x 5 iterations), paper
references (§5.4, Eq. 12, Fig. 8, Müller 2020), text in double quotes (a UI string such
as "0.3x real time"), and paths to notes (docs/notes/<anything>.md, whose file names
may hold a date): a comment that a measurement decided names its note instead of
quoting the figures.
"""
import os
import re
import sys

EXTENSIONS = (".h", ".hpp", ".cpp", ".cu", ".cuh")
ROOTS = ("sim", "app", "python")

# Capitalised, as a date writes them: "may 2" or "mar" in prose is no month.
MONTH = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|"
         r"Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)")
NUM = r"\d+(?:[.,]\d+)?(?:e-?\d+)?"
TIME_UNIT = r"(?:ms|s|us|µs|ns|sec(?:onds?)?|min(?:utes?)?|h|hours?)"

RULES = [
    ("date", re.compile(
        r"\b(?:19|20)\d\d-[01]\d(?:-[0-3]\d)?\b"
        rf"|\b{MONTH}\.? [0-3]?\d(?:st|nd|rd|th)?\b(?! ?(?:ms|s|x|%))"
        rf"|\b[0-3]?\d(?:st|nd|rd|th)? {MONTH}\b"
        rf"|\b{MONTH},? (?:19|20)\d\d\b"
        r"|(?i:\b(?:this|that|yesterday|tomorrow) (?:morning|afternoon|evening|night)\b)"
        r"|(?i:\b(?:yesterday|today|tonight|last (?:night|week|month))\b)")),
    ("machine", re.compile(
        r"(?-i:\b(?:Xeon|EPYC|Ryzen|Threadripper|Opteron|Core i[3579]|Apple M[1-4]|"
        r"[AHVL]100|H200|B200|GH200|A6000|RTX ?\d{3,4}|GTX ?\d{3,4}|Quadro|Tesla [A-Z]\d*)\b)"
        r"|\b\d+(?:\.\d+)? ?GHz\b"
        r"|\b\d+-core\b"
        r"|\b(?:idle|loaded|busy) (?:machine|box|host)\b|\bon this (?:machine|box|host)\b"
        r"|\bload average\b|(?:\bat|,|\() ?load \d|\bload \d+\.\d", re.I)),
    ("measured", re.compile(
        r"\bmeasured\b|\bby measurement\b|\bmeasurements? (?:above|below)\b"
        r"|\bbenchmarked\b|\bwe timed\b|\bone run each\b|\b\d+-frame runs?\b", re.I)),
    ("timing", re.compile(
        rf"\b{NUM} ?[-–] ?{NUM} ?{TIME_UNIT}\b"
        rf"|~ ?{NUM} ?{TIME_UNIT}\b"
        rf"|\b(?:took|takes|take|cost|costs|costing|spent|spends|ran in|runs in) (?:about |~)?{NUM} ?{TIME_UNIT}\b"
        rf"|\b{NUM} ?{TIME_UNIT} (?:a|per|each) (?:frame|substep|step|tear|rebuild|call|run|iteration|pass)\b",
        re.I)),
    ("ratio", re.compile(rf"(?<![\w.])(?:{NUM} ?[-–] ?)?{NUM}x\b(?![\w^])")),
    ("outcome", re.compile(
        r"\b(?:median|mean|peak|average)\b(?: [a-z_]+){0,3} ~?\d+\.\d+"
        r"|\bover (?:\d[\d,]* |frames \d+ ?[-–] ?\d+)frames\b", re.I)),
    ("before/after", re.compile(
        rf"-?{NUM} ?%? ?(?:->|→) ?-?{NUM}"
        rf"|\b{NUM}(?: ?(?:{TIME_UNIT}|x|%))? against ~?{NUM}"
        rf"|\b(?:went|rose|fell|dropped|grew|raised|lowered|cut|took)\b[^.;]{{0,60}}?\bfrom -?{NUM}\S* to -?{NUM}"
        r"|\(was \S", re.I)),
]

ALLOWED = [
    re.compile(r"docs/notes/\S+?\.md"),          # a note's path: its file name may hold a date
    re.compile(r"\"[^\"\n]*\""),                  # quoted text: a UI string, a message
]


def comments(text):
    """Yields (line number, comment text) for each line of each comment."""
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            yield line, text[i + 2:j]
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            for k, part in enumerate(text[i:j].split("\n")):
                yield line + k, part
            line += text.count("\n", i, j)
            i = j
        elif c == '"' and text[i - 1:i] == "R" and not re.match(r"\w", text[i - 2:i - 1] or " "):
            m = re.match(r'"([^(\s"\\]{0,16})\(', text[i:])
            if not m:
                i += 1
                continue
            end = ")" + m.group(1) + '"'
            j = text.find(end, i + m.end())
            j = n if j < 0 else j + len(end)
            line += text.count("\n", i, j)
            i = j
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum():  # digit separator: 1'000'000
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        else:
            i += 1


def findings(text):
    for line, comment in comments(text):
        scrubbed = comment
        for allowed in ALLOWED:
            scrubbed = allowed.sub(lambda m: " " * len(m.group(0)), scrubbed)
        hits = [(name, m.group(0)) for name, rule in RULES for m in [rule.search(scrubbed)] if m]
        if hits:
            yield line, hits, comment.strip()


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__)
        return 2
    source = argv[1]
    missing = [root for root in ROOTS if not os.path.isdir(os.path.join(source, root))]
    if missing:
        print(f"{source}: no {', '.join(missing)} folder; pass the source tree's root")
        return 2
    bad = 0
    for root in ROOTS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(source, root)):
            dirnames.sort()
            for name in sorted(filenames):
                if not name.endswith(EXTENSIONS):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                for line, hits, comment in findings(text):
                    bad += 1
                    rel = os.path.relpath(path, source)
                    rules = ", ".join(f"{rule} {match!r}" for rule, match in hits)
                    print(f"{rel}:{line}: [{rules}] {comment}")
    if bad:
        print(f"\n{bad} comment line(s) carry a date or a measurement log. State the rule and "
              "its reason, and name the note under docs/notes/ that holds the figures "
              "(STYLE.md, 'One description per thing').")
        return 1
    print("comments: no dates or measurement logs in sim/ and app/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
