import CYAML

/// Composes YAML nodes from LibYAML's parse events, keeping every node's start mark.
///
/// Anchors resolve to shared nodes; duplicate keys, unknown aliases and tags other than the
/// core ones are diagnostics. Nesting, alias expansion, a document's length and a scalar's are
/// bounded by ``YAMLLimits`` (a file's size by ``YAMLFile``, before it is read).
struct YAMLComposer {
    let file: String
    var limits = YAMLLimits.standard
    /// The lines of the file before the bytes composed, so that the marks of a part of a file (a
    /// case read again from its own lines: ``CaseFileReading``) are where they are in the file.
    var linesBefore = 0

    /// Composes every document of the file's bytes. Documents completed before a fatal problem
    /// (a syntax error, a limit reached) are kept.
    func compose(_ bytes: [UInt8]) -> YAMLComposition {
        var documents: [YAMLNode] = []
        let diagnostics = compose(bytes) { documents.append($0) }
        return YAMLComposition(documents: documents, diagnostics: diagnostics)
    }

    /// Composes the documents one at a time, handing each root to `document` as soon as it is
    /// complete (so a caller can decode it while its nodes are fresh, and let them go); returns
    /// the problems found.
    func compose(_ bytes: [UInt8], document: (YAMLNode) -> Void) -> [Diagnostic] {
        var state = CompositionState(file: file, limits: limits, linesBefore: linesBefore)
        guard !bytes.isEmpty else { return [] }
        state.reserveCapacity(forFileOf: bytes.count)
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer {
            parser.deallocate()
            event.deallocate()
        }
        guard yaml_parser_initialize(parser) != 0 else {
            state.report("out of memory while reading the file", at: YAMLMark(line: 1, column: 1))
            return state.diagnostics
        }
        defer { yaml_parser_delete(parser) }
        bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            while true {
                guard yaml_parser_parse(parser, event) != 0 else {
                    state.reportParserError(parser.pointee, bytes: buffer)
                    return
                }
                let finished = event.pointee.type == YAML_STREAM_END_EVENT
                let proceed = state.consume(event, source: buffer)
                yaml_event_delete(event)
                if let root = state.completedDocument.take() { document(root) }
                if finished || !proceed { return }
            }
        }
        return state.diagnostics
    }
}

/// The composer's work in progress: the document's nodes so far, open collections, anchors, and counts.
private struct CompositionState {
    /// A list or mapping whose end event has not come yet. Its children wait in the state's
    /// shared `pending` buffer from `start` (a mapping's as key, value pairs), so open collections
    /// allocate nothing; its anchor, if it has one, waits last in `openAnchors` (frames close in
    /// the reverse order they open), so a frame holds no reference and copies as plain bytes.
    struct Frame {
        let isMapping: Bool
        let mark: YAMLMark
        let isAnchored: Bool
        let start: Int
        var pendingKey: Int?
        /// The pending key is not a scalar: its value is read and dropped.
        var dropsPendingValue = false
        var weight = 1
    }

    let file: String
    let limits: YAMLLimits
    /// The lines before the bytes composed (``YAMLComposer/linesBefore``).
    let linesBefore: Int
    var diagnostics: [Diagnostic] = []
    /// The root of the document just completed, until the composer hands it on.
    var completedDocument: YAMLNode?
    /// The innermost open collection, which finished nodes join.
    var innermost: Frame?
    /// The open collections around it, outermost first.
    var enclosing: [Frame] = []
    /// The children of the open collections, as node indices.
    var pending: [Int] = []
    /// The document being composed (``YAMLDocument``'s parts).
    var nodes: [YAMLDocument.Node] = []
    var children: [Int] = []
    var text: [UInt8] = []
    var anchors: [String: Int] = [:]
    /// The anchors of the open collections that have one, outermost first.
    var openAnchors: [String] = []
    var materialised = 0
    /// The size of the file being composed, in bytes.
    var fileSize = 0
    /// Where the current document starts: libyaml's character index, the byte offset (found
    /// only once the document could be too long), the mark.
    var documentStart: (index: Int, offset: Int?, mark: YAMLMark) = (0, nil, YAMLMark(line: 1, column: 1))
    /// The file's byte offsets of libyaml's character indices, found going forward.
    var offsets = ByteOffsets()

    init(file: String, limits: YAMLLimits, linesBefore: Int) {
        self.file = file
        self.limits = limits
        self.linesBefore = linesBefore
    }

    /// Room for the open collections of a file this size; each document's room is reserved as it starts.
    mutating func reserveCapacity(forFileOf size: Int) {
        fileSize = size
        enclosing.reserveCapacity(16)
        pending.reserveCapacity(64)
    }

    /// Room for the nodes of a document starting at a byte offset: those of the rest of the file
    /// (about one node per 8 bytes of YAML), so the buffers seldom grow while composing it.
    private mutating func reserveDocumentCapacity(from offset: Int) {
        let rest = max(0, fileSize - offset)
        nodes.reserveCapacity(rest / 8)
        children.reserveCapacity(rest / 8)
        text.reserveCapacity(rest / 2)
    }

    mutating func report(_ message: String, at mark: YAMLMark) {
        diagnostics.append(Diagnostic(message, at: mark.location(in: file)))
    }

    /// Handles one event of the file `source`; false when composing must stop. The event is read
    /// where libyaml wrote it, not copied (its 104 bytes, for each of the file's events).
    mutating func consume(_ event: UnsafePointer<yaml_event_t>, source: UnsafeBufferPointer<UInt8>) -> Bool {
        let mark = YAMLMark(
            line: linesBefore + event.pointee.start_mark.line + 1,
            column: event.pointee.start_mark.column + 1
        )
        if event.pointee.type == YAML_DOCUMENT_START_EVENT {
            documentStart = (event.pointee.start_mark.index, nil, mark)
        } else if documentIsTooLong(reaching: event.pointee.start_mark.index, source: source) {
            return false
        }
        switch event.pointee.type {
        case YAML_DOCUMENT_START_EVENT:
            anchors.removeAll(keepingCapacity: true)
            reserveDocumentCapacity(from: event.pointee.start_mark.index)
            return true
        case YAML_SCALAR_EVENT:
            return scalar(event.pointee.data.scalar, at: mark)
        case YAML_ALIAS_EVENT:
            return alias(string(event.pointee.data.alias.anchor) ?? "", at: mark)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.pointee.data.sequence_start
            checkCollectionTag(data.tag, expected: "seq", at: mark)
            return open(isMapping: false, anchor: string(data.anchor), at: mark)
        case YAML_MAPPING_START_EVENT:
            let data = event.pointee.data.mapping_start
            checkCollectionTag(data.tag, expected: "map", at: mark)
            return open(isMapping: true, anchor: string(data.anchor), at: mark)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            return close()
        default:
            return true
        }
    }

    /// Whether the document goes on past ``YAMLLimits/maximumDocumentBytes`` at libyaml's
    /// character `index`, where an event starts (reported at the document's start; a long scalar
    /// that starts within it is reported as a scalar). Its bytes are counted only when its
    /// characters could pass the limit: a character is at most 4 bytes.
    @inline(__always)
    private mutating func documentIsTooLong(reaching index: Int, source: UnsafeBufferPointer<UInt8>) -> Bool {
        guard (index - documentStart.index) * 4 > limits.maximumDocumentBytes else { return false }
        return documentIsTooLongCounted(reaching: index, source: source)
    }

    /// ``documentIsTooLong(reaching:source:)`` once the document's characters could pass the limit.
    @inline(never)
    private mutating func documentIsTooLongCounted(reaching index: Int, source: UnsafeBufferPointer<UInt8>) -> Bool {
        let limit = limits.maximumDocumentBytes
        let start = documentStart.offset ?? offsets.byteOffset(ofCharacter: documentStart.index, in: source)
        documentStart.offset = start
        guard offsets.byteOffset(ofCharacter: index, in: source) - start > limit else { return false }
        report(
            "the document is longer than \(YAMLLimits.describe(bytes: limit)); expected at most that much "
                + "in one document (split its cases between documents or files)",
            at: documentStart.mark
        )
        return true
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private mutating func scalar(_ data: YAMLScalarEventData, at mark: YAMLMark) -> Bool {
        guard data.length <= limits.maximumScalarBytes else {
            report(
                "found a scalar of \(data.length) bytes; expected at most "
                    + YAMLLimits.describe(bytes: limits.maximumScalarBytes),
                at: mark
            )
            return false
        }
        let bytes = UnsafeBufferPointer(start: data.value, count: data.length)
        let isQuoted = data.style != YAML_PLAIN_SCALAR_STYLE
        let value: YAMLScalarValue
        let tag = string(data.tag)
        if let tag {
            value = taggedValue(String(decoding: bytes, as: UTF8.self), tag: tag, at: mark)
        } else {
            value = isQuoted ? .string : YAMLCoreSchema.resolve(bytes)
        }
        let start = text.count
        text.append(contentsOf: bytes)
        let index = add(
            .scalar(
                isQuoted: isQuoted,
                isTagged: tag != nil,
                value: value,
                mark: mark,
                start: start,
                count: bytes.count
            )
        )
        if let anchor = string(data.anchor) { anchors[anchor] = index }
        return count(1, at: mark) && attach(index)
    }

    private mutating func add(_ node: YAMLDocument.Node) -> Int {
        nodes.append(node)
        return nodes.count - 1
    }

    /// The value of a scalar with an explicit tag; only core tags are allowed.
    private mutating func taggedValue(_ text: String, tag: String, at mark: YAMLMark) -> YAMLScalarValue {
        let resolved = YAMLCoreSchema.resolve(text)
        let found = YAMLScalar.summary(of: text, value: resolved)
        switch coreTagName(tag) {
        case "str":
            return .string
        case "int":
            if case .int = resolved { return resolved }
            let integer = YAMLCoreSchema.hasIntegerSyntax(text) ? "an integer within 64 bits" : "an integer"
            report("expected \(integer) for tag !!int, found \(found)", at: mark)
        case "float":
            switch resolved {
            case .int(let integer): return .float(Double(integer))
            case .float: return resolved
            case .null, .bool, .string: report("expected a real for tag !!float, found \(found)", at: mark)
            }
        case "bool":
            if case .bool = resolved { return resolved }
            report("expected a boolean for tag !!bool, found \(found)", at: mark)
        case "null":
            if resolved == .null { return resolved }
            report("expected null for tag !!null, found \(found)", at: mark)
        case let name?:
            report(
                "tag !!\(name) is not allowed on a scalar; expected !!str, !!int, !!float, !!bool or !!null",
                at: mark
            )
        case nil:
            reportUnsupportedTag(tag, at: mark)
        }
        return .string
    }

    private func coreTagName(_ tag: String) -> String? {
        let prefix = "tag:yaml.org,2002:"
        guard tag.hasPrefix(prefix) else { return nil }
        let name = String(tag.dropFirst(prefix.count))
        return ["str", "int", "float", "bool", "null", "seq", "map"].contains(name) ? name : nil
    }

    private mutating func reportUnsupportedTag(_ tag: String, at mark: YAMLMark) {
        let prefix = "tag:yaml.org,2002:"
        let shown = tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
        report(
            "unsupported tag '\(shown)'; expected no tag or a core tag (!!str, !!int, !!float, !!bool, !!null, !!seq, !!map)",
            at: mark
        )
    }

    private mutating func checkCollectionTag(
        _ pointer: UnsafeMutablePointer<yaml_char_t>?,
        expected: String,
        at mark: YAMLMark
    ) {
        guard let tag = string(pointer) else { return }
        switch coreTagName(tag) {
        case expected?:
            return
        case let name?:
            let kind = expected == "seq" ? "a list" : "a mapping"
            report("tag !!\(name) is not allowed on \(kind); expected !!\(expected)", at: mark)
        case nil:
            reportUnsupportedTag(tag, at: mark)
        }
    }

    private mutating func alias(_ name: String, at mark: YAMLMark) -> Bool {
        guard let index = anchors[name] else {
            report("unknown alias '*\(name)'; expected an anchor '&\(name)' defined earlier in the document", at: mark)
            let placeholder = add(.scalar(isQuoted: false, value: .null, mark: mark, start: text.count, count: 0))
            return count(1, at: mark) && attach(placeholder)
        }
        let weight = nodes[index].weight
        guard let top = innermost, top.isMapping, top.pendingKey == nil else {
            return count(weight, at: mark) && attach(index)
        }
        // An alias used as a key is a key at the alias: a duplicate key diagnostic names both places.
        let key = add(nodes[index].moved(to: mark))
        return count(weight, at: mark) && attach(key)
    }

    private mutating func open(isMapping: Bool, anchor: String?, at mark: YAMLMark) -> Bool {
        guard enclosing.count + (innermost == nil ? 0 : 1) < limits.maximumDepth else {
            report(
                "lists and mappings are nested more than \(limits.maximumDepth) deep; expected at most \(limits.maximumDepth) levels",
                at: mark
            )
            return false
        }
        guard count(1, at: mark) else { return false }
        if let current = innermost { enclosing.append(current) }
        if let anchor { openAnchors.append(anchor) }
        innermost = Frame(isMapping: isMapping, mark: mark, isAnchored: anchor != nil, start: pending.count)
        return true
    }

    private mutating func close() -> Bool {
        guard let frame = innermost else { return true }
        innermost = enclosing.isEmpty ? nil : enclosing.removeLast()
        let start = children.count
        if frame.isMapping {
            keepDistinctKeys(of: frame.start)
        } else {
            children.append(contentsOf: pending[frame.start...])
        }
        pending.removeLast(pending.count - frame.start)
        let count = frame.isMapping ? (children.count - start) / 2 : children.count - start
        let index = add(
            YAMLDocument.Node(
                kind: frame.isMapping ? .mapping : .sequence,
                isQuoted: false,
                value: .null,
                mark: frame.mark,
                start: start,
                count: count,
                weight: frame.weight
            )
        )
        if frame.isAnchored, let anchor = openAnchors.popLast() { anchors[anchor] = index }
        return attach(index)
    }

    /// Moves a closed mapping's key, value pairs (pending from `first`) to the document's
    /// children; a repeated key (the same Unicode scalars, as YAML compares keys) is reported
    /// and dropped. Small mappings are checked pair by pair, larger ones through an index.
    private mutating func keepDistinctKeys(of first: Int) {
        guard (pending.count - first) / 2 > 16 else {
            keepDistinctKeysByScan(of: first)
            return
        }
        var index: [ArraySlice<UInt8>: Int] = [:]
        index.reserveCapacity((pending.count - first) / 2)
        for pair in stride(from: first, to: pending.count, by: 2) {
            let key = pending[pair]
            let bytes = keyBytes(key)
            if let earlier = index[bytes] {
                reportDuplicate(key, of: earlier)
                continue
            }
            index[bytes] = key
            children.append(key)
            children.append(pending[pair + 1])
        }
    }

    /// ``keepDistinctKeys(of:)`` for a small mapping: each key compared with those kept before it.
    private mutating func keepDistinctKeysByScan(of first: Int) {
        let start = children.count
        pairs: for pair in stride(from: first, to: pending.count, by: 2) {
            let key = pending[pair]
            for kept in stride(from: start, to: children.count, by: 2) where sameText(key, children[kept]) {
                reportDuplicate(key, of: children[kept])
                continue pairs
            }
            children.append(key)
            children.append(pending[pair + 1])
        }
    }

    private mutating func reportDuplicate(_ key: Int, of earlier: Int) {
        let previous = nodes[earlier].mark
        let name = String(decoding: keyBytes(key), as: UTF8.self)
        report(
            "duplicate key '\(name)' in a mapping; first defined at line \(previous.line), "
                + "column \(previous.column)",
            at: nodes[key].mark
        )
    }

    private func keyBytes(_ index: Int) -> ArraySlice<UInt8> {
        let node = nodes[index]
        return text[node.start..<(node.start + node.count)]
    }

    private func sameText(_ one: Int, _ other: Int) -> Bool {
        let first = nodes[one]
        let second = nodes[other]
        guard first.count == second.count else { return false }
        return text.withUnsafeBufferPointer {
            YAMLDocument.sameBytes(
                UnsafeBufferPointer(rebasing: $0[first.start..<(first.start + first.count)]),
                UnsafeBufferPointer(rebasing: $0[second.start..<(second.start + second.count)])
            )
        }
    }

    /// Counts materialised nodes; false (with a diagnostic) past the limit.
    private mutating func count(_ nodes: Int, at mark: YAMLMark) -> Bool {
        materialised += nodes
        guard materialised > limits.maximumNodes else { return true }
        reportTooManyNodes(at: mark)
        return false
    }

    @inline(never)
    private mutating func reportTooManyNodes(at mark: YAMLMark) {
        report(
            "the file expands to more than \(limits.maximumNodes) nodes (aliases count as the nodes they repeat); "
                + "expected a smaller file",
            at: mark
        )
    }

    /// Adds a finished node to the open collection, or makes it a document's root.
    private mutating func attach(_ index: Int) -> Bool {
        guard innermost != nil else {
            completeDocument(root: index)
            return true
        }
        let node = nodes[index]
        innermost!.weight += node.weight
        guard innermost!.isMapping else {
            pending.append(index)
            return true
        }
        guard let key = innermost!.pendingKey else {
            innermost!.pendingKey = index
            innermost!.dropsPendingValue = node.kind != .scalar
            if node.kind != .scalar {
                report(
                    "expected a scalar as a mapping key, found \(node.kind == .sequence ? "a list" : "a mapping")",
                    at: node.mark
                )
            }
            return true
        }
        innermost!.pendingKey = nil
        if !innermost!.dropsPendingValue {
            pending.append(key)
            pending.append(index)
        }
        return true
    }

    /// Hands the document's parts to a ``YAMLDocument`` and starts the next one empty.
    private mutating func completeDocument(root: Int) {
        let document = YAMLDocument(nodes: nodes, children: children, text: text)
        completedDocument = YAMLNode(document: document, index: root)
        nodes = []
        children = []
        text = []
    }

    /// Reports LibYAML's problem where it is (``LibYAMLProblem``).
    mutating func reportParserError(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>) {
        let problem = LibYAMLProblem(parser, source: YAMLSourceText(bytes: bytes))
        report(problem.message, at: YAMLMark(line: linesBefore + problem.mark.line, column: problem.mark.column))
        diagnostics[diagnostics.count - 1].quotesSource = !problem.isUnreadableText
    }
}

/// The byte offsets in a UTF-8 file of libyaml's marks, which count characters (Unicode
/// scalars, a BOM left out; a CR LF two), found by walking forward: marks come in order, so a
/// file is walked once.
private struct ByteOffsets {
    private var character = 0
    private var offset = 0
    private var started = false

    /// The offset of the character at `index` (the file's end, past it).
    mutating func byteOffset(ofCharacter index: Int, in source: UnsafeBufferPointer<UInt8>) -> Int {
        if !started {
            started = true
            if source.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        }
        while character < index, offset < source.count {
            offset += 1
            while offset < source.count, source[offset] & 0xC0 == 0x80 { offset += 1 }
            character += 1
        }
        return offset
    }
}

/// The scalar member of LibYAML's event union.
private typealias YAMLScalarEventData = yaml_event_s.__Unnamed_union_data.__Unnamed_struct_scalar
