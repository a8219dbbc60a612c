package dev.iamspec.kit.junit;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.iamspec.kit.JsonException;
import dev.iamspec.kit.JsonObject;
import dev.iamspec.kit.JsonReader;

/**
 * A results stream ({@code iamspec run --json}) as the JUnit 5 runner keeps it, read a line at a
 * time as {@code iamspec report} reads it: a header of format version 1 first, then case records
 * whose status is one of {@link #STATUSES}, then the footer, last, with the totals of the case
 * records; each record strict JSON (no byte order mark, no key given twice). A stream that does
 * not fit, or a file that cannot be read, is a {@link StreamException} at its line; a footer that
 * records a run that is not green beyond its case runs (interrupted, runs not run, shards a merge
 * lacks), or a header naming one shard of its selection, gives {@link #reasons}. Every value of
 * the stream a message quotes is {@link QuotedText#line}.
 */
final class ResultsStream {
    /** The longest line the runner reads: a longer one is refused, not held. */
    static final int LINE_LIMIT = 16 << 20;

    /** A case record's statuses, each matched by name: any other is refused, never a pass. */
    static final List<String> STATUSES = List.of("passed", "failed", "error", "skipped");

    /** A stream the runner cannot take as a finished run's: {@code path:line:col: error: ...}. */
    static final class StreamException extends Exception {
        private static final long serialVersionUID = 1L;

        StreamException(Path path, long line, String message) {
            super(QuotedText.line(path.toString()) + ":" + line + ":1: error: " + message);
        }
    }

    /** One case run: its id, profile and status, the text of a run that did not pass, its case's place. */
    static final class CaseRun {
        final String id;
        final String profile;
        final String status;
        final String text;
        final String file;
        final long line;

        CaseRun(String id, String profile, String status, String text, String file, long line) {
            this.id = id;
            this.profile = profile;
            this.status = status;
            this.text = text;
            this.file = file;
            this.line = line;
        }
    }

    final List<CaseRun> runs;
    final JsonObject footer;
    /** The shard of its selection the stream holds ({@code selection.shard}, I/N): 1 of 1 when it names none. */
    final int shardIndex;
    final int shardCount;

    private ResultsStream(List<CaseRun> runs, JsonObject footer, int shardIndex, int shardCount) {
        this.runs = runs;
        this.footer = footer;
        this.shardIndex = shardIndex;
        this.shardCount = shardCount;
    }

    /** Whether the footer holds the baseline that judged the run. */
    boolean judgedByBaseline() {
        return footer.get("baseline") != null;
    }

    private static final String NO_HEADER =
            "found no header record, expected the first line to be {\"record\": \"header\", ...}";

    /** A header's shard, {@code I/N} with whole numbers, I from 1 to N. */
    private static final Pattern SHARD = Pattern.compile("([0-9]{1,9})/([0-9]{1,9})");

    /** The stream at {@code path}, read a line at a time. */
    static ResultsStream read(Path path) throws StreamException {
        List<CaseRun> runs = new ArrayList<>();
        Map<String, Long> counted = new HashMap<>();
        JsonObject footer = null;
        int[] shard = {1, 1};
        long number = 0;
        try (InputStream input = new BufferedInputStream(Files.newInputStream(path), 1 << 16)) {
            for (byte[] bytes = line(input); bytes != null; bytes = line(input)) {
                number += 1;
                if (bytes.length > LINE_LIMIT) {
                    throw new StreamException(path, number, "found a line longer than " + LINE_LIMIT
                            + " bytes, expected a results record");
                }
                if (footer != null) {
                    throw new StreamException(path, number - 1,
                            "found records after the footer, expected the footer to be the last line");
                }
                JsonObject record = record(bytes, path, number);
                String kind = record.getString("record");
                if (number == 1) {
                    if (!kind.equals("header")) {
                        throw new StreamException(path, 1, NO_HEADER);
                    }
                    shard = header(record, path);
                } else if (kind.equals("case")) {
                    CaseRun run = caseRun(record, path, number);
                    counted.merge(run.status, 1L, Long::sum);
                    runs.add(run);
                } else if (kind.equals("footer")) {
                    footer = record;
                } else {
                    throw new StreamException(path, number, "found a record of kind " + shown(kind)
                            + ", expected \"case\" or \"footer\"");
                }
            }
        } catch (IOException unreadable) {
            throw new StreamException(path, number + 1, "cannot read the results file: " + why(unreadable));
        }
        if (number == 0) {
            throw new StreamException(path, 1, NO_HEADER);
        }
        if (footer == null) {
            throw new StreamException(path, number + 1, "found no footer record, expected a last line"
                    + " {\"record\": \"footer\", ...}: the run that wrote it did not finish");
        }
        checkFooter(footer, counted, path, number);
        return new ResultsStream(runs, footer, shard[0], shard[1]);
    }

    /**
     * Why a file could not be read, as the system says it: {@code No such file or directory},
     * {@code Permission denied}, {@code Is a directory}.
     */
    static String why(IOException unreadable) {
        return unreadable instanceof NoSuchFileException ? "No such file or directory"
                : unreadable instanceof AccessDeniedException ? "Permission denied" : unreadable.getMessage();
    }

    /**
     * Checks the header as {@code iamspec report} does (format version 1; a shard, if it names
     * one, as I/N) and returns the shard of its selection it holds, {I, N}: {1, 1} for none.
     */
    private static int[] header(JsonObject header, Path path) throws StreamException {
        Object version = header.get("format_version");
        if (!Long.valueOf(1).equals(version)) {
            throw new StreamException(path, 1, (version == null ? "found no format version"
                    : "found format version " + shown(version)) + ", expected 1");
        }
        Object selection = header.get("selection");
        Object shard = selection instanceof Map ? ((Map<?, ?>) selection).get("shard") : null;
        if (shard == null) {
            return new int[] {1, 1};
        }
        Matcher parts = SHARD.matcher(shard instanceof String ? (String) shard : "");
        int index = parts.matches() ? Integer.parseInt(parts.group(1)) : 0;
        int count = parts.matches() ? Integer.parseInt(parts.group(2)) : 0;
        if (index < 1 || index > count) {
            throw new StreamException(path, 1, "found " + shown(shard)
                    + " for selection.shard in the header, expected a shard as I/N, I from 1 to N, for example 2/4");
        }
        return new int[] {index, count};
    }

    /**
     * The next line's bytes without its line end, or null at the end; a line longer than
     * LINE_LIMIT is LINE_LIMIT + 1 bytes, its rest read and dropped.
     */
    private static byte[] line(InputStream input) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long size = 0;
        int next = input.read();
        if (next < 0) {
            return null;
        }
        while (next >= 0 && next != '\n') {
            if (size++ <= LINE_LIMIT) {
                bytes.write(next);
            }
            next = input.read();
        }
        return bytes.toByteArray();
    }

    private static JsonObject record(byte[] bytes, Path path, long number) throws StreamException {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException notUTF8) {
            throw new StreamException(path, number,
                    "found bytes that are not UTF-8, expected a results record in UTF-8 text");
        }
        Object value;
        try {
            value = JsonReader.parse(text);
        } catch (JsonException notJson) {
            throw new StreamException(path, number, "found a line that is not JSON ("
                    + QuotedText.line(notJson.getMessage()) + "): the stream was cut or changed, expected a results record");
        }
        if (!(value instanceof Map) || !(((Map<?, ?>) value).get("record") instanceof String)) {
            throw new StreamException(path, number,
                    "found a line that is not a JSON object with a \"record\" key, expected a results record");
        }
        @SuppressWarnings("unchecked")
        JsonObject record = new JsonObject((Map<String, Object>) value, "$");
        return record;
    }

    private static CaseRun caseRun(JsonObject record, Path path, long number) throws StreamException {
        Object status = record.get("status");
        if (!STATUSES.contains(status)) {
            throw new StreamException(path, number, "found " + shown(status)
                    + " for status in a case record, expected one of \"passed\", \"failed\", \"error\", \"skipped\"");
        }
        for (String key : List.of("id", "profile", "message")) {
            if (!(record.get(key) instanceof String)) {
                throw new StreamException(path, number, "found " + shown(record.get(key)) + " for " + key
                        + " in a case record, expected a string");
            }
        }
        String message = record.getString("message");
        String text;
        switch ((String) status) {
            case "passed":
                text = "";
                break;
            case "skipped":
                Object reason = record.get("skip_reason");
                text = reason instanceof String && !((String) reason).isEmpty() ? (String) reason : message;
                break;
            case "failed":
            case "error":
                text = message;
                break;
            default:
                throw new StreamException(path, number, "found " + shown(status) + " for status in a case record");
        }
        Object location = record.get("location");
        String file = null;
        long line = 0;
        if (location instanceof Map) {
            Object named = ((Map<?, ?>) location).get("file");
            Object at = ((Map<?, ?>) location).get("line");
            file = named instanceof String ? (String) named : null;
            line = at instanceof Long ? (Long) at : 0;
        }
        return new CaseRun(record.getString("id"), record.getString("profile"), (String) status, text, file, line);
    }

    /** The footer's totals must be the case records' counts ({@code iamspec report}'s check). */
    private static void checkFooter(JsonObject footer, Map<String, Long> counted, Path path, long number)
            throws StreamException {
        long passed = counted.getOrDefault("passed", 0L);
        long failed = counted.getOrDefault("failed", 0L);
        long errors = counted.getOrDefault("error", 0L);
        long skipped = counted.getOrDefault("skipped", 0L);
        Map<String, Long> expected = Map.of("runs", passed + failed + errors + skipped, "passed", passed,
                "failed", failed + errors, "errors", errors, "skipped", skipped);
        Object totals = footer.get("totals");
        boolean agree = totals instanceof Map;
        for (Map.Entry<String, Long> count : expected.entrySet()) {
            agree = agree && count.getValue().equals(((Map<?, ?>) totals).get(count.getKey()));
        }
        if (!agree) {
            throw new StreamException(path, number, "found a footer whose totals " + shown(totals)
                    + " disagree with the case lines before it " + expected
                    + ", expected the same counts: case lines were lost or added");
        }
        if (!(footer.get("interrupted") instanceof Boolean)) {
            throw new StreamException(path, number,
                    "found a footer without interrupted: true or false, expected the run's footer");
        }
        Object notRun = footer.get("not_run");
        if (notRun != null && !(notRun instanceof Long && (Long) notRun >= 0)) {
            throw new StreamException(path, number, "found " + shown(notRun)
                    + " for not_run in the footer, expected an integer of at least 0");
        }
    }

    /** A value of the stream as a message quotes it: a string between double quotes; each {@link QuotedText#line}. */
    private static String shown(Object value) {
        return QuotedText.line(value instanceof String ? "\"" + value + "\"" : String.valueOf(value));
    }

    /**
     * Why the run is not green though {@code failing} of its tests fail: {@code iamspec report}'s
     * reasons that no case run shows (an interrupted run, runs not run, shards a merge lacks or
     * one shard's stream lacks, a verdict failing for a run's late lines or warnings). With
     * {@code partial} (partial results are wanted, {@code iamspec report --partial}) no shard the
     * stream lacks is a reason, nor a failed verdict of a merge lacking shards.
     */
    List<String> reasons(int failing, boolean partial) {
        List<String> reasons = new ArrayList<>();
        if (!Boolean.FALSE.equals(footer.get("interrupted"))) {
            reasons.add("the run was interrupted before every selected run was made");
        }
        Object notRun = footer.get("not_run");
        if (notRun instanceof Long && (Long) notRun > 0) {
            reasons.add(notRun + " selected run" + ((Long) notRun == 1 ? "" : "s") + " not run");
        }
        Object missing = footer.get("missing_shards");
        boolean lacks = missing instanceof List ? !((List<?>) missing).isEmpty()
                : missing != null && !Boolean.FALSE.equals(missing) && !Long.valueOf(0).equals(missing);
        if (shardCount > 1 && !partial) {
            List<String> lacking = new ArrayList<>();
            for (int other = 1; other <= shardCount; other++) {
                if (other != shardIndex) {
                    lacking.add(other + "/" + shardCount);
                }
            }
            reasons.add("the results stream lacks shard" + (lacking.size() == 1 ? " " : "s ")
                    + String.join(", ", lacking) + " (it holds shard " + shardIndex + "/" + shardCount
                    + " of its selection only)");
        } else if (lacks && !partial) {
            reasons.add("the merged stream lacks shard " + QuotedText.line(missing instanceof List
                    ? String.join(", ", ((List<?>) missing).stream().map(String::valueOf).toArray(String[]::new))
                    : String.valueOf(missing)));
        }
        Object verdict = footer.get("verdict");
        if (verdict instanceof Map && Boolean.FALSE.equals(((Map<?, ?>) verdict).get("succeeded"))
                && reasons.isEmpty() && failing == 0 && !(lacks && partial)) {
            reasons.add("the run failed: " + QuotedText.line(String.valueOf(((Map<?, ?>) verdict).get("outcome"))));
        }
        return reasons;
    }
}
