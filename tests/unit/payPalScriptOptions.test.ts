import { describe, expect, it } from 'vitest';
import { payPalScriptOptions } from '../../src/platform/paypal';

describe('PayPal\'s script options', () => {
  it('ask for GBP, authorisation, card funding and no sofort, with the local SDK path made whole from the page\'s origin', () => {
    const config = { clientId: 'local-sandbox-client', environment: 'sandbox', sdkBaseUrl: '/paypal-sandbox/sdk/js' } as const;
    expect(payPalScriptOptions(config, 'http://127.0.0.1:4173')).toEqual({
      clientId: 'local-sandbox-client',
      currency: 'GBP',
      intent: 'authorize',
      enableFunding: 'card',
      disableFunding: 'sofort',
      environment: 'sandbox',
      sdkBaseUrl: 'http://127.0.0.1:4173/paypal-sandbox/sdk/js',
    });
  });

  it('leave the SDK\'s address to PayPal\'s loader when none is configured', () => {
    expect(payPalScriptOptions({ clientId: 'live-client', environment: 'production' }, 'https://example.test')).not.toHaveProperty('sdkBaseUrl');
  });
});
