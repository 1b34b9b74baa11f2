/** Query keys of the back office's customers (lists and a customer's subscriptions page). */
export const CUSTOMERS_KEY = ['staff', 'customers'] as const;
export const customerDetailKey = (customerId: string) => [...CUSTOMERS_KEY, 'detail', customerId] as const;
export const customerDevicesKey = (customerId: string, product: string) =>
  [...CUSTOMERS_KEY, 'devices', customerId, product] as const;
