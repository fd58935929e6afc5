/**
 * A term's key in the keyword index: 53 bits from two independent 32-bit FNV-1a style
 * hashes, so it is exact in a JavaScript number and fits PostgreSQL's bigint. In a
 * million-term vocabulary the chance that any two terms share a key is about 1 in 18,000,
 * and the index needs no dictionary table that every writer would have to update.
 */
export function termHash(term: string): number {
  let first = 0x811c9dc5;
  let second = 0x9747b28c;
  for (let index = 0; index < term.length; index++) {
    const code = term.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193);
    second = Math.imul(second ^ code, 0x5bd1e995);
    second ^= second >>> 15;
  }
  return (first >>> 0) * 0x200000 + ((second >>> 0) & 0x1fffff);
}
