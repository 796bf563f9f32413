import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { productImages } from '../db/schema';

/** The largest image an operator may upload: 1 MB. */
export const IMAGE_MAX_BYTES = 1_048_576;

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type its first bytes (magic numbers) say, whatever a name or a header claims. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** The name an image is served by: the SHA-256 of its bytes, so a name always shows the same image. */
export const imageName = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Where the shop loads an image from (the product's `img_url`). */
export const imageUrl = (name: string) => `/api/product-images/${name}`;

/** Stores an image once (by its name) in the transaction of the caller; answers its name. */
export async function storeImage(tx: Database, bytes: Buffer, type: ImageType): Promise<string> {
  const name = imageName(bytes);
  await tx
    .insert(productImages)
    .values({ name, contentType: type, bytes, size: bytes.length })
    .onConflictDoNothing({ target: productImages.name });
  return name;
}

/** An uploaded image by its name; null when there is none. */
export async function readImage(db: Database, name: string): Promise<{ type: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ type: productImages.contentType, bytes: productImages.bytes })
    .from(productImages)
    .where(eq(productImages.name, name));
  return row === undefined ? null : { type: row.type, bytes: Buffer.from(row.bytes) };
}
