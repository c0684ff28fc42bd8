// Query keys, one factory per API domain: `[domain, ...scope]`, broadest first, so invalidating
// `queryKeys.farms.all` refreshes every farm list and detail of the mount. A new domain adds its
// own entry here (cart, orders, bookings, zoning, subscriptions, products), never ad-hoc arrays.

export const queryKeys = {
  farms: {
    all: ['farms'] as const,
    lists: () => ['farms', 'list'] as const,
    list: (params: Readonly<Record<string, unknown>>) => ['farms', 'list', params] as const,
    detail: (farmId: string) => ['farms', 'detail', farmId] as const,
    fields: (farmId: string) => ['farms', 'fields', farmId] as const,
  },
  cropTypes: ['crop-types'] as const,
  account: {
    all: ['account'] as const,
    profile: () => ['account', 'profile'] as const,
    contactDetails: () => ['account', 'contact-details'] as const,
  },
  cart: {
    all: ['cart'] as const,
    items: () => ['cart', 'items'] as const,
  },
  payments: {
    all: ['payments'] as const,
    config: () => ['payments', 'config'] as const,
    detail: (paymentId: string) => ['payments', 'detail', paymentId] as const,
  },
  bookings: {
    all: ['bookings'] as const,
    machines: () => ['bookings', 'machines'] as const,
    price: () => ['bookings', 'price'] as const,
    list: (params: Readonly<Record<string, unknown>>) => ['bookings', 'list', params] as const,
  },
  zoningOrders: {
    all: ['zoning-orders'] as const,
    ofPayment: (paymentId: string) => ['zoning-orders', 'payment', paymentId] as const,
    detail: (orderId: string) => ['zoning-orders', 'detail', orderId] as const,
    paidOfFarm: (farmId: string) => ['zoning-orders', 'farm', farmId, 'paid'] as const,
  },
  zoning: {
    all: ['zoning'] as const,
    zones: (params: Readonly<Record<string, unknown>>) => ['zoning', 'zones', params] as const,
  },
  imagery: {
    all: ['imagery'] as const,
    catalog: (params: Readonly<Record<string, unknown>>) => ['imagery', 'catalog', params] as const,
    statistics: (params: Readonly<Record<string, unknown>>) => ['imagery', 'statistics', params] as const,
    thumbnail: (fieldId: string, version: string) => ['imagery', 'thumbnail', fieldId, version] as const,
    timeseries: (params: Readonly<Record<string, unknown>>) => ['imagery', 'timeseries', params] as const,
  },
} as const;
