import { fromPromise } from 'xstate'
import { notificationsResponseSchema, updateNotifyStatusResponseSchema, type NotificationsResponse, type UpdateNotifyStatusResponse } from '../contract/inbox'
import type { Http } from './http'

/** The notifications screen's calls: the legacy list (GET /ajax/messages/) and its read state (POST /ajax/updatenotifystatus/). */
export const createNotificationsActors = (deps: { http: Http }) => ({
  loadNotifications: fromPromise(({ signal }): Promise<NotificationsResponse> =>
    deps.http.getUrl('/ajax/messages/', notificationsResponseSchema, undefined, signal),
  ),
  markNotification: fromPromise(({ input, signal }: { input: { id: number; state: 0 | 1 }; signal: AbortSignal }): Promise<UpdateNotifyStatusResponse> =>
    deps.http.postUrl('/ajax/updatenotifystatus/', input, updateNotifyStatusResponseSchema, signal),
  ),
})
