import type { FastifyInstance } from 'fastify';
import { canonicalPath, contentPagePath, listedPaths, PRIVATE_PATH_PREFIXES } from './routeFacts';

/** Like the site's HTML: revalidated on every use, so a new page of the restaurant's is listed at once. */
const revalidate = 'no-cache';

/** `GET /robots.txt` and `GET /sitemap.xml`, built from the app's routes and the restaurant's pages in the database. */
export function registerCrawling(app: FastifyInstance, publicUrl: string): void {
  app.get('/robots.txt', (_request, reply) =>
    reply.header('cache-control', revalidate).type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)),
  );
  app.get('/sitemap.xml', async (_request, reply) => {
    const pageNames = await app.repositories.pages.listPageNames();
    return reply.header('cache-control', revalidate).type('application/xml; charset=utf-8').send(sitemapXml(publicUrl, pageNames));
  });
}

function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The listed routes, then each of the restaurant's pages that is not one of them (and not at a private path). */
function sitemapPaths(pageNames: readonly string[]): string[] {
  const restaurantPages = pageNames.flatMap((name) => canonicalPath(contentPagePath(name), true) ?? []);
  return [...new Set([...listedPaths(), ...restaurantPages])];
}

function sitemapXml(publicUrl: string, pageNames: readonly string[]): string {
  const urls = sitemapPaths(pageNames).map((path) => `<url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
