import dev.iamspec.kit.junit.IamspecSuite

/** The suite against the engine as JUnit 5 tests, from Kotlin: the kit's test factory, inherited. */
class EngineSuite : IamspecSuite()
