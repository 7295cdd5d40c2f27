import fs from 'node:fs/promises';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

/** A PNG of a QR code holding `text`, as a phone screenshot of one would be. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 8 });
}

/** A PNG with no QR code in it: diagonal grey stripes. */
export function stripesPng(width = 240, height = 240): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 4;
      const shade = Math.floor((x + y) / 12) % 2 === 0 ? 60 : 200;
      png.data[offset] = shade;
      png.data[offset + 1] = shade;
      png.data[offset + 2] = shade;
      png.data[offset + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** Reads the QR code in a PNG (say, a screenshot of an element); undefined when none is found. */
export function decodeQrPng(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height)?.data;
}

/**
 * Writes a Y4M video (what Chromium's --use-file-for-fake-video-capture plays, in a loop) whose frames show
 * a QR code holding `text`, black on white, in the middle of a grey 4:2:0 picture.
 */
export async function writeQrY4m(filePath: string, text: string, { width = 640, height = 480, frames = 5 } = {}): Promise<void> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quietZone = 4;
  const side = modules.size + quietZone * 2;
  // About half the picture's height: well inside the middle two thirds, where qr-scanner looks.
  const scale = Math.floor((height * 0.55) / side);
  const left = Math.floor((width - side * scale) / 2);
  const top = Math.floor((height - side * scale) / 2);

  const luma = Buffer.alloc(width * height, 128);
  for (let row = 0; row < side; row += 1) {
    for (let column = 0; column < side; column += 1) {
      const moduleRow = row - quietZone;
      const moduleColumn = column - quietZone;
      const isInside = moduleRow >= 0 && moduleColumn >= 0 && moduleRow < modules.size && moduleColumn < modules.size;
      const isDark = isInside && modules.get(moduleRow, moduleColumn) === 1;
      const shade = isDark ? 16 : 235;
      for (let dy = 0; dy < scale; dy += 1) {
        luma.fill(shade, (top + row * scale + dy) * width + left + column * scale, (top + row * scale + dy) * width + left + (column + 1) * scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  await fs.writeFile(filePath, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
