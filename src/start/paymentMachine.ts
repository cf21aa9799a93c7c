// The app's start in turns (docs/first-paint.md): the payment statechart, which the route tree's guards read, is built
// (its states and transitions made as its module runs) in a task of its own, then the next task.
import '../../machines/payment/paymentMachine';
import { nextTask } from './nextTask';

await nextTask();
