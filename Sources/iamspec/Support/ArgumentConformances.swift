import ArgumentParser
import IAMSpec
import IAMSpecRunner

extension Profile: ExpressibleByArgument {}

extension ColorMode: ExpressibleByArgument {}
