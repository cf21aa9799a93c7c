// The app's start in turns (docs/first-paint.md): Mantine's provider and the theme, then the next task.
import { MantineProvider } from '@mantine/core';
import { theme } from '../theme';
import { nextTask } from './nextTask';

export { MantineProvider, theme };

await nextTask();
