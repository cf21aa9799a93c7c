// The app's start in turns (docs/first-paint.md): the router with every route's eager part (shells, gates, the
// components they draw), then the next task.
import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { createAppRouter } from '../AppRouter';
import { nextTask } from './nextTask';

export { RouterClient, RouterProvider, createAppRouter };

await nextTask();
