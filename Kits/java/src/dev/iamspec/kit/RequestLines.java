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
    private final InputStream input;
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
        while (true) {
            for (int index = start; index < end; index++) {
                if (buffer[index] == '\n') {
                    byte[] line;
                    if (longLine == null) {
                        line = Arrays.copyOfRange(buffer, start, index);
                    } else {
                        longLine.write(buffer, start, index - start);
                        line = longLine.toByteArray();
                    }
                    start = index + 1;
                    return line;
                }
            }
            if (longLine == null) {
                longLine = new ByteArrayOutputStream();
            }
            longLine.write(buffer, start, end - start);
            start = 0;
            end = 0;
            if (nothingWaiting()) {
                beforeWaiting.flush();
            }
            int read = input.read(buffer);
            if (read < 0) {
                return longLine.size() > 0 ? longLine.toByteArray() : null;
            }
            end = read;
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
