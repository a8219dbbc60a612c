import IAMSpec

// Choosing runs: the cases a selection includes, and their runs in report order. What a selection
// is, and how results record it, is `RunSelection` itself (IAMSpecPortable).

extension RunSelection {
    /// Whether the case passes the id filters, the tags, the tag expression and the shard
    /// (profiles aside).
    package func includes(_ specCase: SpecCase) -> Bool {
        includes(id: specCase.id, tags: specCase.tags)
    }

    /// Whether the case passes the id filters, the tags, the tag expression and the shard
    /// (profiles aside), read without decoding it.
    package func includes(_ loadedCase: LoadedCase) -> Bool {
        includes(id: loadedCase.id, tags: loadedCase.tags)
    }

    /// The profiles of the case this selection runs, in profile order, read without decoding it.
    package func profiles(of loadedCase: LoadedCase) -> [Profile] {
        profiles(among: loadedCase.profiles)
    }

    /// Every selected run of the cases, sorted by case id, then profile; each run refers to its
    /// case by index, so no case is copied.
    package func runs(of cases: [SpecCase]) -> [CaseRun] {
        runs(
            of: SelectedCases(cases),
            order: order(cases.indices.filter { includes(cases[$0]) }, ids: { cases[$0].id }),
            profiles: { cases[$0].profiles }
        )
    }

    /// Every selected run of a loaded suite's cases, sorted by case id, then profile; each run
    /// refers to its case by index, and its case is decoded only when read
    /// (``CaseRun/withCaseDecoded(sharingWith:)``).
    package func runs(of cases: [LoadedCase]) -> [CaseRun] {
        runs(
            of: SelectedCases(loaded: cases),
            order: order(cases.indices.filter { includes(cases[$0]) }, ids: { cases[$0].id }),
            profiles: { cases[$0].profiles }
        )
    }

    private func includes(id: String, tags caseTags: [String]) -> Bool {
        let idSelected = filters.isEmpty || filters.contains { $0.matches(id) }
        let tagSelected = tags.isEmpty || caseTags.contains { tags.contains($0) }
        let expressionSelected = tagExpression?.matches(tags: caseTags) ?? true
        let shardSelected = shard?.contains(caseID: id) ?? true
        return idSelected && tagSelected && expressionSelected && shardSelected
    }

    /// Every profile, in profile order.
    private static let profileOrder = Profile.allCases.sorted()

    private func profiles(among caseProfiles: [Profile]) -> [Profile] {
        Self.profileOrder.filter { selects($0, among: caseProfiles) }
    }

    /// Whether a case that holds for `caseProfiles` is run under `profile`.
    private func selects(_ profile: Profile, among caseProfiles: [Profile]) -> Bool {
        caseProfiles.contains(profile) && (profiles.isEmpty || profiles.contains(profile))
    }

    /// The indices sorted by the ids of their cases; left as they are when they already are (a
    /// loaded suite's cases are sorted by id), so that sorting costs one comparison per case.
    /// Cases are sorted through their indices: swapping whole cases would copy them.
    private func order(_ indices: [Int], ids: (Int) -> String) -> [Int] {
        let sorted = zip(indices, indices.dropFirst()).allSatisfy { ids($0.0) <= ids($0.1) }
        return sorted ? indices : indices.sorted { ids($0) < ids($1) }
    }

    private func runs(of shared: SelectedCases, order: [Int], profiles: (Int) -> [Profile]) -> [CaseRun] {
        var runs: [CaseRun] = []
        runs.reserveCapacity(order.count)
        for index in order {
            let caseProfiles = profiles(index)
            for profile in Self.profileOrder where selects(profile, among: caseProfiles) {
                runs.append(CaseRun(cases: shared, caseIndex: index, profile: profile))
            }
        }
        return runs
    }
}
