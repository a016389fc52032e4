import type { EventEmitter } from 'node:events';

interface ErrorLog { error(obj: object, msg: string): void }

/**
 * The process-level last resort: an exception nobody caught or a promise rejection nobody handled
 * is logged and the server keeps serving the other members, instead of one bad request or frame
 * taking everyone's connection down. Bugs are still bugs: every such log line is one to fix. The
 * process manager (systemd `Restart=always`, a container restart policy) stays in place for what
 * this cannot catch (out of memory, a native crash). Returns a function that removes the hooks.
 */
export function installLastResort(log: ErrorLog, proc: EventEmitter = process): () => void {
  const onException = (err: unknown, origin?: string) => {
    log.error({ err, origin }, 'uncaught exception (kept serving)');
  };
  const onRejection = (reason: unknown) => {
    log.error({ err: reason }, 'unhandled promise rejection (kept serving)');
  };
  proc.on('uncaughtException', onException);
  proc.on('unhandledRejection', onRejection);
  return () => {
    proc.off('uncaughtException', onException);
    proc.off('unhandledRejection', onRejection);
  };
}
