#!/usr/bin/python3
"""Puts the report `make bench` printed into the Performance article, between its markers, so
that the numbers there are regenerated, never retyped.

    scripts/bench-docs.py REPORT ARTICLE

REPORT is what `make bench` printed (the guideline checks and scripts/bench.sh's tables);
ARTICLE holds the lines `<!-- make bench: begin -->` and `<!-- make bench: end -->`, and
everything between them is replaced by the report, with the commit and the day it was measured.
"""
import datetime
import os
import subprocess
import sys

BEGIN, END = "<!-- make bench: begin -->", "<!-- make bench: end -->"


def commit():
    def git(*arguments):
        return subprocess.run(["git", *arguments], capture_output=True, text=True).stdout.strip()
    head = git("rev-parse", "--short", "HEAD") or "an unknown commit"
    return head + (" with uncommitted changes" if git("status", "--porcelain", "--untracked-files=no") else "")


def main():
    report_path, article_path = sys.argv[1], sys.argv[2]
    report = open(report_path).read().strip("\n")
    article = open(article_path).read()
    if BEGIN not in article or END not in article:
        print(f"bench-docs: {article_path} has no {BEGIN} … {END}", file=sys.stderr)
        return 1
    before, rest = article.split(BEGIN, 1)
    _, after = rest.split(END, 1)
    day = datetime.date.today().isoformat()
    block = (f"{BEGIN}\nMeasured by `make bench` on {day}, at {commit()}, on {os.cpu_count()} cores "
             f"(written here by `scripts/bench-docs.py`):\n\n```text\n{report}\n```\n{END}")
    open(article_path, "w").write(before + block + after)
    print(f"bench-docs: {article_path} now holds this report")
    return 0


if __name__ == "__main__":
    sys.exit(main())
