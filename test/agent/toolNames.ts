// The nine agent tools, in the order an MCP client lists them: what both surfaces must offer (the
// MCP server's test and the VS Code language model tools' end-to-end test check against this list,
// written here once and not read from agent/src/toolSpecs.ts, so that a tool dropped there fails).
export const TOOL_NAMES: readonly string[] = [
  'lint',
  'format',
  'explain',
  'list_statements',
  'find_definitions',
  'list_objects',
  'describe_object',
  'run_statement',
  'request_status',
];
