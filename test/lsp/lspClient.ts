import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { after, before } from 'node:test';
import {
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializeRequest,
  InitializedNotification,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  createProtocolConnection,
  type ClientCapabilities,
  type CompletionItem,
  type CompletionList,
  type InitializeResult,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';
import { StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';

/** The items of a completion answer, a list or a bare array. */
export const completionItems = (r: CompletionItem[] | CompletionList | null): CompletionItem[] => (Array.isArray(r) ? r : (r?.items ?? []));

/** The built server bundle, as the extension starts it. */
export const SERVER_PATH = join(__dirname, '..', '..', 'server.js');

/** A real LSP client over stdio to the built language server, for protocol tests and benchmarks. */
export class LspClient {
  readonly connection: ProtocolConnection;
  private readonly diagnostics = new Map<string, PublishDiagnosticsParams>();
  private readonly waiters: { uri: string; version?: number; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  private versions = new Map<string, number>();
  stderr = '';
  exited: number | null = null;
  /** What the server answered to initialize: its capabilities and serverInfo. */
  initializeResult: InitializeResult | undefined;

  private constructor(readonly process: ChildProcessWithoutNullStreams) {
    this.connection = createProtocolConnection(new StreamMessageReader(process.stdout), new StreamMessageWriter(process.stdin));
    process.stderr.on('data', (d: Buffer) => (this.stderr += d.toString()));
    process.on('exit', (code) => (this.exited = code ?? -1));
    this.connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      this.diagnostics.set(p.uri, p);
      for (let i = this.waiters.length - 1; i >= 0; i--) {
        const w = this.waiters[i]!;
        if (w.uri === p.uri && (w.version === undefined || p.version === undefined || p.version >= w.version)) {
          this.waiters.splice(i, 1);
          w.resolve(p);
        }
      }
    });
    this.connection.listen();
  }

  /** Requests the server sent to the client (window/workDoneProgress/create, client/registerCapability…), answered with null. */
  readonly serverRequests: { method: string; params: unknown }[] = [];
  /** Notifications other than diagnostics ($/progress, window/logMessage…), in order. */
  readonly notifications: { method: string; params: unknown }[] = [];

  /** `workspace`: workspace folders (file URIs) and the client capabilities an editor has for them. */
  /**
   * `capabilities`: the client capabilities to announce; by default those diagnostics need, plus what an
   * editor has for workspace folders when `workspace` is given.
   */
  static async start(
    initializationOptions: Record<string, unknown> = { diagnosticsDelayMs: 0 },
    workspace?: { folders: { uri: string; name: string }[] },
    capabilities?: ClientCapabilities,
  ): Promise<LspClient> {
    const child = spawn(process.execPath, [SERVER_PATH, '--stdio'], { stdio: 'pipe' });
    const client = new LspClient(child);
    for (const method of ['window/workDoneProgress/create', 'client/registerCapability', 'client/unregisterCapability']) {
      client.connection.onRequest(method, (params: unknown) => {
        client.serverRequests.push({ method, params });
        return null;
      });
    }
    for (const method of ['$/progress', 'window/logMessage']) {
      client.connection.onNotification(method, (params: unknown) => {
        client.notifications.push({ method, params });
      });
    }
    client.initializeResult = await client.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities: capabilities ?? {
        textDocument: { publishDiagnostics: { versionSupport: true } },
        ...(workspace
          ? {
              workspace: { workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: true } },
              window: { workDoneProgress: true },
            }
          : {}),
      },
      workspaceFolders: workspace?.folders ?? null,
      initializationOptions,
    });
    await client.connection.sendNotification(InitializedNotification.type, {});
    return client;
  }

  /**
   * Resolves with the next diagnostics for uri at or after version. The timeout only says how long
   * to wait before calling it a failure: generous, for a machine other work keeps busy.
   */
  nextDiagnostics(uri: string, version?: number, timeoutMs = 30_000): Promise<PublishDiagnosticsParams> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms; stderr: ${this.stderr}`)),
        timeoutMs,
      );
      this.waiters.push({
        uri,
        version,
        resolve: (p) => {
          clearTimeout(timer);
          resolve(p);
        },
      });
    });
  }

  /** `timeoutMs`: more for a file of several megabytes on a loaded machine. */
  async open(uri: string, text: string, timeoutMs?: number): Promise<Diagnostic[]> {
    this.versions.set(uri, 1);
    const wait = this.nextDiagnostics(uri, 1, timeoutMs);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'svcsql', version: 1, text },
    });
    return (await wait).diagnostics;
  }

  async change(uri: string, changes: TextDocumentContentChangeEvent[], timeoutMs?: number): Promise<Diagnostic[]> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    const wait = this.nextDiagnostics(uri, version, timeoutMs);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: changes,
    });
    return (await wait).diagnostics;
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  async stop(): Promise<void> {
    try {
      await Promise.race([this.connection.sendRequest(ShutdownRequest.type), new Promise((r) => setTimeout(r, 2000))]);
      await this.connection.sendNotification(ExitNotification.type);
    } catch {
      // The server may already be gone; it is killed below either way.
    }
    this.connection.dispose();
    if (this.exited === null) this.process.kill();
  }
}

/**
 * One server for a test file: started before its tests (with LspClient.start's arguments), stopped
 * after them. The answer stands for the client from then on, so a test file writes
 * `const client = useLspClient();` at its top and uses `client` in its tests. `ready` runs once the
 * server has started, before the tests (handlers for the server's requests).
 */
export function useLspClient(start: Parameters<typeof LspClient.start> = [], ready?: (client: LspClient) => void): LspClient {
  let started: LspClient | undefined;
  before(async () => {
    started = await LspClient.start(...start);
    ready?.(started);
  });
  after(async () => {
    await started?.stop();
  });
  return new Proxy({} as LspClient, {
    get(_, property) {
      if (!started) throw new Error(`the LSP client is used before its server started (${String(property)})`);
      const value: unknown = Reflect.get(started, property, started);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(started) : value;
    },
  });
}
