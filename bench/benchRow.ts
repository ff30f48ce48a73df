export type BenchRow = { measure: string; sizes: Record<string, { ms: number; peakMB?: number }>; note?: string };
