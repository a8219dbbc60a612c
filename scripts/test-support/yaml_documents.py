"""Lists YAML files for check-jsonschema, one document per file.

check-jsonschema reads one document per file, but a case file may hold several (separated by
`---`). Each file with one document is listed as it is; each document of a file with several is
written as JSON to OUT_DIR/<FILE>.document-<N>.json and that path is listed instead, so every
document is checked and its errors name the file and the document.

Usage: yaml_documents.py OUT_DIR FILE...   (prints one path a line)
"""

import json
import os
import sys

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError


def main(out_dir: str, files: list[str]) -> int:
    yaml = YAML(typ="safe")
    for path in files:
        with open(path, encoding="utf-8") as source:
            try:
                documents = list(yaml.load_all(source))
            except YAMLError:
                # Listed as it is: check-jsonschema then reports the syntax error with its location.
                print(path)
                continue
        if len(documents) <= 1:
            print(path)
            continue
        for number, document in enumerate(documents, start=1):
            target = os.path.join(out_dir, f"{path.lstrip(os.sep)}.document-{number}.json")
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w", encoding="utf-8") as output:
                json.dump(document, output, indent=1, default=str)
            print(target)
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    sys.exit(main(sys.argv[1], sys.argv[2:]))
