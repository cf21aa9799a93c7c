import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// Lacquer red and imperial gold. Shade 7 of the red carries white text at better than 7:1, and the
// gold's light shades sit on the red header at better than 4.5:1, so text stays readable (WCAG AA).
const lacquerRed: MantineColorsTuple = [
  '#fff0ef', '#ffdcda', '#ffb6b2', '#fb8b85', '#f2615a', '#e23b33', '#c5231c', '#a3160f', '#86120c', '#680e09',
];

const imperialGold: MantineColorsTuple = [
  '#fff9e5', '#fdf0c2', '#fae089', '#f6ce4e', '#efbc25', '#d9a40f', '#b3850a', '#8c6808', '#664b06', '#403003',
];

// Mantine's green with its two darkest shades deepened: by default shade 9 (#2b8a3e) carries white text, and sits on the
// light green of a label, at under 4.5:1, and shade 8 (a hovered green button) at 3.4:1; these read at better than 4.9:1
// (the kitchen's buttons, the menu's plant-based labels).
const green: MantineColorsTuple = [
  '#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#37b24d', '#27803a', '#237032',
];

export const theme = createTheme({
  colors: { lacquerRed, imperialGold, green },
  primaryColor: 'lacquerRed',
  primaryShade: 7,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: '700' },
  defaultRadius: 'md',
  // SPEC §9 default transition.
  other: { transitionMs: 300 },
});

// Mantine's own dimmed grey (3.3:1) and error red (3.3:1) are too faint for small text on white; these read at
// better than 7:1. The site has no dark scheme, so only the light one changes.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-lacquerRed-7)' },
  dark: {},
});
