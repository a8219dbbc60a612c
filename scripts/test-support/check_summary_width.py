"""Checks that Markdown summaries (`iamspec run --summary`, `iamspec report --summary`) read on a
phone as GitHub shows them: nothing scrolls sideways in a viewport 390 px wide.

Each summary is rendered to HTML by cmark-gfm (cmarkgfm, GitHub's own Markdown library, with its
tables), set in a page whose style gives the elements the layout GitHub's Markdown style gives
them (written here, not copied: a table is a block as wide as its content at most the column's
width, scrolling inside beyond that; a code block keeps its lines and scrolls; an inline code span
breaks at spaces and, like all text, inside a word too long for its line), in a column 326 px wide
(390 px less the job page's and the summary box's padding), and opened in headless Chromium at
390 px. Fails naming each element that is wider than it shows (it would scroll: a table, a code
block), or that reaches past the column, and the page when it scrolls sideways.

Usage: check_summary_width.py CHROMIUM SUMMARY.md...
Exit status 0 when every summary fits, 1 otherwise.
"""

import html
import os
import re
import subprocess
import sys
import tempfile

import cmarkgfm

WIDTH = 390
STYLE = """
html, body { margin: 0; padding: 0; }
body { font: 16px/1.5 "Liberation Sans", Arial, sans-serif; overflow-wrap: break-word; }
#column { box-sizing: border-box; width: 100%; padding: 0 32px; }
h2, h3, h4 { line-height: 1.25; margin: 24px 0 16px; }
h2 { font-size: 1.5em; } h3 { font-size: 1.25em; } h4 { font-size: 1em; }
p, ul, ol, table, pre { margin: 0 0 16px; }
ul, ol { padding-left: 2em; }
table { display: block; width: max-content; max-width: 100%; overflow: auto; border-spacing: 0;
        border-collapse: collapse; }
td, th { padding: 6px 13px; border: 1px solid #d1d9e0; }
code { font: 85% "Liberation Mono", monospace; padding: .2em .4em; white-space: break-spaces; }
pre { font: 85%/1.45 "Liberation Mono", monospace; padding: 16px; overflow: auto; }
pre code { font-size: 100%; padding: 0; white-space: pre; }
"""
MEASURE = """
window.addEventListener('load', function () {
  var lines = [];
  document.querySelectorAll('iframe').forEach(function (frame) {
    var doc = frame.contentDocument, column = doc.getElementById('column'), reported = [];
    var limit = column.getBoundingClientRect().right - parseFloat(getComputedStyle(column).paddingRight);
    column.querySelectorAll('*').forEach(function (element) {
      if (reported.some(function (outer) { return outer.contains(element); })) return;
      var box = element.getBoundingClientRect(), name = frame.dataset.summary + ': ' + element.tagName.toLowerCase()
        + ' "' + element.textContent.replace(/\\s+/g, ' ').trim().slice(0, 70) + '"';
      if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible') {
        lines.push(name + ' scrolls sideways: ' + element.scrollWidth + ' px shown in ' + element.clientWidth);
        reported.push(element);
      } else if (box.right > limit + 1) {
        lines.push(name + ' ends at ' + Math.round(box.right) + ' px, past the column at ' + Math.round(limit));
        reported.push(element);
      }
    });
    var root = doc.documentElement;
    if (root.scrollWidth > root.clientWidth)
      lines.push(frame.dataset.summary + ': the page scrolls sideways: ' + root.scrollWidth + ' px in ' + root.clientWidth);
  });
  document.getElementById('out').textContent = lines.join('\\n') + '\\nMEASURED';
});
"""


def page(markdown):
    body = cmarkgfm.github_flavored_markdown_to_html(markdown)
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><style>{STYLE}</style></head><body>"
            f"<div id='column'>{body}</div></body></html>")


def measure(chromium, summaries, work):
    """Each problem of each summary, as a line naming it."""
    frames = []
    for index, summary in enumerate(summaries):
        with open(summary, encoding="utf-8") as handle:
            markdown = handle.read()
        with open(os.path.join(work, f"summary-{index}.html"), "w", encoding="utf-8") as handle:
            handle.write(page(markdown))
        frames.append(f"<iframe data-summary='{html.escape(summary, quote=True)}' src='summary-{index}.html' "
                      f"style='width:{WIDTH}px;height:900px;border:0'></iframe>")
    harness = os.path.join(work, "measure.html")
    with open(harness, "w", encoding="utf-8") as handle:
        handle.write(f"<!DOCTYPE html><html><body><pre id='out'></pre>{''.join(frames)}<script>{MEASURE}</script>"
                     "</body></html>")
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                          "--disable-extensions", f"--user-data-dir={work}/profile", "--allow-file-access-from-files",
                          "--virtual-time-budget=30000", "--dump-dom", f"file://{harness}"],
                         capture_output=True, text=True, timeout=180).stdout
    found = re.search(r"<pre id=\"out\">(.*?)</pre>", dom, re.DOTALL)
    if not found or "MEASURED" not in found.group(1):
        return [f"Chromium did not measure the summaries ({len(dom)} characters of DOM)"]
    return [html.unescape(line) for line in found.group(1).splitlines() if line and line != "MEASURED"]


def main(chromium, summaries):
    with tempfile.TemporaryDirectory() as work:
        problems = measure(chromium, summaries, work)
    for problem in problems:
        print(problem)
    if problems:
        print(f"check_summary_width: {len(problems)} elements of {len(summaries)} summaries wider than {WIDTH} px "
              "allows", file=sys.stderr)
        return 1
    print(f"check_summary_width: {len(summaries)} summaries fit {WIDTH} px as GitHub renders them: nothing scrolls "
          "sideways")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[-2])
    sys.exit(main(sys.argv[1], sys.argv[2:]))
