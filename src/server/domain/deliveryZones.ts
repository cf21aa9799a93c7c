export interface DeliveryZone {
  deliveryZoneId: number;
  /** A district ("LS6") or a sector ("LS6 2"): src/domain/deliveryZoneRules.ts. */
  postcodeArea: string;
  name: string;
  deliveryChargePence: number;
  minimumOrderPence: number;
}
