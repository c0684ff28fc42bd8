/**
 * A minimal zip writer (zone downloads; test fixtures: zipped shapefiles, KMZ, zip bombs): deflated
 * entries, UTF-8 names, no zip64, fixed timestamps (the same files give the same bytes). Node built-ins only.
 */
import { crc32, createDeflateRaw, deflateRaw } from 'node:zlib';
import { promisify } from 'node:util';

/** An entry compressed ahead of time; `size` is what the headers claim, which a bomb may lie about. */
export interface DeflatedEntry {
  deflated: Buffer;
  crc32: number;
  size: number;
}

const deflate = promisify(deflateRaw);

export async function zipFiles(entries: Record<string, Buffer | DeflatedEntry>): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const entry = Buffer.isBuffer(content)
      ? { deflated: await deflate(content), crc32: crc32(content), size: content.length }
      : content;
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeCommonFields(local, 4, entry, nameBytes.length);
    locals.push(local, nameBytes, entry.deflated);

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    writeCommonFields(header, 6, entry, nameBytes.length);
    header.writeUInt32LE(offset, 42);
    central.push(header, nameBytes);
    offset += local.length + nameBytes.length + entry.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Version needed, flags (UTF-8 names), method (deflate), time, crc and sizes: the same in both headers. */
function writeCommonFields(target: Buffer, at: number, entry: DeflatedEntry, nameLength: number): void {
  target.writeUInt16LE(20, at);
  target.writeUInt16LE(0x0800, at + 2);
  target.writeUInt16LE(8, at + 4);
  target.writeUInt16LE(0, at + 6);
  target.writeUInt16LE(0x21, at + 8);
  target.writeUInt32LE(entry.crc32 >>> 0, at + 10);
  target.writeUInt32LE(entry.deflated.length, at + 14);
  target.writeUInt32LE(entry.size, at + 18);
  target.writeUInt16LE(nameLength, at + 22);
}

/**
 * `chunk` repeated `times` times, deflated as a stream, so a fixture can claim hundreds of megabytes
 * of content without the test ever holding them.
 */
export async function deflateRepeated(chunk: Buffer, times: number, prefix = Buffer.alloc(0)): Promise<DeflatedEntry> {
  const deflater = createDeflateRaw({ level: 9 });
  const output: Buffer[] = [];
  deflater.on('data', (data: Buffer) => output.push(data));
  const finished = new Promise<void>((resolve, reject) => deflater.on('end', resolve).on('error', reject));
  let checksum = crc32(prefix);
  deflater.write(prefix);
  for (let i = 0; i < times; i++) {
    checksum = crc32(chunk, checksum);
    if (!deflater.write(chunk)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await finished;
  return { deflated: Buffer.concat(output), crc32: checksum, size: prefix.length + chunk.length * times };
}
