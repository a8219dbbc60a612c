package dev.iamspec.kit;

import java.io.ByteArrayOutputStream;
import java.io.Flushable;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The request lines of an input stream, as bytes, each without its {@code \n}. Before it waits for
 * more input it flushes the answers written so far, so that answers to requests that arrived
 * together (pipelining) go out together, and none is held while the kit waits for iamspec.
 */
final class RequestLines {
    /**
     * The longest message the protocol allows, its line end left out (Specs/PROTOCOL.md): of a
     * longer line only this much and one byte more is kept, so that a line with no end in sight
     * cannot run the process out of memory.
     */
    static final int LINE_LIMIT = 1 << 20;

    private final InputStream input;
    private boolean lastWasTooLong;
    private final Flushable beforeWaiting;
    private final byte[] buffer = new byte[1 << 16];
    private int start;
    private int end;

    RequestLines(InputStream input, Flushable beforeWaiting) {
        this.input = input;
        this.beforeWaiting = beforeWaiting;
    }

    /**
     * The next line's bytes, or {@code null} at the end of input; an unfinished last line is a
     * line.
     */
    byte[] next() throws IOException {
        ByteArrayOutputStream longLine = null;
        lastWasTooLong = false;
        while (true) {
            for (int index = start; index < end; index++) {
                if (buffer[index] == '\n') {
                    byte[] line;
                    if (longLine == null) {
                        line = Arrays.copyOfRange(buffer, start, index);
                    } else {
                        keep(longLine, start, index - start);
                        line = longLine.toByteArray();
                    }
                    start = index + 1;
                    lastWasTooLong = line.length > LINE_LIMIT;
                    return line;
                }
            }
            if (longLine == null) {
                longLine = new ByteArrayOutputStream();
            }
            keep(longLine, start, end - start);
            start = 0;
            end = 0;
            if (nothingWaiting()) {
                beforeWaiting.flush();
            }
            int read = input.read(buffer);
            if (read < 0) {
                lastWasTooLong = longLine.size() > LINE_LIMIT;
                return longLine.size() > 0 ? longLine.toByteArray() : null;
            }
            end = read;
        }
    }

    /**
     * Whether the line {@link #next()} returned last was longer than {@link #LINE_LIMIT}: then it
     * holds only its first bytes.
     */
    boolean lastWasTooLong() {
        return lastWasTooLong;
    }

    /** Adds {@code count} bytes of the buffer from {@code from} to {@code line}, up to one past the limit. */
    private void keep(ByteArrayOutputStream line, int from, int count) {
        int room = LINE_LIMIT + 1 - line.size();
        if (room > 0) {
            line.write(buffer, from, Math.min(room, count));
        }
    }

    /** Whether reading now may wait: no byte of input is known to be there already. */
    private boolean nothingWaiting() {
        try {
            return input.available() <= 0;
        } catch (IOException unknown) {
            return true;
        }
    }
}
