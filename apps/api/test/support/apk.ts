import zlib from 'node:zlib';

/**
 * APK-shaped files for tests, built byte by byte: an Android binary XML (AXML) manifest as aapt2 writes it (UTF-16
 * string pool, resource map, namespace, `<manifest>` with typed attributes, `<application>`) and a ZIP writer
 * (stored or deflated entries, central directory), so the upload is tested on the same structure a real APK has.
 */

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const s32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32LE(n);
  return b;
};

function chunk(type: number, headerSize: number, body: Buffer): Buffer {
  return Buffer.concat([u16(type), u16(headerSize), u32(8 + body.length), body]);
}

function stringPool(strings: string[]): Buffer {
  const data: Buffer[] = [];
  const offsets: number[] = [];
  let at = 0;
  for (const s of strings) {
    offsets.push(at);
    const bytes = Buffer.concat([u16(s.length), Buffer.from(s, 'utf16le'), u16(0)]);
    data.push(bytes);
    at += bytes.length;
  }
  let strData = Buffer.concat(data);
  if (strData.length % 4) strData = Buffer.concat([strData, Buffer.alloc(4 - (strData.length % 4))]);
  const headerSize = 28;
  const stringsStart = headerSize + 4 * strings.length;
  const body = Buffer.concat([
    u32(strings.length),
    u32(0), // styles
    u32(0), // flags: UTF-16, not sorted
    u32(stringsStart),
    u32(0),
    ...offsets.map(u32),
    strData,
  ]);
  return chunk(0x0001, headerSize, body);
}

const TYPE_STRING = 0x03;
const TYPE_INT_DEC = 0x10;
const NONE = -1;

function attribute(ns: number, name: number, raw: number, type: number, data: number): Buffer {
  return Buffer.concat([s32(ns), s32(name), s32(raw), u16(8), Buffer.from([0, type]), u32(data)]);
}

function startElement(name: number, attrs: Buffer[]): Buffer {
  const body = Buffer.concat([
    u32(1), // line
    s32(NONE), // comment
    s32(NONE), // namespace of the element
    s32(name),
    u16(20), // attribute start
    u16(20), // attribute size
    u16(attrs.length),
    u16(0),
    u16(0),
    u16(0),
    ...attrs,
  ]);
  return chunk(0x0102, 16, body);
}

const endElement = (name: number) => chunk(0x0103, 16, Buffer.concat([u32(1), s32(NONE), s32(NONE), s32(name)]));

export interface ManifestFields {
  versionCode?: number;
  versionName?: string;
  packageName?: string;
}

/** `AndroidManifest.xml` in Android binary XML with the given versionCode, versionName and package. */
export function axmlManifest({
  versionCode = 1,
  versionName = '1.0',
  packageName = 'com.fleetdeck.app',
}: ManifestFields = {}): Buffer {
  const strings = [
    'versionCode',
    'versionName',
    'package',
    'android',
    'http://schemas.android.com/apk/res/android',
    'manifest',
    versionName,
    packageName,
    'application',
  ];
  const [CODE, NAME, PKG, PREFIX, URI, MANIFEST, NAME_VALUE, PKG_VALUE, APPLICATION] = strings.map((_, i) => i) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const namespace = (type: number) => chunk(type, 16, Buffer.concat([u32(1), s32(NONE), s32(PREFIX), s32(URI)]));
  const body = Buffer.concat([
    stringPool(strings),
    chunk(0x0180, 8, Buffer.concat([u32(0x0101021b), u32(0x0101021c)])), // resource ids of versionCode, versionName
    namespace(0x0100),
    startElement(MANIFEST, [
      attribute(URI, CODE, NONE, TYPE_INT_DEC, versionCode),
      attribute(URI, NAME, NAME_VALUE, TYPE_STRING, NAME_VALUE),
      attribute(NONE, PKG, PKG_VALUE, TYPE_STRING, PKG_VALUE),
    ]),
    startElement(APPLICATION, []),
    endElement(APPLICATION),
    endElement(MANIFEST),
    namespace(0x0101),
  ]);
  return chunk(0x0003, 8, body);
}

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Deflate the entry (as most of an APK is); default stored. */
  deflate?: boolean;
}

/** A ZIP archive of the entries (local headers, data, central directory, end record). */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const stored = e.deflate ? zlib.deflateRawSync(e.data) : e.data;
    const method = e.deflate ? 8 : 0;
    const crc = zlib.crc32(e.data);
    const common = Buffer.concat([
      u16(20),
      u16(0x0800), // UTF-8 names
      u16(method),
      u16(0),
      u16(0x21),
      u32(crc),
      u32(stored.length),
      u32(e.data.length),
      u16(name.length),
      u16(0),
    ]);
    const local = Buffer.concat([u32(0x04034b50), common, name, stored]);
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        common,
        u16(0), // comment
        u16(0), // disk
        u16(0), // internal attributes
        u32(0), // external attributes
        u32(offset),
        name,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(central.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, central, end]);
}

/** A minimal APK: the binary manifest, a `classes.dex` and some padding resources (`padding` bytes of noise). */
export function buildApk(fields: ManifestFields = {}, options: { padding?: number } = {}): Buffer {
  const dex = Buffer.concat([Buffer.from('dex\n035\0', 'latin1'), Buffer.alloc(104, 7)]);
  const entries: ZipEntry[] = [
    { name: 'AndroidManifest.xml', data: axmlManifest(fields), deflate: true },
    { name: 'classes.dex', data: dex, deflate: true },
  ];
  if (options.padding) {
    const noise = Buffer.alloc(options.padding);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    entries.push({ name: 'res/raw/blob.bin', data: noise });
  }
  return zipArchive(entries);
}
