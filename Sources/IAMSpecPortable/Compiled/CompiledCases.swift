import Dispatch
import IAMSpec

/// The cases of a compiled suite: every case's model (a suite `iamspec compile` makes), or, for a
/// suite read back, what its runs need of each case (its id, title and profiles) and where its
/// bytes are, its model read back from them when a run needs it, one case at a time, so that the
/// suite's memory does not grow with its cases.
package struct CompiledCases: Sendable {
    /// What a suite read back keeps of one case.
    package struct Facts: Sendable {
        /// The case's id.
        package var id: String
        /// The case's title.
        package var title: String
        /// The profiles the case runs under.
        package var profiles: [Profile]
        /// The bytes of the case's element of `cases`, in the suite's source.
        package var bytes: Range<Int>
    }

    private enum Storage: Sendable {
        case models([SpecCase])
        case made(ids: [String], model: @Sendable (Int) -> SpecCase)
        case stored(StoredCases)
    }

    private var storage: Storage

    /// The cases `models` holds.
    package init(_ models: [SpecCase]) {
        storage = .models(models)
    }

    /// The cases of `ids`, each case's model made by `model` each time it is read: a suite that
    /// `iamspec compile` writes a case at a time, without holding every model at once.
    package init(ids: [String], model: @escaping @Sendable (Int) -> SpecCase) {
        storage = .made(ids: ids, model: model)
    }

    /// The cases of a suite read from `source` (named `file` in errors), each as `facts` holds
    /// it, the first ones' `models` kept, whose rule ids are each one of `ruleIDs`.
    init(facts: [Facts], models: [SpecCase], source: CompiledSuiteSource, file: String, ruleIDs: Set<String>) {
        storage = .stored(StoredCases(facts: facts, models: models, source: source, file: file, ruleIDs: ruleIDs))
    }

    /// How many cases there are.
    package var count: Int {
        switch storage {
        case .models(let models): models.count
        case .made(let ids, _): ids.count
        case .stored(let stored): stored.facts.count
        }
    }

    /// The id of the case at `index`.
    package func id(at index: Int) -> String {
        switch storage {
        case .models(let models): models[index].id
        case .made(let ids, _): ids[index]
        case .stored(let stored): stored.facts[index].id
        }
    }

    /// The title of the case at `index`.
    package func title(at index: Int) -> String {
        switch storage {
        case .models(let models): models[index].title
        case .made(_, let model): model(index).title
        case .stored(let stored): stored.facts[index].title
        }
    }

    /// The model of the case at `index`, read back from its bytes for a suite read back, unless
    /// it is one of the first cases, whose models the read kept (the one read back last is kept
    /// too, for the runs of a case follow one another).
    ///
    /// - Throws: ``CompiledSuiteError`` when the bytes can no longer be read as the case they
    ///   were read as (the file changed while the suite ran).
    package func specCase(at index: Int) throws(CompiledSuiteError) -> SpecCase {
        switch storage {
        case .models(let models): return models[index]
        case .made(_, let model): return model(index)
        case .stored(let stored): return try stored.specCase(at: index)
        }
    }

    /// Every case's model, in order.
    ///
    /// - Throws: ``CompiledSuiteError`` as ``specCase(at:)`` does.
    package func models() throws(CompiledSuiteError) -> [SpecCase] {
        var models: [SpecCase] = []
        for index in 0..<count { models.append(try specCase(at: index)) }
        return models
    }
}

/// The cases of a suite read back: their facts, the first ones' models, and their bytes in the
/// source, read back a case at a time with the case read last kept. `@unchecked Sendable`: the
/// kept case is read and written on `queue` alone.
private final class StoredCases: @unchecked Sendable {
    let facts: [CompiledCases.Facts]
    private let models: [SpecCase]
    private let source: CompiledSuiteSource
    private let file: String
    private let ruleIDs: Set<String>
    private let queue = DispatchQueue(label: "iamspec.compiled-cases")
    private var kept: (index: Int, specCase: SpecCase)?

    init(
        facts: [CompiledCases.Facts],
        models: [SpecCase],
        source: CompiledSuiteSource,
        file: String,
        ruleIDs: Set<String>
    ) {
        self.facts = facts
        self.models = models
        self.source = source
        self.file = file
        self.ruleIDs = ruleIDs
    }

    func specCase(at index: Int) throws(CompiledSuiteError) -> SpecCase {
        if index < models.count { return models[index] }
        if let kept = queue.sync(execute: { kept }), kept.index == index { return kept.specCase }
        let specCase = try read(at: index)
        queue.sync { kept = (index, specCase) }
        return specCase
    }

    /// The case at `index`, read and decoded again as the first pass decoded it.
    private func read(at index: Int) throws(CompiledSuiteError) -> SpecCase {
        let range = facts[index].bytes
        let changed = "the compiled suite changed since it was read; run it again"
        let bytes: [UInt8]
        do {
            bytes = try source.bytes(range)
        } catch {
            throw CompiledSuiteError(
                file: file,
                line: 1,
                column: 1,
                message: "cannot read the compiled suite again: \(error.reason); run it again"
            )
        }
        do {
            let element = CompiledSuite.caseElement(try JSONParser.parse(bytes), at: index)
            let specCase = try CompiledSuite.decodeCase(element, ruleIDs: ruleIDs)
            guard specCase.id == facts[index].id else {
                throw CompiledSuiteError(file: file, line: 1, column: 1, message: changed)
            }
            return specCase
        } catch {
            throw CompiledSuiteError(file: file, line: 1, column: 1, message: changed)
        }
    }
}
