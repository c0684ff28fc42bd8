import type { ApiClient } from '@paddock/shared/api-client';
import type { PaddockBus } from '@paddock/shared/bus';
import type { NotificationsResponse } from '@paddock/shared/contracts';

/** What the bell asks of the API; every answer that knows the unread count tells the bus. */
export interface NotificationsClient {
  list(): Promise<NotificationsResponse>;
  read(id: string): Promise<void>;
  readAll(): Promise<void>;
  /** Asks for the unread count (at start, when the tab comes back) and tells the bus. */
  refresh(): Promise<void>;
}

/** The shell does not parse answers with zod (its size budget): the API validates what it sends. */
export function createNotificationsClient(api: ApiClient, bus: PaddockBus): NotificationsClient {
  const tell = (unread: number) => bus.emit('paddock:notifications-changed', { unread });
  return {
    list: async () => {
      const answer = await api.http.get('notifications').json<NotificationsResponse>();
      tell(answer.unread_count);
      return answer;
    },
    read: async (id) => {
      const answer = await api.http
        .post(`notifications/${encodeURIComponent(id)}/read`)
        .json<{ unread_count: number }>();
      tell(answer.unread_count);
    },
    readAll: async () => {
      await api.http.post('notifications/read-all').json<{ unread_count: number }>();
      tell(0);
    },
    refresh: async () => {
      const answer = await api.http.get('notifications/unread-count').json<{ unread_count: number }>();
      tell(answer.unread_count);
    },
  };
}
