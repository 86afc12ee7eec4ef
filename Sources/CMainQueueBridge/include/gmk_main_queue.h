#ifndef GMENUKIT_MAIN_QUEUE_H
#define GMENUKIT_MAIN_QUEUE_H

/* Swift's main queue, drained from the GLib main loop.
 *
 * On Linux, Swift's main actor runs its jobs on libdispatch's main queue, and
 * `DispatchQueue.main` is that queue too. Nothing drains it while GTK's main loop runs
 * (g_application_run, g_main_loop_run, GTK's nested loops): only dispatch_main() or
 * Foundation's RunLoop would. libdispatch exposes the queue to run loops through two
 * functions of its CoreFoundation SPI (swift-corelibs-libdispatch, private/private.h and
 * src/queue.c), which swift-corelibs-foundation's CFRunLoop.c uses in the same way:
 *
 * - `_dispatch_get_main_queue_handle_4CF()`: on Linux an eventfd made with EFD_NONBLOCK,
 *   to which libdispatch writes 1 whenever the main queue gets work;
 * - `_dispatch_main_queue_callback_4CF(void *)`: drains what the queue holds, on the main
 *   thread only (libdispatch crashes the process otherwise); a call made while a drain is
 *   under way (from a nested loop inside a main-queue job) returns at once.
 *
 * The drain does not read the eventfd; the source reads it first (as CFRunLoop does),
 * then drains. Work queued during the drain writes the eventfd again, so the next loop
 * iteration drains it. With nothing queued the fd is not readable, and the source costs
 * GLib's poll nothing: no timer, no wake-up. */

#include <glib.h>

G_BEGIN_DECLS

/* libdispatch's SPI, as declared in swift-corelibs-libdispatch's private/private.h
 * (dispatch_runloop_handle_t is int on Linux). */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

/* Attaches the source to the default main context, at `priority`, once per process; later
 * calls return the same source id. Returns 0, attaching nothing, when called from a thread
 * other than the process's main thread. */
guint gmk_main_queue_source_install(int priority);

/* The id of the installed source, or 0. */
guint gmk_main_queue_source_id(void);

/* How many times the source has drained the queue (for tests and the benchmark). */
guint64 gmk_main_queue_source_drain_count(void);

/* Whether the calling thread is the process's main thread. */
gboolean gmk_main_queue_is_main_thread(void);

G_END_DECLS

#endif
