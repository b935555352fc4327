
/**
 * The HTTP request counter and duration histogram, kept as plain numbers per series and turned
 * into Prometheus samples only when scraped. prom-client's own `inc`/`observe` validate and hash
 * the label set on every call, which cost more than everything else a cached read does; here a
 * request is one Map lookup, two additions and a bucket search. Registered on the app's
 * registry through prom-client's metric interface (`get`, `reset`), so the exposition (names,
 * HELP, TYPE, labels, cumulative `le` buckets) is exactly what prom-client's Counter and
 * Histogram would print.
 */

/** What prom-client's registry reads from a metric's `get()` (its MetricObjectWithValues). */
interface Sample {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}
interface Exposition {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  values: Sample[];
}

interface Series {
  method: string;
  route: string;
  status: string;
  count: number;
  sum: number;
  /** per bucket (not cumulative); the last slot is +Inf */
  buckets: Float64Array;
}

export interface RequestMetricsOptions {
  counterName: string;
  counterHelp: string;
  histogramName: string;
  histogramHelp: string;
  /** upper bounds in seconds, ascending */
  buckets: readonly number[];
}

export class RequestMetrics {
  private readonly series = new Map<string, Series>();

  constructor(private readonly options: RequestMetricsOptions) {}

  record(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let s = this.series.get(key);
    if (s === undefined) {
      s = { method, route, status: String(status), count: 0, sum: 0, buckets: new Float64Array(this.options.buckets.length + 1) };
      this.series.set(key, s);
    }
    s.count += 1;
    s.sum += seconds;
    const bounds = this.options.buckets;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]!) i += 1;
    s.buckets[i]! += 1;
  }

  /** The two metrics in prom-client's registry interface. */
  collectors(): { name: string; get(): Promise<Exposition>; reset(): void }[] {
    const reset = () => this.series.clear();
    return [
      { name: this.options.counterName, get: async () => this.counter(), reset },
      { name: this.options.histogramName, get: async () => this.histogram(), reset },
    ];
  }

  private counter(): Exposition {
    const values = [...this.series.values()].map((s) => ({ labels: { method: s.method, route: s.route, status: s.status }, value: s.count }));
    return { name: this.options.counterName, help: this.options.counterHelp, type: 'counter', aggregator: 'sum', values };
  }

  private histogram(): Exposition {
    // The histogram is labelled by method and route only: fold the status series together.
    const merged = new Map<string, { method: string; route: string; count: number; sum: number; buckets: Float64Array }>();
    for (const s of this.series.values()) {
      const key = `${s.method} ${s.route}`;
      const m = merged.get(key) ?? { method: s.method, route: s.route, count: 0, sum: 0, buckets: new Float64Array(s.buckets.length) };
      m.count += s.count;
      m.sum += s.sum;
      for (let i = 0; i < s.buckets.length; i++) m.buckets[i]! += s.buckets[i]!;
      merged.set(key, m);
    }
    const name = this.options.histogramName;
    const values: Sample[] = [];
    for (const m of merged.values()) {
      const labels = { method: m.method, route: m.route };
      let cumulative = 0;
      this.options.buckets.forEach((bound, i) => {
        cumulative += m.buckets[i]!;
        values.push({ labels: { ...labels, le: bound }, value: cumulative, metricName: `${name}_bucket` });
      });
      values.push({ labels: { ...labels, le: '+Inf' }, value: m.count, metricName: `${name}_bucket` });
      values.push({ labels, value: m.sum, metricName: `${name}_sum` });
      values.push({ labels, value: m.count, metricName: `${name}_count` });
    }
    return { name, help: this.options.histogramHelp, type: 'histogram', aggregator: 'sum', values };
  }
}
