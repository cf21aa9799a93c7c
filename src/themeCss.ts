import { DEFAULT_THEME, convertCssVariables, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

/**
 * The theme's CSS variables as a stylesheet, written once by the build (vite.config.ts, `virtual:theme.css`) in place
 * of the `<style>` MantineProvider would otherwise draw into every page and work out again in the browser on every
 * start (`withCssVariables={false}`): the same variables Mantine's own resolver and ours give, for both colour schemes.
 */
export function themeCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const defaults = defaultCssVariablesResolver(merged);
  const ours = cssVariablesResolver(merged);
  return convertCssVariables({
    variables: { ...defaults.variables, ...ours.variables },
    light: { ...defaults.light, ...ours.light, '--mantine-color-scheme': 'light' },
    dark: { ...defaults.dark, ...ours.dark, '--mantine-color-scheme': 'dark' },
  });
}
