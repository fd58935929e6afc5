import { Injectable } from '@nestjs/common';
import { documentAccessSql } from '../document-access.js';
import type { DocumentScope, ReadableDocuments } from '../readable-documents.port.js';

/**
 * The searchable documents as a subquery of the documents table. Postgres pulls a plain
 * subquery like this up into the statement that joins it, so the plan is the one a direct
 * join would have. Lists travel as JSON, so no tag can break out of an array literal.
 */
@Injectable()
export class ReadableDocumentsRelation implements ReadableDocuments {
  relation(scope: DocumentScope, bind: (value: unknown) => string): string {
    const listOf = (values: string[]) =>
      `array(select jsonb_array_elements_text(${bind(JSON.stringify(values))}::jsonb))`;
    const conditions = [`d.status = 'processed'`, documentAccessSql(scope.reader, 'read', { alias: 'd', bind })];
    if (scope.fileTypes) conditions.push(`d.type = any(${listOf(scope.fileTypes)})`);
    if (scope.tags) conditions.push(`d.tags ?| ${listOf(scope.tags)}`);
    return `(select d.id, d.name, d.type from documents d where ${conditions.join(' and ')})`;
  }
}
