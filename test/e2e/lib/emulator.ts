// The project's service emulator as a child process group (out/emulator.js, built by npm run build).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './ports';
import { startGroup, type Proc } from './procs';
import { repoRoot } from './paths';

export interface RunningEmulator {
  url: string;
  port: number;
  proc: Proc;
}

export async function startEmulatorProcess(
  options: { logFile?: string; port?: number; extraArgs?: string[]; echo?: boolean } = {},
): Promise<RunningEmulator> {
  const entry = join(repoRoot, 'out', 'emulator.js');
  if (!existsSync(entry)) throw new Error(`${entry} missing: build first (npm run build)`);
  const port = options.port ?? (await freePort());
  const proc = startGroup('emulator', process.execPath, [entry, '--port', String(port), ...(options.extraArgs ?? [])], {
    cwd: repoRoot,
    logFile: options.logFile,
    echo: options.echo,
  });
  const m = await proc.waitFor(/listening on (http:\/\/127\.0\.0\.1:(\d+))/, 15_000);
  return { url: m[1]!, port: Number(m[2]), proc };
}
