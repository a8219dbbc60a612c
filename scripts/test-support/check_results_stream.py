"""Validates every line of an `iamspec run --json` results stream against its JSON Schema.

Usage: check_results_stream.py SCHEMA.json RESULTS.jsonl
"""

import json
import pathlib
import sys

import jsonschema
import referencing
import referencing.exceptions
import referencing.jsonschema


def file_registry(schema_path: pathlib.Path, dialect: str) -> referencing.Registry:
    """A registry that resolves relative `$ref`s to files beside the schema."""
    specification = referencing.jsonschema.specification_with(dialect)

    def retrieve(uri: str) -> referencing.Resource:
        target = schema_path.parent / uri.removeprefix("file://").split("#")[0]
        if not target.is_file():
            raise referencing.exceptions.NoSuchResource(ref=uri)
        contents = json.loads(target.read_text(encoding="utf-8"))
        return referencing.Resource.from_contents(contents, default_specification=specification)

    return referencing.Registry(retrieve=retrieve)


def main(schema_file: str, results_file: str) -> int:
    schema_path = pathlib.Path(schema_file)
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(
        schema,
        registry=file_registry(schema_path, validator_class.META_SCHEMA["$schema"]),
        format_checker=validator_class.FORMAT_CHECKER,
    )
    problems = []
    line_count = 0
    with open(results_file, encoding="utf-8") as stream:
        for number, line in enumerate(stream, start=1):
            if not line.strip():
                problems.append(f"{results_file}:{number}: empty line; expected one JSON object")
                continue
            line_count += 1
            try:
                record = json.loads(line)
            except json.JSONDecodeError as error:
                problems.append(f"{results_file}:{number}:{error.colno}: not JSON: {error.msg}")
                continue
            for error in validator.iter_errors(record):
                problems.append(f"{results_file}:{number}: at {error.json_path}: {error.message}")
    if line_count == 0:
        problems.append(f"{results_file}: the results stream is empty")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    print(f"{pathlib.Path(results_file).name}: {line_count} lines, each valid against {schema_path.name}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    try:
        sys.exit(main(*sys.argv[1:]))
    except (OSError, ValueError, jsonschema.SchemaError, referencing.exceptions.Unresolvable) as problem:
        sys.exit(f"error: {problem}")
