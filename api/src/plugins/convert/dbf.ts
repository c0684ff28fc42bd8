import { closeSync, openSync, readSync } from 'node:fs';
import iconv from 'iconv-lite';
import { unprocessable } from './failure';
import type { Properties, PropertyValue } from './sink';

/**
 * The text encoding of a shapefile's .dbf: what its .cpg says (names like 'UTF-8', '1252',
 * 'ANSI 1252', 'ISO-8859-1', '437'), else Latin-1. Latin-1 is read as Windows-1252, its superset
 * (they differ only in 0x80–0x9F, control codes in Latin-1, letters and '€' in what Windows writes).
 */
export function dbfEncoding(cpg: string | undefined): string {
  const DEFAULT = 'win1252';
  const code = (cpg ?? '')
    .trim()
    .toUpperCase()
    .replace(/^ANSI\s*/, '')
    .replace(/[\s_-]/g, '');
  if (!code) return DEFAULT;
  if (code === 'UTF8' || code === '65001') return 'utf8';
  if (code === 'ISO88591' || code === '88591' || code === 'LATIN1') return 'latin1';
  const isoPart = /^(?:ISO)?8859(\d{1,2})$/.exec(code)?.[1];
  const candidate = /^\d+$/.test(code) ? `cp${code}` : isoPart ? `iso-8859-${isoPart}` : code.toLowerCase();
  return iconv.encodingExists(candidate) ? candidate : DEFAULT;
}

interface DbfField {
  name: string;
  type: string;
  offset: number;
  length: number;
}

const CHUNK_BYTES = 1 << 20;
const damaged = () =>
  unprocessable('The .dbf file of this shapefile is damaged. Export the shapefile again and upload all its files.');

/**
 * Reads a dBASE table record by record from a file, in 1 MB chunks: text decoded with `encoding`,
 * numbers as numbers, dates as 'YYYY-MM-DD', logicals as booleans, blanks as null. Memo fields (in a
 * .dbt file that is never uploaded) come back as null.
 */
export class DbfReader {
  readonly fields: DbfField[];
  private readonly fd: number;
  private readonly recordLength: number;
  private remaining: number;
  private chunk = Buffer.alloc(0);
  private position = 0;
  private fileOffset: number;

  constructor(
    path: string,
    private readonly encoding: string,
  ) {
    this.fd = openSync(path, 'r');
    try {
      const head = this.readAt(0, 32);
      if (head.length < 32) throw damaged();
      const headerLength = head.readUInt16LE(8);
      this.recordLength = head.readUInt16LE(10);
      this.remaining = head.readUInt32LE(4);
      const header = this.readAt(0, headerLength);
      if (headerLength < 33 || header.length < headerLength) throw damaged();
      this.fields = this.readFields(header);
      this.fileOffset = headerLength;
    } catch (error) {
      closeSync(this.fd);
      throw error;
    }
  }

  /** The next record's attributes, or null past the last one. */
  next(): Properties | null {
    if (this.remaining <= 0) return null;
    const record = this.take(this.recordLength);
    if (!record || record[0] === 0x1a) {
      this.remaining = 0;
      return null;
    }
    this.remaining -= 1;
    const properties: Properties = {};
    for (const field of this.fields) properties[field.name] = this.value(record, field);
    return properties;
  }

  close(): void {
    closeSync(this.fd);
  }

  private readFields(header: Buffer): DbfField[] {
    const fields: DbfField[] = [];
    let offset = 1;
    for (let at = 32; at + 32 <= header.length && header[at] !== 0x0d; at += 32) {
      const nameEnd = header.indexOf(0, at);
      const name = this.text(header, at, nameEnd === -1 || nameEnd > at + 11 ? at + 11 : nameEnd);
      const field = { name, type: String.fromCharCode(header[at + 11] ?? 0x43), offset, length: header[at + 16] ?? 0 };
      fields.push(field);
      offset += field.length;
    }
    if (offset > this.recordLength) throw damaged();
    return fields;
  }

  private value(record: Buffer, { type, offset, length }: DbfField): PropertyValue {
    const end = offset + length;
    switch (type) {
      case 'N':
      case 'F': {
        const text = record.toString('latin1', offset, end).trim();
        const number = text === '' ? NaN : Number(text);
        return Number.isFinite(number) ? number : null;
      }
      case 'D': {
        const text = record.toString('latin1', offset, end);
        return /^\d{8}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}` : null;
      }
      case 'L': {
        const flag = String.fromCharCode(record[offset] ?? 0x3f).toUpperCase();
        return 'TY'.includes(flag) ? true : 'FN'.includes(flag) ? false : null;
      }
      case 'I':
      case '+':
        return length === 4 ? record.readInt32LE(offset) : null;
      case 'O':
        return length === 8 ? record.readDoubleLE(offset) : null;
      case 'M':
      case 'G':
      case 'P':
        return null;
      default:
        return this.text(record, offset, end) || null;
    }
  }

  /** Text without the padding (trailing spaces or NULs) dBASE stores it with. */
  private text(buffer: Buffer, start: number, end: number): string {
    const raw =
      this.encoding === 'utf8' || this.encoding === 'latin1'
        ? buffer.toString(this.encoding, start, end)
        : iconv.decode(buffer.subarray(start, end), this.encoding);
    return raw.replace(/[\s\0]+$/, '').trimStart();
  }

  /** The next `length` bytes of the records, reading ahead a chunk at a time; null at the end of the file. */
  private take(length: number): Buffer | null {
    if (this.chunk.length - this.position < length) {
      const rest = this.chunk.subarray(this.position);
      const more = this.readAt(this.fileOffset, Math.max(CHUNK_BYTES, length));
      this.fileOffset += more.length;
      this.chunk = Buffer.concat([rest, more]);
      this.position = 0;
      if (this.chunk.length < length) return null;
    }
    const record = this.chunk.subarray(this.position, this.position + length);
    this.position += length;
    return record;
  }

  private readAt(offset: number, length: number): Buffer {
    const buffer = Buffer.alloc(length);
    const read = readSync(this.fd, buffer, 0, length, offset);
    return buffer.subarray(0, read);
  }
}
