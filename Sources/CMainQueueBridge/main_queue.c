#include "gmk_main_queue.h"

#include <errno.h>
#include <glib-unix.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

static guint source_id;
static guint64 drain_count;

gboolean gmk_main_queue_is_main_thread(void) {
  /* Asked at every change a standing observation delivers (a toggle's flip): the two system
   * calls, which callgrind does not see, were more than a quarter of a flip's time. A thread's answer
   * never changes, so each thread asks once (-1: not asked yet). */
  static _Thread_local signed char is_main = -1;
  if (G_UNLIKELY(is_main < 0)) is_main = syscall(SYS_gettid) == getpid();
  return is_main;
}

static gboolean on_main_queue_ready(gint fd, GIOCondition condition, gpointer user_data) {
  (void)condition;
  (void)user_data;
  /* Acknowledge first: the eventfd counts writes until read. It is non-blocking, so a read
   * that finds nothing (EAGAIN) does not wait. */
  uint64_t count;
  ssize_t result;
  do {
    result = read(fd, &count, sizeof count);
  } while (result == -1 && errno == EINTR);
  /* libdispatch drains the main queue on the main thread only; a loop over the default
   * context on another thread (which GTK forbids) acknowledges and leaves the work. */
  if (!gmk_main_queue_is_main_thread()) return G_SOURCE_CONTINUE;
  drain_count++;
  _dispatch_main_queue_callback_4CF(NULL);
  return G_SOURCE_CONTINUE;
}

guint gmk_main_queue_source_install(int priority) {
  if (!gmk_main_queue_is_main_thread()) return 0;
  if (source_id != 0) return source_id;
  int fd = _dispatch_get_main_queue_handle_4CF();
  if (fd < 0) return 0;
  GSource *source = g_unix_fd_source_new(fd, G_IO_IN);
  g_source_set_priority(source, priority);
  g_source_set_name(source, "GMenuKit: Swift main queue");
  g_source_set_callback(source, G_SOURCE_FUNC(on_main_queue_ready), NULL, NULL);
  source_id = g_source_attach(source, NULL);
  g_source_unref(source);
  return source_id;
}

guint gmk_main_queue_source_id(void) {
  return source_id;
}

guint64 gmk_main_queue_source_drain_count(void) {
  return drain_count;
}
