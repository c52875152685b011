import sharp from 'sharp';

export interface ImageOptions {
  width?: number;
  height?: number;
  color?: string;
  format?: 'jpeg' | 'png' | 'gif' | 'webp';
  /** EXIF orientation (1-8) written into a JPEG. */
  orientation?: number;
}

/** A small generated image (a plain coloured rectangle). */
export async function makeImage(opts: ImageOptions = {}): Promise<Buffer> {
  const { width = 64, height = 48, color = '#c0392b', format = 'jpeg', orientation } = opts;
  const img = sharp({ create: { width, height, channels: 3, background: color } });
  if (format === 'jpeg') {
    return (orientation ? img.withMetadata({ orientation }) : img).jpeg({ quality: 80 }).toBuffer();
  }
  return img.toFormat(format).toBuffer();
}

/** A valid PNG padded past `bytes` (trailing bytes after IEND are ignored by decoders). */
export async function imageOfSize(bytes: number): Promise<Buffer> {
  const png = await makeImage({ format: 'png' });
  return Buffer.concat([png, Buffer.alloc(Math.max(0, bytes - png.length))]);
}

export const MB = 1024 * 1024;
