/** Shared set-up for the events tests: the API root and the ids of a listing. */
import type { ApiResult } from '../../../helpers/server.js';

export const EVENTS = '/api/calendar/events/v1/events';

export interface EventBody {
  id: number;
  [key: string]: unknown;
}

/** The ids of a listing response, in order. */
export function ids(response: ApiResult): number[] {
  return (response.body.events as EventBody[]).map((event) => event.id);
}
