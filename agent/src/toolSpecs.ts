// The agent tools as data: names, descriptions written for a model, JSON schemas of their input.
// The MCP server lists these, package.json's contributes.languageModelTools repeats them (a unit test
// keeps the two equal), and input is validated against the same schemas (input.ts). No imports, so
// the extension can register its tools without loading the language core.

/** The subset of JSON Schema the tools use (input.ts validates exactly this). */
export interface StringSchema {
  type: 'string';
  description: string;
  minLength?: number;
  maxLength?: number;
  enum?: string[];
}

export interface InputSchema {
  type: 'object';
  properties: Record<string, StringSchema>;
  required?: string[];
  additionalProperties: false;
}

export interface ToolSpec {
  /** The MCP tool name; in VS Code the tool is `svcsql_<name>`. */
  name: string;
  title: string;
  /** For the model: when to use the tool and what it returns. */
  description: string;
  inputSchema: InputSchema;
  /** Reads only (the language core, the workspace, or SHOW/DESCRIBE on the service). */
  readOnly: boolean;
  /** Needs a connection to the service (a profile and credentials). */
  usesService: boolean;
}

/** The most characters of statement text a tool takes (the editor's own large-file limit is about this). */
export const MAX_TEXT_CHARS = 1_000_000;
/** The most characters of any tool's answer; longer answers are cut with a note saying how to get the rest. */
export const MAX_OUTPUT_CHARS = 100_000;

/** The object kinds SHOW can list (core/src/catalog/objectKinds.ts; a unit test keeps them equal). */
export const LISTABLE_KINDS = ['lake', 'database', 'cluster', 'source', 'catalog', 'transformation', 'flow', 'table-service'];
/** The kinds DESCRIBE can describe. */
export const DESCRIBABLE_KINDS = ['cluster', 'transformation', 'flow', 'table-service'];

const text = (what: string): StringSchema => ({ type: 'string', description: what, minLength: 1, maxLength: MAX_TEXT_CHARS });

export const TOOL_SPECS: readonly ToolSpec[] = [
  {
    name: 'lint',
    title: 'Lint Service SQL',
    description:
      "Check Service SQL statements (the data platform's SQL-style command API) and return every diagnostic the editor shows: " +
      'severity, code, message and position (1-based line and column, plus the 0-based range). Give `text` (statements to check, ' +
      'e.g. before running or saving them) or `uri` (a .svcsql file of the workspace, as a path relative to the workspace or a file: URI). ' +
      'Use it after writing or changing statements and fix every error before run_statement: statements with errors are not run.',
    inputSchema: {
      type: 'object',
      properties: {
        text: text('Service SQL statements to check, separated by semicolons.'),
        uri: {
          type: 'string',
          description: 'A workspace .svcsql file: a path relative to the workspace folder, or a file: URI.',
          minLength: 1,
          maxLength: 4096,
        },
      },
      additionalProperties: false,
    },
    readOnly: true,
    usesService: false,
  },
  {
    name: 'format',
    title: 'Format Service SQL',
    description:
      'Return the canonical layout of Service SQL text (the formatter of the editor and of `svcsql format`): upper-case keywords, ' +
      'one clause per line, WITH pairs aligned. Statements with syntax errors are left as written. The answer is the formatted text only.',
    inputSchema: {
      type: 'object',
      properties: { text: text('Service SQL statements to format.') },
      required: ['text'],
      additionalProperties: false,
    },
    readOnly: true,
    usesService: false,
  },
  {
    name: 'explain',
    title: 'Explain a Service SQL statement, clause or WITH key',
    description:
      'The dialect reference for one topic: a statement kind (e.g. `CREATE FLOW`: syntax, clauses with required/optional, ' +
      "allowed values, WITH keys, an example), a clause (`SOURCE`, or `CREATE FLOW SOURCE` for one statement's) or a WITH key " +
      '(`flow.sink.format`). Use it before writing a statement you have not written before; the dialect is not standard SQL. ' +
      'list_statements lists the statement kinds.',
    inputSchema: {
      type: 'object',
      properties: {
        topic: {
          type: 'string',
          description: 'A statement (`CREATE FLOW`), a clause (`SOURCE`, `CREATE FLOW SOURCE`) or a WITH key.',
          minLength: 1,
          maxLength: 200,
        },
      },
      required: ['topic'],
      additionalProperties: false,
    },
    readOnly: true,
    usesService: false,
  },
  {
    name: 'list_statements',
    title: 'List Service SQL statements',
    description:
      'The index of every statement kind the dialect has (e.g. `CREATE FLOW — Create a flow …`), one per line with a one-line summary. ' +
      "Use it to find which statement does what; then explain gives one statement's full reference.",
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    readOnly: true,
    usesService: false,
  },
  {
    name: 'find_definitions',
    title: 'Find where a Service SQL object is defined',
    description:
      "Where an object (a cluster, lake, flow, source, …) named `name` is created and where it is referred to in the workspace's .svcsql files: " +
      'file, 1-based line and column, kind and the statement. Use it before creating an object (it may exist already) or changing one. ' +
      'Names compare case-insensitively; backticks are not part of a name. `kind` narrows the search to one kind.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'The object name, e.g. `orders_flow`.', minLength: 1, maxLength: 256 },
        kind: {
          type: 'string',
          description: 'Only objects of this kind.',
          enum: ['lake', 'database', 'cluster', 'source', 'catalog', 'transformation', 'flow', 'job', 'jar', 'table-service'],
        },
      },
      required: ['name'],
      additionalProperties: false,
    },
    readOnly: true,
    usesService: false,
  },
  {
    name: 'list_objects',
    title: 'List objects on the service',
    description:
      'What exists on the service for the active profile: the names of every object of one kind (runs the SHOW statement, e.g. SHOW CLUSTERS, ' +
      'read-only). Use it to find existing clusters, lakes, sources … before referring to them in a statement. Needs a configured connection.',
    inputSchema: {
      type: 'object',
      properties: { kind: { type: 'string', description: 'The kind of object to list.', enum: LISTABLE_KINDS } },
      required: ['kind'],
      additionalProperties: false,
    },
    readOnly: true,
    usesService: true,
  },
  {
    name: 'describe_object',
    title: 'Describe an object on the service',
    description:
      "The service's description of one object (runs DESCRIBE, e.g. DESCRIBE CLUSTER etl, read-only): its settings as JSON. " +
      'Use it to read how an existing object is configured. Needs a configured connection.',
    inputSchema: {
      type: 'object',
      properties: {
        kind: { type: 'string', description: 'The kind of object.', enum: DESCRIBABLE_KINDS },
        name: { type: 'string', description: 'The object name (list_objects gives them).', minLength: 1, maxLength: 256 },
      },
      required: ['kind', 'name'],
      additionalProperties: false,
    },
    readOnly: true,
    usesService: true,
  },
  {
    name: 'run_statement',
    title: 'Run a Service SQL statement',
    description:
      "Submit ONE statement to the service for the active profile and wait (bounded) for its outcome: state, request id, the service's status " +
      "and response. This CHANGES the user's data platform (CREATE, ALTER, DELETE …): run only what the user asked for, lint it first " +
      '(statements with lint errors are refused). The user confirms each run in VS Code; `svcsql mcp` runs only when started with --allow-run. ' +
      'A statement still pending when the wait ends returns its request id: ask request_status later.',
    inputSchema: {
      type: 'object',
      properties: { text: text('Exactly one Service SQL statement.') },
      required: ['text'],
      additionalProperties: false,
    },
    readOnly: false,
    usesService: true,
  },
  {
    name: 'request_status',
    title: 'Status of a service request',
    description:
      'The current status of a request the service accepted (a request id from run_statement, the Requests view or `svcsql run`): ' +
      "pending, success, failed … with the service's response. Read-only.",
    inputSchema: {
      type: 'object',
      properties: { requestId: { type: 'string', description: 'The request id.', minLength: 1, maxLength: 200 } },
      required: ['requestId'],
      additionalProperties: false,
    },
    readOnly: true,
    usesService: true,
  },
];

export function toolSpec(name: string): ToolSpec | undefined {
  return TOOL_SPECS.find((t) => t.name === name);
}

/** The name a tool has in VS Code, where names are shared by every extension. */
export function vscodeToolName(name: string): string {
  return `svcsql_${name}`;
}
