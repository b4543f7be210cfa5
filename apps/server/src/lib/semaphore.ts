/** Runs at most `slots` tasks at once; the others wait in arrival order. */
export function createSemaphore(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return {
    /** True when no task runs or waits. */
    isIdle: () => running === 0 && waiting.length === 0,
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
      running += 1;
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
