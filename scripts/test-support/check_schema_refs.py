#!/usr/bin/env python3
"""Checks that a validator given the schemas folder resolves every `$ref` of every schema
offline, with the libraries check-jsonschema validates with (`referencing`, `jsonschema`, in
scripts/test's .venv).

Each schema is registered under its `$id`, which must be relative or on a host no one can own
(`.invalid`, RFC 2606): a validator resolving a relative `$ref` against it would otherwise fetch
from a real-looking host. Then every `$ref` of every schema, at any depth, is resolved in that
registry, which retrieves nothing (a `$ref` naming a schema not in the folder fails), and each
schema is checked against its metaschema.

Usage: check_schema_refs.py SCHEMA.json...   (exit 1 naming each unresolved `$ref` as
`FILE: $ref REF at PATH: why`)
"""

import json
import sys
from urllib.parse import urlsplit

import jsonschema
import referencing
import referencing.exceptions
import referencing.jsonschema


def offline(uri):
    raise referencing.exceptions.NoSuchResource(ref=uri)


def refs(node, path="#"):
    """Every `$ref` under `node`, with the JSON pointer of the object holding it."""
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield path, node["$ref"]
        for key, value in node.items():
            yield from refs(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from refs(value, f"{path}/{index}")


def main(paths):
    problems = []
    schemas = {}
    registry = referencing.Registry(retrieve=offline)
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            schema = json.load(handle)
        identifier = schema.get("$id", "")
        host = urlsplit(identifier).hostname
        if host is not None and not host.endswith(".invalid"):
            problems.append(f"{path}: $id {identifier} names the host {host}, which someone may own; "
                            "expected a relative $id or one on a .invalid host")
        jsonschema.validators.validator_for(schema).check_schema(schema)
        resource = referencing.jsonschema.specification_with(
            schema.get("$schema", "https://json-schema.org/draft/2020-12/schema")).create_resource(schema)
        uri = identifier or f"file:///{path}"
        registry = registry.with_resource(uri, resource)
        schemas[path] = (uri, schema)
    registry = registry.crawl()
    count = 0
    for path, (uri, schema) in schemas.items():
        resolver = registry.resolver(base_uri=uri)
        for pointer, ref in refs(schema):
            count += 1
            try:
                resolver.lookup(ref)
            except referencing.exceptions.Unresolvable as error:
                # The error's text quotes the whole schema it looked in: its kind says enough.
                problems.append(f"{path}: $ref {ref} at {pointer}: {type(error).__name__}, offline")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"{count} $refs of {len(paths)} schemas resolve offline, every $id relative or on a .invalid host")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
