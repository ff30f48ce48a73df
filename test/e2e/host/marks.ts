// Named instants (Date.now()) recorded by host tests for the figures report. A single object shared
// through the global, because each suite file is bundled separately.
const key = '__svcsqlE2eMarks';
const g = globalThis as unknown as Record<string, Record<string, number> | undefined>;
export const marks: Record<string, number> = (g[key] ??= {});

export function mark(name: string, at: number = Date.now()): void {
  marks[name] ??= at;
}
