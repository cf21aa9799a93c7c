/** The JavaScript served by the loopback PayPal fake at GET /sdk/js: a stand-in for PayPal's JS SDK v5. */
export function payPalSdkScript(): string {
  return `(function () {
  'use strict';
  window.paypal = { version: '5.0.0-fake' };
})();
`;
}
