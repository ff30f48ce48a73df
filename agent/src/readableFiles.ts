// What the agent tools' hosts read of a workspace: the index's rules (core/src/workspace/readableFiles.ts),
// for the hosts that check a path or walk a file system themselves (the extension's, the MCP server's).
export { isSvcsqlName, MAX_IGNORE_FILE_BYTES } from '../../core/src/workspace/readableFiles';
