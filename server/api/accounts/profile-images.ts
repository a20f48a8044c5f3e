import type { Request } from 'express';
import busboy from 'busboy';
import sharp from 'sharp';
import { PROFILE_IMAGE_FIELD } from '../../../shared/api/account-schemas';
import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-rules';
import { HttpError } from '../../lib/http-error';
import type { Queryable } from '../db/database';
import { randomSecret } from './secrets';
import * as ACCOUNT_API from '../../../shared/api/account-paths';

// Profile pictures: at most profileImageMaxBytes on the wire; the type decided by
// the bytes themselves (a name or a Content-Type is only a claim); decoded and re-encoded
// by sharp, which drops every metadata block (EXIF with its GPS position, XMP, ICC comments)
// and anything hidden after the image; served from our own origin under a fresh name.

const OUTPUT_SIZE = 400;
const OUTPUT_TYPE = 'image/webp';
/** Refuse decompression bombs: a small file that decodes to a huge bitmap. */
const MAX_INPUT_PIXELS = 40_000_000;

export function profileImagePath(key: string): string {
  return ACCOUNT_API.profileImage(`${key}.webp`);
}

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp';

/** The image format by its magic bytes, or undefined for anything else. */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  const starts = (signature: readonly number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

const tooLarge = (maxBytes: number) => new HttpError(413, ACCOUNT_MESSAGES.imageTooLarge(maxBytes));
const wrongType = () => new HttpError(415, ACCOUNT_MESSAGES.imageType);

/**
 * The uploaded bytes: the first file of a multipart/form-data body (field `image`), or a
 * raw body sent as image/* or application/octet-stream. Stops reading past the cap.
 */
export async function readUpload(req: Request, maxBytes: number): Promise<Buffer> {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + 64 * 1024) throw tooLarge(maxBytes);
  if (type.startsWith('multipart/form-data')) return readMultipart(req, maxBytes);
  if (type.startsWith('image/') || type.startsWith('application/octet-stream')) return readRaw(req, maxBytes);
  if (!type && declared === 0) throw new HttpError(400, ACCOUNT_MESSAGES.imageMissing);
  throw wrongType();
}

function readRaw(req: Request, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > maxBytes) {
        failed = true;
        req.resume();
        reject(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (failed) return;
      if (size === 0) reject(new HttpError(400, ACCOUNT_MESSAGES.imageMissing));
      else resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      if (!failed) reject(error);
    });
  });
}

function readMultipart(req: Request, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes, fields: 10, parts: 20 } });
    } catch {
      reject(new HttpError(400, ACCOUNT_MESSAGES.imageMissing));
      return;
    }
    let file: Buffer | undefined;
    let error: HttpError | undefined;
    parser.on('file', (field, stream) => {
      if (field !== PROFILE_IMAGE_FIELD && file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        error ??= tooLarge(maxBytes);
      });
      stream.on('end', () => {
        if (!error) file = Buffer.concat(chunks);
      });
    });
    parser.on('error', () => reject(new HttpError(400, ACCOUNT_MESSAGES.imageMissing)));
    parser.on('close', () => {
      if (error) reject(error);
      else if (!file || file.length === 0) reject(new HttpError(400, ACCOUNT_MESSAGES.imageMissing));
      else resolve(file);
    });
    req.pipe(parser);
  });
}

/** Decodes the picture and writes it anew: square, 400 px, WebP, no metadata. */
export async function reencodeProfileImage(bytes: Buffer): Promise<Buffer> {
  if (!sniffImage(bytes)) throw wrongType();
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      // Turn the picture upright by its EXIF orientation before the EXIF block goes.
      .rotate()
      .resize(OUTPUT_SIZE, OUTPUT_SIZE, { fit: 'cover', position: 'attention', withoutEnlargement: false })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new HttpError(415, ACCOUNT_MESSAGES.imageUnreadable);
  }
}

/** Replaces the user's picture; the new one gets a new name, so caches never serve the old. */
export async function saveProfileImage(db: Queryable, userId: number, encoded: Buffer): Promise<string> {
  const key = randomSecret(16);
  await db.query(
    `INSERT INTO profile_images (user_id, key, content_type, bytes) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET key = excluded.key, content_type = excluded.content_type,
       bytes = excluded.bytes, created_at = now()`,
    [userId, key, OUTPUT_TYPE, encoded],
  );
  return profileImagePath(key);
}

export async function loadProfileImage(db: Queryable, key: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const rows = await db.query<{ content_type: string; bytes: Uint8Array }>('SELECT content_type, bytes FROM profile_images WHERE key = $1', [key]);
  const row = rows[0];
  return row ? { contentType: row.content_type, bytes: Buffer.from(row.bytes) } : undefined;
}
