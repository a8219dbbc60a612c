/*
 * The floor of YAML loading for scripts/bench: reads each file named on the command line and
 * parses it into libyaml events (the same parser iamspec's loader uses), doing nothing with them.
 * No loader can be faster than this on the same bytes.
 *
 * Build: cc -O2 -o yaml_floor yaml_floor.c $(pkg-config --cflags --libs yaml-0.1)
 * Usage: yaml_floor FILE...
 * Prints one line: `bytes=N events=N seconds=S` (reading and parsing, monotonic clock);
 * exits 1, naming the file and position, on a file it cannot read or parse.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <yaml.h>

static double now_seconds(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

/* Reads a whole file into a new buffer; returns NULL (with errno set) on failure. */
static unsigned char *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        return NULL;
    }
    size_t capacity = 1 << 16;
    size_t length = 0;
    unsigned char *buffer = malloc(capacity);
    while (buffer != NULL) {
        length += fread(buffer + length, 1, capacity - length, file);
        if (length < capacity) {
            break;
        }
        capacity *= 2;
        unsigned char *larger = realloc(buffer, capacity);
        if (larger == NULL) {
            free(buffer);
        }
        buffer = larger;
    }
    int failed = ferror(file);
    fclose(file);
    if (buffer == NULL || failed) {
        free(buffer);
        return NULL;
    }
    *size = length;
    return buffer;
}

/* Parses a buffer into events and counts them; returns -1 after reporting a parse error. */
static long count_events(const char *path, const unsigned char *bytes, size_t size) {
    yaml_parser_t parser;
    yaml_event_t event;
    long events = 0;
    int done = 0;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, bytes, size);
    while (!done) {
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "%s:%zu:%zu: error: %s\n", path, parser.problem_mark.line + 1,
                    parser.problem_mark.column + 1, parser.problem ? parser.problem : "YAML error");
            yaml_parser_delete(&parser);
            return -1;
        }
        done = event.type == YAML_STREAM_END_EVENT;
        events += 1;
        yaml_event_delete(&event);
    }
    yaml_parser_delete(&parser);
    return events;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE...\n", argv[0]);
        return 2;
    }
    size_t total_bytes = 0;
    long total_events = 0;
    double start = now_seconds();
    for (int index = 1; index < argc; index++) {
        size_t size = 0;
        unsigned char *bytes = read_file(argv[index], &size);
        if (bytes == NULL) {
            perror(argv[index]);
            return 1;
        }
        long events = count_events(argv[index], bytes, size);
        free(bytes);
        if (events < 0) {
            return 1;
        }
        total_bytes += size;
        total_events += events;
    }
    double seconds = now_seconds() - start;
    printf("bytes=%zu events=%ld seconds=%.6f\n", total_bytes, total_events, seconds);
    return 0;
}
