// Which files the agent tools read: the workspace index's rule (core/src/workspace/svcsqlName.ts),
// for the hosts that check a path themselves (the extension's, the MCP server's).
export { isSvcsqlName } from '../../core/src/workspace/svcsqlName';
