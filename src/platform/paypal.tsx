import { PayPalScriptProvider, usePayPalScriptReducer, type ReactPayPalScriptOptions } from '@paypal/react-paypal-js';
import { useEffect, type ReactNode } from 'react';
import type { ScriptStatus } from '../../machines/payment/paymentMachine';
import type { PayPalConfig } from './config';

/**
 * PayPal's JS SDK options (SPEC §7: currency GBP, card funding enabled, sofort disabled, intent authorize). A local
 * sdkBaseUrl is a path on the site's own origin (the loopback fake behind /paypal-sandbox); PayPal's loader wants it whole.
 */
export function payPalScriptOptions(config: PayPalConfig, pageOrigin: string): ReactPayPalScriptOptions {
  return {
    clientId: config.clientId,
    currency: 'GBP',
    intent: 'authorize',
    enableFunding: 'card',
    disableFunding: 'sofort',
    environment: config.environment,
    ...(config.sdkBaseUrl === undefined ? {} : { sdkBaseUrl: new URL(config.sdkBaseUrl, pageOrigin).href }),
  };
}

function scriptStatusOf(state: ReturnType<typeof usePayPalScriptReducer>[0]): ScriptStatus {
  if (state.isRejected) return 'rejected';
  if (state.isResolved) return 'resolved';
  if (state.isPending) return 'pending';
  return 'initial';
}

function ScriptStatusReporter({ onStatus }: { onStatus: (status: ScriptStatus) => void }) {
  const status = scriptStatusOf(usePayPalScriptReducer()[0]);
  useEffect(() => onStatus(status), [status, onStatus]);
  return null;
}

/** Loads PayPal's script for the page below it and reports each loading status (the payment statechart's SCRIPT_STATUS). */
export function PayPalScript({ config, onStatus, children }: { config: PayPalConfig; onStatus: (status: ScriptStatus) => void; children: ReactNode }) {
  return (
    <PayPalScriptProvider options={payPalScriptOptions(config, window.location.origin)}>
      <ScriptStatusReporter onStatus={onStatus} />
      {children}
    </PayPalScriptProvider>
  );
}
