package dev.iamspec.kit.test;

import static dev.iamspec.kit.test.Check.equal;
import static dev.iamspec.kit.test.Conversation.bare;
import static dev.iamspec.kit.test.Conversation.hello;
import static dev.iamspec.kit.test.Conversation.stimulus;
import static dev.iamspec.kit.test.Conversation.testCase;

import dev.iamspec.kit.JsonWriter;
import dev.iamspec.kit.ProtocolLoop;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Pipelining (Specs/PROTOCOL.md, "Pipelining"): requests sent ahead are answered in order, one
 * answer each, and the answers are flushed before the kit waits for more input, never later.
 */
final class PipeliningTests {
    private PipeliningTests() {}

    /**
     * Input arriving in chunks, as iamspec writes it: within a chunk every byte is waiting
     * ({@code available}); between chunks nothing is, and a read there is where the kit would wait.
     */
    static final class ChunkedInput extends InputStream {
        private final List<byte[]> chunks = new ArrayList<>();
        private final RecordingOutput output;
        private byte[] current = new byte[0];
        private int position;
        /** For each chunk, the answers the kit had flushed when it asked for that chunk. */
        final List<Integer> flushedBeforeChunk = new ArrayList<>();

        ChunkedInput(RecordingOutput output, List<String> chunks) {
            this.output = output;
            for (String chunk : chunks) {
                this.chunks.add(chunk.getBytes(StandardCharsets.UTF_8));
            }
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            if (position == current.length) {
                if (chunks.isEmpty()) {
                    return -1;
                }
                flushedBeforeChunk.add(output.flushedLines());
                current = chunks.remove(0);
                position = 0;
            }
            int count = Math.min(length, current.length - position);
            System.arraycopy(current, position, buffer, offset, count);
            position += count;
            return count;
        }

        @Override
        public int available() {
            return current.length - position;
        }
    }

    /** An output that keeps what was flushed, batch by batch. */
    static final class RecordingOutput extends OutputStream {
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
        final List<List<String>> batches = new ArrayList<>();

        @Override
        public void write(int b) {
            pending.write(b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            pending.write(bytes, offset, length);
        }

        @Override
        public void flush() {
            if (pending.size() > 0) {
                batches.add(Arrays.asList(pending.toString(StandardCharsets.UTF_8).split("\n")));
                pending.reset();
            }
        }

        int flushedLines() {
            return batches.stream().mapToInt(List::size).sum();
        }
    }

    static void register(Check check) {
        check.test("pipelining: requests sent ahead are answered in order, in one batch, flushed before waiting", () -> {
            String ahead = line(stimulus(2, "custom_event", "name", "a", "properties", Map.of(), "source", "sdk"))
                    + line(stimulus(3, "advance", "by_ms", 13L)) + line(stimulus(4, "session_start", "sync", "complete"))
                    + line(stimulus(5, "inspect_stack")) + line(bare("end_case", 6));
            RecordingOutput output = new RecordingOutput();
            // The case is answered before iamspec sends more; then the rest of the case comes at once,
            // and once its answers are read the next case, in two pieces split inside its line.
            String next = line(testCase(7, "d", "absent"));
            ChunkedInput input = new ChunkedInput(output, List.of(line(hello(2)), line(testCase(1, "c", "absent")),
                    ahead, next.substring(0, 20), next.substring(20)));
            PrintStream stderr = System.err;
            PrintStream stdout = System.out;
            System.setErr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            System.setOut(System.err);
            try {
                new ProtocolLoop("test-engine", "0.1", Conversation.PROFILES, Conversation.CAPABILITIES,
                        ProtocolLoopTests.Counter::new).run(input, output);
            } finally {
                System.setErr(stderr);
                System.setOut(stdout);
            }
            // Each chunk was asked for only once every answer before it was flushed.
            equal(List.of(0, 1, 2, 7, 7), input.flushedBeforeChunk);
            equal(List.of(1, 1, 5, 1), output.batches.stream().map(List::size).collect(Collectors.toList()));
            List<String> answered = new ArrayList<>();
            for (String answer : output.batches.get(2)) {
                answered.add(answer.replaceAll("^\\{\"type\":\"(\\w+)\",\"seq\":(\\d+).*", "$1 $2"));
            }
            equal(List.of("observations 2", "error 3", "unsupported 4", "observations 5", "ended 6"), answered);
        });
    }

    private static String line(Map<String, Object> request) {
        return JsonWriter.write(request) + "\n";
    }
}
