// Small helpers shared by the benchmark modules: percentiles and a process's peak memory.
import { readFileSync } from 'node:fs';

export const now = () => performance.now();

export function pct(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export const median = (xs: readonly number[]) => pct(xs, 50);

/** Peak resident memory of a running process (Linux: VmHWM), in MB. */
export function peakMBOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The sizes of the statement rows: key and statement count. */
export const STATEMENT_SIZES: readonly [string, number][] = [
  ['1k', 1000],
  ['10k', 10000],
  ['100k', 100000],
];
