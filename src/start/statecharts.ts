// The app's start in turns (docs/first-paint.md): the statecharts the app keeps running (each machine is built as its
// module is run), then the next task.
import { createAcceptanceActor } from '../actors/acceptance';
import { apiIdentityOf, createAuthActor } from '../actors/auth';
import { createBasketActor } from '../actors/basket';
import { createTrackingActor } from '../actors/tracking';
import { nextTask } from './nextTask';

export { apiIdentityOf, createAcceptanceActor, createAuthActor, createBasketActor, createTrackingActor };

await nextTask();
