import { acceptanceHandlers } from './acceptance';
import { accountHandlers } from './account';
import { bookingHandlers } from './booking';
import { contentHandlers } from './content';
import { deviceHandlers } from './device';
import type { HandlerMap } from './handlerTypes';
import { kitchenHandlers } from './kitchen';
import { manageAuditHandlers } from './manageAudit';
import { menuHandlers } from './menu';
import { orderHandlers } from './order';
import { orderBuilderHandlers } from './orderBuilder';
import { paymentHandlers } from './payment';
import { restaurantHandlers } from './restaurant';

/** Keyed by operationId, as fastify-openapi-glue looks them up. */
export const operationHandlers = {
  ...restaurantHandlers,
  ...contentHandlers,
  ...menuHandlers,
  ...accountHandlers,
  ...orderBuilderHandlers,
  ...acceptanceHandlers,
  ...orderHandlers,
  ...paymentHandlers,
  ...deviceHandlers,
  ...kitchenHandlers,
  ...bookingHandlers,
  ...manageAuditHandlers,
} satisfies HandlerMap;
