import ArgumentParser
import IAMSpec
import IAMSpecRunner

// Each value is its raw value, said directly: the library's defaults describe one through string
// interpolation, a dynamic cast per value, and every process builds every command's arguments as
// it starts (`iamspec --version`'s start-up budget, scripts/bench-support/budget.json).

extension Profile: ExpressibleByArgument {
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
}

extension ColorMode: ExpressibleByArgument {
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
}
