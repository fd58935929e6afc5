import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { APP_CONFIG } from '../../config/app-config.js';
import { FILE_STORE, type FileStore } from './file-store.js';
import { FileStoreModule } from './file-store.module.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'docent-file-store-module-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('FileStoreModule', () => {
  it('stores originals under DATA_DIR/files', async () => {
    /** Stands in for the global configuration module of the app. */
    @Global()
    @Module({ providers: [{ provide: APP_CONFIG, useValue: { dataDir } }], exports: [APP_CONFIG] })
    class FixtureConfigModule {}
    const moduleRef = await Test.createTestingModule({ imports: [FixtureConfigModule, FileStoreModule] }).compile();

    const { sha256 } = await moduleRef.get<FileStore>(FILE_STORE).put(randomBytes(1000));

    expect((await stat(join(dataDir, 'files', sha256.slice(0, 2), sha256.slice(2, 4), sha256))).size).toBe(1000);
    await moduleRef.close();
  });
});
