import type { Redis } from 'ioredis';

/**
 * Closes Redis clients as an instance stops: QUIT when connected (what was sent is flushed first),
 * else disconnect at once. QUIT on a client still trying to connect waits for a connection that
 * may never come (Redis down), and the instance would hang in its shutdown.
 */
export async function closeRedis(...clients: (Redis | null | undefined)[]): Promise<void> {
  await Promise.all(clients.map(async (c) => {
    if (!c) return;
    if (c.status === 'ready') await c.quit().catch(() => c.disconnect());
    else c.disconnect();
  }));
}
