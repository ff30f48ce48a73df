// Looks for secret values in every file below some folders: a store that wrote a key to settings,
// state databases or logs would show up here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function findSecretOnDisk(roots: string[], secrets: string[], maxBytes = 64 * 1024 * 1024): string[] {
  const hits: string[] = [];
  const needles = secrets.filter((s) => s.length >= 4).map((s) => Buffer.from(s, 'utf8'));
  const walk = (dir: string): void => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of entries) {
      const path = join(dir, name);
      let st;
      try {
        st = statSync(path);
      } catch {
        continue;
      }
      if (st.isDirectory()) walk(path);
      else if (st.isFile() && st.size <= maxBytes) {
        const data = readFileSync(path);
        if (needles.some((n) => data.includes(n))) hits.push(path);
      }
    }
  };
  for (const r of roots) walk(r);
  return hits;
}
