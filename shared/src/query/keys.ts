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
    field: (fieldId: string) => ['farms', 'field', fieldId] as const,
    /** Farms shared with the caller's address that wait for its verification. */
    waiting: () => ['farms', 'waiting'] as const,
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
  orders: {
    all: ['orders'] as const,
    list: (params: Readonly<Record<string, unknown>>) => ['orders', 'list', params] as const,
    detail: (orderId: string) => ['orders', 'detail', orderId] as const,
    document: (orderId: string) => ['orders', 'document', orderId] as const,
    quote: (params: Readonly<Record<string, unknown>>) => ['orders', 'quote', params] as const,
  },
  /** Tax documents of zoning, bookings and the subscription (`GET v2/documents`). */
  documents: {
    all: ['documents'] as const,
    list: (paymentId: string | null) => ['documents', 'list', paymentId ?? 'all'] as const,
  },
  products: {
    all: ['products'] as const,
    list: () => ['products', 'list'] as const,
  },
  zoningOrders: {
    all: ['zoning-orders'] as const,
    ofPayment: (paymentId: string) => ['zoning-orders', 'payment', paymentId] as const,
    mine: () => ['zoning-orders', 'mine'] as const,
    detail: (orderId: string) => ['zoning-orders', 'detail', orderId] as const,
    paidOfFarm: (farmId: string) => ['zoning-orders', 'farm', farmId, 'paid'] as const,
  },
  /** Scouting notes of a farm (issue 31), by filters; the people a follow-up can go to. */
  scouting: {
    all: ['scouting'] as const,
    notes: (farmId: string, params: Readonly<Record<string, unknown>>) =>
      ['scouting', 'notes', farmId, params] as const,
    ofFarm: (farmId: string) => ['scouting', 'notes', farmId] as const,
    people: (farmId: string) => ['scouting', 'people', farmId] as const,
  },
  zoning: {
    all: ['zoning'] as const,
    zones: (params: Readonly<Record<string, unknown>>) => ['zoning', 'zones', params] as const,
  },
  /** A field's seasons (issue 29). */
  seasons: {
    all: ['seasons'] as const,
    ofField: (fieldId: string) => ['seasons', 'field', fieldId] as const,
  },
  /** Weather from the api's cache, per farm or field and range (issue 29). */
  weather: {
    all: ['weather'] as const,
    farm: (farmId: string, params: Readonly<Record<string, unknown>>) => ['weather', 'farm', farmId, params] as const,
    field: (fieldId: string, params: Readonly<Record<string, unknown>>) =>
      ['weather', 'field', fieldId, params] as const,
  },
  imagery: {
    all: ['imagery'] as const,
    catalog: (params: Readonly<Record<string, unknown>>) => ['imagery', 'catalog', params] as const,
    statistics: (params: Readonly<Record<string, unknown>>) => ['imagery', 'statistics', params] as const,
    /** A calculation's value at a point of a field (a scouting note's reading). */
    point: (params: Readonly<Record<string, unknown>>) => ['imagery', 'point', params] as const,
    thumbnail: (fieldId: string, version: string) => ['imagery', 'thumbnail', fieldId, version] as const,
    timeseries: (params: Readonly<Record<string, unknown>>) => ['imagery', 'timeseries', params] as const,
    /** Statistics of two dates and their difference (issue 30). */
    compare: (params: Readonly<Record<string, unknown>>) => ['imagery', 'compare', params] as const,
  },
  /** The signed-in person's notifications (change alerts) and the bell's unread count. */
  notifications: {
    all: ['notifications'] as const,
    list: () => ['notifications', 'list'] as const,
    unread: () => ['notifications', 'unread'] as const,
    preferences: () => ['notifications', 'preferences'] as const,
  },
  subscriptions: {
    all: ['subscriptions'] as const,
    price: () => ['subscriptions', 'price'] as const,
  },
  /** The dashboard's reads of other domains (favourites, totals, upcoming counts). */
  overview: {
    all: ['overview'] as const,
    favourites: () => ['overview', 'favourites'] as const,
    editableFarms: () => ['overview', 'editable-farms'] as const,
    totals: () => ['overview', 'totals'] as const,
    tourFarm: () => ['overview', 'tour-farm'] as const,
    upcomingOrders: () => ['overview', 'upcoming-orders'] as const,
    upcomingBookings: () => ['overview', 'upcoming-bookings'] as const,
    zoningOrders: () => ['overview', 'zoning-orders'] as const,
  },
  basemaps: ['basemaps'] as const,
  places: (query: string) => ['places', query] as const,
} as const;
