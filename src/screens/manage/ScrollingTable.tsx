import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table wider than a phone, scrolled sideways in a region of its own. The region takes focus so that a keyboard can
 * scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable), and is named after the table for the screen reader
 * that lands on it.
 */
export function ScrollingTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer type="native" minWidth={minWidth} tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
