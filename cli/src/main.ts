// The `svcsql` command line. `svcsql lint PATH…` with nothing else, what most runs are, goes straight
// to the lint command; any other command line is parsed by commander (program.ts), which this bundle
// then loads and evaluates (a few ms of every start otherwise, and its share of the code cache).
import { antlrLoads } from '../../core/src/syntax/antlrParser';
import { validations } from '../../core/src/validate/index';
import { partsUsed, PART } from './cacheParts';
import * as secretValues from '../../core/src/secretValues';
import * as analyzeFile from './analyzeFile';
import * as exitCodes from './exitCodes';
import * as files from './files';
import { finish } from './finish';
import { lintCommand } from './lintCommand';
import * as output from './output';
import { plainLintPaths } from './plainLint';
import * as positions from './reportFormats/positions';
import * as text from './reportFormats/text';
import * as segments from './segments';

/**
 * The modules of this bundle that the lazily loaded ones (cli/src/chunks/) use as they are, not as
 * copies: the redactor's secrets and CliError's identity must be one (cli/src/launch/launch.ts),
 * and the analysis run.js needs is this bundle's, evaluated once. Keyed by their paths from
 * cli/src, as scripts/bundle.mjs's cliShared names them (a chunk that asks for one missing here
 * fails as it loads: launch.ts), each a whole module: a chunk may use any of its exports (the MCP
 * chunk's core masks secret values through this one).
 */
export const sharedModules = {
  output,
  exitCodes,
  analyzeFile,
  files,
  segments,
  'reportFormats/positions': positions,
  'reportFormats/text': text,
  '../../core/src/secretValues': secretValues,
};

/** For the code cache (launch/src/codeCache.ts): the lazily evaluated parts this run used (cacheParts.ts). */
export const lazyPartsRun = (): number =>
  (antlrLoads.runtime > 0 ? PART.antlrRuntime : 0) |
  (antlrLoads.c3 > 0 ? PART.antlrC3 : 0) |
  (validations.known > 0 ? PART.validation : 0) |
  partsUsed();

async function main(argv: string[]): Promise<void> {
  const paths = plainLintPaths(argv.slice(2));
  if (paths) return finish(() => lintCommand(paths, { format: 'text' }, true));
  const { runProgram } = await import('./program');
  return runProgram(argv);
}

void main(process.argv);
