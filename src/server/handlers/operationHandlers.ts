import { acceptanceHandlers } from './acceptance';
import { accountHandlers } from './account';
import { bookingHandlers } from './booking';
import { busyModeHandlers } from './busyMode';
import { contentHandlers } from './content';
import { deviceHandlers } from './device';
import type { HandlerMap } from './handlerTypes';
import { kitchenHandlers } from './kitchen';
import { manageAuditHandlers } from './manageAudit';
import { manageCustomerHandlers } from './manageCustomers';
import { manageTakingsHandlers } from './manageTakings';
import { manageZoneHandlers } from './manageZones';
import { manageHoursHandlers } from './manageHours';
import { manageMenuHandlers } from './manageMenu';
import { managePageHandlers } from './managePages';
import { managePhotoHandlers } from './managePhotos';
import { manageSettingsHandlers } from './manageSettings';
import { menuHandlers } from './menu';
import { orderHandlers } from './order';
import { orderBuilderHandlers } from './orderBuilder';
import { paymentHandlers } from './payment';
import { printerHandlers } from './printers';
import { restaurantHandlers } from './restaurant';
import { soldOutHandlers } from './soldOut';

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
  ...manageZoneHandlers,
  ...manageCustomerHandlers,
  ...manageTakingsHandlers,
  ...manageSettingsHandlers,
  ...managePhotoHandlers,
  ...manageHoursHandlers,
  ...busyModeHandlers,
  ...manageMenuHandlers,
  ...managePageHandlers,
  ...soldOutHandlers,
  ...printerHandlers,
} satisfies HandlerMap;
