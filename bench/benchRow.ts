// One row of the `npm run bench` table: a measure at several sizes (bench/bench.ts prints them).
export type BenchRow = { measure: string; sizes: Record<string, { ms: number; peakMB?: number }>; note?: string };
