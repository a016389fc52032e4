import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from 'pino';

/**
 * The metrics of one app, in Prometheus' format on GET /metrics (metrics-route.ts). The kernel
 * measures requests, sockets, jobs and its caches; each plugin adds its own through its handle's
 * `kernel.metrics`, whose names must start with the plugin's id (`chat_…`, `payments_…`), so the
 * kernel names no plugin and two plugins cannot collide.
 *
 * Everything is per instance: counters start at 0 when it starts (Prometheus' rate() and
 * increase() expect that); gauges read from the database show the same value on every instance.
 */
export interface MetricOptions<L extends string> {
  name: string;
  help: string;
  labelNames?: readonly L[];
}

export interface Metrics {
  counter<L extends string = never>(o: MetricOptions<L>): Counter<L>;
  /** `collect` runs at each scrape (e.g. a count from the database); one that fails keeps the last value and is logged. */
  gauge<L extends string = never>(o: MetricOptions<L> & { collect?: (gauge: Gauge<L>) => void | Promise<void> }): Gauge<L>;
  histogram<L extends string = never>(o: MetricOptions<L> & { buckets?: number[] }): Histogram<L>;
  /**
   * A cache's lookups so far, read at each scrape: `cache_lookups_total{cache, result="hit"|"miss"}`
   * (a plugin's cache is named `<plugin>:<name>`). The cache keeps plain counters; nothing on its hot path changes.
   */
  cache(name: string, stats: () => { hits: number; misses: number }): void;
}

export interface AppMetrics extends Metrics {
  readonly registry: Registry;
  /** The handle a plugin gets: names checked against its prefix. */
  forPlugin(pluginId: string): Metrics;
}

export const CACHE_METRIC = 'cache_lookups_total';

export function createMetrics(log: Pick<Logger, 'warn'>): AppMetrics {
  const registry = new Registry();
  const caches = new Map<string, () => { hits: number; misses: number }>();
  new Counter({
    name: CACHE_METRIC,
    help: 'Lookups in the in-memory caches (sessions, sites, the plugins\' caches), by cache and hit or miss',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, stats] of caches) {
        const { hits, misses } = stats();
        this.inc({ cache, result: 'hit' }, hits);
        this.inc({ cache, result: 'miss' }, misses);
      }
    },
  });
  const metrics: AppMetrics = {
    registry,
    counter: (o) => new Counter({ name: o.name, help: o.help, labelNames: o.labelNames ?? [], registers: [registry] }),
    gauge: (o) => {
      const collect = o.collect;
      return new Gauge({
        name: o.name, help: o.help, labelNames: o.labelNames ?? [], registers: [registry],
        ...(collect ? {
          async collect() {
            try {
              await collect(this);
            } catch (err) {
              log.warn({ err, metric: o.name }, 'metric not collected');
            }
          },
        } : {}),
      });
    },
    histogram: (o) => new Histogram({ name: o.name, help: o.help, labelNames: o.labelNames ?? [], registers: [registry], ...(o.buckets ? { buckets: o.buckets } : {}) }),
    cache(name, stats) {
      if (caches.has(name)) throw new Error(`metrics: cache ${name} is counted already`);
      caches.set(name, stats);
    },
    forPlugin(pluginId) {
      const prefix = `${pluginId.replace(/-/g, '_')}_`;
      const check = (name: string) => {
        if (!name.startsWith(prefix)) throw new Error(`plugin ${pluginId}: metric ${name} must start with ${prefix}`);
      };
      return {
        counter: (o) => { check(o.name); return metrics.counter(o); },
        gauge: (o) => { check(o.name); return metrics.gauge(o); },
        histogram: (o) => { check(o.name); return metrics.histogram(o); },
        cache: (name, stats) => metrics.cache(`${pluginId}:${name}`, stats),
      };
    },
  };
  return metrics;
}
