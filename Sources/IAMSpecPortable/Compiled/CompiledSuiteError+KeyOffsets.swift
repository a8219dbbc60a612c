extension CompiledSuiteError {
    /// Where each key of the object under the top-level key `key` is written: its offset in
    /// `bytes`, by the key as JSON reads it (escapes undone). Empty when the document has no such
    /// object. Only called for a document that parsed: its strings and nesting are well formed.
    static func keyOffsets(ofObjectAt key: String, in bytes: [UInt8]) -> [String: Int] {
        guard var index = valueOffset(ofTopLevelKey: key, in: bytes) else { return [:] }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return [:] }
        index += 1
        var offsets: [String: Int] = [:]
        while true {
            index = skipWhitespace(bytes, from: index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return offsets }
            let keyEnd = skipValue(bytes, from: index)
            if let name = string(bytes[index..<keyEnd]), offsets[name] == nil { offsets[name] = index }
            index = skipWhitespace(bytes, from: skipWhitespace(bytes, from: keyEnd) + 1)
            index = skipWhitespace(bytes, from: skipValue(bytes, from: index))
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return offsets }
            index += 1
        }
    }

    /// The string a JSON string literal's bytes spell, or nil.
    private static func string(_ literal: ArraySlice<UInt8>) -> String? {
        guard case .string(let text)? = try? JSONParser.parse(Array(literal)) else { return nil }
        return text
    }
}
