// What a module but the core needs of the platform, chosen once: a file that uses Foundation or
// the C library writes `import IAMSpecPlatform` (ARCHITECTURE.md, "What each module may import").
//
// FoundationEssentials where the toolchain has it, so that no iamspec process loads full
// Foundation (its libraries cost every process about 12 M instructions at start-up); Foundation
// where it does not. FoundationEssentials re-exports no C library, hence Glibc, Musl or Darwin.
// A module imports this one without `@_exported`, so an engine author's code that imports the
// runner or the stdio module sees neither Foundation nor the C library through it.

#if canImport(FoundationEssentials)
@_exported import FoundationEssentials
#else
@_exported import Foundation
#endif

#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
