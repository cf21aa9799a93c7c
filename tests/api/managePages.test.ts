import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toApiError } from '../../src/domain/apiErrors';
import { editablePage, SITE_PAGE_KEPT_MESSAGE, type EditablePage } from '../../src/domain/pageRules';
import { CHANGED_SINCE_OPENED_MESSAGE } from '../../src/server/handlers/ownerEdits';
import { NO_PAGE_DRAFT_MESSAGE } from '../../src/server/services/pages';
import { allRows } from './databaseSnapshot';
import { identification, startOrderingServer, type OrderingServer } from './orderingServer';

// The owner's pages editor (docs/back-office.md, "Pages"), on the real server: who may use it, a draft visitors do not
// see until it is published (with the audit), text kept as text whatever it holds, and bad input refused at its field.

let ordering: OrderingServer;
let ownerToken: string;

beforeAll(async () => {
  ordering = await startOrderingServer();
  ownerToken = await ordering.ownerToken();
});
afterAll(() => ordering?.close());

const revision = async () => (await ordering.call('/manage/pages', { token: ownerToken })).body.data.revision as number;
const managedPage = async (name: string) => {
  const answer = await ordering.call(`/manage/pages/${name}`, { token: ownerToken });
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const saveDraft = (name: string, at: number, page: EditablePage, token = ownerToken) =>
  ordering.call(`/manage/pages/${name}`, { method: 'PUT', body: { revision: at, ...page }, token });
const publish = (name: string, at: number) => ordering.post(`/manage/pages/${name}/publish`, { revision: at }, ownerToken);
const visitorsPage = async (name: string) => (await ordering.call(`/pagedata/page/${name}`)).body.data;
const auditSummaries = async () => (await ordering.call('/manage/audit?area=pages', { token: ownerToken })).body.data.entries.map((entry: { summary: string }) => entry.summary);
/** Every row of the database: a refused call changes none. */
const pagesTables = () => allRows(ordering.sqliteFile);

async function uploadPhoto(alt: string) {
  const file = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 180, g: 40, b: 30 } } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('alt', alt);
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'dining-room.jpg');
  const response = await fetch(`${ordering.server.url}/api/manage/photos`, { method: 'POST', headers: { ...identification, authorization: `Bearer ${ownerToken}` }, body: form });
  expect(response.status).toBe(200);
  return (await response.json()).data as { mediaId: string; widths: number[] };
}

describe('who may edit the pages', () => {
  it('refuses anonymous callers, kitchen staff and customers on every call, and writes nothing', async () => {
    const [kitchenToken, customerToken] = await Promise.all([ordering.staffToken(), ordering.customerToken()]);
    const before = pagesTables();
    const page = editablePage(await visitorsPage('about-us'));
    page.title = 'Taken over';
    const calls = (token?: string) => [
      ordering.call('/manage/pages', { token }),
      ordering.call('/manage/pages/about-us', { token }),
      ordering.call('/manage/pages/about-us', { method: 'PUT', body: { revision: 0, ...page }, token }),
      ordering.call('/manage/pages/about-us/publish', { method: 'POST', body: { revision: 0 }, token }),
      ordering.call('/manage/pages/about-us/discard', { method: 'POST', body: { revision: 0 }, token }),
    ];
    for (const answer of await Promise.all(calls())) expect(answer.status).toBe(401);
    for (const token of [kitchenToken, customerToken]) {
      for (const answer of await Promise.all(calls(token))) {
        expect(answer.status).toBe(403);
        expect(answer.body.errorMessage).toBe("This is for the restaurant's owner only");
      }
    }
    expect(pagesTables()).toEqual(before);
    expect((await visitorsPage('about-us')).title).toBe('About Us');
  });
});

describe('draft, publish and the audit', () => {
  it('keeps a draft of a gallery slide and an About Us paragraph from visitors until it is published, then writes the audit', async () => {
    const photo = await uploadPhoto('Our chefs at the pass');
    const gallery = await managedPage('gallery');
    expect(gallery).toMatchObject({ pageName: 'Gallery', hasDraft: false, published: true, unpublishedChanges: [] });
    const galleryDraft = editablePage(gallery);
    const carousel = galleryDraft.rows.flatMap((row) => row.columns).flatMap((column) => column.contentBlocks).find((block) => block.contentBlockType === 3)!;
    carousel.contentBlockData.slides![0] = { mediaId: photo.mediaId, alt: 'Our chefs plating crispy duck at the pass' };
    const savedGallery = await saveDraft('gallery', await revision(), galleryDraft);
    expect(savedGallery.status).toBe(200);
    expect(savedGallery.body.data).toMatchObject({ pageName: 'Gallery', hasDraft: true, published: true, unpublishedChanges: ['Changed the photo carousel block 1 in row 2, column 1 of Gallery'] });

    const aboutUs = editablePage(await managedPage('about-us'));
    aboutUs.rows[0]!.columns[0]!.contentBlocks[0]!.contentBlockData.content![1] = 'We still make our stocks every morning.';
    const savedAbout = await saveDraft('about-us', savedGallery.body.data.revision, aboutUs);
    expect(savedAbout.status).toBe(200);

    // Visitors still see the published pages.
    const visitorsSlide = () => visitorsPage('Gallery').then((page) => page.rows[1].columns[0].contentBlocks[0].contentBlockData.slides[0]);
    expect((await visitorsSlide()).alt).not.toBe('Our chefs plating crispy duck at the pass');
    expect((await visitorsPage('about-us')).rows[0].columns[0].contentBlocks[0].contentBlockData.content[1]).not.toBe('We still make our stocks every morning.');

    const publishedGallery = await publish('Gallery', savedAbout.body.data.revision);
    expect(publishedGallery.status).toBe(200);
    expect(publishedGallery.body.data).toMatchObject({ hasDraft: false, published: true, unpublishedChanges: [] });
    const publishedAbout = await publish('about-us', publishedGallery.body.data.revision);
    expect(publishedAbout.status).toBe(200);

    const widest = photo.widths[photo.widths.length - 1]!;
    expect(await visitorsSlide()).toEqual({
      img: `/media/${photo.mediaId}-${widest}.webp`,
      alt: 'Our chefs plating crispy duck at the pass',
      width: widest,
      height: Math.round((widest * 800) / 1200),
      sources: photo.widths.slice(0, -1).map((width) => ({ img: `/media/${photo.mediaId}-${width}.webp`, width })),
    });
    expect((await visitorsPage('about-us')).rows[0].columns[0].contentBlocks[0].contentBlockData.content[1]).toBe('We still make our stocks every morning.');
    expect((await fetch(`${ordering.server.url}${(await visitorsSlide()).img}`)).status).toBe(200);

    const audit = await auditSummaries();
    expect(audit.slice(0, 4)).toEqual([
      'Published the page about-us',
      'Changed the text block 1 in row 1, column 1 of about-us',
      'Published the page Gallery',
      'Changed the photo carousel block 1 in row 2, column 1 of Gallery',
    ].sort((first, second) => audit.indexOf(first) - audit.indexOf(second)));
    expect(audit).toContain('Saved a draft of the page about-us (1 change not yet published)');
    const entry = (await ordering.call('/manage/audit?area=pages', { token: ownerToken })).body.data.entries.find((found: { summary: string }) => found.summary === 'Published the page about-us');
    expect(entry.actorEmail).toBe('owner@golden-dragon.example');
    expect(entry.before.rows[0].columns[0].contentBlocks[0].contentBlockData.content[1]).not.toBe('We still make our stocks every morning.');
    expect(entry.after.rows[0].columns[0].contentBlocks[0].contentBlockData.content[1]).toBe('We still make our stocks every morning.');
  });

  it('adds a new page at /{page}, refuses a publish with no draft, discards a draft and refuses a stale revision', async () => {
    const page: EditablePage = { title: 'Christmas menu', rows: [{ columns: [{ sizes: { xs: 12, sm: 12, md: 6, lg: 6 }, contentBlocks: [{ contentBlockType: 0, contentBlockData: { content: ['Book by 20 December.'] } }] }] }] };
    expect((await ordering.call('/pagedata/page/christmas')).status).toBe(404);
    const saved = await saveDraft('christmas', await revision(), page);
    expect(saved.body.data).toMatchObject({ pageName: 'christmas', hasDraft: true, published: false, unpublishedChanges: ['Added the page christmas ("Christmas menu")'] });
    expect((await ordering.call('/pagedata/page/christmas')).status).toBe(404);
    expect((await ordering.call('/manage/pages', { token: ownerToken })).body.data.pages).toContainEqual({ pageName: 'christmas', title: 'Christmas menu', hasDraft: true, published: false });

    const stale = await saveDraft('christmas', saved.body.data.revision - 1, page);
    expect(stale.status).toBe(409);
    expect(stale.body.errorMessage).toBe(CHANGED_SINCE_OPENED_MESSAGE);

    const published = await publish('christmas', saved.body.data.revision);
    expect(published.status).toBe(200);
    expect(await visitorsPage('christmas')).toEqual({ pageName: 'christmas', title: 'Christmas menu', rows: [{ row: 1, columns: [{ order: 1, sizes: { xs: 12, sm: 12, md: 6, lg: 6 }, contentBlocks: [{ contentBlockType: 0, contentBlockData: { content: ['Book by 20 December.'] } }] }] }] });

    const again = await publish('christmas', published.body.data.revision);
    expect(again.status).toBe(400);
    expect(again.body.errorMessage).toBe(NO_PAGE_DRAFT_MESSAGE);

    const changed = await saveDraft('christmas', published.body.data.revision, { ...page, title: 'Christmas and New Year' });
    const discarded = await ordering.post('/manage/pages/christmas/discard', { revision: changed.body.data.revision }, ownerToken);
    expect(discarded.body.data).toMatchObject({ title: 'Christmas menu', hasDraft: false, published: true });
    expect(await auditSummaries()).toContain('Discarded the draft of the page christmas');
  });
});

describe('text is text', () => {
  it('stores and serves a <script> typed into every field as the text typed', async () => {
    const photo = await uploadPhoto('A photo');
    const script = '<script>alert("owned")</script>';
    const link = (path: string) => `${path}?q=${encodeURIComponent(script)}`;
    const page: EditablePage = {
      title: script,
      rows: [
        {
          columns: [
            {
              sizes: { xs: 12, sm: 12, md: 12, lg: 12 },
              contentBlocks: [
                { contentBlockType: 0, contentBlockData: { header: script, content: [script, `<img src=x onerror=alert(1)>`] } },
                { contentBlockType: 1, contentBlockData: { header: script, content: [script], ctaText: script, ctaLink: link('/order') } },
                { contentBlockType: 2, contentBlockData: { header: script, content: [script], ctaText: script, ctaLink: link('https://example.com/') } },
                { contentBlockType: 3, contentBlockData: { slides: [{ mediaId: photo.mediaId, alt: script }] } },
                { contentBlockType: 4, contentBlockData: { header: script, header1: script, header2: script, content: [script], ctaText: script, ctaLink: link('/contact'), ctaIcon: 2 } },
              ],
            },
          ],
        },
      ],
    };
    const saved = await saveDraft('script-test', await revision(), page);
    expect(saved.status).toBe(200);
    expect((await publish('script-test', saved.body.data.revision)).status).toBe(200);

    const response = await fetch(`${ordering.server.url}/api/pagedata/page/script-test`, { headers: identification });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const served = (await response.json()).data;
    expect(served.title).toBe(script);
    const [content, internal, external, carousel, card] = served.rows[0].columns[0].contentBlocks;
    expect(content.contentBlockData).toEqual({ header: script, content: [script, '<img src=x onerror=alert(1)>'] });
    expect(internal.contentBlockData).toEqual({ header: script, content: [script], ctaText: script, ctaLink: link('/order') });
    expect(external.contentBlockData).toEqual({ header: script, content: [script], ctaText: script, ctaLink: link('https://example.com/') });
    expect(carousel.contentBlockData.slides[0].alt).toBe(script);
    expect(card.contentBlockData).toEqual({ header: script, header1: script, header2: script, content: [script], ctaText: script, ctaLink: link('/contact'), ctaIcon: 2 });
  });
});

describe('bad input is refused at its field and writes nothing', () => {
  const base = (): EditablePage => ({ title: 'Opening offer', rows: [{ columns: [{ sizes: { xs: 12, sm: 12, md: 12, lg: 12 }, contentBlocks: [] }] }] });
  const withBlock = (block: EditablePage['rows'][number]['columns'][number]['contentBlocks'][number]): EditablePage => {
    const page = base();
    page.rows[0]!.columns[0]!.contentBlocks.push(block);
    return page;
  };
  const at = (field: string) => `rows[0].columns[0].contentBlocks[0].contentBlockData.${field}`;

  it.each([
    ['a blank title', { ...base(), title: '  ' }, 'title', /is required/],
    ['a page without rows', { ...base(), rows: [] }, 'rows', /at least one row/],
    ['a column of 13', { ...base(), rows: [{ columns: [{ sizes: { xs: 13, sm: 12, md: 12, lg: 12 }, contentBlocks: [] }] }] }, 'rows[0].columns[0].sizes.xs', /at most 12/],
    ['a blank paragraph', withBlock({ contentBlockType: 0, contentBlockData: { content: ['  '] } }), at('content[0]'), /is empty/],
    ['an internal button to another site', withBlock({ contentBlockType: 1, contentBlockData: { ctaText: 'Go', ctaLink: '//evil.example/' } }), at('ctaLink'), /page of this site/],
    ['an external button without https', withBlock({ contentBlockType: 2, contentBlockData: { ctaText: 'Go', ctaLink: 'javascript:alert(1)' } }), at('ctaLink'), /https:\/\//],
    ['a card linking to script', withBlock({ contentBlockType: 4, contentBlockData: { header: 'Call us', ctaText: 'Call', ctaLink: 'javascript:alert(1)', ctaIcon: 0 } }), at('ctaLink'), /tel:/],
    ['a slide without alt text', withBlock({ contentBlockType: 3, contentBlockData: { slides: [{ mediaId: 'a'.repeat(64), alt: ' ' }] } }), at('slides[0].alt'), /say what the photo shows/],
    ['a slide of a photo never uploaded', withBlock({ contentBlockType: 3, contentBlockData: { slides: [{ mediaId: 'b'.repeat(64), alt: 'Duck' }] } }), at('slides[0].mediaId'), /not an uploaded photo/],
    ['a slide of an image elsewhere', withBlock({ contentBlockType: 3, contentBlockData: { slides: [{ img: 'https://evil.example/x.png', width: 10, height: 10, alt: 'Duck' }] } }), at('slides[0].mediaId'), /choose a photo/],
    ['a field of another block type', withBlock({ contentBlockType: 0, contentBlockData: { content: ['Hi'], slides: [] } }), at('slides'), /not a field of a text block/],
    ['an HTML field the contract does not know', withBlock({ contentBlockType: 0, contentBlockData: { content: ['Hi'], html: '<b>hi</b>' } as never }), at('html'), /is not allowed/],
  ])('%s', async (_name, page, field, message) => {
    const before = pagesTables();
    const answer = await saveDraft('offer', await revision(), page as EditablePage);
    expect(answer.status).toBe(400);
    expect(answer.body.validationErrors).toContainEqual({ field, message: expect.stringMatching(message) });
    expect(pagesTables()).toEqual(before);
  });

  it("refuses each of a slide's sources that is not a photo of this site, at its own field", async () => {
    const before = pagesTables();
    const sources = [
      { img: '/media/duck-480.webp', width: 480 },
      { img: 'https://tracker.example/pixel.gif?u=1, javascript:alert(1) 9999w', width: 5 },
      { img: 'data:image/svg+xml,<svg onload=alert(1)>', width: 6 },
      { img: '/media/duck.webp?u=1, /evil.webp', width: 7 },
      { img: '/media/duck 800w.webp', width: 8 },
    ];
    const page = withBlock({ contentBlockType: 3, contentBlockData: { slides: [{ img: '/media/duck-1600.webp', width: 1600, height: 1067, alt: 'Duck', sources }] } });
    const answer = await saveDraft('offer', await revision(), page);
    expect(answer.status).toBe(400);
    expect(answer.body.validationErrors).toEqual(
      [1, 2, 3, 4].map((index) => ({ field: at(`slides[0].sources[${index}].img`), message: expect.stringMatching(/photo of this site/) })),
    );
    expect(pagesTables()).toEqual(before);
  });

  it("refuses a gallery draft whose published slide's sources were swapped for another site's, and keeps the draft as it was", async () => {
    const gallery = editablePage(await managedPage('gallery'));
    const slide = gallery.rows.flatMap((row) => row.columns).flatMap((column) => column.contentBlocks).find((block) => block.contentBlockType === 3)!.contentBlockData.slides![0]!;
    expect(slide.sources?.length).toBeGreaterThan(0);
    slide.sources![0]!.img = 'https://tracker.example/pixel.gif?u=1, javascript:alert(1) 9999w';
    const before = pagesTables();
    const draftBefore = await managedPage('gallery');
    const answer = await saveDraft('gallery', await revision(), gallery);
    expect(answer.status).toBe(400);
    expect(answer.body.validationErrors).toEqual([{ field: expect.stringMatching(/slides\[0\]\.sources\[0\]\.img$/), message: expect.stringMatching(/photo of this site/) }]);
    expect(pagesTables()).toEqual(before);
    expect(await managedPage('gallery')).toEqual(draftBefore);
  });

  it.each(['order', 'Order', 'checkout', 'manage', 'kitchen', 'account', 'forgotPassword', 'home', 'track', 'api', 'media', 'assets'])('refuses a page at /%s, an address the site already has', async (name) => {
    const before = pagesTables();
    const answer = await saveDraft(name, await revision(), withBlock({ contentBlockType: 0, contentBlockData: { content: ['Half price today'] } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ errorMessage: null, validationErrors: [{ field: 'pageName', message: 'is taken: choose another address' }] });
    expect(pagesTables()).toEqual(before);
    expect((await ordering.call(`/manage/pages/${name}`, { token: ownerToken })).status).toBe(404);
  });

  it('still saves the pages the site serves at their own routes: the gallery, About Us and the legal pages', async () => {
    for (const name of ['gallery', 'about-us', 'privacy', 'cookies', 'terms']) {
      const page = editablePage(await managedPage(name));
      const saved = await saveDraft(name, await revision(), page);
      expect(saved.status, name).toBe(200);
      const discarded = await ordering.post(`/manage/pages/${name}/discard`, { revision: saved.body.data.revision }, ownerToken);
      expect(discarded.status, name).toBe(200);
    }
  });
});

describe('removing a page', () => {
  const offer: EditablePage = { title: 'Christmas menu', rows: [{ columns: [{ sizes: { xs: 12, sm: 12, md: 12, lg: 12 }, contentBlocks: [{ contentBlockType: 0, contentBlockData: { content: ['Book by 20 December.'] } }] }] }] };
  const remove = (name: string, at: number, token?: string) => ordering.call(`/manage/pages/${name}/remove`, { method: 'POST', body: { revision: at }, token });
  const sitemapPaths = async () => [...(await (await fetch(`${ordering.server.url}/sitemap.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const tables = (): Record<string, { page_name?: string }[]> => Object.fromEntries(JSON.parse(pagesTables()));
  /** The page added, published with a later draft, as an owner leaves a seasonal page. */
  async function addPage(name: string) {
    const saved = await saveDraft(name, await revision(), offer);
    const published = await publish(name, saved.body.data.revision);
    const redrafted = await saveDraft(name, published.body.data.revision, { ...offer, title: 'Christmas and New Year menu' });
    expect(redrafted.body.data).toMatchObject({ hasDraft: true, published: true });
    return redrafted.body.data.revision as number;
  }

  it('takes a page the owner added off the site: unknown to visitors, out of the sitemap and the list, its draft gone, with the audit line', async () => {
    const at = await addPage('christmas-menu');
    expect(await sitemapPaths()).toContain('/christmas-menu');
    const unknown = await ordering.call('/pagedata/page/never-a-page');
    const before = tables();

    const removed = await remove('Christmas-Menu', at, ownerToken);
    expect(removed.status).toBe(200);
    expect(removed.body.data.revision).toBe(at + 1);
    expect(removed.body.data.pages.map((page: { pageName: string }) => page.pageName)).not.toContain('christmas-menu');
    expect(removed.body.data.pages).toEqual((await ordering.call('/manage/pages', { token: ownerToken })).body.data.pages);

    const visitors = await ordering.call('/pagedata/page/christmas-menu');
    expect({ status: visitors.status, body: visitors.body }).toEqual({ status: unknown.status, body: unknown.body });
    expect(await sitemapPaths()).not.toContain('/christmas-menu');
    expect((await ordering.call('/manage/pages/christmas-menu', { token: ownerToken })).status).toBe(404);

    const entry = (await ordering.call('/manage/audit?area=pages', { token: ownerToken })).body.data.entries[0];
    expect(entry).toMatchObject({ summary: 'Removed the page christmas-menu from the site', actorEmail: 'owner@golden-dragon.example', after: null });
    expect(entry.before.published.title).toBe('Christmas menu');
    expect(entry.before.draft.title).toBe('Christmas and New Year menu');

    // Nothing else changes: the pages' tables lose the page's two rows, the revision moves on, the audit gains its line.
    const after = tables();
    const withoutPage = (rows: { page_name?: string }[]) => rows.filter((row) => row.page_name?.toLowerCase() !== 'christmas-menu');
    expect(after.pages).toEqual(withoutPage(before.pages));
    expect(after.page_drafts).toEqual(withoutPage(before.page_drafts));
    expect(after.pages.length).toBe(before.pages.length - 1);
    expect(after.page_drafts.length).toBe(before.page_drafts.length - 1);
    expect(after.audit_entries.length).toBe(before.audit_entries.length + 1);
    const untouched = (all: Record<string, unknown>) => Object.fromEntries(Object.entries(all).filter(([table]) => !['pages', 'page_drafts', 'audit_entries', 'edit_revisions'].includes(table)));
    expect(untouched(after)).toEqual(untouched(before));
  });

  it('removes a page that was only ever a draft', async () => {
    const saved = await saveDraft('opening-offer', await revision(), offer);
    const removed = await remove('opening-offer', saved.body.data.revision, ownerToken);
    expect(removed.status).toBe(200);
    expect((await ordering.call('/manage/pages/opening-offer', { token: ownerToken })).status).toBe(404);
  });

  it('refuses kitchen staff and customers (403) and anonymous callers (401), and the page stays', async () => {
    const at = await addPage('staff-party');
    const before = pagesTables();
    expect((await remove('staff-party', at)).status).toBe(401);
    for (const token of await Promise.all([ordering.staffToken(), ordering.customerToken()])) {
      const refused = await remove('staff-party', at, token);
      expect(refused.status).toBe(403);
      expect(refused.body.errorMessage).toBe("This is for the restaurant's owner only");
    }
    expect(pagesTables()).toEqual(before);
    expect((await ordering.call('/pagedata/page/staff-party')).status).toBe(200);
  });

  it.each(['Gallery', 'gallery', 'about-us', 'privacy', 'cookies', 'Terms'])('refuses to remove %s, a page the site needs, and writes nothing', async (name) => {
    const before = pagesTables();
    const refused = await remove(name, await revision(), ownerToken);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ errorMessage: SITE_PAGE_KEPT_MESSAGE, validationErrors: [] });
    expect(pagesTables()).toEqual(before);
    expect((await ordering.call(`/pagedata/page/${name}`)).status).toBe(200);
  });

  it('answers an unknown page as not found, as the catalogue does, and writes nothing', async () => {
    const before = pagesTables();
    const unknown = await remove('never-a-page', await revision(), ownerToken);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ errorMessage: 'Page not found', validationErrors: [] });
    expect(toApiError(unknown.status, unknown.body).message).toBe('Route does not exist');
    expect(pagesTables()).toEqual(before);
  });
});
