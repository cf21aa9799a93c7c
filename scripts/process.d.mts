// Types for the part of scripts/process.mjs that tests import.
export function commandExists(command: string): boolean;
