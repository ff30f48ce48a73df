// `svcsql mcp`: the MCP SDK, the agent tools and the language core they use. A bundle of its own
// (out/cli/mcp.js), loaded only by that command.
export { mcpCommand } from '../mcp';
