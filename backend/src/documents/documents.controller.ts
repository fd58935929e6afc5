import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import {
  DOCUMENT_STATUS_LABELS,
  type DocumentPreview,
  type DocumentStatus,
  type DocumentUserMetadata,
} from '@docent/common/documents';
import { Authenticated, CurrentPrincipal } from '../auth/access.decorators.js';
import { idParam } from '../auth/auth.schemas.js';
import type { Principal } from '../auth/principal.js';
import { DomainError } from '../common/domain-error.js';
import { DeleteDocumentCommand } from './commands/delete-document.command.js';
import { ReprocessDocumentCommand } from './commands/reprocess-document.command.js';
import { UpdateDocumentMetadataCommand } from './commands/update-document-metadata.command.js';
import { documentMetadataSchema, listDocumentsSchema, previewSchema } from './documents.schemas.js';
import { ChunkIndex } from './indexing/chunk-index.js';
import { DocumentViews } from './read-model/document-views.js';
import { FileNotFoundError, FILE_STORE, type FileStore } from './storage/file-store.js';
import { DocumentUploads } from './upload/document-uploads.service.js';

const documentId = idParam('Document id');
const PREVIEW_PAGE_CHARACTERS = 20_000;

@ApiTags('Documents')
@Controller('api/documents')
export class DocumentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly views: DocumentViews,
    private readonly uploads: DocumentUploads,
    private readonly chunkIndex: ChunkIndex,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  @Post('upload')
  @Authenticated({ permission: 'documents:upload' })
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary: "Upload up to 5 files (50 MB each) in the multipart field 'document'; each file gets its own result",
  })
  async upload(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @CurrentPrincipal() principal: Principal,
  ) {
    const { status, body } = await this.uploads.upload(request, principal);
    response.status(status);
    return body;
  }

  @Get()
  @Authenticated({ permission: 'documents:read' })
  @ApiOperation({ summary: 'Documents the caller may read, filtered, sorted and paged' })
  list(
    @Query({ schema: listDocumentsSchema }) query: z.output<typeof listDocumentsSchema>,
    @CurrentPrincipal() principal: Principal,
  ) {
    return this.views.list(query, principal);
  }

  @Get('stats')
  @Authenticated({ permission: 'documents:read' })
  @ApiOperation({
    summary: 'Counts by status, total size (bytes) and total chunks of the documents the caller may read',
  })
  async stats(@CurrentPrincipal() principal: Principal) {
    return { success: true, stats: await this.views.stats(principal) };
  }

  @Get(':id')
  @Authenticated({ permission: 'documents:read' })
  @ApiOperation({ summary: 'One document' })
  async get(@Param('id', { schema: documentId }) id: string, @CurrentPrincipal() principal: Principal) {
    return { success: true, document: await this.views.view(id, principal) };
  }

  @Delete(':id')
  @Authenticated({ permission: 'documents:delete' })
  @ApiOperation({ summary: 'Delete a document with its chunks; its original goes when no other document shares it' })
  async delete(@Param('id', { schema: documentId }) id: string, @CurrentPrincipal() principal: Principal) {
    await this.commands.execute(new DeleteDocumentCommand(id, principal));
    return { success: true };
  }

  @Post(':id/reprocess')
  @HttpCode(202)
  @Authenticated({ permission: 'documents:reprocess' })
  @ApiOperation({ summary: 'Process a failed document again (409 for any other status)' })
  async reprocess(@Param('id', { schema: documentId }) id: string, @CurrentPrincipal() principal: Principal) {
    return { success: true, document: await this.commands.execute(new ReprocessDocumentCommand(id, principal)) };
  }

  @Get(':id/metadata')
  @Authenticated({ permission: 'documents:read' })
  @ApiOperation({ summary: "The document's own metadata; 404 when none was ever set" })
  async getMetadata(@Param('id', { schema: documentId }) id: string, @CurrentPrincipal() principal: Principal) {
    const { userMetadata } = await this.views.find(id, principal);
    if (!userMetadata) throw new DomainError('not-found', 'This document has no metadata');
    return { success: true, metadata: { ...userMetadata, id } satisfies DocumentUserMetadata };
  }

  @Put(':id/metadata')
  @Authenticated({ permission: 'documents:write' })
  @ApiOperation({ summary: "Replace the document's metadata: category, tags, accessLevel and free fields" })
  async putMetadata(
    @Param('id', { schema: documentId }) id: string,
    @Body({ schema: documentMetadataSchema }) metadata: z.output<typeof documentMetadataSchema>,
    @CurrentPrincipal() principal: Principal,
  ) {
    return {
      success: true,
      metadata: await this.commands.execute(new UpdateDocumentMetadataCommand(id, metadata, principal)),
    };
  }

  @Get(':id/download')
  @Authenticated({ permission: 'documents:read' })
  @ApiOperation({ summary: 'The original file, with its content type and name' })
  async download(@Param('id', { schema: documentId }) id: string, @CurrentPrincipal() principal: Principal) {
    const document = await this.views.find(id, principal);
    try {
      return new StreamableFile(this.files.get(document.sha256), {
        type: document.contentType,
        length: document.sizeBytes,
        disposition: attachment(document.name),
      });
    } catch (error) {
      if (error instanceof FileNotFoundError)
        throw new DomainError('not-found', 'The original file is missing from storage');
      throw error;
    }
  }

  @Get(':id/preview')
  @Authenticated({ permission: 'documents:read' })
  @ApiOperation({ summary: 'The extracted text, a page of characters at a time' })
  async preview(
    @Param('id', { schema: documentId }) id: string,
    @Query({ schema: previewSchema }) query: z.output<typeof previewSchema>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<DocumentPreview> {
    const document = await this.views.find(id, principal);
    const text = await this.chunkIndex.extractedText(id);
    if (text === null) {
      const status = DOCUMENT_STATUS_LABELS[document.status as DocumentStatus];
      throw new DomainError('conflict', `No text has been extracted from this document yet: it is ${status}`);
    }
    const pageSize = query.pageSize ?? PREVIEW_PAGE_CHARACTERS;
    const pageCount = Math.max(1, Math.ceil(text.length / pageSize));
    const page = Math.min(query.page ?? 1, pageCount);
    return {
      success: true,
      documentId: id,
      name: document.name,
      text: text.slice((page - 1) * pageSize, page * pageSize),
      page,
      pageCount,
      totalCharacters: text.length,
    };
  }
}

/** RFC 6266: a plain-ASCII fallback name plus the exact name in UTF-8. */
function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
