// SPEC §4's order enums, as the API carries them (integers); the browser and the server share these.

export const BasketStatus = {
  Created: 0,
  Items: 1,
  Basket: 2,
  Delivery: 3,
  Contact: 4,
  Time: 5,
  Checkout: 6,
  Confirmed: 7,
  PayPalRefunded: 8,
} as const;
export type BasketStatusValue = (typeof BasketStatus)[keyof typeof BasketStatus];

export const OrderType = { NotSet: 0, Collection: 1, Delivery: 2 } as const;
export type OrderTypeValue = (typeof OrderType)[keyof typeof OrderType];

export const PaymentType = { NotSet: 0, CashOrder: 1, InternetOrder: 2 } as const;
export type PaymentTypeValue = (typeof PaymentType)[keyof typeof PaymentType];

export const AcceptanceStatus = { Requested: 0, Updated: 1, Accepted: 2, Refused: 3 } as const;
export type AcceptanceStatusValue = (typeof AcceptanceStatus)[keyof typeof AcceptanceStatus];

export const KitchenStatus = {
  Ordered: 0,
  Cooking: 1,
  ReadyForDispatch: 2,
  OutForDelivery: 3,
  Cancelled: 4,
  Refunded: 5,
  Completed: 6,
} as const;
export type KitchenStatusValue = (typeof KitchenStatus)[keyof typeof KitchenStatus];
