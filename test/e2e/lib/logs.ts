// The window's log files (Node): the extension's output channel is a log file below the user data
// folder's logs/, read by the host suites (what was logged) and by the UI suites when a step fails.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The output channel's log file name. */
export const SERVICE_SQL_LOG = 'Service SQL.log';

/** Every file named `name` below root (the log folder trees of every window). */
function logFilesBelow(root: string | undefined, name: string): string[] {
  if (!root || !fs.existsSync(root)) return [];
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === name) found.push(p);
    }
  };
  walk(root);
  return found;
}

/** Newest file named `name` below root (a window's log folder tree), or undefined. */
export function findLogFile(root: string | undefined, name: string): string | undefined {
  let best: { file: string; mtime: number } | undefined;
  for (const file of logFilesBelow(root, name)) {
    const mtime = fs.statSync(file).mtimeMs;
    if (!best || mtime > best.mtime) best = { file, mtime };
  }
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
  return logFilesBelow(root, SERVICE_SQL_LOG).some((file) => fs.readFileSync(file, 'utf8').includes(text));
}
