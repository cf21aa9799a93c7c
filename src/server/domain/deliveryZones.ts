export interface DeliveryZone {
  deliveryZoneId: number;
  /** "LS6". */
  postcodeDistrict: string;
  deliveryChargePence: number;
  minimumOrderPence: number;
}
