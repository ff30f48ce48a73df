// Times and durations in words: the one set of helpers the Requests view, the status bar, the output
// channel and the results page use, so they always agree ("1 min 30 s" everywhere). No Node, no DOM.

/** 250 → '250 ms', 2500 → '2.5 s', 90000 → '1 min 30 s'; '' for a value that is not a duration. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const m = Math.floor(ms / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${m} min ${String(s).padStart(2, '0')} s`;
}

/** Local wall-clock time with milliseconds: '14:03:09.042'. */
export function formatTime(at: number): string {
  const d = new Date(at);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}
