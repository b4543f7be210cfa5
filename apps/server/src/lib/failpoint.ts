let armed: string | undefined;

/**
 * Arms one crash point by name (from VITRINE_FAILPOINT, which config.ts honours only when NODE_ENV=test). Crash
 * tests use it to kill a real server at an exact step, e.g. between writing a photo's files and the commit.
 */
export function armFailpoint(name: string | undefined): void {
  armed = name || undefined;
}

/** Kills this process at once, as a power cut would (SIGKILL: no cleanup runs), when `name` is armed. */
export function failpoint(name: string): void {
  if (armed === name) process.kill(process.pid, "SIGKILL");
}
