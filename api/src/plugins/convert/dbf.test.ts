import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DbfReader, dbfEncoding } from './dbf';
import { writeShapefile } from '../../files/shapefile-writer';

const dir = mkdtempSync(path.join(tmpdir(), 'paddock-dbf-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function readAll(dbf: Buffer, encoding: string) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.dbf`);
  writeFileSync(file, dbf);
  const reader = new DbfReader(file, encoding);
  try {
    const rows = [];
    for (let row = reader.next(); row; row = reader.next()) rows.push(row);
    return rows;
  } finally {
    reader.close();
  }
}

const point = { type: 'Point' as const, coordinates: [147, -35] };

describe('dbfEncoding', () => {
  it.each([
    [undefined, 'win1252'],
    ['', 'win1252'],
    ['UTF-8', 'utf8'],
    ['utf8\r\n', 'utf8'],
    ['65001', 'utf8'],
    ['ISO-8859-1', 'latin1'],
    ['88591', 'latin1'],
    ['1252', 'cp1252'],
    ['ANSI 1252', 'cp1252'],
    ['ISO 8859-2', 'iso-8859-2'],
    ['437', 'cp437'],
    ['not an encoding', 'win1252'],
  ])('reads the .cpg %p as %s', (cpg, encoding) => {
    expect(dbfEncoding(cpg)).toBe(encoding);
  });
});

describe('DbfReader', () => {
  it('decodes Latin-1 text, and UTF-8 text when told to', () => {
    const names = ['Élan Downs', 'Pâturage', "Müller's Creek", 'Ñandú'];
    const latin1 = writeShapefile(
      names.map((name) => ({ geometry: point, properties: { name } })),
      { encoding: 'latin1' },
    );
    const utf8 = writeShapefile(
      names.map((name) => ({ geometry: point, properties: { name } })),
      { encoding: 'utf8' },
    );
    expect(readAll(latin1.dbf, dbfEncoding(undefined)).map((row) => row.name)).toEqual(names);
    expect(readAll(utf8.dbf, dbfEncoding('UTF-8')).map((row) => row.name)).toEqual(names);
    // The same UTF-8 bytes read as Latin-1 are visibly wrong: the encoding is what makes the difference.
    expect(readAll(utf8.dbf, dbfEncoding(undefined))[0]?.name).toBe('Ã‰lan Downs');
  });

  it('gives numbers as numbers and blanks as null', () => {
    const { dbf } = writeShapefile([
      { geometry: point, properties: { area: 12.75, count: 3, note: 'first' } },
      { geometry: point, properties: { area: null, count: 10, note: null } },
    ]);
    expect(readAll(dbf, 'win1252')).toEqual([
      { area: 12.75, count: 3, note: 'first' },
      { area: null, count: 10, note: null },
    ]);
  });

  it('reads dates, logicals and floats as written by other software, and stops at the end marker', () => {
    // A dBASE III table with D, L, F and C fields, built byte by byte.
    const fields = [
      ['sown', 'D', 8],
      ['irrigated', 'L', 1],
      ['yield', 'F', 8],
      ['crop', 'C', 6],
    ] as const;
    const recordLength = 1 + fields.reduce((sum, [, , length]) => sum + length, 0);
    const headerLength = 32 + 32 * fields.length + 1;
    const records = ['20240315T     2.5Wheat ', '        ?********      '];
    const table = Buffer.alloc(headerLength + recordLength * records.length + 1, 0);
    table.writeUInt8(3, 0);
    table.writeUInt32LE(records.length + 5, 4); // claims more records than there are
    table.writeUInt16LE(headerLength, 8);
    table.writeUInt16LE(recordLength, 10);
    fields.forEach(([name, type, length], i) => {
      table.write(name, 32 + 32 * i, 'latin1');
      table.write(type, 32 + 32 * i + 11, 'latin1');
      table.writeUInt8(length, 32 + 32 * i + 16);
    });
    table.writeUInt8(0x0d, headerLength - 1);
    records.forEach((record, i) => table.write(` ${record}`, headerLength + recordLength * i, 'latin1'));
    table.writeUInt8(0x1a, table.length - 1);

    expect(readAll(table, 'win1252')).toEqual([
      { sown: '2024-03-15', irrigated: true, yield: 2.5, crop: 'Wheat' },
      { sown: null, irrigated: null, yield: null, crop: null },
    ]);
  });
});
