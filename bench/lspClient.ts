// A minimal LSP client over stdio (Content-Length framing), for the benchmark and the server
// robustness test: spawns the built server, sends requests and notifications, and lets the
// caller wait for a notification that matches.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { serverEnv } from '../protocol/src/serverProcess';

type Json = Record<string, unknown>;

export class LspClient {
  readonly child: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private waiters: { match: (m: Json) => boolean; resolve: (m: Json) => void }[] = [];
  stderr = '';

  /** `env`: the environment the server is started from (this process's by default). */
  constructor(serverPath: string, execArgv: readonly string[] = [], env: NodeJS.ProcessEnv = process.env) {
    // The environment the extension starts the server with (protocol/src/serverProcess.ts).
    this.child = spawn(process.execPath, [...execArgv, serverPath, '--stdio'], { stdio: 'pipe', env: serverEnv(env) });
    this.child.stdout.on('data', (d: Buffer) => this.receive(d));
    this.child.stderr.on('data', (d: Buffer) => (this.stderr += d.toString()));
  }

  /** Chunks not yet joined: a large answer arrives in many, and joining on every chunk was quadratic. */
  private chunks: Buffer[] = [];
  private chunked = 0;
  /** Bytes the message being received needs in all (header and body), once its header is read. */
  private needed = 0;

  private receive(data: Buffer): void {
    this.chunks.push(data);
    this.chunked += data.length;
    if (this.buffer.length + this.chunked < this.needed) return;
    this.buffer = Buffer.concat([this.buffer, ...this.chunks]);
    this.chunks = [];
    this.chunked = 0;
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: *(\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString())?.[1]);
      this.needed = headerEnd + 4 + length;
      if (this.buffer.length < this.needed) return;
      const body = JSON.parse(this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8')) as Json;
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.needed = 0;
      this.dispatch(body);
    }
  }

  private dispatch(m: Json): void {
    if (typeof m.id === 'number' && !('method' in m)) {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error) p?.reject(new Error(JSON.stringify(m.error)));
      else p?.resolve(m.result);
      return;
    }
    if ('method' in m && 'id' in m) {
      // Server-to-client request (workspace/configuration, registerCapability...): answer with null.
      this.send({ jsonrpc: '2.0', id: m.id, result: null });
      return;
    }
    const i = this.waiters.findIndex((w) => w.match(m));
    if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(m);
  }

  private send(message: Json): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  request<T = unknown>(method: string, params: unknown): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  /** The next notification matching, registered before the action that causes it. */
  waitFor(match: (m: Json) => boolean, timeoutMs = 30000): Promise<Json> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching notification within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }

  diagnosticsFor(uri: string, version?: number, timeoutMs?: number): Promise<Json> {
    return this.waitFor((m) => {
      if (m.method !== 'textDocument/publishDiagnostics') return false;
      const p = m.params as { uri: string; version?: number };
      return p.uri === uri && (version === undefined || p.version === version);
    }, timeoutMs);
  }

  async initialize(
    options: Json = {},
    workspace?: { workspaceFolders: { uri: string; name: string }[]; capabilities: Json },
    capabilities: Json = {},
  ): Promise<void> {
    await this.request('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: workspace?.capabilities ?? capabilities,
      workspaceFolders: workspace?.workspaceFolders ?? null,
      initializationOptions: options,
    });
    this.notify('initialized', {});
  }

  async close(): Promise<void> {
    try {
      await Promise.race([this.request('shutdown', null), new Promise((r) => setTimeout(r, 2000))]);
      this.notify('exit', null);
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 100));
    if (this.child.exitCode === null) this.child.kill();
  }
}
