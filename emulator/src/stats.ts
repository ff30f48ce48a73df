// What reached the emulator, per project, so tests can check the client's manners.

export interface ProjectStats {
  /** Arrival times (ms, monotonic, sub-ms precision) of every API request, answered or not. */
  arrivals: number[];
  submits: number;
  statusCalls: number;
  rateLimited: number;
  /** Largest number of arrivals inside any window of windowMs (kept up to date on each arrival). */
  maxInAnyWindow: number;
}

export interface EmulatorStats {
  windowMs: number;
  submits: number;
  statusCalls: number;
  unauthorized: number;
  rateLimited: number;
  parseErrors: number;
  dropped: number;
  serverErrors: number;
  projects: Record<string, ProjectStats>;
}

export function newStats(windowMs: number): EmulatorStats {
  return {
    windowMs,
    submits: 0,
    statusCalls: 0,
    unauthorized: 0,
    rateLimited: 0,
    parseErrors: 0,
    dropped: 0,
    serverErrors: 0,
    projects: {},
  };
}

export function projectStats(stats: EmulatorStats, projectUid: string): ProjectStats {
  let p = stats.projects[projectUid];
  if (!p) {
    p = { arrivals: [], submits: 0, statusCalls: 0, rateLimited: 0, maxInAnyWindow: 0 };
    stats.projects[projectUid] = p;
  }
  return p;
}

/** Records an arrival and updates the sliding-window maximum: arrivals in (t - windowMs, t]. */
export function recordArrival(stats: EmulatorStats, p: ProjectStats, t: number): void {
  p.arrivals.push(t);
  let inWindow = 0;
  for (let i = p.arrivals.length - 1; i >= 0 && p.arrivals[i]! > t - stats.windowMs; i--) inWindow++;
  p.maxInAnyWindow = Math.max(p.maxInAnyWindow, inWindow);
}

/** The same maximum computed from scratch over any list of times (for tests). */
export function maxInAnyWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}
