// What the cluster test started, undone in reverse order however the run ends: a failure, an
// exception, Ctrl-C or SIGTERM. (A SIGKILL of the test itself cannot be caught: then the instances
// and HAProxy, which are its children, and the database named in the first lines remain.)

type Undo = { what: string; fn: () => Promise<void> | void };
const undos: Undo[] = [];
let running: Promise<void> | null = null;

/** Registers something to undo at the end (last registered, first undone). */
export function atCleanup(what: string, fn: () => Promise<void> | void) {
  undos.push({ what, fn });
}

/** Undoes everything registered; each step gets `stepMs` and a failing step does not stop the others. */
export function cleanupAll(stepMs = 20_000): Promise<void> {
  running ??= (async () => {
    while (undos.length) {
      const u = undos.pop()!;
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([
          Promise.resolve().then(u.fn),
          new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`took over ${stepMs} ms`)), stepMs); }),
        ]);
      } catch (err) {
        console.error(`cleanup: ${u.what}: ${(err as Error).message}`);
      } finally {
        clearTimeout(timer);
      }
    }
  })();
  return running;
}

/** Ctrl-C, SIGTERM and SIGHUP clean up before the process ends (exit code 130). */
export function cleanupOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping and cleaning up…`);
      void cleanupAll().finally(() => process.exit(130));
    });
  }
}
