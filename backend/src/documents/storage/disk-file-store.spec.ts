import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { DiskFileStore } from './disk-file-store.js';
import { FileNotFoundError, FileTooLargeError, InvalidFileHashError } from './file-store.js';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'docent-file-store-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function sha256(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** The content as a stream of chunks of at most `chunkSize` bytes. */
function streamOf(content: Buffer, chunkSize = 16 * 1024): Readable {
  const chunks: Buffer[] = [];
  for (let start = 0; start < content.length; start += chunkSize)
    chunks.push(content.subarray(start, start + chunkSize));
  return Readable.from(chunks);
}

/** Every file under the store's root, temporary ones included, relative to it. */
async function filesInStore(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

describe('DiskFileStore', () => {
  it('gives back a stored buffer byte for byte', async () => {
    const store = new DiskFileStore(root);
    const content = randomBytes(100_000);

    const stored = await store.put(content);

    expect(stored).toEqual({ sha256: sha256(content), size: content.length });
    expect(await buffer(store.get(stored.sha256))).toEqual(content);
    expect(await store.has(stored.sha256)).toBe(true);
    expect(await store.size(stored.sha256)).toBe(content.length);
  });

  it('gives back a stored stream byte for byte', async () => {
    const store = new DiskFileStore(root);
    const content = randomBytes(300_000);

    const stored = await store.put(streamOf(content));

    expect(stored).toEqual({ sha256: sha256(content), size: content.length });
    expect(await buffer(store.get(stored.sha256))).toEqual(content);
  });

  it('names the file by the sha256 of its content, under two levels of folders', async () => {
    const store = new DiskFileStore(root);
    const content = Buffer.from('hello, docent');
    const expected = sha256(content);

    const stored = await store.put(content);

    expect(stored.sha256).toBe(expected);
    expect(await filesInStore()).toEqual([join(expected.slice(0, 2), expected.slice(2, 4), expected)]);
  });

  it('keeps one copy of content stored twice', async () => {
    const store = new DiskFileStore(root);
    const content = randomBytes(50_000);

    const first = await store.put(content);
    const second = await store.put(streamOf(content));

    expect(second).toEqual(first);
    expect(await filesInStore()).toHaveLength(1);
  });

  it('stores the same content put concurrently once, intact', async () => {
    const store = new DiskFileStore(root);
    const content = randomBytes(500_000);

    const results = await Promise.all(Array.from({ length: 8 }, () => store.put(streamOf(content, 4096))));

    expect(new Set(results.map((result) => result.sha256))).toEqual(new Set([sha256(content)]));
    expect(await filesInStore()).toHaveLength(1);
    expect(await buffer(store.get(sha256(content)))).toEqual(content);
  });

  it('leaves nothing behind when the stream fails midway', async () => {
    const store = new DiskFileStore(root);
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(64 * 1024);
        throw new Error('connection reset');
      })(),
    );

    await expect(store.put(failing)).rejects.toThrow('connection reset');
    expect(await filesInStore()).toEqual([]);
  });

  it('leaves nothing behind when the stream is aborted midway', async () => {
    const store = new DiskFileStore(root);
    const upload = new PassThrough();
    upload.write(randomBytes(64 * 1024));
    setImmediate(() => upload.destroy());

    await expect(store.put(upload)).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
    expect(await filesInStore()).toEqual([]);
  });

  it('refuses content over maxBytes, stops reading it and leaves nothing behind', async () => {
    const store = new DiskFileStore(root, { maxBytes: 10_000 });
    const upload = streamOf(randomBytes(50_000), 1000);

    await expect(store.put(upload)).rejects.toThrow(FileTooLargeError);
    expect(upload.destroyed).toBe(true);
    await expect(store.put(randomBytes(10_001))).rejects.toThrow('larger than the limit of 10000 bytes');
    expect(await filesInStore()).toEqual([]);
  });

  it('accepts content of exactly maxBytes', async () => {
    const store = new DiskFileStore(root, { maxBytes: 10_000 });

    const stored = await store.put(randomBytes(10_000));

    expect(stored.size).toBe(10_000);
  });

  it.each([
    ['a path traversal', '../../../etc/passwd'],
    ['an absolute path', '/etc/passwd'],
    ['uppercase hexadecimal', 'A'.repeat(64)],
    ['63 characters', 'a'.repeat(63)],
    ['65 characters', 'a'.repeat(65)],
    ['a hash with a folder in it', `${'a'.repeat(31)}/${'a'.repeat(32)}`],
    ['an empty string', ''],
  ])('refuses %s as a hash', async (_, hash) => {
    const store = new DiskFileStore(root);

    expect(() => store.get(hash)).toThrow(InvalidFileHashError);
    await expect(store.has(hash)).rejects.toThrow(InvalidFileHashError);
    await expect(store.size(hash)).rejects.toThrow(InvalidFileHashError);
    await expect(store.delete(hash)).rejects.toThrow(InvalidFileHashError);
  });

  it('reports content it does not hold as not found', async () => {
    const store = new DiskFileStore(root);
    const missing = sha256(Buffer.from('never stored'));

    expect(() => store.get(missing)).toThrow(FileNotFoundError);
    expect(() => store.get(missing)).toThrow(`No stored file has sha256 ${missing}`);
    expect(await store.has(missing)).toBe(false);
    await expect(store.size(missing)).rejects.toThrow(FileNotFoundError);
  });

  it('deletes content, and deleting it again is no error', async () => {
    const store = new DiskFileStore(root);
    const { sha256: stored } = await store.put(Buffer.from('to be deleted'));

    await store.delete(stored);
    await store.delete(stored);

    expect(await store.has(stored)).toBe(false);
    expect(() => store.get(stored)).toThrow(FileNotFoundError);
    expect(await filesInStore()).toEqual([]);
  });

  it('finishes a read that started before the content was deleted', async () => {
    const store = new DiskFileStore(root);
    const content = randomBytes(200_000);
    const { sha256: stored } = await store.put(content);

    const reading = store.get(stored);
    await store.delete(stored);

    expect(await buffer(reading)).toEqual(content);
  });

  it('stages content without storing it until commit, and discards it without a trace', async () => {
    const store = new DiskFileStore(root);
    const content = Buffer.from('staged content');

    const kept = await store.stage(content);
    expect(Buffer.from(await kept.read()).equals(content)).toBe(true);
    expect(await store.has(kept.sha256)).toBe(false);
    await kept.commit();
    expect(await store.has(kept.sha256)).toBe(true);
    await expect(kept.commit()).rejects.toThrow('A staged file can be committed or discarded once');

    const dropped = await store.stage(Buffer.from('dropped content'));
    await dropped.discard();
    expect(await store.has(dropped.sha256)).toBe(false);
    expect((await readdir(root)).filter((name) => name.startsWith('.incoming-'))).toEqual([]);
  });

  it('removes uploads a crash cut off, but not one still arriving', async () => {
    const store = new DiskFileStore(root);
    const arriving = new PassThrough();
    const staging = store.stage(arriving);
    arriving.write('half of an upload');
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(await store.removeAbandonedUploads(new Date(Date.now() - 60_000))).toBe(0);
    expect(await store.removeAbandonedUploads(new Date(Date.now() + 60_000))).toBe(1);
    arriving.end();
    await staging.then((staged) => staged.discard());
  });
});
