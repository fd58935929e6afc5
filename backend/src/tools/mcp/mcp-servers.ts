import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type GetPromptResult,
  type Resource,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { buildGroundedMessages } from '@docent/plugin-sdk';
import { hasPermission } from '@docent/common/permissions';
import { DEFAULT_SEARCH_TYPE } from '@docent/common/search';
import type { ToolView } from '@docent/common/tools';
import type { Principal } from '../../auth/principal.js';
import { DomainError } from '../../common/domain-error.js';
import { ListDocumentsQuery } from '../../documents/queries/list-documents.query.js';
import { PreviewDocumentQuery } from '../../documents/queries/preview-document.query.js';
import { SearchDocumentsQuery } from '../../search/queries/search-documents.query.js';
import { VERSION } from '../../status/status.service.js';
import { ExecuteToolCommand } from '../commands/execute-tool.command.js';
import { ListToolsQuery } from '../queries/list-tools.query.js';

export const DOCUMENT_URI_TEMPLATE = 'docent://documents/{id}';
const DOCUMENT_URI = /^docent:\/\/documents\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const documentUri = (id: string) => `docent://documents/${id}`;

export const GROUNDED_ANSWER_PROMPT = 'grounded-answer';
/** Passages the grounded-answer prompt gives the model, as many as chat does by default. */
const PROMPT_PASSAGES = 5;
const DOCUMENTS_PER_PAGE = 100;
/** The largest page of extracted text read at once; a longer text is read in several. */
const TEXT_PAGE_CHARACTERS = 200_000;

/** Tool results as MCP structured content: the tool's result (its output schema) and its list, if any. */
function structuredOutputSchema(tool: ToolView): Tool['outputSchema'] {
  if (!tool.outputSchema) return undefined;
  return {
    type: 'object',
    properties: {
      result: tool.outputSchema,
      results: {
        type: 'array',
        items: {
          type: 'object',
          properties: { title: { type: 'string' }, error: { type: 'string' } },
          required: ['title'],
        },
      },
    },
    required: ['result'],
  };
}

function toMcpTool(tool: ToolView): Tool {
  const outputSchema = structuredOutputSchema(tool);
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    ...(outputSchema && { outputSchema }),
    annotations: {
      readOnlyHint: tool.annotations.readOnly,
      destructiveHint: tool.annotations.destructive,
      idempotentHint: tool.annotations.idempotent,
    },
  };
}

/**
 * One MCP server per request (stateless Streamable HTTP), acting for the caller the
 * bearer credential names: the ready tools they may execute, run through the same
 * command as POST /api/tools/execute; the documents they may read as resources; and
 * the grounded-answer prompt over passages they may read.
 */
@Injectable()
export class McpServers {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  create(principal: Principal): Server {
    const server = new Server(
      { name: 'docent', title: 'Docent', version: VERSION },
      {
        capabilities: { tools: {}, resources: {}, prompts: {} },
        instructions:
          "Docent's tools, the caller's documents as resources (docent://documents/{id}, their extracted text), and a prompt answering a question from those documents with citations.",
      },
    );

    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: (await this.executableTools(principal)).map(toMcpTool),
    }));
    server.setRequestHandler(CallToolRequestSchema, async ({ params }, extra) => {
      const offered = await this.executableTools(principal);
      if (!offered.some((tool) => tool.name === params.name)) {
        throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
      }
      return this.callTool(params.name, params.arguments ?? {}, principal, extra.signal);
    });

    server.setRequestHandler(ListResourcesRequestSchema, async ({ params }) =>
      this.listDocuments(principal, params?.cursor),
    );
    server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
      resourceTemplates: hasPermission(principal, 'documents:read')
        ? [
            {
              uriTemplate: DOCUMENT_URI_TEMPLATE,
              name: 'document',
              title: 'A document you may read',
              description: 'The text extracted from the document',
              mimeType: 'text/plain',
            },
          ]
        : [],
    }));
    server.setRequestHandler(ReadResourceRequestSchema, async ({ params }) => {
      const id = DOCUMENT_URI.exec(params.uri)?.[1];
      if (!id || !hasPermission(principal, 'documents:read')) {
        throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${params.uri}`);
      }
      const text = await asMcpError(this.documentText(id, principal));
      return { contents: [{ uri: params.uri, mimeType: 'text/plain', text }] };
    });

    server.setRequestHandler(ListPromptsRequestSchema, async () => ({
      prompts: hasPermission(principal, 'search:basic')
        ? [
            {
              name: GROUNDED_ANSWER_PROMPT,
              title: 'Answer from my documents',
              description:
                'Finds the passages of your documents that best match the question and asks for an answer from them alone, citing each source as [n]',
              arguments: [{ name: 'question', description: 'What to answer', required: true }],
            },
          ]
        : [],
    }));
    server.setRequestHandler(GetPromptRequestSchema, async ({ params }) => {
      if (params.name !== GROUNDED_ANSWER_PROMPT || !hasPermission(principal, 'search:basic')) {
        throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${params.name}`);
      }
      const question = params.arguments?.question?.trim();
      if (!question) throw new McpError(ErrorCode.InvalidParams, 'question is required');
      return asMcpError(this.groundedAnswerPrompt(question, principal));
    });
    return server;
  }

  /** Exactly what the caller may run now: nothing without tools:execute, never a tool that is not ready. */
  private async executableTools(principal: Principal): Promise<ToolView[]> {
    if (!hasPermission(principal, 'tools:execute')) return [];
    const tools = await this.queries.execute(new ListToolsQuery());
    return tools.filter((tool) => tool.status === 'ready');
  }

  /** A tool's failure is the tool's answer (isError), for the model to read, as MCP asks. */
  private async callTool(
    name: string,
    parameters: Record<string, unknown>,
    principal: Principal,
    signal: AbortSignal,
  ): Promise<CallToolResult> {
    try {
      const { result, results, metadata } = await this.commands.execute(
        new ExecuteToolCommand(name, parameters, principal, signal),
      );
      const structuredContent = { result, ...(results && { results }) };
      return {
        content: [{ type: 'text', text: JSON.stringify(structuredContent, null, 2) }],
        structuredContent,
        _meta: { latency_ms: metadata.latency_ms },
      };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { content: [{ type: 'text', text: error.message }], isError: true };
    }
  }

  private async listDocuments(
    principal: Principal,
    cursor: string | undefined,
  ): Promise<{ resources: Resource[]; nextCursor?: string }> {
    if (!hasPermission(principal, 'documents:read')) return { resources: [] };
    const page = cursor === undefined ? 1 : Number(cursor);
    if (!Number.isInteger(page) || page < 1) throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor');
    const { documents, total } = await this.queries.execute(
      new ListDocumentsQuery(
        { status: ['processed'], page, pageSize: DOCUMENTS_PER_PAGE, sort: 'name', order: 'asc' },
        principal,
      ),
    );
    return {
      resources: documents.map((document) => ({
        uri: documentUri(document.id),
        name: document.name,
        description: `${document.type} document, ${document.size}, ${document.chunks} chunks`,
        mimeType: 'text/plain',
      })),
      ...(page * DOCUMENTS_PER_PAGE < total && { nextCursor: String(page + 1) }),
    };
  }

  private async documentText(id: string, principal: Principal): Promise<string> {
    let text = '';
    for (let page = 1, pageCount = 1; page <= pageCount; page++) {
      const preview = await this.queries.execute(new PreviewDocumentQuery(id, page, TEXT_PAGE_CHARACTERS, principal));
      text += preview.text;
      pageCount = preview.pageCount;
    }
    return text;
  }

  /** MCP prompts have no system role: the instructions and sources come first, as the user's. */
  private async groundedAnswerPrompt(question: string, principal: Principal): Promise<GetPromptResult> {
    const { results } = await this.queries.execute(
      new SearchDocumentsQuery(
        question,
        { type: DEFAULT_SEARCH_TYPE, group: 'passage', limit: PROMPT_PASSAGES },
        principal,
      ),
    );
    const messages = buildGroundedMessages({
      question,
      passages: results.map((hit, index) => ({ number: index + 1, title: hit.documentName, text: hit.text })),
    });
    return {
      description: `An answer to "${question}" from ${results.length} passages of your documents`,
      messages: messages.map((message) => ({
        role: message.role === 'assistant' ? 'assistant' : 'user',
        content: { type: 'text', text: message.content },
      })),
    };
  }
}

/** A refusal (not found, no text yet) as a JSON-RPC error with its message. */
async function asMcpError<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof DomainError) throw new McpError(ErrorCode.InvalidParams, error.message);
    throw error;
  }
}
