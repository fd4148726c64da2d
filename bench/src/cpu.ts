/**
 * CPU time taken by the processes of a run, read from /proc (Linux): the shop, the mail sink, the database
 * server (every process named postgres; none with PGlite, which runs inside the shop) and this load
 * generator. The mixed scenario prints it per order, so what limits the orders is said in figures.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface CpuSample {
  shopMs: number;
  mailMs: number;
  /** Per database process: a process that ends between two samples must not take its past time away. */
  databaseMs: Map<string, number>;
  generatorMs: number;
  at: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

function ticksOf(pid: number | string): { ticks: number; comm: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm is in parentheses and may hold spaces: the fields after it start past the last ')'.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after comm and state.
    return { ticks: Number(fields[11]) + Number(fields[12]), comm };
  } catch {
    return null;
  }
}

function databaseMs(): Map<string, number> {
  const out = new Map<string, number>();
  let dirs: string[];
  try {
    dirs = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const dir of dirs) {
    if (!/^\d+$/.test(dir)) continue;
    const t = ticksOf(dir);
    if (t && t.comm === 'postgres') out.set(dir, t.ticks * TICK_MS);
  }
  return out;
}

/** CPU the database processes used between two samples: those still running, and those started since. */
function databaseBetween(a: Map<string, number>, b: Map<string, number>): number {
  let total = 0;
  for (const [pid, ms] of b) total += ms - (a.get(pid) ?? 0);
  return total;
}

const processMs = (pid: number | undefined) => (pid === undefined ? 0 : (ticksOf(pid)?.ticks ?? 0) * TICK_MS);

export function cpuSample(pids: { shop?: number; mail?: number }): CpuSample {
  const usage = process.cpuUsage();
  return {
    shopMs: processMs(pids.shop),
    mailMs: processMs(pids.mail),
    databaseMs: databaseMs(),
    generatorMs: (usage.user + usage.system) / 1000,
    at: performance.now(),
  };
}

export interface CpuUse {
  /** Cores used on average over the interval. */
  shop: number;
  mail: number;
  database: number;
  generator: number;
}

export function cpuBetween(a: CpuSample, b: CpuSample): CpuUse {
  const wall = b.at - a.at;
  const cores = (x: number) => Math.round((x / wall) * 100) / 100;
  return {
    shop: cores(b.shopMs - a.shopMs),
    mail: cores(b.mailMs - a.mailMs),
    database: cores(databaseBetween(a.databaseMs, b.databaseMs)),
    generator: cores(b.generatorMs - a.generatorMs),
  };
}
