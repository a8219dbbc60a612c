#ifndef CIAMSPEC_TOOL_START_H
#define CIAMSPEC_TOOL_START_H

/// Whether SIGINT, SIGTERM and SIGHUP were blocked before any code of the `iamspec` tool ran: by
/// the executable's `.preinit_array` (ELF), which the dynamic loader calls before any shared
/// library's initialiser, or by its first constructor elsewhere. 1 when they were, 0 otherwise.
int ciamspec_interrupt_signals_held_at_start(void);

#endif
