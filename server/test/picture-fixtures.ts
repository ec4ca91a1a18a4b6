import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Pictures that are not what they seem, for the upload's and the copies' tests (issue 26 item 8). */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, valid PNG of width × height black pixels (1 bit grey): 20,000 × 20,000 is about 50 KB. */
export function hugePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, filter 0, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real picture of 200 × 200 pixels of noise in `format`. */
export function noisePicture(format: 'png' | 'webp' | 'jpeg'): Promise<Buffer> {
  return sharp({
    create: {
      width: 200,
      height: 200,
      channels: 3,
      background: 'black',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .toFormat(format)
    .toBuffer();
}

/** The first half of a real picture: it starts like one, and its header says its size, but it is cut. */
export async function cutPicture(format: 'png' | 'webp' | 'jpeg'): Promise<Buffer> {
  const whole = await noisePicture(format);
  return whole.subarray(0, Math.floor(whole.length / 2));
}
