"""XML read with no document type declaration: every XML reader of scripts/test-support parses with
parse() here, so that a report declaring entities (`<!ENTITY x SYSTEM "file:///...">`, an
`http:` one, a billion laughs) is refused before anything in it is expanded, fetched or quoted.
iamspec's reports, and the JUnit reports of the test frameworks, declare none.

    python3 safe_xml.py --self-test   # refuses a file: and an http: entity, reads a plain report
"""

import os
import socket
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from xml.parsers import expat


class DoctypeRefused(ElementTree.ParseError):
    """A document that declares a document type (and so may declare entities): refused."""


def parse(path):
    """The ElementTree of the XML file at `path`; DoctypeRefused (a ParseError, with `position`)
    at a document type declaration, found by a first pass of expat that stops there, before any
    entity it declares is read. XML that is not well formed is left to ElementTree's ParseError."""
    scan = expat.ParserCreate()

    def refuse(name, *_):
        line, column = scan.CurrentLineNumber, scan.CurrentColumnNumber
        error = DoctypeRefused(f"{path}:{line}:{column + 1}: error: found a document type declaration (<!DOCTYPE "
                               f"{name}>), expected XML without one: its entities are never read")
        error.position = (line, column)
        raise error

    scan.StartDoctypeDeclHandler = refuse
    scan.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    with open(path, "rb") as document:
        try:
            scan.ParseFile(document)
        except expat.ExpatError:
            pass  # ElementTree says where, as it always has
    return ElementTree.parse(path)


def self_test():
    folder = tempfile.mkdtemp()
    secret = os.path.join(folder, "secret.txt")
    with open(secret, "w") as file:
        file.write("AUTHORIZATION: basic c2VjcmV0\n")
    # The http: entity names a port listened on here: a reader that fetched it would connect.
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.setblocking(False)
    body = '<testsuites><testsuite name="s"><testcase name="t"><failure>{}</failure></testcase></testsuite></testsuites>\n'
    for entity in [f"file://{secret}", f"http://127.0.0.1:{listener.getsockname()[1]}/xxe"]:
        path = os.path.join(folder, "report.xml")
        with open(path, "w") as file:
            file.write(f'<?xml version="1.0"?>\n<!DOCTYPE testsuites [\n<!ENTITY x SYSTEM "{entity}">\n]>\n'
                       + body.format("&x;"))
        try:
            parse(path)
        except DoctypeRefused as refused:
            assert "c2VjcmV0" not in str(refused), refused
            assert str(refused).startswith(f"{path}:2:"), refused
            assert "error: found a document type declaration" in str(refused), refused
        else:
            sys.exit(f"safe_xml.parse read a report declaring the entity {entity}")
    try:
        listener.accept()
        sys.exit("safe_xml.parse fetched the http: entity of a report")
    except BlockingIOError:
        listener.close()
    plain = os.path.join(folder, "plain.xml")
    with open(plain, "w") as file:
        file.write(body.format("text"))
    assert parse(plain).find(".//failure").text == "text"
    for name in os.listdir(folder):
        os.remove(os.path.join(folder, name))
    os.rmdir(folder)
    print("safe_xml: a file: and an http: entity refused at the document type declaration, a plain report read")


if __name__ == "__main__":
    if sys.argv[1:] != ["--self-test"]:
        sys.exit(__doc__)
    self_test()
