export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated: the only methods Office files use. */
  compressionMethod: number;
  compressedSize: number;
  /** As declared: an entry can inflate to more than it says. */
  uncompressedSize: number;
  localHeaderOffset: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT_SIZE = 0xffff;
const ZIP64_MARKER = 0xffffffff;
const ZIP64_EXTRA_FIELD = 0x0001;

/**
 * Lists a ZIP archive's entries from its central directory without inflating anything,
 * so sizes can be checked before the archive is opened. Null when the bytes are not a
 * readable ZIP archive.
 */
export function readZipCentralDirectory(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const endRecord = findEndRecord(view);
  if (endRecord === -1) return null;
  const entryCount = view.getUint16(endRecord + 10, true);
  const directorySize = view.getUint32(endRecord + 12, true);
  const directoryOffset = view.getUint32(endRecord + 16, true);
  if (directoryOffset + directorySize > bytes.byteLength) return null;

  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  // The record's count is 16 bits; walking the headers counts ZIP64 archives too.
  while (offset + 46 <= directoryOffset + directorySize) {
    if (view.getUint32(offset, true) !== CENTRAL_DIRECTORY_HEADER) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const nameStart = offset + 46;
    const extraStart = nameStart + nameLength;
    if (extraStart + extraLength > bytes.byteLength) return null;
    const sizes = {
      uncompressedSize: view.getUint32(offset + 24, true),
      compressedSize: view.getUint32(offset + 20, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
    };
    entries.push({
      name: decoder.decode(bytes.subarray(nameStart, extraStart)),
      compressionMethod: view.getUint16(offset + 10, true),
      ...readZip64Sizes(view, extraStart, extraLength, sizes),
    });
    offset = extraStart + extraLength + commentLength;
  }
  return entries.length >= entryCount ? entries : null;
}

function findEndRecord(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - END_RECORD_SIZE - MAX_COMMENT_SIZE);
  for (let offset = view.byteLength - END_RECORD_SIZE; offset >= lowest; offset--) {
    if (view.getUint32(offset, true) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  return -1;
}

type ZipSizes = Pick<ZipEntry, 'uncompressedSize' | 'compressedSize' | 'localHeaderOffset'>;

/** Sizes and offsets too big for 32 bits are in the ZIP64 extra field, in this order. */
function readZip64Sizes(view: DataView, extraStart: number, extraLength: number, sizes: ZipSizes): ZipSizes {
  const { uncompressedSize, compressedSize, localHeaderOffset } = sizes;
  if (uncompressedSize !== ZIP64_MARKER && compressedSize !== ZIP64_MARKER && localHeaderOffset !== ZIP64_MARKER)
    return sizes;
  let field = extraStart;
  while (field + 4 <= extraStart + extraLength) {
    const id = view.getUint16(field, true);
    const length = view.getUint16(field + 2, true);
    if (id === ZIP64_EXTRA_FIELD) {
      let value = field + 4;
      const next = (): number => {
        // A missing value is treated as unbounded so that the guard refuses it.
        if (value + 8 > field + 4 + length) return Number.POSITIVE_INFINITY;
        const read = Number(view.getBigUint64(value, true));
        value += 8;
        return read;
      };
      return {
        uncompressedSize: uncompressedSize === ZIP64_MARKER ? next() : uncompressedSize,
        compressedSize: compressedSize === ZIP64_MARKER ? next() : compressedSize,
        localHeaderOffset: localHeaderOffset === ZIP64_MARKER ? next() : localHeaderOffset,
      };
    }
    field += 4 + length;
  }
  return { ...sizes, uncompressedSize: Number.POSITIVE_INFINITY };
}
