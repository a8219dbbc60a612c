package dev.iamspec.kit.junit;

import java.util.Locale;

/**
 * Text the runner quotes from a results stream or a JUnit report (case ids, profiles, messages,
 * skip reasons, locations, values in a reason) made inert as iamspec's console makes it
 * ({@code QuotedText.line} in Sources/IAMSpecPortable/Reporting/QuotedText.swift): shown, never
 * interpreted, by a terminal or a CI log.
 *
 * <p>A line feed (or CR LF) shows as U+23CE (a return symbol), a tab as a backslash and {@code t};
 * every other control character (C0, DEL, C1), U+2028 and U+2029, the bidirectional marks,
 * embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to
 * U+2069), U+200B, U+2060 to U+2064, the byte order mark U+FEFF and the non-characters U+FFFE and
 * U+FFFF show as a backslash, {@code u} and their value in hexadecimal between braces (ESC as
 * {@code u{1b}} after the backslash); the second {@code #} of {@code ##[} or {@code ##vso[} (any
 * case) shows as the same escape of {@code #} ({@code u{23}}), and a {@code ::} that begins the
 * text (after spaces) begins with the escape of {@code :} ({@code u{3a}}). So no escape sequence
 * reaches a terminal, quoted text never begins another line, and no CI log command is forged.
 */
final class QuotedText {
    private QuotedText() {}

    /** One line of a terminal or a CI log: the text with every character that would act shown visibly. */
    static String line(String text) {
        int[] scalars = text.codePoints().toArray();
        int firstVisible = 0;
        while (firstVisible < scalars.length && scalars[firstVisible] == ' ') {
            firstVisible++;
        }
        boolean escapesLeadingColon = firstVisible + 1 < scalars.length && scalars[firstVisible] == ':'
                && scalars[firstVisible + 1] == ':';
        StringBuilder shown = new StringBuilder(text.length() + 16);
        for (int position = 0; position < scalars.length; position++) {
            int scalar = scalars[position];
            String visible = visibleForm(scalar);
            if (scalar == '\r' && position + 1 < scalars.length && scalars[position + 1] == '\n') {
                position++;
                shown.append('\u23ce');
            } else if (visible != null) {
                shown.append(visible);
            } else if (scalar == ':' && escapesLeadingColon && position == firstVisible) {
                shown.append("\\u{3a}");
            } else if (scalar == '#' && position > 0 && scalars[position - 1] == '#'
                    && startsLogCommand(scalars, position + 1)) {
                shown.append("\\u{23}");
            } else {
                shown.appendCodePoint(scalar);
            }
        }
        return shown.toString();
    }

    /**
     * Text of several lines (a JUnit report's failure text): each line, split at its line feeds
     * (or CR LFs), {@link #line}, the line feeds kept.
     */
    static String lines(String text) {
        String[] parts = text.split("\r?\n", -1);
        for (int index = 0; index < parts.length; index++) {
            parts[index] = line(parts[index]);
        }
        return String.join("\n", parts);
    }

    /** How a character that would act is shown, or null for one shown as it is. */
    private static String visibleForm(int scalar) {
        if (scalar == 0x0A) {
            return "\u23ce";
        }
        if (scalar == 0x09) {
            return "\\t";
        }
        boolean acts = scalar <= 0x1F || (scalar >= 0x7F && scalar <= 0x9F) || scalar == 0x061C
                || scalar == 0x200B || scalar == 0x200E || scalar == 0x200F || (scalar >= 0x202A && scalar <= 0x202E)
                || (scalar >= 0x2060 && scalar <= 0x2064) || (scalar >= 0x2066 && scalar <= 0x2069)
                || scalar == 0x2028 || scalar == 0x2029 || scalar == 0xFEFF || scalar == 0xFFFE || scalar == 0xFFFF;
        return acts ? "\\u{" + Integer.toHexString(scalar) + "}" : null;
    }

    /** Whether the scalars from {@code start} begin with {@code [} or {@code vso[} (any case): a CI runner's command after {@code ##}. */
    private static boolean startsLogCommand(int[] scalars, int start) {
        if (start < scalars.length && scalars[start] == '[') {
            return true;
        }
        StringBuilder word = new StringBuilder();
        for (int position = start; position < Math.min(start + 4, scalars.length); position++) {
            word.append(new String(Character.toChars(scalars[position])).toLowerCase(Locale.ROOT));
        }
        return word.toString().equals("vso[");
    }
}
