// `svcsql mcp`: the agent tools (agent/src/) as an MCP server over stdio. stdout carries protocol
// messages only; anything for a person goes to stderr.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { callTool, type AgentHost } from '../../agent/src/agentTools';
import { explain, statementIndex } from '../../agent/src/explain';
import { TOOL_SPECS } from '../../agent/src/toolSpecs';
import { catalog } from '../../core/src/index';
import { LineLimiter, MAX_MESSAGE_BYTES } from './mcpStdin';
import { stdoutStream, writeErr } from './output';
import { VERSION } from './version';

const INSTRUCTIONS = `Tools for Service SQL, the SQL-style command language of the user's data platform (not standard SQL).
To write statements: list_statements, then explain each statement kind you use; find_definitions and list_objects for names that exist;
lint until there are no errors; format for the canonical layout. run_statement changes the platform: run only what the user asked for.`;

const RESOURCE_PREFIX = 'svcsql://statements/';
const INDEX_URI = 'svcsql://statements';

const PROMPT = {
  name: 'write_statements',
  title: 'Write Service SQL statements',
  description: 'Write statements for a goal the way the linter accepts them, checking the names that exist.',
  arguments: [
    { name: 'goal', description: 'What the statements should do, e.g. "add a flow for the orders topic to staging".', required: true },
  ],
};

function promptText(goal: string): string {
  return [
    `Write Service SQL statements for this goal: ${goal}`,
    '',
    '1. Use list_statements to find the statement kinds that do it, and explain for each one (its clauses, required ones, allowed values, WITH keys).',
    '2. Use find_definitions (the workspace) and list_objects (the service) to find the lakes, clusters, sources … to refer to; do not invent names.',
    '3. Lint the statements and fix every error and warning; then format them.',
    '4. Show me the statements. Do not run them with run_statement unless I ask.',
  ].join('\n');
}

/** Tool calls under way, so that a client closing stdin after its requests still gets the answers. */
class InFlight {
  private count = 0;
  private idle: (() => void)[] = [];
  async track<T>(work: Promise<T>): Promise<T> {
    this.count++;
    try {
      return await work;
    } finally {
      if (--this.count === 0) for (const done of this.idle.splice(0)) done();
    }
  }
  whenIdle(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((done) => this.idle.push(done));
  }
}

export function createMcpServer(host: AgentHost, inFlight = new InFlight()): Server {
  const server = new Server(
    { name: 'svcsql', title: 'Service SQL', version: VERSION },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOL_SPECS.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      annotations: { title: t.title, readOnlyHint: t.readOnly, destructiveHint: !t.readOnly, openWorldHint: t.usesService },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const out = await inFlight.track(callTool(host, request.params.name, request.params.arguments, extra.signal));
    return { content: [{ type: 'text' as const, text: out.text }], isError: out.isError };
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [
      {
        uri: INDEX_URI,
        name: 'statements',
        title: 'Service SQL statements',
        description: 'Every statement kind with a one-line summary.',
        mimeType: 'text/plain',
      },
      ...catalog.statements.map((s) => ({
        uri: `${RESOURCE_PREFIX}${s.id}`,
        name: s.id,
        title: s.heads[0]!.join(' '),
        description: s.summary,
        mimeType: 'text/markdown',
      })),
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const uri = request.params.uri;
    if (uri === INDEX_URI) return { contents: [{ uri, mimeType: 'text/plain', text: statementIndex() }] };
    const spec = uri.startsWith(RESOURCE_PREFIX) ? catalog.statements.find((s) => s.id === uri.slice(RESOURCE_PREFIX.length)) : undefined;
    const found = spec ? explain(spec.heads[0]!.join(' ')) : undefined;
    if (!found?.ok) throw new McpError(ErrorCode.InvalidParams, `No resource ${uri.slice(0, 200)}: resources/list lists them.`);
    return { contents: [{ uri, mimeType: 'text/markdown', text: found.text }] };
  });
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [PROMPT] }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    if (request.params.name !== PROMPT.name)
      throw new McpError(ErrorCode.InvalidParams, `No prompt ${request.params.name.slice(0, 80)}: the prompt is ${PROMPT.name}.`);
    const goal = request.params.arguments?.goal;
    if (!goal) throw new McpError(ErrorCode.InvalidParams, 'The prompt needs the argument goal.');
    return {
      description: PROMPT.description,
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text: promptText(goal.slice(0, 10_000)) } }],
    };
  });
  return server;
}

/** Serves over stdin/stdout until the client closes stdin. */
export async function serveStdio(host: AgentHost): Promise<void> {
  const inFlight = new InFlight();
  const server = createMcpServer(host, inFlight);
  let transport: StdioServerTransport | undefined;
  const limiter = new LineLimiter((o) => {
    const message = `The message is ${o.bytes.toLocaleString('en')} bytes; svcsql mcp reads messages up to ${MAX_MESSAGE_BYTES.toLocaleString('en')} bytes (text arguments up to 1,000,000 characters). Send less text per call.`;
    writeErr(`svcsql mcp: dropped a message: ${message}\n`);
    if (o.id !== undefined) void transport?.send({ jsonrpc: '2.0', id: o.id, error: { code: ErrorCode.InvalidRequest, message } });
  });
  process.stdin.pipe(limiter);
  transport = new StdioServerTransport(limiter, stdoutStream(), { maxBufferSize: MAX_MESSAGE_BYTES * 2 });
  const closed = new Promise<void>((resolveClosed) => {
    server.onclose = () => resolveClosed();
    // stdin ended: the requests already read are answered first (their handlers start a tick later).
    // The answer of the last call is sent in the microtasks after its handler ends: a macrotask later it is written.
    limiter.on('end', () => setImmediate(() => void inFlight.whenIdle().then(() => setImmediate(resolveClosed))));
  });
  server.onerror = (err) => writeErr(`svcsql mcp: ${err.message}\n`);
  await server.connect(transport);
  writeErr(`svcsql mcp ${VERSION}: serving ${TOOL_SPECS.length} tools on stdio\n`);
  await closed;
  await server.close().catch(() => undefined);
}
