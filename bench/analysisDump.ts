// The output of `analyze()` (statements and diagnostics) over the benchmark corpus, the examples,
// the test fixtures and seeded mutations, as one JSON document: a change to the analysis' speed
// must leave it byte-identical. Build it with `npx esbuild bench/analysisDump.ts --bundle
// --platform=node --main-fields=module,main --outfile=out/bench/analysisDump.js`, then
// `node out/bench/analysisDump.js before.json`, change, rebuild, `node out/bench/analysisDump.js
// after.json`, `cmp before.json after.json`.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../core/src/index';
import { mutate } from '../test/robustness/mutate';
import { buildCorpus, examples, rng } from './corpus';

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) filesUnder(p, out);
    else if (/\.(svcsql|json)$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Named inputs: corpus, examples, fixtures (json fixtures: every string in them), mutations. */
export function dumpInputs(root: string): [string, string][] {
  const inputs: [string, string][] = [
    ['corpus 10k', buildCorpus(10000)],
    ['corpus 2k seed 5', buildCorpus(2000, 5)],
    ['corpus 1k seed 6, \\r\\n line ends', buildCorpus(1000, 6).replace(/\n/g, '\r\n')],
    ['corpus 1k seed 7, mixed line ends', buildCorpus(1000, 7).replace(/\n/g, (_m, at: number) => ['\n', '\r\n', '\r'][at % 3]!)],
  ];
  for (const dir of ['examples', 'test/fixtures', 'test/grammar']) {
    for (const f of filesUnder(join(root, dir))) {
      const text = readFileSync(f, 'utf8');
      if (f.endsWith('.json')) {
        const strings: string[] = [];
        JSON.stringify(JSON.parse(text), (_k, v: unknown) => (typeof v === 'string' && strings.push(v), v));
        inputs.push([f.slice(root.length), strings.join('\n')]);
      } else inputs.push([f.slice(root.length), text]);
    }
  }
  const r = rng(11);
  const corpus = buildCorpus(600, 9).split(/(?<=;\n|\n\n)/);
  const mutated: string[] = [];
  for (let n = 0; n < 4000; n++) mutated.push(mutate(n % 2 ? examples[n % examples.length]! : corpus[n % corpus.length]!, r));
  for (let n = 0; n < mutated.length; n += 40) inputs.push([`mutated ${n}`, mutated.slice(n, n + 40).join(n % 80 ? ';\n' : '\n\n')]);
  for (let n = 0; n < 1500; n++) inputs.push([`mutated alone ${n}`, mutated[n]!]);
  return inputs;
}

if (/analysisDump\.js$/.test(process.argv[1] ?? '')) {
  const root = join(__dirname, '..', '..');
  const out: Record<string, unknown> = {};
  for (const [name, text] of dumpInputs(root)) out[name] = analyze(text);
  writeFileSync(process.argv[2] ?? 'analysis-dump.json', JSON.stringify(out, null, 1));
}
