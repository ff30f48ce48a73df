// How the language server's Node process is started: by the extension (client/src/languageClient.ts)
// and by the benchmark and the tests that speak to the built server (bench/lspClient.ts), so that
// what is measured is what users run.

/**
 * V8 flags: none. Node compiles the modules of its own that a process loads after its start (about
 * 40 in the server's thread: streams, worker_threads, vm…; all of a worker's) from a code cache made
 * for V8's default flags, and any V8 flag on the command line makes it refuse that cache and compile
 * them from source. The server had `--max-semi-space-size=32` (a larger young generation, for large
 * files' garbage collection); without it, alternated pairs: spawn → `initialize` answered 177 → 162
 * ms (0.92x, 16 pairs), an index worker's thread ready 90 → 68 ms, the first diagnostics of a
 * 10,000-statement file 116 → 123 ms (1.06x), the whole 100,000-statement file's 1.66 → 1.43 s,
 * peak memory 26-29 MB lower on the large files (npm run bench, LSP rows, 7 runs each). That is
 * Node 20's V8; later ones leave memory-tuning flags such as that one out of the hash (V8 commit
 * 87356585, 2025): on Node 24 the index of 1,000 files was even either way (8 pairs). While it
 * indexes the workspace the server sets one at run time (server/src/host/youngGeneration.ts).
 */
export const SERVER_EXEC_ARGV: readonly string[] = [];

/**
 * Environment variables the server runs without (undefined: removed from the environment it
 * inherits; Node's spawn leaves out a variable whose value is undefined). The server reads files
 * and makes no network connection, and with NODE_EXTRA_CA_CERTS set (corporate machines often set
 * it) Node reads and parses that certificate bundle while it starts: spawn → initialize answered
 * 418 → 306 ms here with the system's 220 KB bundle (12 alternated pairs).
 */
export const SERVER_ENV_OVERRIDES: Readonly<Record<string, undefined>> = { NODE_EXTRA_CA_CERTS: undefined };

/** The server's environment: `env` (the starting process's) less SERVER_ENV_OVERRIDES' variables. */
export function serverEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string | undefined> {
  return { ...env, ...SERVER_ENV_OVERRIDES };
}
