import Testing

@testable import IAMSpecRunner

@Suite("File names derived from names")
struct DerivedFileNamesTests {
    @Test func aNameWithASlugOfItsOwnKeepsIt() {
        let names = DerivedFileNames.fileNames(
            for: ["iamspec-reference", "My Engine 2.0 (beta)", "../..", "Ünïcødé 引擎"],
            fallback: "engine"
        )
        #expect(names == ["iamspec-reference", "my-engine-2-0-beta", "engine", "n-c-d"])
    }

    @Test func namesSharingASlugEachEndWithTheHashOfTheWholeName() {
        let names = DerivedFileNames.fileNames(for: ["Engine A", "engine-a", "other"], fallback: "engine")
        #expect(
            names == [
                "engine-a-\(DerivedFileNames.hash(of: "Engine A"))",
                "engine-a-\(DerivedFileNames.hash(of: "engine-a"))",
                "other",
            ]
        )
        #expect(Set(names).count == 3)
    }

    @Test func aLongNameIsCutShortToTheBoundAndEndsWithItsHash() {
        let long = String(repeating: "Long engine name ", count: 15)
        let other = long + "2"
        let names = DerivedFileNames.fileNames(for: [long, other], fallback: "engine")
        #expect(long.count > 250)
        #expect(names.allSatisfy { $0.count <= DerivedFileNames.maximumLength })
        #expect(names[0].hasPrefix("long-engine-name-long-engine-name-"))
        #expect(names[0].hasSuffix("-" + DerivedFileNames.hash(of: long)))
        #expect(names[0] != names[1])
    }

    @Test func equalNamesStillGetFilesOfTheirOwn() {
        let names = DerivedFileNames.fileNames(for: ["x", "x", "x"], fallback: "engine")
        let hash = DerivedFileNames.hash(of: "x")
        #expect(names == ["x-\(hash)", "x-\(hash)-2", "x-\(hash)-3"])
    }

    /// The hash is FNV-1a (64 bits), so a badge's address stays the same from run to run and
    /// machine to machine.
    @Test func theHashIsTheLowDigitsOfFNV1a() {
        #expect(DerivedFileNames.hash(of: "") == "84222325")
        #expect(DerivedFileNames.hash(of: "a") == "8601ec8c")
        #expect(DerivedFileNames.hash(of: "foobar") == "f73967e8")
    }
}
