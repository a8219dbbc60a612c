extension Sequence {
    /// The elements with those of equal `key` together: the groups in the order of their first
    /// element, each group's elements in their order. How a pass that wants no particular order
    /// takes a loaded suite's cases a case file at a time, so that it reads each file once.
    func keptTogether<Key: Hashable>(by key: (Element) -> Key) -> [Element] {
        var groups: [[Element]] = []
        var groupOfKey: [Key: Int] = [:]
        for element in self {
            let elementKey = key(element)
            if let group = groupOfKey[elementKey] {
                groups[group].append(element)
            } else {
                groupOfKey[elementKey] = groups.count
                groups.append([element])
            }
        }
        return groups.flatMap { $0 }
    }
}
