// The Android notification channel the app creates and the server's FCM messages name (SPEC §9: high priority).

export const ORDER_UPDATES_CHANNEL = { id: 'order-updates', name: 'Order updates', importance: 5 } as const;
