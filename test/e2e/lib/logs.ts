// The window's log files (Node): the extension's output channel is a log file below the user data
// folder's logs/, read by the host suites (what was logged) and by the UI suites when a step fails.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The output channel's log file name. */
export const SERVICE_SQL_LOG = 'Service SQL.log';

/** Newest file named `name` below root (a window's log folder tree), or undefined. */
export function findLogFile(root: string | undefined, name: string): string | undefined {
  if (!root || !fs.existsSync(root)) return undefined;
  let best: { file: string; mtime: number } | undefined;
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === name) {
        const mtime = fs.statSync(p).mtimeMs;
        if (!best || mtime > best.mtime) best = { file: p, mtime };
      }
    }
  };
  walk(root);
  return best?.file;
}

/** The last `lines` lines of the newest output channel log below root, for a failure message. */
export function serviceSqlLogTail(root: string, lines = 30): string {
  const file = findLogFile(root, SERVICE_SQL_LOG);
  if (!file) return `(no ${SERVICE_SQL_LOG} below ${root})`;
  return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** Whether any output channel log below root (every window's) holds `text`. */
export function serviceSqlLogsHold(root: string, text: string): boolean {
  if (!fs.existsSync(root)) return false;
  const holds = (dir: string): boolean =>
    fs.readdirSync(dir, { withFileTypes: true }).some((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? holds(p) : e.name === SERVICE_SQL_LOG && fs.readFileSync(p, 'utf8').includes(text);
    });
  return holds(root);
}
