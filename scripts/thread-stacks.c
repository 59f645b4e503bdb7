// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A preloaded library for machines without a debugger (the GPU machine):
// SA_STACKS_AFTER=N seconds after the process starts, every thread prints
// its call stack to stderr and the process exits with status 3, so that a
// hang names the functions it waits in. Frames of libraries without
// exported symbols print as lib.so(+0xOFFSET): addr2line -f -e lib.so 0xOFFSET
// names them. Build: cc -shared -fPIC -O1 -o thread-stacks.so thread-stacks.c
// -lpthread; run: SA_STACKS_AFTER=60 LD_PRELOAD=./thread-stacks.so program.
#define _GNU_SOURCE
#include <dirent.h>
#include <execinfo.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static void printStack(int Signal) {
  (void)Signal;
  void *Frames[64];
  int Count = backtrace(Frames, 64);
  char Header[64];
  int Length = snprintf(Header, sizeof Header, "== thread %ld ==\n",
                        (long)syscall(SYS_gettid));
  if (write(2, Header, (size_t)Length) < 0)
    return;
  backtrace_symbols_fd(Frames, Count, 2);
}

static void *watch(void *Arg) {
  unsigned Seconds = (unsigned)(size_t)Arg;
  sleep(Seconds);
  pid_t Self = (pid_t)syscall(SYS_gettid);
  fprintf(stderr, "thread-stacks: %u s passed; every thread's stack:\n",
          Seconds);
  DIR *Tasks = opendir("/proc/self/task");
  struct dirent *Entry;
  while (Tasks && (Entry = readdir(Tasks))) {
    pid_t Tid = (pid_t)atoi(Entry->d_name);
    if (Tid <= 0 || Tid == Self)
      continue;
    syscall(SYS_tgkill, getpid(), Tid, SIGUSR2);
    // One at a time, so that the stacks do not interleave.
    struct timespec Pause = {0, 200 * 1000 * 1000};
    nanosleep(&Pause, NULL);
  }
  if (Tasks)
    closedir(Tasks);
  _exit(3);
  return NULL;
}

__attribute__((constructor)) static void startWatch(void) {
  const char *After = getenv("SA_STACKS_AFTER");
  if (!After || atoi(After) <= 0)
    return;
  // Unwinding from a signal handler needs the unwinder loaded before.
  void *Warm[1];
  backtrace(Warm, 1);
  struct sigaction Action;
  memset(&Action, 0, sizeof Action);
  Action.sa_handler = printStack;
  sigaction(SIGUSR2, &Action, NULL);
  pthread_t Watcher;
  pthread_create(&Watcher, NULL, watch, (void *)(size_t)atoi(After));
  pthread_detach(Watcher);
}
