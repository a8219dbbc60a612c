package dev.iamspec.kit.test;

/**
 * The Java kit's tests: {@code java -cp CLASSES dev.iamspec.kit.test.KitTests [SCHEMAS]}, where
 * SCHEMAS is the protocol's schema folder (default {@code Specs/schemas/protocol}, from the
 * repository's root, where scripts/test runs it). Exits 0 when every test passed, 1 otherwise;
 * the last line is {@code java-kit: N passed, N failed}.
 */
public final class KitTests {
    private KitTests() {}

    /** Runs every test of the kit. */
    public static void main(String[] arguments) {
        String schemas = arguments.length > 0 ? arguments[0] : "Specs/schemas/protocol";
        Check check = new Check();
        JsonReaderTests.register(check);
        JsonWriterTests.register(check);
        JsonObjectTests.register(check);
        ProtocolLoopTests.register(check);
        DispatchTests.register(check);
        PipeliningTests.register(check);
        ServeTests.register(check);
        SchemaAgreementTests.register(check, schemas);
        RunnerTests.register(check);
        System.exit(check.runAll() == 0 ? 0 : 1);
    }
}
