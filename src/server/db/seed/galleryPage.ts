import type { components } from '../../../api/schema.gen';
import { photoFileName } from '../../../domain/photoSizes';
import type { DemoPage } from './demoDataShape';
import { dishPhoto, tablePhoto } from './demoPhotos';

type CarouselSlide = components['schemas']['CarouselSlide'];
type Photo = components['schemas']['Photo'];

const fullWidth = { xs: 12, sm: 12, md: 12, lg: 12 };

/** A slide of a demo photo: its largest WebP copy, with the narrower ones offered to smaller screens. */
const slide = (photo: Photo): CarouselSlide => {
  const largest = photo.widths.at(-1)!;
  return {
    img: `/media/${photoFileName(photo.mediaId, largest, 'webp')}`,
    alt: photo.alt,
    // The copy's own size: `width` is also its srcset descriptor (src/domain/pageContent.ts).
    width: largest,
    height: Math.round((photo.height * largest) / photo.width),
    sources: photo.widths.slice(0, -1).map((width) => ({ img: `/media/${photoFileName(photo.mediaId, width, 'webp')}`, width })),
  };
};

// Card icons (ctaIcon): 0 phone, 1 email, 2 map pin, 3 shopping bag.
export const galleryPage: DemoPage = {
  pageName: 'Gallery',
  title: 'Gallery',
  rows: [
    {
      row: 1,
      columns: [
        {
          order: 1,
          sizes: fullWidth,
          contentBlocks: [
            {
              contentBlockType: 0,
              contentBlockData: {
                header: 'Inside Golden Dragon',
                content: [
                  'Some of the dishes our regulars come back for, as they come to the table.',
                  'Every dish is cooked to order in our open kitchen, by the same family of chefs since 1998.',
                ],
              },
            },
          ],
        },
      ],
    },
    {
      row: 2,
      columns: [
        {
          order: 1,
          sizes: { xs: 12, sm: 12, md: 8, lg: 8 },
          contentBlocks: [
            {
              contentBlockType: 3,
              contentBlockData: {
                slides: [
                  slide(tablePhoto),
                  slide(dishPhoto('Crispy Aromatic Duck')),
                  slide(dishPhoto('Salt & Pepper King Prawns')),
                  slide(dishPhoto('Pork & Prawn Siu Mai (4)')),
                  slide(dishPhoto('Chicken Chow Mein')),
                  slide(dishPhoto('Mapo Tofu with Minced Pork')),
                ],
              },
            },
          ],
        },
        {
          order: 2,
          sizes: { xs: 12, sm: 12, md: 4, lg: 4 },
          contentBlocks: [
            {
              contentBlockType: 4,
              contentBlockData: {
                header: 'Call us',
                header1: '0113 496 0123',
                header2: 'Tuesday to Sunday, from 5pm (4pm on Sundays)',
                content: [
                  'Book a table, ask about allergens, or order by phone.',
                  'We are closed on Mondays, except bank holidays.',
                ],
                ctaText: 'Call 0113 496 0123',
                ctaLink: 'tel:+441134960123',
                ctaIcon: 0,
              },
            },
          ],
        },
      ],
    },
    {
      row: 3,
      columns: [
        {
          order: 1,
          sizes: { xs: 12, sm: 6, md: 6, lg: 6 },
          contentBlocks: [
            {
              contentBlockType: 1,
              contentBlockData: {
                header: 'Hungry already?',
                content: ['Order online for collection or delivery across north Leeds.'],
                ctaText: 'Order online',
                ctaLink: '/order',
              },
            },
          ],
        },
        {
          order: 2,
          sizes: { xs: 12, sm: 6, md: 6, lg: 6 },
          contentBlocks: [
            {
              contentBlockType: 2,
              contentBlockData: {
                header: 'Finding us',
                content: ['We are on Market Street in Headingley, two minutes from the bus stops on Otley Road.'],
                ctaText: 'Open the map',
                ctaLink: 'https://www.openstreetmap.org/search?query=Market%20Street%2C%20Headingley%2C%20Leeds',
              },
            },
          ],
        },
      ],
    },
    {
      row: 4,
      columns: [
        {
          order: 1,
          sizes: { xs: 12, sm: 12, md: 4, lg: 4 },
          contentBlocks: [
            {
              contentBlockType: 4,
              contentBlockData: {
                header: 'Email us',
                header1: 'hello@goldendragon-headingley.example',
                header2: 'We reply within one working day',
                content: ['For parties, catering and anything that is not urgent.'],
                ctaText: 'Send an email',
                ctaLink: 'mailto:hello@goldendragon-headingley.example',
                ctaIcon: 1,
              },
            },
          ],
        },
        {
          order: 2,
          sizes: { xs: 12, sm: 12, md: 4, lg: 4 },
          contentBlocks: [
            {
              contentBlockType: 4,
              contentBlockData: {
                header: 'Visit us',
                header1: '12 Market Street, Headingley',
                header2: 'Leeds LS6 2AB',
                content: ['Street parking after 6pm; the nearest car park is on North Lane.'],
                ctaText: 'Get directions',
                ctaLink: 'https://www.openstreetmap.org/directions?to=Market%20Street%2C%20Headingley%2C%20Leeds',
                ctaIcon: 2,
              },
            },
          ],
        },
        {
          order: 3,
          sizes: { xs: 12, sm: 12, md: 4, lg: 4 },
          contentBlocks: [
            {
              contentBlockType: 4,
              contentBlockData: {
                header: 'Take away',
                header1: 'Collection in about 20 minutes',
                header2: 'Delivery in about 45 minutes',
                content: ['Order from our full menu and pay by card, PayPal or cash.'],
                ctaText: 'Start your order',
                ctaLink: '/order',
                ctaIcon: 3,
              },
            },
          ],
        },
      ],
    },
  ],
};
