import { Controller, Delete, Get, Post, Req, Res, type OnApplicationBootstrap } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import { Public } from '../../auth/access.decorators.js';
import { AUTHENTICATION_REQUIRED } from '../../auth/access.guard.js';
import { AuthenticationService } from '../../auth/authentication.service.js';
import type { Principal } from '../../auth/principal.js';
import { MCP_PATH } from './mcp-path.js';
import { McpServerProbe } from './mcp-server.probe.js';
import { McpServers } from './mcp-servers.js';

const REALM = 'Docent MCP';

/**
 * The MCP endpoint (Streamable HTTP, stateless: every POST carries one JSON-RPC message and
 * is answered in JSON). It authenticates the bearer credential itself rather than through
 * the access guard, to answer a refusal as the MCP authorization spec asks: 401 with
 * `WWW-Authenticate: Bearer`. This server is no OAuth authorization server, so it names no
 * resource metadata; clients send an API key or an access token. No cookie session is
 * read here, so neither CSRF nor a rebinding origin can act for anyone: there is no Origin
 * check. JSON-RPC over one path is no REST resource: it stays out of the OpenAPI document.
 */
@ApiExcludeController()
@Controller(MCP_PATH.slice(1))
export class McpController implements OnApplicationBootstrap {
  constructor(
    private readonly authentication: AuthenticationService,
    private readonly servers: McpServers,
    private readonly probe: McpServerProbe,
  ) {}

  onApplicationBootstrap(): void {
    this.probe.markMounted();
  }

  @Post()
  @Public()
  async handle(@Req() request: Request, @Res() response: Response): Promise<void> {
    const principal = await this.authenticate(request, response);
    if (!principal) return;
    const server = this.servers.create(principal);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, request.body);
  }

  /** Stateless: no stream for server-initiated messages. */
  @Get()
  @Public()
  stream(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.refuseMethod(request, response);
  }

  /** Stateless: no session to end. */
  @Delete()
  @Public()
  endSession(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.refuseMethod(request, response);
  }

  private async refuseMethod(request: Request, response: Response): Promise<void> {
    if (!(await this.authenticate(request, response))) return;
    response
      .status(405)
      .set('Allow', 'POST')
      .json({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; POST each message' },
        id: null,
      });
  }

  private async authenticate(request: Request, response: Response): Promise<Principal | null> {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const principal = bearer ? await this.authentication.authenticate(bearer) : null;
    if (principal) return principal;
    const challenge = bearer
      ? `Bearer realm="${REALM}", error="invalid_token", error_description="The API key or access token is not valid"`
      : `Bearer realm="${REALM}"`;
    response.status(401).set('WWW-Authenticate', challenge).json({ success: false, error: AUTHENTICATION_REQUIRED });
    return null;
  }
}
