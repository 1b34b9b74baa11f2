import { createRequire } from 'node:module';
import yauzl from 'yauzl';
import { AppError } from '../../lib/errors.ts';

/**
 * Reads what the back office needs of an uploaded APK (DECISIONS §14): it must be a ZIP holding `AndroidManifest.xml`
 * and `classes.dex`; the version code, version name and package come from the manifest, which an APK stores as
 * Android binary XML (AXML). The ZIP is read with yauzl (central directory, sizes checked) and the AXML with the
 * parser of `@devicefarmer/adbkit-apkreader` (maintained by DeviceFarmer, Apache-2.0, offline), after a check of its
 * chunk sizes that parser does not make (a chunk claiming size 0 would make it loop for ever).
 */

interface ManifestParserClass {
  new (buffer: Buffer): { parse(): Record<string, unknown> };
}
const require = createRequire(import.meta.url);
const ManifestParser = require('@devicefarmer/adbkit-apkreader/lib/apkreader/parser/manifest') as ManifestParserClass;

export const MANIFEST_ENTRY = 'AndroidManifest.xml';
export const DEX_ENTRY = 'classes.dex';
/** A real manifest is a few KB to a few hundred; anything beyond this is not a manifest worth reading. */
const MANIFEST_MAX_BYTES = 8 * 1024 * 1024;
const VERSION_CODE_MAX = 2_147_483_647;

export interface ApkManifest {
  versionCode: number;
  versionName: string;
  packageName: string;
}

/** A refusal of the uploaded file: 400, shown at the form's file field. */
export const apkFileError = (message: string) =>
  new AppError(400, 'E_VALIDATION', message, { errors: [{ field: 'file', message }] });

const notAZip = () => apkFileError('This file is not an APK: it is not a ZIP archive.');
const unreadableManifest = () =>
  apkFileError('The AndroidManifest.xml of this APK could not be read (it is not Android binary XML).');

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, zip) =>
      err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip),
    );
  });
}

/** The entries named in `wanted` (the first of each name), read through the whole central directory. */
function findEntries(zip: yauzl.ZipFile, wanted: readonly string[]): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const found = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      if (wanted.includes(entry.fileName) && !found.has(entry.fileName)) found.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(found));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      let total = 0;
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > max) {
          stream.destroy(new Error('entry too large'));
          return;
        }
        chunks.push(chunk);
      });
      stream.once('error', reject);
      stream.once('end', () => resolve(Buffer.concat(chunks, total)));
    });
  });
}

/**
 * The chunk structure of an AXML document is sound: an XML chunk (type 0x0003) spanning the buffer, and inside it
 * chunks whose header and total sizes are at least 8 bytes, header within chunk, chunk within the document.
 */
export function isSoundAxml(buf: Buffer): boolean {
  if (buf.length < 8 || buf.readUInt16LE(0) !== 0x0003) return false;
  const headerSize = buf.readUInt16LE(2);
  const docSize = buf.readUInt32LE(4);
  if (headerSize < 8 || docSize > buf.length || docSize < headerSize) return false;
  let at = headerSize;
  while (at < docSize) {
    if (at + 8 > docSize) return false;
    const chunkHeader = buf.readUInt16LE(at + 2);
    const chunkSize = buf.readUInt32LE(at + 4);
    if (chunkHeader < 8 || chunkSize < chunkHeader || at + chunkSize > docSize) return false;
    at += chunkSize;
  }
  return true;
}

/** Version code, name and package of a binary manifest; throws the 400 of an unreadable one. */
export function parseManifest(buf: Buffer): ApkManifest {
  if (!isSoundAxml(buf)) throw unreadableManifest();
  let manifest: Record<string, unknown>;
  try {
    manifest = new ManifestParser(buf).parse();
  } catch {
    throw unreadableManifest();
  }
  const code = manifest.versionCode;
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 1 || code > VERSION_CODE_MAX) {
    throw apkFileError('The AndroidManifest.xml of this APK has no valid versionCode (a whole number from 1).');
  }
  // A name given as a resource reference (@string/…) is not readable without resources.arsc: left empty.
  const name = manifest.versionName;
  const versionName = typeof name === 'string' && !name.startsWith('resourceId:') ? name.trim().slice(0, 100) : '';
  const pkg = manifest.package;
  return { versionCode: code, versionName, packageName: typeof pkg === 'string' ? pkg.slice(0, 255) : '' };
}

/** Reads an APK on disk: a ZIP with `AndroidManifest.xml` and `classes.dex`; answers its manifest's versions. */
export async function readApk(file: string): Promise<ApkManifest> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch {
    throw notAZip();
  }
  try {
    let entries: Map<string, yauzl.Entry>;
    try {
      entries = await findEntries(zip, [MANIFEST_ENTRY, DEX_ENTRY]);
    } catch {
      throw notAZip();
    }
    const manifest = entries.get(MANIFEST_ENTRY);
    if (!manifest) throw apkFileError('This ZIP is not an APK: it has no AndroidManifest.xml.');
    if (!entries.has(DEX_ENTRY)) throw apkFileError('This ZIP is not an APK: it has no classes.dex.');
    if (manifest.uncompressedSize > MANIFEST_MAX_BYTES) throw unreadableManifest();
    let buf: Buffer;
    try {
      buf = await readEntry(zip, manifest, MANIFEST_MAX_BYTES);
    } catch {
      throw unreadableManifest();
    }
    return parseManifest(buf);
  } finally {
    zip.close();
  }
}
