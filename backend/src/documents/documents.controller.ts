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
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import {
  documentIdParam,
  documentMetadataSchema,
  listDocumentsSchema,
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  previewSchema,
  uploadFieldsSchema,
  type DocumentPreview,
} from '@docent/common/documents';
import { Authenticated, CurrentPrincipal } from '../auth/access.decorators.js';
import type { Principal } from '../auth/principal.js';
import { DomainError } from '../common/domain-error.js';
import { DeleteDocumentCommand } from './commands/delete-document.command.js';
import { ReprocessDocumentCommand } from './commands/reprocess-document.command.js';
import { UpdateDocumentMetadataCommand } from './commands/update-document-metadata.command.js';
import { UploadDocumentsCommand } from './commands/upload-documents.command.js';
import { DownloadDocumentQuery } from './queries/download-document.query.js';
import { GetDocumentMetadataQuery } from './queries/get-document-metadata.query.js';
import { GetDocumentStatsQuery } from './queries/get-document-stats.query.js';
import { GetDocumentQuery } from './queries/get-document.query.js';
import { ListDocumentsQuery } from './queries/list-documents.query.js';
import { PreviewDocumentQuery } from './queries/preview-document.query.js';
import { FILE_STORE, type FileStore } from './storage/file-store.js';
import { discardAll, readMultipartUpload } from './upload/multipart-upload.js';
import { uploadResponse } from './upload/upload-response.js';

@ApiTags('Documents')
@Controller('api/documents')
export class DocumentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    /** Where the multipart reader stages each file as it arrives, before the upload command decides on it. */
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
    const { parts, fields } = await readMultipartUpload(request, this.files, {
      maxFiles: MAX_FILES_PER_UPLOAD,
      maxFileBytes: MAX_UPLOAD_BYTES,
    });
    const options = uploadFieldsSchema.safeParse(fields);
    if (!options.success) {
      await discardAll(parts);
      throw new DomainError('invalid', options.error.issues[0]!.message);
    }
    const staged = parts.flatMap((part) => ('staged' in part ? [part] : []));
    const outcomes = await this.commands.execute(
      new UploadDocumentsCommand(staged, options.data.accessLevel, principal),
    );
    const { status, body } = uploadResponse(parts, outcomes);
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
    return this.queries.execute(new ListDocumentsQuery(query, principal));
  }

  @Get('stats')
  @Authenticated({ permission: 'documents:read' })
  @ApiOperation({
    summary: 'Counts by status, total size (bytes) and total chunks of the documents the caller may read',
  })
  async stats(@CurrentPrincipal() principal: Principal) {
    return { success: true, stats: await this.queries.execute(new GetDocumentStatsQuery(principal)) };
  }

  @Get(':id')
  @Authenticated({ permission: 'documents:read' })
  @ApiOperation({ summary: 'One document' })
  async get(@Param('id', { schema: documentIdParam }) id: string, @CurrentPrincipal() principal: Principal) {
    return { success: true, document: await this.queries.execute(new GetDocumentQuery(id, principal)) };
  }

  @Delete(':id')
  @Authenticated({ permission: 'documents:delete' })
  @ApiOperation({ summary: 'Delete a document with its chunks; its original goes when no other document shares it' })
  async delete(@Param('id', { schema: documentIdParam }) id: string, @CurrentPrincipal() principal: Principal) {
    await this.commands.execute(new DeleteDocumentCommand(id, principal));
    return { success: true };
  }

  @Post(':id/reprocess')
  @HttpCode(202)
  @Authenticated({ permission: 'documents:reprocess' })
  @ApiOperation({ summary: 'Process a failed document again (409 for any other status)' })
  async reprocess(@Param('id', { schema: documentIdParam }) id: string, @CurrentPrincipal() principal: Principal) {
    return { success: true, document: await this.commands.execute(new ReprocessDocumentCommand(id, principal)) };
  }

  @Get(':id/metadata')
  @Authenticated({ permission: 'documents:read' })
  @ApiOperation({ summary: "The document's own metadata; 404 when none was ever set" })
  async getMetadata(@Param('id', { schema: documentIdParam }) id: string, @CurrentPrincipal() principal: Principal) {
    return { success: true, metadata: await this.queries.execute(new GetDocumentMetadataQuery(id, principal)) };
  }

  @Put(':id/metadata')
  @Authenticated({ permission: 'documents:write' })
  @ApiOperation({ summary: "Replace the document's metadata: category, tags, accessLevel and free fields" })
  async putMetadata(
    @Param('id', { schema: documentIdParam }) id: string,
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
  async download(@Param('id', { schema: documentIdParam }) id: string, @CurrentPrincipal() principal: Principal) {
    const original = await this.queries.execute(new DownloadDocumentQuery(id, principal));
    return new StreamableFile(original.content, {
      type: original.contentType,
      length: original.sizeBytes,
      disposition: attachment(original.name),
    });
  }

  @Get(':id/preview')
  @Authenticated({ permission: 'documents:read' })
  @ApiOperation({ summary: 'The extracted text, a page of characters at a time' })
  preview(
    @Param('id', { schema: documentIdParam }) id: string,
    @Query({ schema: previewSchema }) query: z.output<typeof previewSchema>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<DocumentPreview> {
    return this.queries.execute(new PreviewDocumentQuery(id, query.page, query.pageSize, principal));
  }
}

/** RFC 6266: a plain-ASCII fallback name plus the exact name in UTF-8. */
function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
