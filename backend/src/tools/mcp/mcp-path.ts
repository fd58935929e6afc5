/** Where MCP clients connect: Streamable HTTP, one JSON-RPC message per POST. */
export const MCP_PATH = '/mcp';
