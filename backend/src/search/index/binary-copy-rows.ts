/** The signature, flags and header-extension length that open every binary COPY stream. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const INT8_OID = 20;
const INT4_OID = 23;
const TWO_TO_THE_32 = 2 ** 32;
/** jsonb's binary form is a version byte and the JSON text. */
const JSONB_VERSION = 1;

/**
 * Rows for `COPY ... WITH (FORMAT binary)`: each field as its byte length and its type's
 * binary form (https://www.postgresql.org/docs/current/sql-copy.html, "Binary Format"), so
 * the database decodes no text. On the embedded database, parsing the postings' number
 * arrays from text was most of a chunk COPY's time.
 */
export class BinaryCopyRows {
  private bytes: Buffer;
  /** Over `bytes`: its setters are what the optimiser inlines, unlike Buffer's checked writes. */
  private view: DataView;
  private length = 0;

  constructor(expectedBytes: number) {
    this.bytes = Buffer.allocUnsafe(Math.max(expectedBytes, 1024));
    this.view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    this.append(SIGNATURE);
    this.int32(0); // flags: no OIDs
    this.int32(0); // header extension length
  }

  row(fieldCount: number): this {
    this.int16(fieldCount);
    return this;
  }

  null(): this {
    this.int32(-1);
    return this;
  }

  uuid(value: string): this {
    this.int32(16);
    this.reserve(16);
    this.length += this.bytes.write(value.replaceAll('-', ''), this.length, 'hex');
    return this;
  }

  int2(value: number): this {
    this.int32(2);
    this.int16(value);
    return this;
  }

  int4(value: number): this {
    this.int32(4);
    this.int32(value);
    return this;
  }

  text(value: string): this {
    return this.utf8(value, null);
  }

  jsonb(json: string): this {
    return this.utf8(json, JSONB_VERSION);
  }

  /** pgvector's binary form: the dimension count, a reserved zero, then each value as a float4. */
  vector(values: readonly number[]): this {
    this.int32(4 + 4 * values.length);
    this.reserve(4 + 4 * values.length);
    this.int16(values.length);
    this.int16(0);
    for (const value of values) {
      this.view.setFloat32(this.length, value);
      this.length += 4;
    }
    return this;
  }

  /** A one-dimensional bigint[] of safe integers. */
  int8Array(values: readonly number[]): this {
    this.arrayHeader(values.length, INT8_OID, 8);
    for (const value of values) {
      const high = Math.floor(value / TWO_TO_THE_32);
      this.view.setInt32(this.length, 8);
      this.view.setInt32(this.length + 4, high);
      this.view.setUint32(this.length + 8, value - high * TWO_TO_THE_32);
      this.length += 12;
    }
    return this;
  }

  int4Array(values: readonly number[]): this {
    this.arrayHeader(values.length, INT4_OID, 4);
    for (const value of values) {
      this.view.setInt32(this.length, 4);
      this.view.setInt32(this.length + 4, value);
      this.length += 8;
    }
    return this;
  }

  /** The rows with the end-of-data marker, for a blob. */
  finish(): Uint8Array {
    this.int16(-1);
    return this.bytes.subarray(0, this.length);
  }

  /** An empty array has no dimensions; a filled one has one, numbered from 1. */
  private arrayHeader(count: number, elementType: number, elementBytes: number): void {
    const headerBytes = count === 0 ? 12 : 20;
    this.int32(headerBytes + count * (4 + elementBytes));
    this.reserve(headerBytes + count * (4 + elementBytes));
    this.int32(count === 0 ? 0 : 1);
    this.int32(0); // no nulls
    this.int32(elementType);
    if (count === 0) return;
    this.int32(count);
    this.int32(1);
  }

  private utf8(value: string, prefix: number | null): this {
    const lengthAt = this.length;
    const prefixBytes = prefix === null ? 0 : 1;
    // Three bytes per UTF-16 unit is the most UTF-8 needs, so the text is measured once, by writing it.
    this.reserve(4 + prefixBytes + value.length * 3);
    this.length += 4;
    if (prefix !== null) this.view.setUint8(this.length++, prefix);
    const written = this.bytes.write(value, this.length, 'utf8');
    this.view.setInt32(lengthAt, prefixBytes + written);
    this.length += written;
    return this;
  }

  private int16(value: number): void {
    this.reserve(2);
    this.view.setInt16(this.length, value);
    this.length += 2;
  }

  private int32(value: number): void {
    this.reserve(4);
    this.view.setInt32(this.length, value);
    this.length += 4;
  }

  private append(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + bytes));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
    this.view = new DataView(grown.buffer, grown.byteOffset, grown.byteLength);
  }
}
