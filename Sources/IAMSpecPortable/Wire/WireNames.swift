/// A closed set of names ``WireScanner`` reads as one of them (an object's keys, or the values of
/// its discriminator): an enum numbered from 0, each case spelled on the wire as ``spellings``
/// says. A switch over the name read names every case, and a name added is a case added,
/// renumbering nothing by hand. Keys stand in the order iamspec writes them, so that each is found
/// at the first comparison (``WireScanner/nextKey(among:seen:)``).
protocol WireNames: CaseIterable, RawRepresentable where RawValue == Int, AllCases == [Self] {
    /// Each case's spelling on the wire, in the order of the cases.
    static var spellings: [StaticString] { get }
}

/// Some names of `Names`, a bit each: the keys an object held
/// (``WireScanner/members(_:after:_:)``), or the keys it must hold.
struct WireNameSet<Names: WireNames>: Equatable {
    /// A bit per name, at its case's raw value.
    let bits: UInt64

    init(bits: UInt64) {
        self.bits = bits
    }

    init(_ names: [Names]) {
        bits = names.reduce(0) { $0 | 1 << $1.rawValue }
    }

    /// Every name of `Names`.
    static var all: WireNameSet { WireNameSet(bits: (1 << Names.allCases.count) - 1) }

    func contains(_ name: Names) -> Bool {
        bits & 1 << name.rawValue != 0
    }

    func isSuperset(of other: WireNameSet) -> Bool {
        bits & other.bits == other.bits
    }

    func isDisjoint(with other: WireNameSet) -> Bool {
        bits & other.bits == 0
    }
}
