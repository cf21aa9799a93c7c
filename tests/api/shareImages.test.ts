import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dishPhoto, storeDemoPhotoFiles, tablePhoto } from '../../src/server/db/seed/demoPhotos';
import { InvalidTokenError } from '../../src/server/identity/verify';
import { directoryMediaStore } from '../../src/server/media/mediaStore';
import { buildInjectedApp, type InjectedApp } from './injectedApp';
import { identification } from './orderingServer';

// A shared link shows a picture (docs/back-office.md, "Photos"): every public page's served HTML names a 1200 × 630
// picture made from the page's own photo or the restaurant's chosen one, and the owner chooses that one in the settings.

const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } };

const root = resolve(import.meta.dirname, '../..');
const publicUrl = 'https://www.golden-dragon.example';
const ownerToken = 'owner-test-token';

let server: InjectedApp;
let siteRoot: string;

beforeAll(async () => {
  siteRoot = mkdtempSync(join(tmpdir(), 'share-site-'));
  copyFileSync(join(root, 'index.html'), join(siteRoot, 'index.html'));
  server = await buildInjectedApp({
    config: { publicUrl, siteRoot },
    verifyIdToken: async (token) => {
      if (token !== ownerToken) throw new InvalidTokenError('not this test token');
      return { sub: 'share-test-owner', email: 'owner@example.com', groups: ['owner'] };
    },
  });
  // As the server's start does: the demo's originals in the store the app serves /media/ from.
  await storeDemoPhotoFiles(server.database.db, directoryMediaStore(join(server.dataDir, 'media')));
});

afterAll(async () => {
  await server?.close();
  rmSync(siteRoot, { recursive: true, force: true });
});

async function servedHead(path: string): Promise<Document> {
  const response = await server.app.inject({ url: path, headers: { accept: 'text/html' } });
  expect(response.statusCode, path).toBe(200);
  return new JSDOM(response.body).window.document;
}

const meta = (document: Document, key: string) =>
  document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? undefined;

/** The page's shared-link picture as a link preview fetches it, decoded. */
async function sharedPicture(document: Document) {
  const address = meta(document, 'og:image');
  expect(address).toBeDefined();
  expect(address!.startsWith(`${publicUrl}/media/`)).toBe(true);
  const response = await server.app.inject({ url: new URL(address!).pathname });
  expect(response.statusCode, address).toBe(200);
  expect(response.headers['content-type']).toBe('image/jpeg');
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const { width, height, format } = await sharp(response.rawPayload).metadata();
  return { address: address!, width, height, format };
}

const saveSettings = async (change: Record<string, unknown>) => {
  const headers = { ...identification, authorization: `Bearer ${ownerToken}` };
  const opened = (await server.app.inject({ url: '/api/manage/settings', headers })).json().data;
  const settings = { ...opened.settings, ...change };
  for (const [key, value] of Object.entries(change)) if (value === undefined) delete settings[key];
  return server.app.inject({ method: 'PUT', url: '/api/manage/settings', headers, payload: { revision: opened.revision, settings } });
};

describe('a shared link', () => {
  it('/, /restaurant, /order and /gallery carry og:image with its size and alt, and twitter:card: a 1200 × 630 picture', { timeout: 120_000 }, async () => {
    for (const path of ['/', '/restaurant', '/order', '/gallery']) {
      const head = await servedHead(path);
      const picture = await sharedPicture(head);
      expect({ width: picture.width, height: picture.height, format: picture.format }, path).toEqual({ width: 1200, height: 630, format: 'jpeg' });
      expect(meta(head, 'og:image:width'), path).toBe('1200');
      expect(meta(head, 'og:image:height'), path).toBe('630');
      expect(meta(head, 'og:image:alt'), path).toMatch(/\S/);
      expect(meta(head, 'twitter:card'), path).toBe('summary_large_image');
    }
  });

  it('shows the page’s own photo where it has one, and the restaurant’s chosen photo elsewhere', async () => {
    const home = await servedHead('/');
    expect(meta(home, 'og:image')).toBe(`${publicUrl}/media/${tablePhoto.mediaId}-share.jpg`);
    expect(meta(home, 'og:image:alt')).toBe(tablePhoto.alt);

    // The gallery's own first slide, once the page leads with another photo.
    const gallery = await server.database.db.selectFrom('pages').select('content').where('page_name', '=', 'Gallery').executeTakeFirstOrThrow();
    const duck = dishPhoto('Crispy Aromatic Duck');
    const rows = JSON.parse(gallery.content);
    const slides = rows[1].columns[0].contentBlocks[0].contentBlockData.slides;
    slides.unshift({ img: `/media/${duck.mediaId}-640.webp`, alt: 'Our duck, carved at the table', width: 640, height: 480 });
    await server.database.db.updateTable('pages').set({ content: JSON.stringify(rows) }).where('page_name', '=', 'Gallery').execute();
    server.repositories.referenceDataChanged();
    const galleryHead = await servedHead('/gallery');
    expect(meta(galleryHead, 'og:image')).toBe(`${publicUrl}/media/${duck.mediaId}-share.jpg`);
    expect(meta(galleryHead, 'og:image:alt')).toBe('Our duck, carved at the table');
    expect(await sharedPicture(galleryHead)).toMatchObject({ width: 1200, height: 630 });
  });

  it('the owner chooses the restaurant’s photo in the settings, with the audit; a photo never uploaded is refused at the field', async () => {
    const prawns = dishPhoto('Salt & Pepper King Prawns');
    const chosen = await saveSettings({ sharePhoto: { ...prawns, alt: 'King prawns, fresh from the wok', widths: [1] } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    // The sizes are the server's record of the upload, the alt text the owner's.
    expect(chosen.json().data.settings.sharePhoto).toEqual({ ...prawns, alt: 'King prawns, fresh from the wok' });
    const restaurant = await servedHead('/restaurant');
    expect(meta(restaurant, 'og:image')).toBe(`${publicUrl}/media/${prawns.mediaId}-share.jpg`);
    expect(meta(restaurant, 'og:image:alt')).toBe('King prawns, fresh from the wok');
    const audit = await server.database.db.selectFrom('audit_entries').select('summary').where('area', '=', 'settings').execute();
    expect(audit.map((line) => line.summary)).toContain(`Restaurant photo “${tablePhoto.alt}” → “King prawns, fresh from the wok”`);

    const refused = await saveSettings({ sharePhoto: { ...prawns, mediaId: 'a'.repeat(64) } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().validationErrors).toEqual([{ field: 'settings.sharePhoto', message: 'is not an uploaded photo: please choose the photo again' }]);
    expect(meta(await servedHead('/restaurant'), 'og:image')).toBe(`${publicUrl}/media/${prawns.mediaId}-share.jpg`);

    // With none chosen, a page without a photo of its own shows none, and says so to Twitter's card.
    expect((await saveSettings({ sharePhoto: undefined })).statusCode).toBe(200);
    const bare = await servedHead('/restaurant');
    expect(meta(bare, 'og:image')).toBeUndefined();
    expect(meta(bare, 'twitter:card')).toBe('summary');
  });
});

describe('the served copies', () => {
  it('makes a missing copy from the original at a width the photo is made at, and no other', async () => {
    const ribs = dishPhoto('Barbecue Spare Ribs');
    for (const width of ribs.widths) {
      const response = await server.app.inject({ url: `/media/${ribs.mediaId}-${width}.avif` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/avif');
      expect((await sharp(response.rawPayload).metadata()).width).toBe(width);
    }
    expect((await server.app.inject({ url: `/media/${ribs.mediaId}-500.webp` })).statusCode).toBe(404);
    expect((await server.app.inject({ url: `/media/${'b'.repeat(64)}-share.jpg` })).statusCode).toBe(404);
  });
});
