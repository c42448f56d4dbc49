/** What another device needs to connect to this server (GET /calendar/admin/v1/connect). */
import { z } from 'zod';

export const connectInfo = z.object({
  /** The caller's login: the user name a calendar app asks for. */
  login: z.string(),
  lan_sharing: z.boolean(),
  /** True when --host/ALMANAC_HOST fixes the binding, so the LAN sharing switch cannot change it. */
  fixed_by_config: z.boolean(),
  /**
   * Origins another device can reach (`http://192.168.1.20:7420`): the LAN addresses while
   * sharing is on, and the public URL when one is set. Never a loopback address.
   */
  origins: z.array(z.string()),
  /** Whether one of the origins is on the internet, where online services can reach it. */
  internet: z.boolean(),
  /** The CalDAV server's path on each origin. */
  caldav_path: z.string(),
  /** The path of the caller's Apple configuration profile on each origin. */
  profile_path: z.string(),
});

export type ConnectInfoWire = z.infer<typeof connectInfo>;
