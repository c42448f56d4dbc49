/** Use cases throw domain errors; the route layer alone decides their HTTP answer. */
import { describe, expect, it } from 'vitest';
import {
  Gone,
  InvalidInput,
  NotAccessible,
  NotAuthenticated,
  NotFound,
  Refused,
  TooMany,
  Unavailable,
} from '../../../server/errors.js';
import { toApiError } from '../../../server/http/error-handler.js';
import { startTestServer } from '../../helpers/server.js';

describe('domain errors', () => {
  it.each([
    [new Refused('term_exists', 'Exists.', { term_id: 3 }), 400],
    [new NotFound('rest_term_invalid', 'Term does not exist.'), 404],
    [new NotAccessible('event-not-accessible', 'No.'), 403],
    [new Gone('event-is-in-trash', 'Trashed.'), 410],
    [new NotAuthenticated('invalid_credentials', 'Wrong.'), 401],
    [new Unavailable('almanac_backups_unavailable', 'In memory.'), 409],
    [new TooMany('almanac_too_many_streams', 'Close one.'), 429],
  ])('%s answers its status with its code, message and data', (error, status) => {
    expect(toApiError(error)?.toJSON()).toEqual({
      code: error.code,
      message: error.message,
      data: { status, ...error.data },
    });
  });

  it('answers invalid input as rest_invalid_param naming every parameter', () => {
    const error = new InvalidInput({ name: 'name must contain text.', slug: 'slug is taken.' });
    expect(toApiError(error)?.toJSON()).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): name, slug',
      data: {
        status: 400,
        params: { name: 'name must contain text.', slug: 'slug is taken.' },
        details: {
          name: { code: 'rest_invalid_param', message: 'name must contain text.', data: null },
          slug: { code: 'rest_invalid_param', message: 'slug is taken.', data: null },
        },
      },
    });
  });

  it('reach clients over HTTP with the status of their kind', async () => {
    const server = await startTestServer();
    const event = await server.call('GET', '/api/calendar/events/v1/events/999');
    expect(event.status).toBe(404);
    expect(event.body).toMatchObject({ code: 'rest-event-not-found', data: { status: 404 } });
    const user = await server.call('DELETE', '/api/calendar/admin/v1/users/1', {
      auth: server.admin,
    });
    expect(user.status).toBe(400);
    expect(user.body).toMatchObject({
      code: 'almanac_last_administrator',
      data: { status: 400 },
    });
  });
});
