// How the language server's Node process is started: by the extension (client/src/languageClient.ts)
// and by the benchmark and the tests that speak to the built server (bench/lspClient.ts), so that
// what is measured is what users run.

/**
 * V8 flags: a larger young generation cuts garbage-collection time on large files by about a fifth
 * (measured with `npm run bench`).
 */
export const SERVER_EXEC_ARGV: readonly string[] = ['--max-semi-space-size=32'];

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
