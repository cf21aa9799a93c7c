import type { LinkProps } from '@tanstack/react-router';

/** One of the back office's pages, as its navigation and overview list it. */
export interface ManageSection {
  to: NonNullable<LinkProps['to']>;
  label: string;
  /** What the owner does there, in a line. */
  purpose: string;
}

/** The back office's pages in the order the owner meets them (docs/back-office.md); each area adds its own. */
export const MANAGE_SECTIONS: readonly ManageSection[] = [
  { to: '/manage/audit', label: 'Audit', purpose: 'Who changed what, and when, with what it was before.' },
];
