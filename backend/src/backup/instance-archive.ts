/**
 * The instance backup format: a gzipped tar holding `manifest.json` first, then
 * `events.ndjson` (every stored event in position order, verbatim) and each stored
 * original as `originals/<sha256>` (its storage key). The manifest gives each part's
 * size and sha256, so a restore checks everything before applying anything.
 */
export const ARCHIVE_FORMAT = 'docent-instance-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_PATH = 'manifest.json';
export const EVENTS_PATH = 'events.ndjson';
export const ORIGINALS_PREFIX = 'originals/';

export interface ArchivePart {
  path: string;
  size: number;
  sha256: string;
}

export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  eventCount: number;
  lastPosition: number;
  fileCount: number;
  parts: ArchivePart[];
}

/** One line of events.ndjson: an events row as stored, payload at its stored schema version. */
export interface ArchivedEvent {
  position: number;
  streamId: string;
  streamType: string;
  version: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: unknown;
  /** ISO 8601 with the database's microseconds, so the restored timestamp is the same. */
  occurredAt: string;
}

/** The archive cannot be restored: damaged, of another format, or not a backup at all. */
export class InvalidArchiveError extends Error {
  override readonly name = 'InvalidArchiveError';
}

/**
 * Restore only fills an empty instance: nobody registered, nothing uploaded. Merging two
 * logs would give neither state; what a new server records by itself at start-up (its
 * models' health tests) is replaced by the backup's log.
 */
export class InstanceNotEmptyError extends Error {
  override readonly name = 'InstanceNotEmptyError';

  constructor(users: number, documents: number) {
    super(
      `This instance is not empty (${users} users, ${documents} documents): restore into a new DATA_DIR (or an empty database) with the server stopped`,
    );
  }
}

export function isArchiveManifest(value: unknown): value is ArchiveManifest {
  if (typeof value !== 'object' || value === null) return false;
  const manifest = value as Partial<ArchiveManifest>;
  return (
    manifest.format === ARCHIVE_FORMAT &&
    typeof manifest.formatVersion === 'number' &&
    typeof manifest.appVersion === 'string' &&
    typeof manifest.createdAt === 'string' &&
    Number.isInteger(manifest.eventCount) &&
    Number.isInteger(manifest.lastPosition) &&
    Number.isInteger(manifest.fileCount) &&
    Array.isArray(manifest.parts) &&
    manifest.parts.every(
      (part) =>
        typeof part?.path === 'string' && Number.isInteger(part.size) && /^[0-9a-f]{64}$/.test(String(part.sha256)),
    )
  );
}
