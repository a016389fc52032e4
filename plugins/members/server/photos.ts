import type { FastifyInstance } from 'fastify';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { badRequest } from '../../../kernel/server/errors.ts';
import { PHOTO_LIMITS } from '../contract.ts';

export type ImageType = 'jpeg' | 'png' | 'webp';

/** The file's real type from its first bytes; the name and the Content-Type header are not trusted. */
export function sniffImageType(buf: Buffer): ImageType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface Renditions { full: Buffer; thumb: Buffer; match: Buffer; blur: Buffer; blurThumb: Buffer }

const JPEG = { quality: 82, chromaSubsampling: '4:2:0' } as const;

/**
 * Blurred renditions are made from a tiny copy, so no amount of sharpening brings the photo back;
 * they are what a viewer without access receives instead of the photo.
 */
export async function blurRenditions(full: Buffer) {
  const tiny = await sharp(full).resize(24, 30, { fit: 'cover' }).toBuffer();
  const [blur, blurThumb] = await Promise.all([
    sharp(tiny).resize(480, 600, { kernel: 'cubic' }).blur(12).jpeg(JPEG).toBuffer(),
    sharp(tiny).resize(160, 200, { kernel: 'cubic' }).blur(6).jpeg(JPEG).toBuffer(),
  ]);
  return { blur, blurThumb };
}

/**
 * An uploaded photo, checked and always re-encoded: the decoded pixels are written anew as JPEG,
 * so no metadata (EXIF, GPS, ICC comments) and no smuggled bytes survive.
 */
export async function processUpload(buf: Buffer): Promise<Renditions> {
  if (buf.length > PHOTO_LIMITS.maxBytes) throw badRequest('photo_too_large', `Photos may be up to ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB`);
  if (!sniffImageType(buf)) throw badRequest('photo_type_invalid', 'Only JPEG, PNG and WebP photos are accepted');
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(buf, { limitInputPixels: false }).metadata(); // header only: the pixel limit is checked below
  } catch {
    throw badRequest('photo_invalid', 'This file could not be read as a photo');
  }
  const w = meta.autoOrient?.width ?? meta.width ?? 0;
  const h = meta.autoOrient?.height ?? meta.height ?? 0;
  if (w * h > PHOTO_LIMITS.maxPixels) throw badRequest('photo_too_large', 'This photo has too many pixels');
  if (Math.min(w, h) < PHOTO_LIMITS.minSide) throw badRequest('photo_too_small', `Photos must be at least ${PHOTO_LIMITS.minSide} pixels wide and high`);
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped.
    const upright = await sharp(buf, { limitInputPixels: PHOTO_LIMITS.maxPixels }).rotate().flatten({ background: '#ffffff' })
      .resize(1200, 1500, { fit: 'inside', withoutEnlargement: true }).jpeg(JPEG).toBuffer();
    const [full, thumb, match] = await Promise.all([
      sharp(upright).jpeg(JPEG).toBuffer(),
      sharp(upright).resize(160, 200, { fit: 'cover', position: 'attention' }).jpeg(JPEG).toBuffer(),
      sharp(upright).resize(300, 300, { fit: 'cover', position: 'attention' }).jpeg(JPEG).toBuffer(),
    ]);
    return { full, thumb, match, ...(await blurRenditions(full)) };
  } catch {
    throw badRequest('photo_invalid', 'This file could not be read as a photo');
  }
}

/** A new, unguessable storage key for a member's photo. */
export const newPhotoKey = (userId: number) => `photos/${userId}/${crypto.randomBytes(16).toString('hex')}`;

/** Lets the routes of a fastify scope take a photo as the raw request body (uploads send the file itself). */
export function acceptPhotoBodies(app: FastifyInstance) {
  app.addContentTypeParser(['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: PHOTO_LIMITS.maxBytes + 1024 }, (_req, body, done) => done(null, body));
}
