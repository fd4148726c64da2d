/** Reading the Prometheus text format of /metrics in tests. */

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samples(text: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!.replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
    found.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return found;
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
export function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number {
  return samples(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** Every name a query may use: each metric declared (a histogram's _bucket, _sum and _count too). */
export function metricNames(text: string): Set<string> {
  const names = new Set(samples(text).map((s) => s.name));
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === 'histogram') for (const end of ['_bucket', '_sum', '_count']) names.add(`${name}${end}`);
    if (type === 'summary') for (const end of ['_sum', '_count']) names.add(`${name}${end}`);
  }
  return names;
}
