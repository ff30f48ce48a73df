// The formatter (core formatText, as `svcsql format` and Format Document run it) on 1,000 / 10,000
// / 100,000 statements, each in a fresh process: time and the process's peak memory.
import { formatText } from '../core/src/index';
import type { BenchRow } from './benchRow';
import { asCliProcess, runChildUnderCliFlags, UNDER_CLI_FLAGS } from './cliFlagsChild';
import { buildCorpus } from './corpus';
import { now, STATEMENT_SIZES } from './stats';

/** Child mode (under the CLI's V8 flags, as `svcsql format` runs): format a corpus of n statements twice (cold, then warm), print the figures. */
export function formatChild(n: number): void {
  const text = asCliProcess(() => buildCorpus(n));
  let t = now();
  formatText(text);
  const cold = now() - t;
  t = now();
  const out = formatText(text);
  const warm = now() - t;
  console.log(JSON.stringify({ cold, warm, peakMB: process.resourceUsage().maxRSS / 1024, length: out.length }));
}

export async function measure(): Promise<BenchRow[]> {
  const cold: BenchRow['sizes'] = {};
  const warm: BenchRow['sizes'] = {};
  for (const [key, n] of STATEMENT_SIZES) {
    const got = JSON.parse(runChildUnderCliFlags([process.argv[1]!, '--format-child', String(n)])) as {
      cold: number;
      warm: number;
      peakMB: number;
    };
    cold[key] = { ms: got.cold, peakMB: got.peakMB };
    warm[key] = { ms: got.warm };
  }
  await Promise.resolve();
  return [
    { measure: 'format, first call in a process (core)', sizes: cold, note: `peak: the whole process, input included; ${UNDER_CLI_FLAGS}` },
    { measure: 'format, warm (core)', sizes: warm },
  ];
}
