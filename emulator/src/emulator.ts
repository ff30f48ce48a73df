// A local stand-in for the service: the same endpoints, headers, answers and limits
// (see the README, "Local service emulator"), on 127.0.0.1 only, with fault switches for tests.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { handleCors } from './cors';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { encodeGrpcMessage } from './grpcEncode';
import { effectiveHeaderPrefix } from '../../service/src/connectionRules';
import { credentialHeaderValue, HEADER_FIELDS, type ServiceCredentials } from '../../service/src/credentialHeaders';
import { applyFaults, defaultFaults, DEMO_CREDENTIALS, type EmulatorOptions, type Faults, type Outcome } from './options';
import { ObjectStore } from './responses';
import { newStats, projectStats, recordArrival, type EmulatorStats } from './stats';
import { syntaxErrors } from './syntaxCheck';

export interface RunningEmulator {
  url: string;
  port: number;
  /** Live counters; also served as JSON at GET /__emulator/stats. */
  stats: EmulatorStats;
  /** Live fault switches; also settable with POST /__emulator/faults. */
  faults: Faults;
  credentials: ServiceCredentials;
  headerPrefix: string;
  close(): Promise<void>;
}

interface StoredRequest {
  id: string;
  project: string;
  statement: string;
  outcome: Outcome;
  finalAt: number;
  apiResponse?: Record<string, unknown>;
}

const PENDING = 'API_OPERATION_STATUS_PENDING';
const MAX_BODY = 1 << 20;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const credentials: ServiceCredentials = { ...DEMO_CREDENTIALS, ...options.credentials };
  // The headers a client sends: the same prefix rule, table and value form (service/src).
  const prefix = effectiveHeaderPrefix(options.headerPrefix);
  const pendingMs = options.pendingMs ?? 1500;
  const limit = options.rateLimit ?? { limit: 10, windowMs: 1000 };
  const faults: Faults = defaultFaults();
  const problem = options.faults ? applyFaults(faults, options.faults) : undefined;
  if (problem) throw new Error(`Bad fault option: ${problem}`);
  const stats = newStats(limit.windowMs);
  const log = options.log ?? (() => undefined);
  const requests = new Map<string, StoredRequest>();
  const store = new ObjectStore();
  /** Accepted (not 429'd) arrivals per project, for enforcement. */
  const accepted = new Map<string, number[]>();
  const sockets = new Set<Socket>();

  function take(
    counter: 'dropSubmit' | 'dropStatus' | 'status500' | 'malformedStatus' | 'malformedSubmit' | 'unknownStatus' | 'force429',
  ): boolean {
    if (faults[counter] <= 0) return false;
    faults[counter]--;
    return true;
  }

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  }

  /** gRPC-gateway style error: status code, grpc-status, percent-encoded grpc-message, empty body. */
  function grpcError(res: ServerResponse, http: number, grpc: number, message: string, headers: Record<string, string> = {}): void {
    send(res, http, undefined, { 'grpc-status': String(grpc), 'grpc-message': encodeGrpcMessage(message), ...headers });
  }

  function drop(res: ServerResponse): void {
    stats.dropped++;
    res.socket?.destroy();
  }

  /** The first missing or wrong header, named without its value. */
  function authProblem(req: IncomingMessage): string | undefined {
    for (const [suffix, field] of HEADER_FIELDS) {
      const name = prefix + suffix;
      const value = req.headers[name];
      if (typeof value !== 'string' || !value) return `missing header ${name}`;
      const expected = credentialHeaderValue(field, credentials[field]);
      if (value !== expected) return `wrong value in header ${name}`;
    }
    return undefined;
  }

  /** Sliding window per project over accepted requests; the wait until a slot frees, or 0. */
  function rateWait(project: string, t: number): number {
    const list = accepted.get(project) ?? [];
    while (list.length && list[0]! <= t - limit.windowMs) list.shift();
    accepted.set(project, list);
    if (list.length < limit.limit) {
      list.push(t);
      return 0;
    }
    return list[0]! + limit.windowMs - t;
  }

  function readBody(req: IncomingMessage): Promise<string | undefined> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_BODY) chunks.push(c);
      });
      req.on('end', () => resolve(size > MAX_BODY ? undefined : Buffer.concat(chunks).toString('utf8')));
      req.on('error', () => resolve(undefined));
    });
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, kind: 'submit' | 'status', requestId: string): Promise<void> {
    const t = now();
    const projectHeader = req.headers[prefix + 'project-uid'];
    const project = typeof projectHeader === 'string' && projectHeader ? projectHeader : '(none)';
    const p = projectStats(stats, project);
    recordArrival(stats, p, t);
    if (kind === 'submit') {
      stats.submits++;
      p.submits++;
    } else {
      stats.statusCalls++;
      p.statusCalls++;
    }
    const body = kind === 'submit' ? await readBody(req) : '';
    if (faults.delayMs > 0) await sleep(faults.delayMs);

    const auth = authProblem(req);
    if (auth) {
      stats.unauthorized++;
      log(`${kind} 401 ${auth}`);
      grpcError(res, 401, 16, `unauthenticated: ${auth}`);
      return;
    }
    const wait = take('force429') ? limit.windowMs : rateWait(project, t);
    if (wait > 0) {
      stats.rateLimited++;
      p.rateLimited++;
      log(`${kind} 429 project ${project}`);
      const retryAfter = faults.retryAfter || String(Math.max(1, Math.ceil(wait / 1000)));
      grpcError(res, 429, 8, 'rate limit exceeded: 10 requests per second per project', { 'retry-after': retryAfter });
      return;
    }
    if (kind === 'submit') submit(res, project, body);
    else status(res, project, requestId);
  }

  function submit(res: ServerResponse, project: string, body: string | undefined): void {
    let statement: unknown;
    try {
      statement = body === undefined ? undefined : (JSON.parse(body) as { statement?: unknown }).statement;
    } catch {
      statement = undefined;
    }
    if (typeof statement !== 'string' || !statement.trim()) {
      stats.parseErrors++;
      grpcError(res, 400, 3, 'Invalid sql query: line 1:0 the request body must be JSON {"statement": "..."}');
      return;
    }
    const errors = syntaxErrors(statement);
    const first = errors[0];
    if (first) {
      stats.parseErrors++;
      log(`submit 400 line ${first.line}:${first.column} ${first.message}`);
      grpcError(res, 400, 3, `Invalid sql query: line ${first.line}:${first.column} ${first.message}`);
      return;
    }
    const id = randomUUID();
    requests.set(id, { id, project, statement, outcome: faults.outcome ?? 'SUCCESS', finalAt: Date.now() + pendingMs });
    log(`submit 200 ${id} ${statement.replace(/\s+/g, ' ').slice(0, 80)}`);
    if (take('dropSubmit')) return drop(res);
    if (take('malformedSubmit')) return send(res, 200, '{"requestId": "' + id.slice(0, 8));
    send(res, 200, { requestId: id });
  }

  function status(res: ServerResponse, project: string, requestId: string): void {
    if (take('dropStatus')) return drop(res);
    if (take('status500')) {
      stats.serverErrors++;
      return grpcError(res, 500, 13, 'internal error (emulated)');
    }
    const r = requests.get(requestId);
    if (!r || r.project !== project) return grpcError(res, 404, 5, `request ${requestId} not found`);
    if (take('malformedStatus')) return send(res, 200, '{"apiStatus": API_OPERATION_STATUS_');
    if (take('unknownStatus')) return send(res, 200, { apiStatus: faults.unknownStatusValue, apiResponse: {} });
    if (Date.now() < r.finalAt) return send(res, 200, { apiStatus: PENDING, apiResponse: {} });
    r.apiResponse ??= store.respond(project, r.statement, r.outcome, r.id);
    send(res, 200, { apiStatus: `API_OPERATION_STATUS_${r.outcome}`, apiResponse: r.apiResponse });
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (path === '/__emulator/stats' && req.method === 'GET') return send(res, 200, stats);
    if (path === '/__emulator/faults' && req.method === 'GET') return send(res, 200, faults);
    if (path === '/__emulator/faults' && req.method === 'POST') {
      const body = await readBody(req);
      let patch: unknown;
      try {
        patch = JSON.parse(body ?? '');
      } catch {
        return send(res, 400, { error: 'body must be JSON' });
      }
      const bad = applyFaults(faults, patch);
      return bad ? send(res, 400, { error: bad }) : send(res, 200, faults);
    }
    send(res, 404, { error: `no emulator endpoint ${req.method} ${path}` });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path.startsWith('/__emulator/')) return handleControl(req, res, path);
    if (req.method === 'POST' && (path === '/v1/resource/' || path === '/v1/resource')) return handleApi(req, res, 'submit', '');
    const m = /^\/v1\/status\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && m) {
      let id: string;
      try {
        id = decodeURIComponent(m[1]!);
      } catch {
        return grpcError(res, 400, 3, 'the request id is not valid percent-encoding');
      }
      return handleApi(req, res, 'status', id);
    }
    grpcError(res, 404, 5, `no endpoint ${req.method} ${path}`);
  }

  // The first parse in a process is many times slower (JIT, grammar tables); pay it now, not
  // inside the first request, where it would stall every request behind it.
  syntaxErrors('SHOW FLOWS');

  const server = createServer((req, res) => {
    if (handleCors(req, res)) return;
    handle(req, res).catch((err: unknown) => {
      log(`internal error: ${String(err)}`);
      if (!res.headersSent) grpcError(res, 500, 13, 'emulator internal error');
      else res.destroy();
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stats,
    faults,
    credentials,
    headerPrefix: prefix,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      return closing;
    },
  };
}
