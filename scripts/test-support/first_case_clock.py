"""A relay in front of a stdio engine, for run_ci_recipes.py: runs COMMAND... as the engine, hands it
every request iamspec sends (its answers go straight back), and writes the wall-clock time of the
first `case` request to the file MARKER, made once (of several engine processes, the first to
see a case writes it), so that the time to the first case can be read from outside the tool.

Usage: first_case_clock.py MARKER COMMAND...
"""

import subprocess
import sys
import time


def main(marker, command):
    engine = subprocess.Popen(command, stdin=subprocess.PIPE)
    timed = False
    for line in sys.stdin.buffer:
        if not timed and b'"type":"case"' in line:
            timed = True
            try:
                with open(marker, "x", encoding="utf-8") as handle:
                    handle.write(f"{time.time()}\n")
            except FileExistsError:
                pass
        try:
            engine.stdin.write(line)
            engine.stdin.flush()
        except BrokenPipeError:
            break
    try:
        engine.stdin.close()
    except BrokenPipeError:
        pass
    return engine.wait()


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    sys.exit(main(sys.argv[1], sys.argv[2:]))
