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

/** The fields of /proc/PID/stat (or of one thread's, /proc/PID/task/TID/stat) after the command name (Linux), from the line's third field on. */
function statFields(pid: number, tid?: number): string[] {
  const line = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8');
  return line.slice(line.lastIndexOf(') ') + 2).split(' ');
}

/** CPU time (user + system, all threads) a running process has used so far (Linux: /proc/PID/stat), in ms. */
export function cpuMsOf(pid: number): number {
  const fields = statFields(pid);
  // utime and stime (fields 14 and 15 of the line), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time one thread of a running process has used so far, in ms: its main thread by default (its
 * id is the process's). A process's other threads (workers, V8's and libuv's helpers) are in cpuMsOf.
 */
export function threadCpuMsOf(pid: number, tid = pid): number {
  const fields = statFields(pid, tid);
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Minor page faults of a running process so far, all threads (field 10 of /proc/PID/stat): each is a
 * first touch of a 4 KB page of memory (pageCost.ts says what one costs on the machine).
 */
export function faultsOf(pid: number): number {
  return Number(statFields(pid)[7]);
}
