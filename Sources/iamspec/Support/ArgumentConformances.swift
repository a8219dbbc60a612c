import ArgumentParser
import IAMSpec

extension Profile: ExpressibleByArgument {}

extension ColorMode: ExpressibleByArgument {}
