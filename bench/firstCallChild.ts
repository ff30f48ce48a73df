// What firstCallCached.ts loads through the code cache: the benchmark's corpus read from a file as
// the CLI reads one (its size counted first, for the CLI's rule on large inputs), analysed once.
import { readFileSync, statSync } from 'node:fs';
import { analyze } from '../core/src/index';
import { largeInput } from '../cli/src/launch/v8Flags';

const file = process.env.SVCSQL_BENCH_FIRST_CALL_FILE!;
largeInput.inputToRead(statSync(file).size);
const text = readFileSync(file, 'utf8');
const t = performance.now();
analyze(text);
const ms = performance.now() - t;
process.stdout.write(JSON.stringify({ ms }) + '\n');
