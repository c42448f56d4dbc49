import type { AppPasswordWire, UserWire } from '../../../shared/schemas/wire/admin.js';
import type { AppPasswordRow, UserRow } from '../../storage/users.js';

export function presentUser(row: UserRow): UserWire {
  return {
    id: row.id,
    login: row.login,
    email: row.email,
    display_name: row.display_name,
    role: row.role,
    locale: row.locale,
    registered_utc: row.created_utc,
    modified_utc: row.modified_utc,
  };
}

export function presentAppPassword(row: AppPasswordRow): AppPasswordWire {
  return {
    uuid: row.uuid,
    name: row.name,
    created_utc: row.created_utc,
    last_used_utc: row.last_used_utc,
  };
}
