import { ConfigurationError, type Environment, read, wholeNumber } from '../configReading';

// Where the tickets go (docs/printing.md): to the printers the owner adds at /manage/printers, always. In local mode
// the server also starts the loopback printer, a stand-in on this machine that decodes what it receives; with
// PRINTING_MODE=network it does not, and only the restaurant's own printers print.

export type PrintingConfig = { mode: 'local'; loopbackPort: number } | { mode: 'network' };

/** The loopback printer's port unless LOOPBACK_PRINTER_PORT says otherwise (0: any free port). */
export const DEFAULT_LOOPBACK_PRINTER_PORT = 0;

export function loadPrintingConfig(env: Environment): PrintingConfig {
  const mode = read(env, 'PRINTING_MODE') ?? 'local';
  if (mode === 'network') return { mode };
  if (mode !== 'local') throw new ConfigurationError(`PRINTING_MODE must be "local" or "network", got "${mode}"`);
  return { mode, loopbackPort: wholeNumber(env, 'LOOPBACK_PRINTER_PORT', DEFAULT_LOOPBACK_PRINTER_PORT, 0, 65535) };
}
