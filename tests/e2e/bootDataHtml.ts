import { BOOT_DATA_ELEMENT_ID } from '../../src/domain/bootData';

/** The start data element in served HTML (src/domain/bootData.ts), its JSON text captured: for the API and browser tests. */
export const BOOT_DATA_IN_HTML = new RegExp(`<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">(.*?)</script>`, 's');
