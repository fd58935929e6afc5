import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ModelsModule } from '../models/models.module.js';
import { PluginsModule } from '../plugins/plugins.module.js';
import { StatusModule } from '../status/status.module.js';
import { ToolCatalog } from './catalog/tool-catalog.service.js';
import { ToolContexts } from './catalog/tool-context.js';
import { ToolInputValidator } from './catalog/tool-input-validator.js';
import { ExecuteToolHandler } from './commands/execute-tool.handler.js';
import { DemoController } from './demo.controller.js';
import { McpController } from './mcp/mcp.controller.js';
import { McpServerProbe } from './mcp/mcp-server.probe.js';
import { McpServers } from './mcp/mcp-servers.js';
import { ListToolsHandler } from './queries/list-tools.handler.js';
import { ToolsController } from './tools.controller.js';

/**
 * MCP tools (issue 14): the tools the plugins provide, through GET /api/tools/list, POST
 * /api/tools/execute, the /demo calls and the MCP server at /mcp, every run recorded as
 * ToolExecuted. Tools search through the search feature's query and call models through
 * the router; the MCP resources read documents through the documents feature's queries.
 */
@Module({
  imports: [PluginsModule, ModelsModule, StatusModule, AuthModule],
  controllers: [ToolsController, DemoController, McpController],
  providers: [
    ToolCatalog,
    ToolInputValidator,
    ToolContexts,
    ExecuteToolHandler,
    ListToolsHandler,
    McpServers,
    McpServerProbe,
  ],
})
export class ToolsModule {}
