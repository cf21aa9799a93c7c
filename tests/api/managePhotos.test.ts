import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_WIDTHS } from '../../src/domain/photoSizes';
import { identification, startOrderingServer, type OrderingServer } from './orderingServer';

// Photos the owner uploads (docs/back-office.md, "Photos"), on the real server: the copies made, what is refused and
// stores nothing, who may upload, and a dish's photo published to the customers' menu.

let ordering: OrderingServer;
let ownerToken: string;
let mediaDirectory: string;

beforeAll(async () => {
  ordering = await startOrderingServer();
  ownerToken = await ordering.ownerToken();
  mediaDirectory = join(dirname(ordering.sqliteFile), 'media');
});
afterAll(() => ordering?.close());

async function upload(file: Buffer, { alt = 'Crispy aromatic duck with pancakes', fileName = 'photo.jpg', type = 'image/jpeg', token = ownerToken as string | null } = {}) {
  const form = new FormData();
  form.append('alt', alt);
  form.append('file', new Blob([new Uint8Array(file)], { type }), fileName);
  const response = await fetch(`${ordering.server.url}/api/manage/photos`, {
    method: 'POST',
    headers: { ...identification, ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

const storedFiles = () => (existsSync(mediaDirectory) ? readdirSync(mediaDirectory, { recursive: true }).map(String).sort() : []);
function mediaRowCount(): number {
  const sqlite = new SqliteDatabase(ordering.sqliteFile, { readonly: true });
  try {
    return (sqlite.prepare('select count(*) as count from media').get() as { count: number }).count;
  } finally {
    sqlite.close();
  }
}

/** A JPEG a phone might take: a photo with its location in EXIF. */
function photoWithLocation(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhonePhone', Model: 'Camera 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 48/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '1/1 32/1 0/1' },
    })
    .toBuffer();
}

describe('uploading a photo', () => {
  it('makes AVIF and WebP copies at each width, without the EXIF location, served immutable by content hash', async () => {
    const original = await photoWithLocation(1200, 900);
    // The test's own photo does carry the location that must not leave.
    expect(original.includes(Buffer.from('GPS')) || (await sharp(original).metadata()).exif!.length > 0).toBe(true);

    const answer = await upload(original);
    expect(answer.status).toBe(200);
    const photo = answer.body.data;
    expect(photo).toMatchObject({ alt: 'Crispy aromatic duck with pancakes', width: 1200, height: 900, widths: [...PHOTO_WIDTHS] });
    expect(photo.mediaId).toMatch(/^[0-9a-f]{64}$/);
    expect(storedFiles()).toContain(`originals/${photo.mediaId}`);

    for (const width of PHOTO_WIDTHS) {
      for (const [format, type] of [['avif', 'image/avif'], ['webp', 'image/webp']] as const) {
        const response = await fetch(`${ordering.server.url}/media/${photo.mediaId}-${width}.${format}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe(type);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const bytes = Buffer.from(await response.arrayBuffer());
        const metadata = await sharp(bytes).metadata();
        expect(metadata.format).toBe(format === 'avif' ? 'heif' : 'webp');
        expect(metadata.width).toBe(width);
        expect(metadata.height).toBe((width * 900) / 1200);
        // No EXIF at all, so no location; and no GPS tag hidden anywhere in the file.
        expect(metadata.exif).toBeUndefined();
        expect(bytes.includes(Buffer.from('GPS'))).toBe(false);
        expect(bytes.includes(Buffer.from('Camera 12'))).toBe(false);
      }
    }
    expect((await fetch(`${ordering.server.url}/media/${photo.mediaId}-999.webp`)).status).toBe(404);
    expect((await fetch(`${ordering.server.url}/media/..%2Ftakeaway.sqlite`)).status).toBe(404);
  });

  it('does not enlarge a small photo: its copies stop at its own width', async () => {
    const answer = await upload(await photoWithLocation(400, 300));
    expect(answer.status).toBe(200);
    expect(answer.body.data.widths).toEqual([160, 320]);
  });
});

describe('the files of an uploaded photo', () => {
  it('a link preview asking for a new picture several times at once gets the same whole picture every time', async () => {
    const photo = (await upload(await photoWithLocation(2400, 1600))).body.data;
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(`${ordering.server.url}/media/${photo.mediaId}-share.jpg`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const pictures = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer())));
    for (const picture of pictures) expect(picture.equals(pictures[0])).toBe(true);
    expect(await sharp(pictures[0]).metadata()).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
    expect(storedFiles().filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it("a transparent PNG's shared-link picture is laid on white, not black", async () => {
    const logo = await sharp({ create: { width: 1400, height: 900, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 400, height: 400, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } }, gravity: 'centre' }])
      .png()
      .toBuffer();
    const photo = (await upload(logo, { fileName: 'logo.png', type: 'image/png' })).body.data;
    const picture = Buffer.from(await (await fetch(`${ordering.server.url}/media/${photo.mediaId}-share.jpg`)).arrayBuffer());
    const { data } = await sharp(picture).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect([...data].every((channel) => channel > 245)).toBe(true);
  });

  it('uploading a photo again mends one whose files were lost (a database restored without its media folder)', async () => {
    const file = await photoWithLocation(900, 600);
    const photo = (await upload(file)).body.data;
    rmSync(mediaDirectory, { recursive: true, force: true });
    expect((await fetch(`${ordering.server.url}/media/${photo.mediaId}-320.webp`)).status).toBe(404);
    const again = await upload(file);
    expect(again.status).toBe(200);
    expect(again.body.data.mediaId).toBe(photo.mediaId);
    expect((await fetch(`${ordering.server.url}/media/${photo.mediaId}-320.webp`)).status).toBe(200);
  });
});

describe('a bad upload is refused at its field and stores nothing', () => {
  const refusedAt = async (answer: { status: number; body: any }, field: string, message: RegExp) => {
    expect(answer.status).toBe(400);
    expect(answer.body.errorMessage).toBeNull();
    expect(answer.body.validationErrors).toEqual([{ field, message: expect.stringMatching(message) }]);
  };

  it.each([
    ['a PDF renamed .jpg', async () => Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'), /must be a photo/],
    ['a 12,000 × 12,000 image', () => sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#ffffff' } }).png().toBuffer(), /at most 50 megapixels/],
    ['a truncated JPEG', async () => (await photoWithLocation(1600, 1200)).subarray(0, 4000), /incomplete or damaged/],
  ])('%s', async (_name, make, message) => {
    const file = await make();
    const filesBefore = storedFiles();
    const rowsBefore = mediaRowCount();
    await refusedAt(await upload(file, { fileName: 'duck.jpg', type: 'image/jpeg' }), 'file', message);
    expect(storedFiles()).toEqual(filesBefore);
    expect(mediaRowCount()).toBe(rowsBefore);
  });

  it('an empty or missing alt text, or one over 200 characters, is refused at alt', async () => {
    const file = await photoWithLocation(300, 200);
    const filesBefore = storedFiles();
    for (const alt of ['', '   ', 'x'.repeat(201)]) {
      const answer = await upload(file, { alt });
      expect(answer.status).toBe(400);
      expect(answer.body.validationErrors.map((failure: { field: string }) => failure.field)).toEqual(['alt']);
    }
    expect(storedFiles()).toEqual(filesBefore);
  });

  describe('a multipart body that cannot be read is refused at body (400, not 500)', () => {
    const boundary = 'photo-upload-boundary';
    const part = (headers: string, content: string | Buffer) => Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
    const altPart = (alt: string, type?: string) => part(`Content-Disposition: form-data; name="alt"${type ? `\r\nContent-Type: ${type}` : ''}`, alt);
    const filePart = (file: Buffer) => part('Content-Disposition: form-data; name="file"; filename="duck.jpg"\r\nContent-Type: image/jpeg', file);
    const closing = Buffer.from(`--${boundary}--\r\n`);
    const send = async (contentType: string, body: Buffer) => {
      const response = await fetch(`${ordering.server.url}/api/manage/photos`, {
        method: 'POST',
        headers: { ...identification, authorization: `Bearer ${ownerToken}`, 'content-type': contentType },
        body: new Uint8Array(body),
      });
      return { status: response.status, body: await response.json() };
    };

    it.each([
      ['a Content-Type without its boundary', async (file: Buffer) => send('multipart/form-data', Buffer.concat([altPart('Duck'), filePart(file), closing])), /boundary/],
      ['a body without its closing boundary', async (file: Buffer) => send(`multipart/form-data; boundary=${boundary}`, Buffer.concat([altPart('Duck'), filePart(file)])), /ended before the upload was complete/],
      [
        'an alt typed application/json that is not JSON',
        async (file: Buffer) => send(`multipart/form-data; boundary=${boundary}`, Buffer.concat([altPart('{"Duck', 'application/json'), filePart(file), closing])),
        /not valid JSON/,
      ],
    ])('%s', async (_name, call, message) => {
      const file = await photoWithLocation(320, 240);
      const filesBefore = storedFiles();
      const rowsBefore = mediaRowCount();
      await refusedAt(await call(file), 'body', message);
      expect(storedFiles()).toEqual(filesBefore);
      expect(mediaRowCount()).toBe(rowsBefore);
    });

    it('the same parts, complete, are uploaded', async () => {
      const answer = await send(`multipart/form-data; boundary=${boundary}`, Buffer.concat([altPart('Duck'), filePart(await photoWithLocation(320, 240)), closing]));
      expect(answer.status).toBe(200);
      expect(answer.body.data.alt).toBe('Duck');
    });
  });

  it('a file over 10 MB is refused at file', async () => {
    const answer = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 0xff));
    expect(answer.status).toBe(400);
    expect(answer.body.validationErrors.map((failure: { field: string }) => failure.field)).toEqual(['file']);
  });
});

describe('who may upload', () => {
  it('refuses an anonymous caller (401), kitchen staff and a customer (403), and stores nothing', async () => {
    const file = await photoWithLocation(320, 240);
    const filesBefore = storedFiles();
    expect((await upload(file, { token: null })).status).toBe(401);
    expect((await upload(file, { token: await ordering.staffToken() })).status).toBe(403);
    expect((await upload(file, { token: await ordering.customerToken() })).status).toBe(403);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('a multipart body to any other call is still refused as not JSON', async () => {
    const form = new FormData();
    form.append('revision', '1');
    const response = await fetch(`${ordering.server.url}/api/manage/menu`, {
      method: 'PUT',
      headers: { ...identification, authorization: `Bearer ${ownerToken}` },
      body: form,
    });
    expect(response.status).toBe(415);
  });
});

describe("a dish's photo", () => {
  it('is saved in the draft with the sizes the server made, published, and shown on the customers\' menu', async () => {
    const { body } = await upload(await photoWithLocation(800, 600), { alt: 'Salt and pepper chips in a bowl' });
    const photo = body.data;
    const opened = (await ordering.call('/manage/menu', { token: ownerToken })).body.data;
    const dish = opened.categories[0].items[0];
    // The caller's sizes are not trusted: the server's are kept.
    dish.photo = { ...photo, widths: [9999], width: 1, alt: 'Chips, salt and pepper' };
    const saved = await ordering.call('/manage/menu', { method: 'PUT', body: { revision: opened.revision, categories: opened.categories }, token: ownerToken });
    expect(saved.status).toBe(200);
    expect(saved.body.data.unpublishedChanges).toEqual([`Added a photo of ${dish.title}`]);
    const published = await ordering.post('/manage/menu/publish', { revision: saved.body.data.revision }, ownerToken);
    expect(published.status).toBe(200);
    const menu = (await ordering.call('/menu/getMenu/1')).body.data;
    const shown = menu.categories.flatMap((category: any) => category.items).find((item: any) => item.itemId === dish.itemId);
    expect(shown.photo).toEqual({ ...photo, alt: 'Chips, salt and pepper' });
  });

  it('refuses a draft naming a photo that was never uploaded', async () => {
    const opened = (await ordering.call('/manage/menu', { token: ownerToken })).body.data;
    opened.categories[0].items[1].photo = { mediaId: 'a'.repeat(64), alt: 'Made up', width: 10, height: 10, widths: [10] };
    const saved = await ordering.call('/manage/menu', { method: 'PUT', body: { revision: opened.revision, categories: opened.categories }, token: ownerToken });
    expect(saved.status).toBe(400);
    expect(saved.body.validationErrors).toEqual([{ field: 'categories[0].items[1].photo', message: expect.stringMatching(/not an uploaded photo/) }]);
  });
});
