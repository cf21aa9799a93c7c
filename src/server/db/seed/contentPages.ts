import type { components } from '../../../api/schema.gen';
import type { DemoPage } from './demoDataShape';

type PageRow = components['schemas']['PageRow'];

interface Section {
  /** The page's title is its main heading, so an opening section has none of its own. */
  header?: string;
  content: string[];
}

const fullWidth = { xs: 12, sm: 12, md: 12, lg: 12 };

// A text page: one full-width row per section, so each heading starts its own block.
function sectionRows(sections: Section[]): PageRow[] {
  return sections.map((section, index) => ({
    row: index + 1,
    columns: [{ order: 1, sizes: fullWidth, contentBlocks: [{ contentBlockType: 0, contentBlockData: section }] }],
  }));
}

const lastUpdated = 'Last updated: 22 November 2026.';

export const privacyPage: DemoPage = {
  pageName: 'privacy',
  title: 'Privacy Policy',
  rows: sectionRows([
    {
      content: [
        'This policy explains what personal data Golden Dragon collects when you use our website and apps, why we collect it, and the rights you have under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.',
        lastUpdated,
      ],
    },
    {
      header: 'Who we are',
      content: [
        'Golden Dragon (Headingley) Ltd, 12 Market Street, Headingley, Leeds LS6 2AB, is the controller of your personal data.',
        'If you have any question about this policy or your data, email hello@goldendragon-headingley.example or write to us at the address above.',
      ],
    },
    {
      header: 'What we collect',
      content: [
        'When you order: your name, phone number and email address, your delivery address for delivery orders, what you ordered, any notes or special requests, the time you asked for, and how you paid.',
        'When you create an account: your email address and password (held by our sign-in provider, never by us in readable form), and the profile details, saved addresses, previous orders, loyalty points and vouchers linked to it.',
        'When you browse: a random identifier stored in our tracking cookie, the pages you visit and basic information about your device and browser, collected through Google Analytics.',
        'In our apps: a device token, so we can send you notifications about the progress of your order.',
        'We do not receive or store your full card details: card and PayPal payments are handled by PayPal.',
      ],
    },
    {
      header: 'Why we use it, and our lawful basis',
      content: [
        'To take, prepare, deliver and account for your order, and to contact you about it: this is necessary for our contract with you.',
        'To run your account, loyalty points and vouchers: necessary for our contract with you.',
        'To keep records for HMRC and to deal with any dispute: necessary to comply with our legal obligations.',
        'To understand how the site is used and improve it, through our tracking cookie and Google Analytics: our legitimate interest in running a useful website. You can object at any time (see "Your rights").',
        'We never sell your data, and we send marketing only if you have asked us to.',
      ],
    },
    {
      header: 'Who we share it with',
      content: [
        'Amazon Web Services (London region), which hosts our website and our sign-in service (Amazon Cognito).',
        'PayPal (Europe) S.à r.l. et Cie, S.C.A., which processes card and PayPal payments.',
        'Google Ireland Ltd, which provides Google Analytics.',
        'Apple and Google, which deliver push notifications to our apps.',
        'Each of them acts on our instructions under a written contract. Where data leaves the UK, it is protected by UK adequacy regulations or the International Data Transfer Addendum.',
      ],
    },
    {
      header: 'How long we keep it',
      content: [
        'Order records: six years from the end of the financial year of the order, as tax law requires.',
        'Account details: until you delete your account, which you can do at any time from your account page.',
        'The tracking cookie: 365 days from your last visit. Analytics data: 14 months.',
      ],
    },
    {
      header: 'Your rights',
      content: [
        'You have the right to ask for a copy of your data, to have it corrected or erased, to restrict or object to how we use it, and to receive it in a portable format.',
        'To use any of these rights, email us. We will reply within one month and will not charge you.',
        "If you are unhappy with how we have handled your data, you can complain to the Information Commissioner's Office at ico.org.uk or on 0303 123 1113.",
      ],
    },
  ]),
};

export const cookiesPage: DemoPage = {
  pageName: 'cookies',
  title: 'Cookie Policy',
  rows: sectionRows([
    {
      content: [
        'Cookies are small text files that a website stores in your browser. This page lists the cookies and similar storage that Golden Dragon uses, and why.',
        lastUpdated,
      ],
    },
    {
      header: 'takeaway_tracking',
      content: [
        'Set by: Golden Dragon.',
        'What it holds: a version number and a random identifier of 20 letters and digits. It contains nothing that identifies you by name.',
        'Why: it lets us recognise a returning browser, keep your order journey consistent and count visits to our pages.',
        'Category: strictly necessary and analytics.',
        'Lasts: 365 days. It is sent only over secure connections and only to our own site.',
      ],
    },
    {
      header: 'Google Analytics (_ga, _ga_*)',
      content: [
        'Set by: Google, on our behalf, when analytics is switched on for this site.',
        'Why: to count visits and see which pages are used, so we can improve the site.',
        'Category: analytics.',
        'Lasts: up to 2 years.',
      ],
    },
    {
      header: 'Sign-in storage',
      content: [
        'When you sign in, your browser keeps your sign-in session in its local storage, so you stay signed in between pages.',
        'Category: strictly necessary. It is removed when you sign out.',
      ],
    },
    {
      header: 'PayPal',
      content: [
        'When you pay by card or PayPal, PayPal sets its own cookies to process the payment securely and prevent fraud. They are covered by PayPal\'s cookie statement.',
        'Category: strictly necessary.',
      ],
    },
    {
      header: 'Managing cookies',
      content: [
        'You can delete or block cookies in your browser settings. If you block strictly necessary cookies, ordering and signing in may not work.',
        'To stop Google Analytics on every site, you can install Google\'s opt-out browser add-on.',
      ],
    },
  ]),
};

export const termsPage: DemoPage = {
  pageName: 'terms',
  title: 'Terms of Use',
  rows: sectionRows([
    {
      content: [
        'These terms apply when you use the Golden Dragon website and apps and when you order from us. Please read them before you order.',
        lastUpdated,
      ],
    },
    {
      header: 'About us',
      content: [
        'The website is run by Golden Dragon (Headingley) Ltd, 12 Market Street, Headingley, Leeds LS6 2AB. Phone 0113 496 0123; email hello@goldendragon-headingley.example.',
      ],
    },
    {
      header: 'Placing an order',
      content: [
        'Your order is an offer to buy. A contract is made when we accept your order and show or send you the confirmation. We may refuse an order, for example when the kitchen is too busy or an address is outside our delivery area.',
        'Prices are in pounds sterling and include VAT. A 10p charge applies to each order for the carrier bag.',
        'Collection orders have a minimum order value. Delivery is available to the postcode districts we list, each with its own minimum order value and delivery charge, shown before you pay.',
        'Times given for collection and delivery are our best estimates; at busy times they may be longer.',
      ],
    },
    {
      header: 'Payment',
      content: [
        'You can pay by card or PayPal online, or in cash on collection or delivery. For online payments the amount is authorised when you place the order and taken when we accept it; if we refuse the order, the authorisation is released.',
      ],
    },
    {
      header: 'Allergies and dietary needs',
      content: [
        'Each dish on our menu lists the 14 major allergens it contains. Our kitchen handles all of them, so we cannot guarantee that any dish is free from traces.',
        'If you have an allergy or intolerance, please call us before you order so we can talk it through.',
      ],
    },
    {
      header: 'Cancelling and refunds',
      content: [
        'Because food is prepared to order, the 14-day right to cancel under the Consumer Contracts Regulations does not apply. You can cancel an order before we start cooking it; we will refund any online payment in full.',
        'If something is missing, wrong or not of a satisfactory standard, tell us as soon as possible and we will put it right or refund you. Your statutory rights are not affected.',
      ],
    },
    {
      header: 'Accounts, points and vouchers',
      content: [
        'Keep your password private. You are responsible for orders placed from your account.',
        'Loyalty points and vouchers have no cash value, cannot be exchanged, and are subject to the conditions shown with them.',
      ],
    },
    {
      header: 'Using the site',
      content: [
        'You may use the site to browse and order for your own use. Do not misuse it, try to break into it, or copy its content for commercial use.',
        'These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction.',
      ],
    },
  ]),
};

export const aboutUsPage: DemoPage = {
  pageName: 'about-us',
  title: 'About Us',
  rows: [
    ...sectionRows([
      {
        content: [
          'Golden Dragon opened on Market Street in Headingley in 1998, when the Wong family brought the cooking of their home town near Guangzhou to north Leeds.',
          'Two generations later the family still runs the kitchen. Our roast meats are roasted in-house every day, our stocks are made every morning, and every dish is cooked to order.',
        ],
      },
      {
        header: 'Cantonese and Peking cooking',
        content: [
          'Alongside the takeaway favourites our customers love, from sweet and sour chicken to salt and pepper chips, we cook Cantonese classics like char siu, roast duck and ginger and spring onion king prawns, and Peking dishes like crispy aromatic duck.',
          'We cook our vegetarian dishes in separate woks and mark every dish with the allergens it contains.',
        ],
      },
      {
        header: 'Part of Headingley',
        content: [
          'We have fed students, families and cricket fans for more than twenty-five years, and we still deliver by our own drivers across north Leeds.',
        ],
      },
    ]),
    {
      row: 4,
      columns: [
        {
          order: 1,
          sizes: fullWidth,
          contentBlocks: [
            {
              contentBlockType: 1,
              contentBlockData: {
                header: 'Try us tonight',
                content: ['Order online for collection or delivery.'],
                ctaText: 'See the menu',
                ctaLink: '/order',
              },
            },
          ],
        },
      ],
    },
  ],
};

/** A page the restaurant added itself: not a route of its own, it is shown by the generic `/{page}` route. */
export const allergensPage: DemoPage = {
  pageName: 'allergens',
  title: 'Allergen information',
  rows: sectionRows([
    {
      content: [
        'Every dish on our menu lists which of the 14 major allergens it contains: celery, cereals containing gluten, crustaceans, eggs, fish, lupin, milk, molluscs, mustard, tree nuts, peanuts, sesame, soya and sulphur dioxide.',
      ],
    },
    {
      header: 'Before you order',
      content: [
        'If you have an allergy or intolerance, please tell us in the notes of your order and phone us on 0113 496 0123 before you order, so that the chef can talk you through the dishes.',
        'Our kitchen handles all 14 allergens, and many of our sauces contain soya, wheat and sesame, so we cannot guarantee that any dish is free from traces.',
      ],
    },
    {
      header: 'Recipes change',
      content: ['We update the menu whenever a recipe or a supplier changes. If you order the same dish regularly, please check it again from time to time.'],
    },
  ]),
};
