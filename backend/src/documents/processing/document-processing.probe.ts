import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { StatusComponent, type ComponentStatus, type StatusProbe } from '../../status/status-component.js';
import { parseWorkerCount } from '../parsing/parse-document.js';
import { DocumentEntity } from '../read-model/document.entity.js';
import { DocumentProcessor } from './document-processor.service.js';

export const PROCESSING_STOPPED = 'Document processing is stopped: uploads wait until the server processes them again';

/** The processing queue and its parse workers; a restart lets the workers go and takes up the queue again. */
@StatusComponent('document-processing')
@Injectable()
export class DocumentProcessingProbe implements StatusProbe {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly processor: DocumentProcessor,
  ) {}

  async probe(): Promise<ComponentStatus> {
    const { started, ...queue } = this.processor.queue();
    const failedDocuments = await this.orm.em.fork().count(DocumentEntity, { status: 'failed' });
    const details = { ...queue, parseWorkers: parseWorkerCount(), failedDocuments };
    return started
      ? { status: 'ready', ...details }
      : { status: 'unavailable', message: PROCESSING_STOPPED, ...details };
  }

  restart(): Promise<void> {
    return this.processor.restart();
  }
}
