import { Module } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DiskFileStore } from './disk-file-store.js';
import { FILE_STORE } from './file-store.js';

/** The largest original an upload may store: 50 MB per file. */
export const MAX_ORIGINAL_BYTES = 50 * 1024 ** 2;

/** Provides FILE_STORE: uploaded originals on disk under DATA_DIR/files. */
@Module({
  providers: [
    {
      provide: FILE_STORE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new DiskFileStore(join(config.dataDir, 'files'), { maxBytes: MAX_ORIGINAL_BYTES }),
    },
  ],
  exports: [FILE_STORE],
})
export class FileStoreModule {}
