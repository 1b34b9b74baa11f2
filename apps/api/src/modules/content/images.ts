import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { BLOG_IMAGE_MAX_BYTES } from '@fleetdeck/contract';
import { AppError } from '../../lib/errors.ts';

/**
 * Uploaded images (blog pictures; spec 3 §9 "upload/blog"). Nothing of the upload is trusted: the type is decided by
 * the file's first bytes (jpg, png or webp only) and must agree with the declared type and the name's extension;
 * files that carry markup (polyglots) are refused; the picture is decoded with a pixel cap (decompression bombs) and
 * re-encoded by sharp, which drops every metadata block (EXIF with GPS, XMP, ICC comments); the stored name is
 * generated here. Only a picture that passed all of that is written, under `DATA_DIR/upload/blog/`.
 */

export type ImageKind = 'jpeg' | 'png' | 'webp';
const EXTENSIONS: Record<ImageKind, readonly string[]> = { jpeg: ['jpg', 'jpeg'], png: ['png'], webp: ['webp'] };
const DECLARED: Record<ImageKind, readonly string[]> = {
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  png: ['image/png'],
  webp: ['image/webp'],
};
export const CONTENT_TYPES: Record<ImageKind, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const STORED_EXTENSION: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** 40 megapixels (e.g. 8000 × 5000): above it the picture is refused before it is decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Stored pictures are at most this wide and high (larger ones are scaled down). */
const MAX_STORED_SIDE = 2400;

const FIELD = 'imageFile';
const rejected = (status: 400 | 413 | 415, message: string) =>
  new AppError(
    status,
    status === 413 ? 'E_PAYLOAD_TOO_LARGE' : status === 415 ? 'E_UNSUPPORTED_MEDIA_TYPE' : 'E_VALIDATION',
    message,
    {
      errors: [{ field: FIELD, message }],
    },
  );

export const imageTooLarge = () =>
  rejected(413, `The image is too large: at most ${BLOG_IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
const NOT_AN_IMAGE = 'The image must be a JPG, PNG or WebP picture.';

/** The kind by magic bytes, or null. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/**
 * The client's file name is never used for storage, but a name that tries to be a path (`../../x.png`, `a/b.png`,
 * NUL or other control characters) marks a hostile or broken client: refused.
 */
export function checkUploadName(name: string): string {
  const hasControl = [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (!name || name.length > 255 || hasControl || /[/\\]/.test(name) || name.includes('..') || name.startsWith('.')) {
    throw rejected(400, 'The image file name is not valid.');
  }
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toLowerCase();
  if (!ext) throw rejected(415, NOT_AN_IMAGE);
  return ext;
}

/** Markup inside a picture (an image/HTML or image/script polyglot): refused rather than trusted to re-encoding. */
const MARKUP =
  /<(?:script|html|body|iframe|object|embed|!doctype|\?php)\b|<svg[\s>]|javascript:|\bon(?:error|load)\s*=/i;

export interface CheckedUpload {
  kind: ImageKind;
  bytes: Buffer;
}

/** Every check that needs no decoding: declared type, name, magic bytes, markup. */
export function checkUpload(upload: { filename: string; mimetype: string; bytes: Buffer }): CheckedUpload {
  const ext = checkUploadName(upload.filename);
  const declared = upload.mimetype.toLowerCase().split(';')[0]!.trim();
  if (upload.bytes.length === 0) throw rejected(400, 'The image file is empty.');
  if (upload.bytes.length > BLOG_IMAGE_MAX_BYTES) throw imageTooLarge();
  const kind = sniffImage(upload.bytes);
  if (!kind) throw rejected(415, NOT_AN_IMAGE);
  if (!DECLARED[kind].includes(declared)) {
    throw rejected(
      415,
      `The image's content type (${declared || 'none'}) does not match its contents (${CONTENT_TYPES[kind]}).`,
    );
  }
  if (!EXTENSIONS[kind].includes(ext)) {
    throw rejected(
      415,
      `The image's name ends in .${ext} but it is a ${STORED_EXTENSION[kind].toUpperCase()} picture.`,
    );
  }
  if (MARKUP.test(upload.bytes.toString('latin1')))
    throw rejected(400, 'The image contains markup or script: refused.');
  return { kind, bytes: upload.bytes };
}

/** Decodes (pixel cap) and re-encodes the picture without any metadata. */
export async function reencode(upload: CheckedUpload): Promise<{ bytes: Buffer; kind: ImageKind }> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw rejected(400, 'The image could not be read: it is damaged or not a picture.');
  }
  if (meta.format !== upload.kind) {
    throw rejected(415, NOT_AN_IMAGE);
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height || width * height > MAX_INPUT_PIXELS) {
    throw rejected(400, `The image has too many pixels (${width} × ${height}): at most 40 megapixels.`);
  }
  try {
    const pipeline = sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      upload.kind === 'jpeg'
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : upload.kind === 'png'
          ? pipeline.png({ compressionLevel: 8 })
          : pipeline.webp({ quality: 85 });
    return { bytes: await encoded.toBuffer(), kind: upload.kind };
  } catch {
    throw rejected(400, 'The image could not be read: it is damaged or not a picture.');
  }
}

/** Where blog pictures are kept. */
export const blogImageDir = (dataDir: string) => path.join(dataDir, 'upload', 'blog');

/** A stored picture's name: 32 hex digits and the extension of its kind. */
export const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

/** Writes the picture under a new server-generated name (temporary file, then rename) and answers the name. */
export async function storeImage(dir: string, image: { bytes: Buffer; kind: ImageKind }): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const name = `${crypto.randomBytes(16).toString('hex')}.${STORED_EXTENSION[image.kind]}`;
  const temp = path.join(dir, `.${name}.tmp`);
  try {
    await fs.writeFile(temp, image.bytes, { flag: 'wx', mode: 0o644 });
    await fs.rename(temp, path.join(dir, name));
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
  return name;
}

/** Removes a stored picture (a name that is not one of ours is ignored). */
export async function removeImage(dir: string, name: string | null | undefined): Promise<void> {
  if (!name || !STORED_NAME.test(name)) return;
  await fs.rm(path.join(dir, name), { force: true });
}

export function contentTypeOfStored(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1);
  return ext === 'png' ? CONTENT_TYPES.png : ext === 'webp' ? CONTENT_TYPES.webp : CONTENT_TYPES.jpeg;
}
