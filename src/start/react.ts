// The app's start in turns (docs/first-paint.md, "Started in turns"): React DOM, the largest library, is run here and
// the rest of the bundle after this module in the next task.
import { createRoot, hydrateRoot } from 'react-dom/client';
import { nextTask } from './nextTask';

export { createRoot, hydrateRoot };

await nextTask();
