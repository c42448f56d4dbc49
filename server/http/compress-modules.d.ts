/** Types for the two small libraries compress.ts uses; neither ships its own. */
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http';
  export default class Negotiator {
    constructor(request: IncomingMessage);
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
  }
}
declare module 'on-headers' {
  import type { ServerResponse } from 'node:http';
  export default function onHeaders(
    res: ServerResponse,
    listener: (this: ServerResponse) => void,
  ): void;
}
