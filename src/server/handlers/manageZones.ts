import { penceToPounds } from '../../domain/money';
import type { components } from '../../api/schema.gen';
import type { DeliveryZone } from '../domain/deliveryZones';
import { deliveryZones, saveDeliveryZones } from '../services/deliveryZones';
import { deliveryZoneOf } from '../services/orderBuilding';
import type { HandlerMap } from './handlerTypes';
import { changeSaved, whoOf } from './ownerEdits';

type ManagedDeliveryZone = components['schemas']['ManagedDeliveryZone'];

function managedZoneOf(zone: DeliveryZone): ManagedDeliveryZone {
  return {
    deliveryZoneId: zone.deliveryZoneId,
    postcodeArea: zone.postcodeArea,
    name: zone.name,
    deliveryCharge: penceToPounds(zone.deliveryChargePence),
    minimumOrderValue: penceToPounds(zone.minimumOrderPence),
  };
}

// The owner's delivery zones (docs/back-office.md, "Delivery zones"); the use-cases are services/deliveryZones.ts.
export const manageZoneHandlers: Pick<HandlerMap, 'getDeliveryZones' | 'saveDeliveryZones' | 'checkDeliveryZone'> = {
  async getDeliveryZones(request) {
    const { zones, revision } = await deliveryZones(request.server);
    return { data: { zones: zones.map(managedZoneOf), revision } };
  },

  async saveDeliveryZones(request) {
    const { revision, zones } = request.body;
    const saved = changeSaved(await saveDeliveryZones(request.server, whoOf(request), revision, zones));
    return { data: { zones: saved.result.map(managedZoneOf), revision: saved.revision } };
  },

  async checkDeliveryZone(request) {
    const { postcode, zone } = await deliveryZoneOf(request.server, request.params.postcode);
    return { data: { postcode, zone: zone === undefined ? null : managedZoneOf(zone) } };
  },
};
